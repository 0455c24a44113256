import { forgotPasswordActors } from '../machines/forgot-password.actors.ts';
import { forgotPasswordMachine } from '../machines/forgot-password.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enForgotPassword } from '../src/i18n/en-forgot-password.ts';
import { ForgotPasswordView } from '../src/views/forgot-password/ForgotPasswordView.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enForgotPassword);

/** Attributes of `<fe-forgot-password>`. */
export interface ForgotPasswordProps {
  email?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const forgotPasswordFlow: FlowDefinition<typeof forgotPasswordMachine, ForgotPasswordProps> = {
  machine: forgotPasswordMachine,
  actors: forgotPasswordActors,
  input: ({ email }) => ({ email: email ?? new URLSearchParams(location.search).get('email') ?? '' }),
  view: ForgotPasswordView,
  props: { email: 'string' },
  css: shadowCss,
  lightCss,
};

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
 * @fires {FeErrorEvent} fe-error - When sending fails (`detail: { message, statusCode?, traceId? }`); the message is also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before going back to sign-in (`detail: { url }`); cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 */
export class FeForgotPasswordElement extends flowElement(forgotPasswordFlow) {}

defineElement('fe-forgot-password', FeForgotPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-forgot-password': FeForgotPasswordElement;
  }
}
