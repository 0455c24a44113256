import { impersonateActors } from '../machines/impersonate.actors.ts';
import { impersonateMachine } from '../machines/impersonate.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enImpersonate } from '../src/i18n/en-impersonate.ts';
import { ImpersonateView } from '../src/views/impersonate/ImpersonateView.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import { FeImpersonateEvent } from '../src/events/index.ts';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enImpersonate);

/** Attributes of `<fe-impersonate>`. */
export interface ImpersonateProps {
  userId?: string;
  redirectUrl?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const impersonateFlow: FlowDefinition<typeof impersonateMachine, ImpersonateProps> = {
  machine: impersonateMachine,
  actors: impersonateActors,
  input: ({ userId, redirectUrl }) => {
    const query = new URLSearchParams(location.search);
    return { userId: userId ?? query.get('userId'), redirectUrl: redirectUrl ?? query.get('redirectUrl') };
  },
  view: ImpersonateView,
  props: { userId: 'string', redirectUrl: 'string' },
  css: shadowCss,
  outcomes: (e) => (e.type === 'impersonate' ? new FeImpersonateEvent(e.detail) : null),
};

/**
 * Impersonation (sign-in §2 `/account/impersonate?userId=<user id>&redirectUrl=…`;
 * §4 impersonating → success). An admin with the impersonation permission
 * opens it: once the admin's session is known it asks the API for a session
 * of that user (the admin's token as bearer and actorToken), signs the
 * browser in as the user (the access token carries `act: { sub: <admin id> }`),
 * shows "You are now signed in as …" with an "Impersonating" badge, and
 * after 1000 ms goes to redirectUrl or the authenticated URL. A failure
 * (e.g. 403 for a user without the permission) shows the server's message;
 * the admin stays signed in. Must sit inside `<fe-app>`.
 *
 * @tag fe-impersonate
 * @summary Sign in as another user of the tenant (admins).
 *
 * @attr {string} user-id - The user to impersonate; default the page's `userId` query parameter.
 * @attr {string} redirect-url - Where to go afterwards; default the page's `redirectUrl` query parameter, else the authenticated URL.
 *
 * @fires {FeImpersonateEvent} fe-impersonate - When the impersonated session was stored (`detail: { user, actorId? }`; no tokens).
 * @fires {FeErrorEvent} fe-error - When impersonating fails (`detail: { message, statusCode?, traceId? }`); the message is also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before leaving, 1000 ms after success or on "Continue" / "Back to the app" (`detail: { url }`); cancelable.
 *
 * @csspart card - The card.
 * @csspart title - The heading.
 * @csspart badge - The "Impersonating" badge.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 *
 * @example
 * <fe-app base-url="https://app.example.com"><fe-impersonate></fe-impersonate></fe-app>
 * <!-- opened as /account/impersonate?userId=9f1c…&redirectUrl=%2Fdashboard -->
 */
export class FeImpersonateElement extends flowElement(impersonateFlow) {}

defineElement('fe-impersonate', FeImpersonateElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-impersonate': FeImpersonateElement;
  }
}
