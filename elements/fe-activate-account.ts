import { activateAccountActors } from '../machines/activate-account.actors.ts';
import { activateAccountMachine } from '../machines/activate-account.machine.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enActivateAccount } from '../src/i18n/en-activate-account.ts';
import { enPassword } from '../src/i18n/en-password.ts';
import { ActivateAccountView } from '../src/views/activate-account/ActivateAccountView.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enActivateAccount);
addMessages('en', enPassword);

/** Attributes of `<fe-activate-account>`. */
export interface ActivateAccountProps {
  /** Default the page's `userId` query parameter. */
  userId?: string;
  /** Default the page's `token` query parameter. */
  token?: string;
  /** `code`: ask for the emailed 6-digit code (`/account/activate/code`); default `code` on the app's activateWithOTCUrl page. */
  mode?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const activateAccountFlow: FlowDefinition<typeof activateAccountMachine, ActivateAccountProps> = {
  machine: activateAccountMachine,
  actors: activateAccountActors,
  input: ({ userId, token, mode }, app) => {
    const query = new URLSearchParams(location.search);
    const code = mode ? mode === 'code' : location.pathname === app.routes.activateWithOTCUrl;
    return { userId: userId ?? query.get('userId'), token: token ?? query.get('token'), mode: code ? 'code' : 'link', redirectUrl: query.get('redirectUrl') };
  },
  view: ActivateAccountView,
  props: { userId: 'string', token: 'string', mode: 'string' },
  css: shadowCss,
  lightCss,
};

/**
 * Activate an account with the emailed link (sign-in §2 `/account/activate`
 * and `/account/activate/code`; §4 activating → activatingForm → success,
 * resend → resend). Checks the link; when the user has no password yet (or,
 * with `mode="code"`, for the emailed 6-digit code) shows a form with the
 * vendor's password rules; the answer signs the user in (`fe-login`) and,
 * after 1000 ms, the browser goes to the authenticated URL (or the page's
 * `redirectUrl`). A missing, expired or used link shows the server's message
 * and offers a new link (POST activate/reset). Must sit inside `<fe-app>`.
 *
 * @tag fe-activate-account
 * @summary Activate an account from the emailed link or code.
 *
 * @attr {string} user-id - Default the page's `userId` query parameter.
 * @attr {string} token - Default the page's `token` query parameter.
 * @attr {string} mode - `code` to ask for the emailed 6-digit code; default `code` on the app's activateWithOTCUrl page, else `link`.
 *
 * @fires {FeLoginEvent} fe-login - When the activation signed the user in (`detail: { user, restored: false }`, no token).
 * @fires {FeErrorEvent} fe-error - When activating or resending fails (`detail: { message, statusCode?, traceId? }`); the message is also shown and announced.
 * @fires {FeNavigateEvent} fe-navigate - Before going to the authenticated URL (1000 ms after success) or to sign-in (`detail: { url }`); cancelable.
 *
 * @slot form - Filled by the element itself.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 *
 * @example
 * <fe-app base-url="https://app.example.com">
 *   <fe-activate-account></fe-activate-account>
 * </fe-app>
 * <script type="module">
 *   document.querySelector('fe-activate-account').addEventListener('fe-login', (e) => console.log(e.detail.user.email));
 * </script>
 */
export class FeActivateAccountElement extends flowElement(activateAccountFlow) {}

defineElement('fe-activate-account', FeActivateAccountElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-activate-account': FeActivateAccountElement;
  }
}
