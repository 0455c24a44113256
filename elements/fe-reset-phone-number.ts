import { resetPhoneNumberActors } from '../machines/reset-phone-number.actors.ts';
import { resetPhoneNumberMachine } from '../machines/reset-phone-number.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enResetPhoneNumber } from '../src/i18n/en-reset-phone-number.ts';
import { ResetPhoneNumberView } from '../src/views/reset-phone-number/ResetPhoneNumberView.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enResetPhoneNumber);

/** Attributes of `<fe-reset-phone-number>`. */
export interface ResetPhoneNumberProps {
  email?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const resetPhoneNumberFlow: FlowDefinition<typeof resetPhoneNumberMachine, ResetPhoneNumberProps> = {
  machine: resetPhoneNumberMachine,
  actors: resetPhoneNumberActors,
  input: ({ email }) => {
    const query = new URLSearchParams(location.search);
    return { email: email ?? query.get('email') ?? '', redirectUrl: query.get('redirectUrl') };
  },
  view: ResetPhoneNumberView,
  props: { email: 'string' },
  css: shadowCss,
  lightCss,
};

/**
 * Reset phone number (sign-in §2 `/account/reset-phone-number`; admin §4:
 * resetPhoneNumber → verifyResetPhoneNumber → changePhoneNumber →
 * loginWithSmsOtc → success). The user asks for a code by email, enters it,
 * sets a new number (E.164) and signs in with a code texted to that number.
 * 1000 ms after success it goes to the
 * post-auth URL (`redirectUrl` when allowed, else the authenticated URL), or
 * to the login route when no session came of the SMS sign-in or the user
 * chose "Sign in another way". Must sit inside `<fe-app>`.
 *
 * @tag fe-reset-phone-number
 * @summary Replace the account's phone number and sign in with a texted code.
 * @status experimental
 * @since 0.1.0
 *
 * @attr {string} email - Pre-filled email; default the page's `email` query parameter.
 * @attr {boolean} autofocus - Focus the first field when the element appears (it always follows the steps).
 *
 * @fires {FeLoginEvent} fe-login - After the SMS code sign-in (`detail: { user, restored: false }`; no tokens); the session is in the app's stores.
 * @fires {FeErrorEvent} fe-error - When a step fails: wrong or expired code, rate limit, taken number (`detail: { message, statusCode?, traceId? }`); also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before leaving for the app or the login route (`detail: { url }`); cancelable.
 *
 * @slot form - Filled by the element itself (the light-DOM form, so autofill sees it).
 * @csspart card - The card.
 * @csspart title - The heading.
 * @csspart notice - Polite status (a code was sent again).
 * @csspart error - The error message (an ARIA alert).
 * @csspart footer - Resend / start over / back links.
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-reset-phone-number></fe-reset-phone-number>
 * </fe-app>
 * <script type="module">
 *   document.addEventListener('fe-login', (e) => console.log('signed in', e.detail.user.email));
 * </script>
 */
export class FeResetPhoneNumberElement extends flowElement(resetPhoneNumberFlow) {}

defineElement('fe-reset-phone-number', FeResetPhoneNumberElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-reset-phone-number': FeResetPhoneNumberElement;
  }
}
