/**
 * The story elements of the flows in the one-flow shape: each flow's view
 * started from a machine snapshot (./flow-story.tsx), inside `<fe-app preview>`.
 */
import { forgotPasswordFlow } from '../../elements/fe-forgot-password.ts';
import { resetPasswordFlow } from '../../elements/fe-reset-password.ts';
import { acceptInvitationFlow } from '../../elements/fe-accept-invitation.ts';
import { impersonateFlow } from '../../elements/fe-impersonate.ts';
import { signUpFlow } from '../../elements/fe-sign-up.ts';
import { activateAccountFlow } from '../../elements/fe-activate-account.ts';
import { unlockAccountFlow } from '../../elements/fe-unlock-account.ts';
import { tenantSwitcherFlow } from '../../elements/fe-tenant-switcher.ts';
import { resetPhoneNumberFlow } from '../../elements/fe-reset-phone-number.ts';
import { loginBoxFlow } from '../../elements/fe-login-box.ts';
import { afterSignInMachine } from '../../machines/after-sign-in.machine.ts';
import { stepUpFlow } from '../../elements/fe-step-up.ts';
import { mfaMachine } from '../../machines/mfa.machine.ts';
import { defineFlowStory } from './flow-story.tsx';

defineFlowStory('fe-forgot-password-story', forgotPasswordFlow);
defineFlowStory('fe-reset-password-story', resetPasswordFlow);
defineFlowStory('fe-accept-invitation-story', acceptInvitationFlow);
defineFlowStory('fe-impersonate-story', impersonateFlow);
defineFlowStory('fe-sign-up-story', signUpFlow);
defineFlowStory('fe-activate-account-story', activateAccountFlow);
defineFlowStory('fe-unlock-account-story', unlockAccountFlow);
defineFlowStory('fe-tenant-switcher-story', tenantSwitcherFlow);
defineFlowStory('fe-reset-phone-number-story', resetPhoneNumberFlow);
defineFlowStory('fe-login-box-story', loginBoxFlow, { children: { mfa: mfaMachine, afterSignIn: afterSignInMachine } });
defineFlowStory('fe-step-up-story', stepUpFlow, { children: { mfa: mfaMachine, enrol: mfaMachine } });
