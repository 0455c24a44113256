import { Impersonate, type ImpersonateProps } from '../src/views/impersonation/Impersonate.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

/**
 * Impersonation (sign-in §2 `/account/impersonate?userId=<user id>&redirectUrl=…`;
 * §4 impersonating → success). An admin with the impersonation permission
 * opens it: it asks the API for a session of that user (the admin's token
 * as bearer and actorToken), signs the browser in as the user (the access
 * token carries `act: { sub: <admin id> }`), shows "You are now signed in
 * as …" with an "Impersonating" badge, and after 1000 ms goes to redirectUrl
 * or the authenticated URL. A failure (e.g. 403 for a user without the
 * permission) shows the server's message; the admin stays signed in.
 * Must sit inside `<fe-app>`.
 *
 * @tag fe-impersonate
 * @summary Sign in as another user of the tenant (admins).
 *
 * @attr {string} user-id - The user to impersonate; default the page's `userId` query parameter.
 * @attr {string} redirect-url - Where to go afterwards; default the page's `redirectUrl` query parameter, else the authenticated URL.
 *
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": … }` to start the machine in.
 *
 * @fires {CustomEvent<{ user: object, actorId?: string }>} fe-impersonate - When the impersonated session was stored.
 * @fires {CustomEvent<{ message: string }>} fe-error - When impersonating fails; the message is also shown and announced.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before leaving, 1000 ms after success; cancelable.
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
export class FeImpersonateElement extends reactElement<ImpersonateProps>(Impersonate, {
  css: shadowCss,
  props: { userId: 'string', redirectUrl: 'string', initialState: 'string' },
}) {}

defineElement('fe-impersonate', FeImpersonateElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-impersonate': FeImpersonateElement;
  }
}
