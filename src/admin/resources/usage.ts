/**
 * The usage section's server data (AB-6.01; issue 32 item 6): what the account's plan grants (its features) and what
 * is in use against each of its limits (seats, API tokens, SSO connections), with who holds them — one read,
 * `GET …/billing/usage/v1` (src/api/billing.ts `usage`, needs `fe.usage.read`). Read by the section through
 * `resources.use(createUsageResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { BILLING_PATHS, createBillingApi, type Usage } from '../../api/billing.ts';
import type { QueryContext } from './query.ts';

/** The usage read's path, for the section's preview data (views take values from resources, not from src/api). */
export const USAGE_PATH = BILLING_PATHS.usage;

/** Cache key of the usage answer. */
export const USAGE_KEY = 'admin/billing/usage';

/** Builds the usage resource of one app (its API from `client`). */
export function createUsageResource(q: QueryContext, client: ApiClient) {
  const billing = createBillingApi(client);
  return {
    /** The plan's features and limits with what is in use (`Usage`); read again each time the section is opened. */
    $usage: q.createFetcherStore<Usage>([USAGE_KEY], { fetcher: () => billing.usage() }),
  };
}

/** The usage resource of one app. */
export type UsageResource = ReturnType<typeof createUsageResource>;
