/**
 * The signed-in user's own phone numbers (admin spec §3 "Phone numbers (SMS)", §7, §9; api-contract §T; AB-3.35,
 * AB-7.41, AB-7.42, AB-9.10): the calls exactly as Frontegg's client makes them (`@frontegg/rest-api`
 * user-phone-numbers/index.js, `urls.identity.phoneNumbers.v1`). A number is added unverified and verified with the
 * one-time code texted to it; a verified number is removed with the code its removal texts. Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}` (Frontegg's `urls.identity.phoneNumbers.v1`). */
export const PHONE_NUMBERS_PATHS = Object.freeze({
  list: '/identity/resources/users/phone-numbers/v1',
  preVerify: '/identity/resources/users/phone-numbers/v1/preverify',
  verify: '/identity/resources/users/phone-numbers/v1/verify',
});

/** One number of the user (IPhoneNumber): `phoneNumber` in E.164; `createdAt`, `updatedAt` ISO dates. */
export interface UserPhoneNumber {
  id: string;
  phoneNumber: string;
  verified: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A page of the user's numbers (Pg): the rows and, in `_metadata`, how many there are and in how many pages. */
export interface PhoneNumbersPage {
  items: UserPhoneNumber[];
  _metadata: { totalItems: number; totalPages: number };
}

/** A code texted to a number: the token that names it (the code itself goes to the phone only). */
export interface PhoneCodeSent {
  otcToken: string;
}

const one = (phoneId: string) => `${PHONE_NUMBERS_PATHS.list}/${encodeURIComponent(phoneId)}`;

/** Creates the phone-number calls on top of `client`. */
export function createPhoneNumbersApi(client: ApiClient) {
  return {
    /** `GET users/phone-numbers/v1?_limit&_offset` (getUserPhoneNumbers, AB-7.41): `limit` rows from row `offset`. */
    list(page: { limit: number; offset: number }, o?: CallOptions): Promise<PhoneNumbersPage> {
      return client.get<PhoneNumbersPage>(PHONE_NUMBERS_PATHS.list, adminOptions(o, { query: { _limit: page.limit, _offset: page.offset } }));
    },
    /**
     * `POST users/phone-numbers/v1` with `{ phoneNumber, verify: true }` (createPhoneNumber, AB-7.42): the number is
     * added unverified and a code is texted to it. @throws FeApiError — 400 no country code, 409 added already
     */
    create(phoneNumber: string, o?: CallOptions): Promise<Partial<PhoneCodeSent>> {
      return client.post<Partial<PhoneCodeSent>>(PHONE_NUMBERS_PATHS.list, { phoneNumber, verify: true }, adminOptions(o));
    },
    /** `POST users/phone-numbers/v1/preverify` with `{ phoneNumber }` (preVerifyPhoneNumber): a new code to an unverified number. */
    preVerify(phoneNumber: string, o?: CallOptions): Promise<PhoneCodeSent> {
      return client.post<PhoneCodeSent>(PHONE_NUMBERS_PATHS.preVerify, { phoneNumber }, adminOptions(o));
    },
    /** `POST users/phone-numbers/v1/verify` with `{ otcToken, code }` (verifyPhoneNumber): the number is verified. @throws FeApiError — 400 wrong code */
    async verify(body: { otcToken: string; code: string }, o?: CallOptions): Promise<void> {
      await client.post(PHONE_NUMBERS_PATHS.verify, body, adminOptions(o));
    },
    /**
     * `DELETE users/phone-numbers/v1/{phoneId}` (deletePhoneNumber, AB-7.42): `{ phoneId, otcToken }` — the code its
     * removal texts to a verified number; without `otcToken` (an unverified number) it is removed already.
     */
    remove(phoneId: string, o?: CallOptions): Promise<{ phoneId: string; otcToken?: string }> {
      return client.delete<{ phoneId: string; otcToken?: string }>(one(phoneId), undefined, adminOptions(o));
    },
    /** `POST users/phone-numbers/v1/{phoneId}/delete/verify` with `{ otcToken, code }` (verifyDeletePhoneNumber): removes it. @throws FeApiError — 400 wrong code */
    async verifyRemove(phoneId: string, body: { otcToken: string; code: string }, o?: CallOptions): Promise<void> {
      await client.post(`${one(phoneId)}/delete/verify`, body, adminOptions(o));
    },
  };
}

/** The phone-number calls of one client. */
export type PhoneNumbersApi = ReturnType<typeof createPhoneNumbersApi>;
