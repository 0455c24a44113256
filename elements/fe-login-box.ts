import { flowElement } from './internal/flow-element.tsx';
import { loginBoxFlow } from './internal/login-box-flow.ts';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

export { loginBoxFlow, type LoginBoxProps } from './internal/login-box-flow.ts';

/**
 * The sign-in box: email → pre-login (SSO check) → password → two-factor
 * authentication (verify, or enrolment with QR code and secret when the
 * policy forces it) → post-auth navigation (sign-in §4). Must sit inside
 * `<fe-app>`.
 *
 * Autofill: the credential forms are rendered into the element's light DOM
 * and slotted into its shadow card (`slot="form"`), so password managers
 * and browser autofill see `autocomplete="username"`, `current-password`
 * and `one-time-code` inputs in a real `<form>`; the card itself stays in the
 * shadow root. The forms' own styles hang off hashed class names.
 *
 * @tag fe-login-box
 * @summary Sign in with password and two-factor authentication.
 *
 * @attr {boolean} callback-page - Set by `<fe-routes>` on the social, OIDC, SAML and magic-link callback routes: the box shows progress (no sign-in form) while it finds the callback and finishes the sign-in.
 * @attr {string} redirect-url - Where to go after sign-in; default the page's `redirectUrl` query parameter, else the page the user was on when a sign-out they did not ask for ended their session (idle, session expired, address refused by IP restrictions; the box then also says why), else the app's authenticated URL. Must be same-origin or an allowed origin (sign-in §5).
 * @attr {string} email - Pre-filled email address.
 * @attr {boolean} autofocus - Focus the first field when the box first renders (focus always moves to the first field of later steps).
 *
 * @fires {FeLoginEvent} fe-login - After a successful sign-in (`detail: { user, restored: false }`); `user` carries no tokens.
 * @fires {FeLogoutEvent} fe-logout - After "Sign out" in the signed-in view.
 * @fires {FeErrorEvent} fe-error - When a step fails (`detail: { message, statusCode?, traceId? }`); the message is also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before every navigation (`detail: { url }`): post-auth, the SSO or social provider, sign-up and forgot password; cancelable (`preventDefault()` keeps the page).
 *
 * @slot form - Filled by the element itself with the current step's light-DOM form.
 *
 * @csspart card - The card around each step.
 * @csspart title - The step title.
 * @csspart subtitle - The step explanation.
 * @csspart error - The error message (an ARIA alert).
 * @csspart notice - An informational message (an ARIA status).
 * @csspart status - Progress text while something loads.
 * @csspart footer - Secondary actions.
 * @csspart qr-code - The authenticator QR code.
 * @csspart secret - The authenticator secret for manual entry.
 * @csspart recovery-code - The recovery code shown after enrolment.
 * @csspart sign-out - The sign-out button of the signed-in view.
 * @csspart social-login-button - Each "Continue with …" button of a social provider (preLogin).
 * @csspart resend - "Send again" for a one-time code or magic link (passwordless and MFA code steps).
 * @csspart resend-countdown - The seconds left before a code can be sent again.
 * @csspart change-email - "Use a different email" on the passwordless steps.
 * @csspart quick-sms - "Text me a sign-in code" (quick SMS sign-in).
 * @csspart quick-login-skip - "Not now" when asked to register quick SMS sign-in.
 * @csspart choices - The list of MFA devices or methods to pick from.
 * @csspart hint - Where a code was sent (MFA code steps).
 *
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-primary-hover=#433bc2] - Primary colour on hover.
 * @cssprop [--fe-color-primary-active=#3f38b7] - Primary colour while pressed.
 * @cssprop [--fe-color-on-primary=#ffffff] - Text on the primary colour.
 * @cssprop [--fe-color-primary-text=var(--fe-color-primary)] - The primary as text (links): <fe-app> adjusts it to 4.5:1 on the surface.
 * @cssprop [--fe-color-surface=#ffffff] - Card and input background.
 * @cssprop [--fe-color-background=#f9fafb] - Background of secondary surfaces.
 * @cssprop [--fe-color-text=#111827] - Body text.
 * @cssprop [--fe-color-text-muted=#6b7280] - Secondary text.
 * @cssprop [--fe-color-border=#d1d5db] - Borders.
 * @cssprop [--fe-color-danger=#b91c1c] - Errors.
 * @cssprop [--fe-color-danger-surface=#fef2f2] - Error background.
 * @cssprop [--fe-color-success=#15803d] - Confirmations.
 * @cssprop [--fe-color-focus-ring=#4f46e5] - Keyboard focus outline.
 * @cssprop [--fe-font-family=system-ui] - Font family.
 * @cssprop [--fe-font-size-base=1rem] - Base font size.
 * @cssprop [--fe-radius=8px] - Corner radius.
 * @cssprop [--fe-spacing-unit=8px] - Spacing unit.
 * @cssprop [--fe-input-height=44px] - Height of inputs and buttons.
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-login-box></fe-login-box>
 * </fe-app>
 * <script>
 *   document.addEventListener('fe-login', (e) => console.log('signed in', e.detail.user.email));
 * </script>
 */
export class FeLoginBoxElement extends flowElement(loginBoxFlow) {}

defineElement('fe-login-box', FeLoginBoxElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-login-box': FeLoginBoxElement;
  }
}
