/**
 * The public DOM events: one class each, and their entries in
 * `GlobalEventHandlersEventMap`, so `document.addEventListener('fe-login', (e) =>
 * e.detail.user.email)` type-checks in a host. Names follow `fe-<noun>-<verb>`
 * or `fe-<verb>`; `detail` is plain, serialisable data. Session-level events
 * (`fe-login`, `fe-logout`, `fe-session-change`, `fe-tenant-change`) are
 * `composed`; the others stay in the shadow root their element lives in.
 * `fe-navigate` and `fe-step-up-required` are cancelable. `stepUpFetch`'s `fe-step-up-required` /
 * `fe-step-up-completed` are composed and fired on `<fe-app>` (src/events/step-up.ts).
 */
import type { FeErrorEvent, FeNavigateEvent } from './flow.ts';
import type { FeAuthorizationChangeEvent, FeImpersonateEvent, FeInvitationAcceptEvent, FeRouteChangeEvent, FeSignUpEvent, FeStepUpEvent, FeUnlockEvent } from './outcomes.ts';
import type { FeAdminSectionChangeEvent } from './admin.ts';
import type { FeMissingTranslationEvent } from './i18n.ts';
import type { FeLoginEvent, FeLogoutEvent, FeSessionChangeEvent, FeTenantChangeEvent } from './session.ts';
import type { FeStepUpCompletedEvent, FeStepUpRequiredEvent } from './step-up.ts';

export * from './flow.ts';
export * from './outcomes.ts';
export * from './session.ts';
export * from './step-up.ts';
export * from './user.ts';

/** Every public event by name. */
export interface FeEventMap {
  'fe-login': FeLoginEvent;
  'fe-logout': FeLogoutEvent;
  'fe-session-change': FeSessionChangeEvent;
  'fe-tenant-change': FeTenantChangeEvent;
  'fe-error': FeErrorEvent;
  'fe-navigate': FeNavigateEvent;
  'fe-sign-up': FeSignUpEvent;
  'fe-step-up': FeStepUpEvent;
  'fe-step-up-required': FeStepUpRequiredEvent;
  'fe-step-up-completed': FeStepUpCompletedEvent;
  'fe-invitation-accept': FeInvitationAcceptEvent;
  'fe-unlock': FeUnlockEvent;
  'fe-impersonate': FeImpersonateEvent;
  'fe-authorization-change': FeAuthorizationChangeEvent;
  'fe-route-change': FeRouteChangeEvent;
  'fe-admin-section-change': FeAdminSectionChangeEvent;
  'fe-missing-translation': FeMissingTranslationEvent;
}

declare global {
  interface GlobalEventHandlersEventMap extends FeEventMap {}
}
