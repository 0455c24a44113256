import { ForgotPassword, type ForgotPasswordProps } from '../src/views/password/ForgotPassword.tsx';
import { setLightFormCss } from '../src/views/shared/ui.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

setLightFormCss(lightCss);

/**
 * Forgot password (sign-in §2 `/account/forget-password`, §4 forgotPassword →
 * success): emails a reset link (always answered the same way, so nobody learns
 * which emails have accounts). A failure reads "Unknown error occurred"
 * (sign-in §8). Must sit inside `<fe-app>`.
 *
 * @tag fe-forgot-password
 * @summary Ask for a password reset link.
 *
 * @attr {string} email - Pre-filled email; default the page's `email` query parameter.
 *
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": … }` to start the machine in.
 *
 * @fires {CustomEvent<{ message: string }>} fe-error - When sending fails; the message is also shown and announced.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before going back to sign-in; cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 */
export class FeForgotPasswordElement extends reactElement<ForgotPasswordProps>(ForgotPassword, {
  css: shadowCss,
  props: { email: 'string', initialState: 'string' },
}) {}

defineElement('fe-forgot-password', FeForgotPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-forgot-password': FeForgotPasswordElement;
  }
}
