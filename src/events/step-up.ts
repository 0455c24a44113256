/**
 * Events of `stepUpFetch` (src/app/step-up-fetch.ts, RFC 9470 step-up from the host's own API): dispatched on the
 * `<fe-app>` element (else on `document`), bubbling and composed, once per shared step-up — however many requests
 * met the challenge — so the host can show its own UI around it.
 */
import type { StepUpChallenge } from '../auth/www-authenticate.ts';
import { eventClass } from './event-class.ts';

/** Detail of `fe-step-up-required`. */
export interface FeStepUpRequiredDetail {
  /** The parsed challenge (`acrValues`, `maxAge`, `errorDescription`). */
  challenge: StepUpChallenge;
  /** The request that met it first: its absolute URL and method. */
  url: string;
  method: string;
}
/**
 * `fe-step-up-required`: the host's API asked for a step-up; `stepUpFetch` is about to run it. Cancelable:
 * `preventDefault()` runs no step-up here — the waiting requests reject with `StepUpRequiredError` (reason `cancelled`)
 * and the host shows its own UI.
 */
export class FeStepUpRequiredEvent extends eventClass<FeStepUpRequiredDetail>('fe-step-up-required', { bubbles: true, composed: true, cancelable: true }) {}

/** Detail of `fe-step-up-completed`. */
export interface FeStepUpCompletedDetail {
  challenge: StepUpChallenge;
  /** True when the user stepped up (the waiting requests are sent again), false when not. */
  steppedUp: boolean;
  /** Why not, when `steppedUp` is false: see `StepUpRequiredError.reason`. */
  reason?: 'cancelled' | 'failed' | 'redirected';
}
/** `fe-step-up-completed`: the step-up `fe-step-up-required` announced is over (stepped up or not). */
export class FeStepUpCompletedEvent extends eventClass<FeStepUpCompletedDetail>('fe-step-up-completed', { bubbles: true, composed: true }) {}
