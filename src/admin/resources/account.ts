/**
 * The tenant's account settings as the portal reads and writes them (admin spec §3 "Account settings"; AB-3.14,
 * AB-5.01, AB-7.27, SI-3.09): the settings (`GET`) with the tenant's name (the form's companyName, from the active
 * tenant since the settings answer has none), and the save (`PUT` of the changed fields only). Blank = cleared.
 */
import type { AccountSettings } from '../../api/admin-types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createAccountApi } from '../../api/account.ts';
import type { QueryContext } from './query.ts';

/** Cache key of the settings. */
export const ACCOUNT_KEY = 'admin/account-settings';

/** The editable settings fields (besides `tenantId`): `name` is the company name. */
export const ACCOUNT_FIELDS = [
  'name',
  'address',
  'website',
  'timezone',
  'dateFormat',
  'timeFormat',
  'currency',
  'logo',
  'applicationUrl',
  'loginUrl',
] as const satisfies readonly (keyof AccountSettings)[];

/** One editable settings field. */
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** Changed fields → value; `''` clears a field. */
export type AccountChanges = Partial<Record<AccountField, string>>;

/**
 * The fields of `edits` whose value differs from `saved` (absent = `''`), as the `PUT` body sends them (AB-5.01:
 * an empty object means "No changes to update", and no call is made).
 */
export function changedFields(saved: AccountSettings | undefined, edits: AccountChanges, fields: readonly AccountField[] = ACCOUNT_FIELDS): AccountChanges {
  const out: AccountChanges = {};
  for (const f of fields) {
    const value = edits[f];
    if (value !== undefined && value.trim() !== (saved?.[f] ?? '').trim()) out[f] = value.trim();
  }
  return out;
}

/** Builds the account-settings resource of one app (its API from `client`); sections read it with `resources.use(createAccountResource)`. */
export function createAccountResource(q: QueryContext, client: ApiClient) {
  const account = createAccountApi(client);
  return {
    /** The settings with `name` (the tenant's name when the settings answer has none; the name's failure is swallowed). */
    $settings: q.createFetcherStore<AccountSettings>([ACCOUNT_KEY], {
      fetcher: async () => {
        const [settings, name] = await Promise.all([account.getSettings(), account.getTenantName().catch(() => undefined)]);
        return { ...settings, name: settings.name ?? name };
      },
    }),

    /**
     * Saves the changed fields (AB-7.27, `PUT`): the answer (and the new name) replaces the cached settings.
     * @throws FeApiError — the cache is left as it was
     */
    save: q.mutation<AccountChanges, AccountSettings>(async (changes, cache) => {
      const before = cache.read<AccountSettings>(ACCOUNT_KEY);
      const answer = await account.updateSettings(changes);
      const next: AccountSettings = { ...answer, name: changes.name ?? answer.name ?? before?.name };
      cache.write(ACCOUNT_KEY, next);
      return next;
    }),
  };
}

/** The account-settings resource of one app. */
export type AccountResource = ReturnType<typeof createAccountResource>;
