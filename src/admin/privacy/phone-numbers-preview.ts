/**
 * The privacy section's phone numbers in preview mode (`<fe-app preview>`), an answer for every call of
 * src/api/phone-numbers.ts: two numbers (one verified, one not) in the list, and the writes answered as if they
 * worked (a preview otcToken; nothing is kept).
 */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { PHONE_NUMBERS_PATHS, type UserPhoneNumber } from '../resources/phone-numbers.ts';

/** The canned numbers, oldest first. */
export const PREVIEW_PHONE_NUMBERS: UserPhoneNumber[] = [
  { id: 'phone-1', phoneNumber: '+14155550123', verified: true, createdAt: '2030-01-02T09:00:00.000Z', updatedAt: '2030-01-02T09:05:00.000Z' },
  { id: 'phone-2', phoneNumber: '+442071838750', verified: false, createdAt: '2030-01-04T10:00:00.000Z', updatedAt: '2030-01-04T10:00:00.000Z' },
];

const SENT = { otcToken: 'preview-otc-token' };

/** The preview answers of the phone-number calls (null for any other request). */
export const previewPhoneNumbers: SectionPreviewRoutes = ({ method, path, query }) => {
  const base = PHONE_NUMBERS_PATHS.list;
  if (path !== base && !path.startsWith(`${base}/`)) return null;
  if (method === 'GET' && path === base) {
    const limit = Number(query.get('_limit') ?? 10) || 10;
    const offset = Number(query.get('_offset') ?? 0) || 0;
    const items = PREVIEW_PHONE_NUMBERS.slice(offset, offset + limit);
    return { status: 200, body: { items, _metadata: { totalItems: PREVIEW_PHONE_NUMBERS.length, totalPages: Math.ceil(PREVIEW_PHONE_NUMBERS.length / limit) } } };
  }
  if (method === 'GET' && path === `${base}/me`) return { status: 200, body: PREVIEW_PHONE_NUMBERS };
  if (method === 'POST' && (path === base || path === PHONE_NUMBERS_PATHS.preVerify)) return { status: 200, body: SENT };
  if (method === 'DELETE') return { status: 200, body: { phoneId: path.slice(base.length + 1), ...SENT } };
  return { status: 200, body: {} };
};
