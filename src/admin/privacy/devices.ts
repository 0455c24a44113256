/** The privacy section's device model, pure: every MFA device and passkey of the user as one list (api-contract §U). */
import { enrollError } from '../../../machines/admin-enroll-mfa.machine.ts';
import type { MfaDevices } from '../../api/admin-types.ts';
import type { PasskeyDevice } from '../../api/passkeys.ts';
import type { Translate } from '../../i18n/index.ts';
import { messageOf } from '../ui/states.tsx';

/** The kinds of device the section lists and adds. */
export type DeviceKind = 'authenticator' | 'sms' | 'securityKey' | 'passkey';

/** One row of the device list. `phone` is the masked number of an SMS device; `createdAt` an ISO date of a passkey. */
export interface DeviceRow {
  kind: DeviceKind;
  id: string;
  name: string;
  phone?: string;
  createdAt?: string;
}

/** The rows of the user's devices: authenticator apps, phones, security keys, then passkeys, each in server order. */
export function deviceRows(devices: MfaDevices | undefined, passkeys: PasskeyDevice[] | undefined, t: Translate): DeviceRow[] {
  return [
    ...(devices?.authenticators ?? []).map((d): DeviceRow => ({ kind: 'authenticator', id: d.id, name: t('admin.privacy.device.authenticator') })),
    ...(devices?.phones ?? []).map((d): DeviceRow => ({ kind: 'sms', id: d.id, phone: d.phoneNumber, name: t('admin.privacy.device.sms', { phone: d.phoneNumber }) })),
    ...(devices?.webauthn ?? []).map((d): DeviceRow => ({
      kind: 'securityKey',
      id: d.id,
      name: d.name || t(d.deviceType === 'Platform' ? 'admin.privacy.device.platform' : 'admin.privacy.device.securityKey'),
    })),
    ...(passkeys ?? []).map((d): DeviceRow => ({ kind: 'passkey', id: d.id, createdAt: d.createdAt, name: t('admin.privacy.device.passkey') })),
  ];
}

/**
 * The text of a failed enrolment or removal: a WebAuthn ceremony's DOMException as our words (cancelled or timed out,
 * already registered, unsupported: machines/admin-enroll-mfa.machine.ts `enrollError`, the words the enrolment flow
 * keeps), anything else as {@link messageOf} (the server's message).
 */
export function failureText(error: unknown, t: Translate): string {
  return messageOf(enrollError(error), t);
}
