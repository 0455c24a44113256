/**
 * Every state of the add-MFA-device machine (machines/admin-enroll-mfa.machine.ts) as data, for its three kinds:
 * the Admin/Privacy stories and the accessibility test share them. `choosing` is transient. The preview's answers:
 * its authenticator QR code and secret, its recovery code (a first device), the code texted to the demo user's
 * phone; 123456 is a wrong code, the phone is a device already, the browser's security-key dialog was closed.
 */
import { PREVIEW_MFA_ENROLLMENT, PREVIEW_RECOVERY_CODE } from '../src/preview/data.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const scanned = { kind: 'authenticator', qrCode: PREVIEW_MFA_ENROLLMENT.qrCode, secret: PREVIEW_MFA_ENROLLMENT.secret };
const phone = { kind: 'sms', phoneNumber: '+15555550100' };
const texted = { ...phone, sentTo: '+1 ••• ••• 0100', otcToken: 'preview-otc' };
const code = '123456';
const wrongCode = { code, error: { message: 'Invalid code', statusCode: 400 } };

export const adminEnrollMfaStates = {
  // authenticator app
  starting: { value: 'starting', context: { kind: 'authenticator' } },
  scanning: { value: 'scanning', context: scanned },
  scanningError: { value: 'scanning', context: { ...scanned, ...wrongCode } },
  verifyingApp: { value: 'verifyingApp', context: { ...scanned, code } },
  // a first device: the recovery code, shown once
  recovery: { value: 'recovery', context: { ...scanned, code, recoveryCode: PREVIEW_RECOVERY_CODE }, emitted: [{ type: 'enrolled', kind: 'authenticator' }] },
  // phone
  phone: { value: 'phone', context: { kind: 'sms' } },
  phoneError: { value: 'phone', context: { ...phone, error: { message: 'This phone is already an MFA device of your account', statusCode: 409 } } },
  sending: { value: 'sending', context: phone },
  code: { value: 'code', context: texted },
  resending: { value: 'sending', context: texted },
  codeError: { value: 'code', context: { ...texted, ...wrongCode } },
  verifyingSms: { value: 'verifyingSms', context: { ...texted, code } },
  // not a first device: added, the dialog closes, a toast tells
  done: { value: 'done', context: { ...texted, code }, emitted: [{ type: 'enrolled', kind: 'sms' }] },
  // security key
  ceremony: { value: 'ceremony', context: { kind: 'securityKey' } },
  failed: { value: 'failed', context: { kind: 'securityKey', error: { key: 'admin.privacy.webauthn.cancelled' } } },
} satisfies Record<string, DialogStateSpec>;
