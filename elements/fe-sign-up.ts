import { SignUp, type SignUpProps } from '../src/views/sign-up/SignUp.tsx';
import { setLightFormCss } from '../src/views/shared/ui.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

setLightFormCss(lightCss);

/**
 * Sign-up: name, email, company and password (rules from the passwords
 * config) → `POST signUp`. Shown only when the public policy allows
 * sign-ups. A user who must activate gets "check your email"; a user signed
 * in at once goes to `signUpSuccessUrl` (else the authenticated URL); a
 * sign-up that needs MFA goes to the login route. Must sit inside `<fe-app>`.
 * The form lives in the light DOM (slot `form`) so password managers offer
 * to save the new password.
 *
 * @tag fe-sign-up
 * @summary Create an account.
 *
 * @attr {string} invitation-token - Invitation token; default the page's `invitationToken` query parameter.
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": … }` to start the sign-up machine in.
 *
 * @fires {CustomEvent<{ userId?: string, tenantId?: string, shouldActivate: boolean }>} fe-sign-up - After the account was created.
 * @fires {CustomEvent<{ user: AuthUser, restored: false }>} fe-login - When the new user is signed in at once.
 * @fires {CustomEvent<{ message: string, statusCode?: number, traceId?: string }>} fe-error - When sign-up fails; the message is also shown and announced.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before navigating (to the login route or after sign-up); cancelable.
 *
 * @slot form - Filled by the element itself with the sign-up form.
 *
 * @csspart card - The card.
 * @csspart title - The title.
 * @csspart subtitle - The explanation.
 * @csspart error - The error message (an ARIA alert).
 * @csspart status - Progress text.
 * @csspart footer - The link to sign in.
 *
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-radius=8px] - Corner radius.
 * @cssprop [--fe-font-family=system-ui] - Font family.
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-sign-up></fe-sign-up>
 * </fe-app>
 */
export class FeSignUpElement extends reactElement<SignUpProps>(SignUp, {
  css: shadowCss,
  props: { invitationToken: 'string', initialState: 'string' },
}) {}

defineElement('fe-sign-up', FeSignUpElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-sign-up': FeSignUpElement;
  }
}
