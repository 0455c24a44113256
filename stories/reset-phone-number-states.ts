/** Every state of the reset-phone-number machine as data (stories and the accessibility test share them). */
import type { StateSpec } from './support/flow-story.tsx';

const ctx = { email: 'ada@acme.test', phoneNumber: '+14155550100', resetPhoneNumberToken: 'preview-reset-token', changePhoneNumberToken: 'preview-change-token' };

export const resetPhoneNumberStates = {
  'resetPhoneNumber.idle': { value: { resetPhoneNumber: 'idle' } },
  'resetPhoneNumber.submitting': { value: { resetPhoneNumber: 'submitting' }, context: ctx },
  'resetPhoneNumber.rateLimited': {
    value: { resetPhoneNumber: 'idle' },
    context: { ...ctx, error: { message: 'Too many requests. Try again in 27 seconds', statusCode: 429 } },
  },
  'verifyResetPhoneNumber.idle': { value: { verifyResetPhoneNumber: 'idle' }, context: ctx },
  'verifyResetPhoneNumber.submitting': { value: { verifyResetPhoneNumber: 'submitting' }, context: ctx },
  'verifyResetPhoneNumber.resending': { value: { verifyResetPhoneNumber: 'sending' }, context: { ...ctx, notice: 'phone.verify.resent' } },
  'verifyResetPhoneNumber.resent': { value: { verifyResetPhoneNumber: 'idle' }, context: { ...ctx, notice: 'phone.verify.resent' } },
  'verifyResetPhoneNumber.wrongCode': { value: { verifyResetPhoneNumber: 'idle' }, context: { ...ctx, error: { message: 'Invalid code', statusCode: 400 } } },
  'verifyResetPhoneNumber.expired': { value: { verifyResetPhoneNumber: 'idle' }, context: { ...ctx, error: { key: 'phone.error.codeExpired', statusCode: 400 } } },
  'changePhoneNumber.idle': { value: { changePhoneNumber: 'idle' }, context: { ...ctx, phoneNumber: '' } },
  'changePhoneNumber.submitting': { value: { changePhoneNumber: 'submitting' }, context: ctx },
  'changePhoneNumber.taken': { value: { changePhoneNumber: 'idle' }, context: { ...ctx, error: { message: 'The phone number is already in use', statusCode: 409 } } },
  'changePhoneNumber.expired': { value: { changePhoneNumber: 'idle' }, context: { ...ctx, error: { key: 'phone.error.changeExpired', statusCode: 400 } } },
  'loginWithSmsOtc.sending': { value: { loginWithSmsOtc: 'sending' }, context: ctx },
  'loginWithSmsOtc.idle': { value: { loginWithSmsOtc: 'idle' }, context: ctx },
  'loginWithSmsOtc.submitting': { value: { loginWithSmsOtc: 'submitting' }, context: ctx },
  'loginWithSmsOtc.resending': { value: { loginWithSmsOtc: 'sending' }, context: { ...ctx, notice: 'phone.sms.resent' } },
  'loginWithSmsOtc.resent': { value: { loginWithSmsOtc: 'idle' }, context: { ...ctx, notice: 'phone.sms.resent' } },
  'loginWithSmsOtc.expired': { value: { loginWithSmsOtc: 'idle' }, context: { ...ctx, error: { key: 'phone.error.smsExpired', statusCode: 400 } } },
  'success.signedIn': { value: 'success', context: { ...ctx, signedIn: true } },
  'success.toLogin': { value: 'success', context: { ...ctx, signedIn: false } },
} satisfies Record<string, StateSpec>;

export type ResetPhoneNumberStateName = keyof typeof resetPhoneNumberStates;

/** The step a state shows (its top-level state, the card's `data-step`). */
export const resetPhoneNumberStepShown = (name: ResetPhoneNumberStateName): string => name.split('.')[0];
