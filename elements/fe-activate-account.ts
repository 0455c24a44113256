import { ActivateAccount, type ActivateAccountProps } from '../src/views/activation/ActivateAccount.tsx';
import { setLightFormCss } from '../src/views/shared/ui.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

setLightFormCss(lightCss);

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
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": … }` to start the machine in.
 *
 * @fires {CustomEvent<{ user: object, restored: false }>} fe-login - When the activation signed the user in.
 * @fires {CustomEvent<{ message: string }>} fe-error - When activating or resending fails; the message is also shown and announced.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before going to the authenticated URL (1000 ms after success) or to sign-in; cancelable.
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
export class FeActivateAccountElement extends reactElement<ActivateAccountProps>(ActivateAccount, {
  css: shadowCss,
  props: { userId: 'string', token: 'string', mode: 'string', initialState: 'string' },
}) {}

defineElement('fe-activate-account', FeActivateAccountElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-activate-account': FeActivateAccountElement;
  }
}
