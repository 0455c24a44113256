/**
 * Events of one flow element: they bubble to the page but stay inside the
 * shadow root the element lives in (`composed: false`).
 */
import type { PublicUser } from './user.ts';

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

/** Detail of `fe-sign-up`. */
export interface FeSignUpDetail {
  userId?: string;
  tenantId?: string;
  /** The account must be activated from the emailed link before sign-in. */
  shouldActivate: boolean;
}
/** `fe-sign-up`: an account was created. */
export class FeSignUpEvent extends eventClass<FeSignUpDetail>('fe-sign-up', FLOW) {}

/** Detail of `fe-step-up`. */
export interface FeStepUpDetail {
  user: PublicUser;
}
/** `fe-step-up`: the user gave a fresh second factor (its `amr` names it). */
export class FeStepUpEvent extends eventClass<FeStepUpDetail>('fe-step-up', FLOW) {}

/** Detail of `fe-invitation-accept`. */
export interface FeInvitationAcceptDetail {
  userId?: string;
  tenantId?: string;
  tenantName?: string;
  /** The invitee sets a password next. */
  shouldSetPassword: boolean;
}
/** `fe-invitation-accept`: an invitation was accepted. */
export class FeInvitationAcceptEvent extends eventClass<FeInvitationAcceptDetail>('fe-invitation-accept', FLOW) {}

/** Detail of `fe-unlock` (nothing to say beyond the event itself). */
export type FeUnlockDetail = Record<string, never>;
/** `fe-unlock`: a locked account was unlocked from the emailed link. */
export class FeUnlockEvent extends eventClass<FeUnlockDetail>('fe-unlock', FLOW) {}

/** Detail of `fe-impersonate`. */
export interface FeImpersonateDetail {
  /** The impersonated user (the session's user), or null. */
  user: PublicUser | null;
  /** The admin who impersonates (`act.sub`). */
  actorId?: string;
}
/** `fe-impersonate`: an admin now acts as another user. */
export class FeImpersonateEvent extends eventClass<FeImpersonateDetail>('fe-impersonate', FLOW) {}

/** Detail of `fe-authorization-change`. */
export interface FeAuthorizationChangeDetail {
  authorized: boolean;
}
/** `fe-authorization-change`: `<fe-authorized>` changed its decision. */
export class FeAuthorizationChangeEvent extends eventClass<FeAuthorizationChangeDetail>('fe-authorization-change', FLOW) {}

/** Detail of `fe-route-change`. */
export interface FeRouteChangeDetail {
  /** The route name shown (a key of the app's routes), or null for the host's own pages. */
  route: string | null;
  path: string;
}
/** `fe-route-change`: `<fe-routes>` shows another route. */
export class FeRouteChangeEvent extends eventClass<FeRouteChangeDetail>('fe-route-change', FLOW) {}
