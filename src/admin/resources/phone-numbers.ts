/**
 * The privacy section's phone numbers (admin spec §3 "Phone numbers (SMS)", §9 "Phone numbers: 10 per list";
 * api-contract §T; AB-3.35, AB-7.41, AB-7.42, AB-9.10): the user's numbers as a server-paged list of 10, and the
 * writes — add (a code is texted), send the code again, verify, start a removal (a verified number gets a code;
 * an unverified one is gone at once) and confirm it with the code. Every write reads the list again. Read by the
 * section through `resources.use(createPhoneNumbersResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createPhoneNumbersApi, PHONE_NUMBERS_PATHS, type PhoneCodeSent, type UserPhoneNumber } from '../../api/phone-numbers.ts';
import { pagedList } from './paged.ts';
import type { QueryContext } from './query.ts';

export { PHONE_NUMBERS_PATHS };
export type { PhoneCodeSent, UserPhoneNumber };

/** Key prefix of every page of the list in the cache. */
export const PHONE_NUMBERS_KEY = 'admin/phone-numbers?';
/** Numbers a list (admin spec §9, AB-9.10). */
export const PHONE_NUMBERS_PAGE_SIZE = 10;

/** Builds the phone-numbers resource of one app. */
export function createPhoneNumbersResource(q: QueryContext, client: ApiClient) {
  const api = createPhoneNumbersApi(client);
  const list = pagedList<UserPhoneNumber>(q, {
    key: PHONE_NUMBERS_KEY,
    pageSize: PHONE_NUMBERS_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The user's numbers, 10 a page, oldest first. */
    list,
    /**
     * Adds `phoneNumber` (unverified) and texts it a code: `{ otcToken }` for {@link verify}. The list is read again
     * (the new row shows as not verified). @throws FeApiError — 400 no country code, 409 added already, 429 too soon
     */
    add: q.mutation<{ phoneNumber: string }, PhoneCodeSent>(async ({ phoneNumber }) => {
      const sent = await api.create(phoneNumber);
      list.refresh();
      if (!sent.otcToken) throw new Error('The phone number was added, but no code was sent');
      return { otcToken: sent.otcToken };
    }),
    /** Texts an unverified number a new code (the earlier one stops working): `{ otcToken }`. @throws FeApiError — 429 too soon */
    resend: q.mutation<{ phoneNumber: string }, PhoneCodeSent>(({ phoneNumber }) => api.preVerify(phoneNumber)),
    /** Verifies the number the code went to; the list is read again. @throws FeApiError — 400 wrong, used or expired code */
    verify: q.mutation<{ otcToken: string; code: string }>(async (body) => {
      await api.verify(body);
      list.refresh();
    }),
    /**
     * Starts removing `phoneId`: a verified number is texted a code (`{ otcToken }` for {@link confirmRemove}); an
     * unverified one is removed at once (`{}`, and the list is read again). @throws FeApiError
     */
    startRemove: q.mutation<{ phoneId: string }, Partial<PhoneCodeSent>>(async ({ phoneId }) => {
      const answer = await api.remove(phoneId);
      if (answer.otcToken) return { otcToken: answer.otcToken };
      list.refresh();
      return {};
    }),
    /** Removes `phoneId` with the code its removal texted; the list is read again. @throws FeApiError — 400 wrong code */
    confirmRemove: q.mutation<{ phoneId: string; otcToken: string; code: string }>(async ({ phoneId, ...body }) => {
      await api.verifyRemove(phoneId, body);
      list.refresh();
    }),
  };
}

/** The phone-numbers resource of one app. */
export type PhoneNumbersResource = ReturnType<typeof createPhoneNumbersResource>;
