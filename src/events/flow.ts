/**
 * Events every flow element fires (`fe-error`, `fe-navigate`): they bubble to
 * the page but stay inside the shadow root the element lives in
 * (`composed: false`). Each element's own outcome events are in outcomes.ts.
 */
import { eventClass } from './event-class.ts';

const FLOW = { bubbles: true, composed: false } as const;

/** Detail of `fe-error`: the text shown (catalogue or server message, in the app's locale), status and trace id when the API gave them. */
export interface FeErrorDetail {
  message: string;
  statusCode?: number;
  traceId?: string;
}
/** `fe-error`: a step failed; the message is also shown and announced. */
export class FeErrorEvent extends eventClass<FeErrorDetail>('fe-error', FLOW) {}

/** Detail of `fe-navigate`: the absolute URL about to be opened. */
export interface FeNavigateDetail {
  url: string;
}
/** `fe-navigate`: cancelable; `preventDefault()` keeps the page (the host routes itself, or `<fe-routes>` switches in place). */
export class FeNavigateEvent extends eventClass<FeNavigateDetail>('fe-navigate', { ...FLOW, cancelable: true }) {}
