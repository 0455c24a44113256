import { unlockAccountActors } from '../machines/unlock-account.actors.ts';
import { unlockAccountMachine } from '../machines/unlock-account.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enUnlockAccount } from '../src/i18n/en-unlock-account.ts';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import { UnlockAccountView } from '../src/views/unlock-account/UnlockAccountView.tsx';
import { FeUnlockEvent } from '../src/events/index.ts';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enUnlockAccount);

/** Attributes of `<fe-unlock-account>`. */
export interface UnlockAccountProps {
  /** Default the page's `token` query parameter. */
  token?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const unlockAccountFlow: FlowDefinition<typeof unlockAccountMachine, UnlockAccountProps> = {
  machine: unlockAccountMachine,
  actors: unlockAccountActors,
  input: ({ token }) => ({ token: token ?? new URLSearchParams(location.search).get('token') }),
  view: UnlockAccountView,
  props: { token: 'string' },
  css: shadowCss,
  outcomes: (e) => (e.type === 'unlock' ? new FeUnlockEvent({}) : null),
};

/**
 * Unlock an account with the emailed link (sign-in §2 `/account/unlock`;
 * §7 `POST v3/me/unlock`). The identity API locks a user after too many
 * failed sign-ins and emails this link. On success it says "Your account is
 * unlocked" and offers sign-in; a missing, expired or used token shows the
 * server's message and leads back to sign-in. Must sit inside `<fe-app>`.
 *
 * @tag fe-unlock-account
 * @summary Unlock a locked account from the emailed link.
 *
 * @attr {string} token - Default the page's `token` query parameter.
 *
 * @fires {FeUnlockEvent} fe-unlock - When the account was unlocked (`detail: {}`).
 * @fires {FeErrorEvent} fe-error - When unlocking fails (`detail: { message, statusCode?, traceId? }`); the message is also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before going to sign-in (`detail: { url }`); cancelable.
 *
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 *
 * @example
 * <fe-app base-url="https://app.example.com"><fe-unlock-account></fe-unlock-account></fe-app>
 */
export class FeUnlockAccountElement extends flowElement(unlockAccountFlow) {}

defineElement('fe-unlock-account', FeUnlockAccountElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-unlock-account': FeUnlockAccountElement;
  }
}
