import { stepUpActors } from '../machines/step-up.actors.ts';
import { stepUpMachine } from '../machines/step-up.machine.ts';
import { enStepUp } from '../src/i18n/en-step-up.ts';
import { addMessages } from '../src/i18n/index.ts';
import { StepUpView } from '../src/views/step-up/StepUp.tsx';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import lightCss from '../src/views/shared/form.css.ts?inline';
import { FeStepUpEvent } from '../src/events/index.ts';
import { flowElement, type FlowDefinition } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enStepUp);

/** Attributes of `<fe-step-up>`. */
export interface StepUpProps {
  /** Seconds; default the page's `maxAge` query parameter, else the stored flag's. */
  maxAge?: number;
  /** Where to return; default the page's `redirectUrl` query parameter, else the authenticated URL. */
  redirectUrl?: string;
}

/** The flow's parts (stories and tests render its view on a machine snapshot). */
export const stepUpFlow: FlowDefinition<typeof stepUpMachine, StepUpProps> = {
  machine: stepUpMachine,
  actors: stepUpActors,
  input: ({ maxAge, redirectUrl }) => {
    const query = new URLSearchParams(location.search);
    const queryMaxAge = query.get('maxAge');
    return {
      maxAge: maxAge ?? (queryMaxAge !== null && queryMaxAge !== '' ? Number(queryMaxAge) : undefined),
      redirectUrl: redirectUrl ?? query.get('redirectUrl'),
      query: Object.fromEntries(query),
    };
  },
  view: StepUpView,
  props: { maxAge: 'number', redirectUrl: 'string' },
  css: shadowCss,
  lightCss,
  outcomes: (e) => (e.type === 'stepUp' ? new FeStepUpEvent({ user: e.user }) : null),
};

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
 *
 * @fires {FeStepUpEvent} fe-step-up - When the user is stepped up (`detail: { user }`, no token; the session now carries the multi-factor acr and a fresh auth_time).
 * @fires {FeErrorEvent} fe-error - When a step fails (`detail: { message, statusCode?, traceId? }`).
 * @fires {FeNavigateEvent} fe-navigate - Before returning, or before logout on failure (`detail: { url }`); cancelable.
 *
 * @slot form - Filled by the element itself with the code form.
 * @csspart card - The card.
 * @csspart error - The error message (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 */
export class FeStepUpElement extends flowElement(stepUpFlow) {}

defineElement('fe-step-up', FeStepUpElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-step-up': FeStepUpElement;
  }
}
