import { ResetPassword, type ResetPasswordProps } from '../src/views/password/ResetPassword.tsx';
import { setLightFormCss } from '../src/views/shared/ui.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

setLightFormCss(lightCss);

/**
 * Reset password with the emailed link (sign-in §2 `/account/reset-password`):
 * checks the link, enforces the vendor's password rules (length, repeats,
 * character classes), saves the new password and offers sign-in. An expired
 * or used link offers a new one; a failed save reads "Unknown error occurred"
 * and keeps what was typed. Must sit inside `<fe-app>`.
 *
 * @tag fe-reset-password
 * @summary Choose a new password from a reset link.
 *
 * @attr {string} user-id - Default the page's `userId` query parameter.
 * @attr {string} token - Default the page's `token` query parameter.
 *
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": … }` to start the machine in.
 *
 * @fires {CustomEvent<{ message: string }>} fe-error - When saving fails.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before going to sign-in or to forgot password; cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 */
export class FeResetPasswordElement extends reactElement<ResetPasswordProps>(ResetPassword, {
  css: shadowCss,
  props: { userId: 'string', token: 'string', initialState: 'string' },
}) {}

defineElement('fe-reset-password', FeResetPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-reset-password': FeResetPasswordElement;
  }
}
