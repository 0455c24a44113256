import { UnlockAccount, type UnlockAccountProps } from '../src/views/activation/UnlockAccount.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

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
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": … }` to start the machine in.
 *
 * @fires {CustomEvent<{}>} fe-unlock - When the account was unlocked.
 * @fires {CustomEvent<{ message: string }>} fe-error - When unlocking fails; the message is also shown and announced.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before going to sign-in; cancelable.
 *
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 *
 * @example
 * <fe-app base-url="https://app.example.com"><fe-unlock-account></fe-unlock-account></fe-app>
 */
export class FeUnlockAccountElement extends reactElement<UnlockAccountProps>(UnlockAccount, {
  css: shadowCss,
  props: { token: 'string', initialState: 'string' },
}) {}

defineElement('fe-unlock-account', FeUnlockAccountElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-unlock-account': FeUnlockAccountElement;
  }
}
