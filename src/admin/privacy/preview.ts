/**
 * The privacy section's canned answers in preview mode (`<fe-app preview>`, admin spec §1): the demo user's sessions
 * and MFA devices, an SMS enrolment or removal (a code "sent"), and the section's other writes answered as if they
 * worked (nothing is kept). The demo user's passkeys and an authenticator-app enrolment are the sign-in's answers
 * (src/preview/transport.ts: step-up and the passkey prompt ask them too).
 */
import type { MfaDevices, UserSession } from '../../api/admin-types.ts';
import { PREVIEW_RECOVERY_CODE } from '../../preview/data.ts';
import { previewDay as at } from '../../preview/directory.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { previewPhoneNumbers } from './phone-numbers-preview.ts';

const R = '/identity/resources';

/** The section's API areas: a write there that has no answer of its own answers `{}`. */
const AREAS = [`${R}/users/v1/mfa/`, `${R}/users/webauthn/v1/devices`, `${R}/users/sessions/v1/`];

const ok = (body: unknown) => ({ status: 200, body });

/** The demo user's sessions and MFA devices. */
const PREVIEW_SESSIONS: UserSession[] = [
  { id: 'session-current', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/131.0', ipAddress: '203.0.113.7', createdAt: at(300), current: true },
  { id: 'session-phone', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1', ipAddress: '198.51.100.23', createdAt: at(290), current: false },
];
const PREVIEW_MFA_DEVICES: MfaDevices = {
  webauthn: [{ id: 'passkey-1', deviceType: 'Platform', name: 'MacBook Touch ID' }],
  phones: [],
  authenticators: [{ id: 'totp-1' }],
  emails: [],
};

/** The privacy section's reads and writes. */
export const previewPrivacy: SectionPreviewRoutes = (req) => {
  const { method: m, path: p } = req;
  if (m === 'GET') {
    if (p === `${R}/users/sessions/v1/me`) return ok(PREVIEW_SESSIONS);
    if (p === `${R}/users/v1/mfa/devices`) return ok(PREVIEW_MFA_DEVICES);
    return null;
  }
  if (m === 'POST' && p === `${R}/users/v1/mfa/sms/enroll/verify`) return ok({ recoveryCode: PREVIEW_RECOVERY_CODE });
  if (m === 'POST' && (p === `${R}/users/v1/mfa/sms/enroll` || /\/users\/v1\/mfa\/sms\/[^/]+\/disable$/.test(p)))
    return ok({ otcToken: 'preview-otc', phoneNumber: '+1 ••• ••• 0100' });
  return writeWorks(req, AREAS);
};

/**
 * The section's preview answers, its own and its phone numbers' (./phone-numbers-preview.ts), loaded and registered by the
 * shell in preview mode only (src/admin/shell/preview-answers.ts).
 */
export default [previewPrivacy, previewPhoneNumbers];
