import { StepUp, type StepUpProps } from '../src/views/step-up/StepUp.tsx';
import { setLightFormCss } from '../src/views/shared/ui.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { defineElement, reactElement } from './internal/react-element.ts';
import './fe-app.ts';

setLightFormCss(lightCss);

/**
 * Step-up (sign-in §4 "Step-up", §2 route `/account/step-up?maxAge=…`): asks
 * the signed-in user for a fresh second factor with any enrolled device — the
 * MFA steps of sign-in (device choice, authenticator app, SMS or email code,
 * WebAuthn security key or this device), without "remember this device".
 * Acts only when the stored
 * step-up flag is set (see `stepUp()`) and the user is not yet stepped up;
 * "MFA is not enrolled" leads to enrolment first (noMFAEnrolledStepUp); any
 * other failure signs out through the logout route with the page's query
 * parameters preserved. Must sit inside `<fe-app>`.
 *
 * @tag fe-step-up
 * @summary Confirm a sensitive action with a second factor.
 *
 * @attr {number} max-age - Seconds the authentication may be old; default the page's `maxAge` query parameter, else the flag's.
 * @attr {string} redirect-url - Where to return; default the page's `redirectUrl` query parameter, else the authenticated URL.
 * @attr {string} initial-state - For stories and tests: JSON `{ "value": …, "context": …, "mfa"?: … }` to start the step-up machine in.
 *
 * @fires {CustomEvent<{ user: AuthUser }>} fe-step-up - When the user is stepped up (the session now carries the multi-factor acr and a fresh auth_time).
 * @fires {CustomEvent<{ message: string }>} fe-error - When a step fails.
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before returning, or before logout on failure; cancelable.
 *
 * @slot form - Filled by the element itself with the code form.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 */
export class FeStepUpElement extends reactElement<StepUpProps>(StepUp, {
  css: shadowCss,
  props: { maxAge: 'number', redirectUrl: 'string', initialState: 'string' },
}) {}

defineElement('fe-step-up', FeStepUpElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-step-up': FeStepUpElement;
  }
}
