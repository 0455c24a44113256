import { resetPasswordActors } from '../machines/reset-password.actors.ts';
import { resetPasswordMachine } from '../machines/reset-password.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enResetPassword } from '../src/i18n/en-reset-password.ts';
import { enPassword } from '../src/i18n/en-password.ts';
import { ResetPasswordView } from '../src/views/reset-password/ResetPasswordView.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enResetPassword);
addMessages('en', enPassword);

/** Attributes of `<fe-reset-password>`. */
export interface ResetPasswordProps {
  userId?: string;
  token?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const resetPasswordFlow: FlowDefinition<typeof resetPasswordMachine, ResetPasswordProps> = {
  machine: resetPasswordMachine,
  actors: resetPasswordActors,
  input: ({ userId, token }) => {
    const query = new URLSearchParams(location.search);
    return { userId: userId ?? query.get('userId'), token: token ?? query.get('token') };
  },
  view: ResetPasswordView,
  props: { userId: 'string', token: 'string' },
  css: shadowCss,
  lightCss,
};

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
 * @fires {FeErrorEvent} fe-error - When saving fails (`detail: { message, statusCode?, traceId? }`).
 * @fires {FeNavigateEvent} fe-navigate - Before going to sign-in or to forgot password (`detail: { url }`); cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 */
export class FeResetPasswordElement extends flowElement(resetPasswordFlow) {}

defineElement('fe-reset-password', FeResetPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-reset-password': FeResetPasswordElement;
  }
}
