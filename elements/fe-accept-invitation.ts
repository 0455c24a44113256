import { AcceptInvitation, type AcceptInvitationProps } from '../src/views/invitation/AcceptInvitation.tsx';
import { setLightFormCss } from '../src/views/shared/ui.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

setLightFormCss(lightCss);

/**
 * Accept an invitation (sign-in §2 `/account/invitation/accept?userId&token`
 * and, with `mode="code"`, `/account/invitation/code?userId&token` plus the
 * emailed 6-digit code; §4 validate → pending → success or failed). A link
 * without userId or token is invalid; a wrong code asks again; an invitation
 * that cannot be verified reads "We couldn't verify your invitation"; a
 * locked tenant shows the server's message. When the invitee has no password
 * yet it asks for one (the vendor's password rules), signs in (`fe-login`)
 * and after 1000 ms goes to redirectUrl or the authenticated URL; otherwise
 * it offers "Sign in". Must sit inside `<fe-app>`.
 *
 * @tag fe-accept-invitation
 * @summary Accept an emailed invitation, by link or by code.
 *
 * @attr {"link" | "code"} mode - `code` for the one-time-code page, `link` for the link page; default `code` when the page is the app's `acceptInvitationWithOTCUrl` (`/account/invitation/code`), else `link`.
 * @attr {string} user-id - Default the page's `userId` query parameter.
 * @attr {string} token - Default the page's `token` query parameter.
 * @attr {string} redirect-url - Where to go once signed in; default the page's `redirectUrl` query parameter, else the authenticated URL.
 *
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": … }` to start the machine in.
 *
 * @fires {CustomEvent<{ userId: string, tenantId?: string, tenantName?: string, shouldSetPassword: boolean }>} fe-invitation-accept - When the invitation was accepted.
 * @fires {CustomEvent<{ user: object, restored: false }>} fe-login - When setting the password signed the invitee in.
 * @fires {CustomEvent<{ message: string }>} fe-error - When accepting or setting the password fails; the message is also shown and announced.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before going to sign-in or, once signed in, to the app; cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart title - The heading.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-accept-invitation mode="code"></fe-accept-invitation>
 * </fe-app>
 * <script>
 *   document.addEventListener('fe-invitation-accept', (e) => console.log('joined', e.detail.tenantName));
 * </script>
 */
export class FeAcceptInvitationElement extends reactElement<AcceptInvitationProps>(AcceptInvitation, {
  css: shadowCss,
  props: { mode: 'string', userId: 'string', token: 'string', redirectUrl: 'string', initialState: 'string' },
}) {}

defineElement('fe-accept-invitation', FeAcceptInvitationElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-accept-invitation': FeAcceptInvitationElement;
  }
}
