/**
 * Events that announce one element's outcome (`fe-sign-up`, `fe-step-up`, …): they bubble to the page but stay
 * inside the shadow root the element lives in. A module apart from `flow.ts` (`fe-error`, `fe-navigate`, which every
 * flow fires), so the login box's first-input chunk, which imports those two directly, holds none of these classes.
 */
import type { PublicUser } from './user.ts';
import { eventClass } from './event-class.ts';

const FLOW = { bubbles: true, composed: false } as const;

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
