/**
 * What the SSO section shows of a configuration, pure (house-style §9 model.ts): the IdP's address as a host, the
 * section's deep links (`#/admin/sso/<connection id>`, `#/admin/sso/add`), domain counts.
 */
import type { SsoConfiguration } from '../../api/sso.ts';

/** The sub-route of the setup flow's deep link (`#/admin/sso/add`; the registry's `add`). */
export const ADD_LINK = 'add';

/** The sub-route of a connection's page (`#/admin/sso/<connection id>`; the registry's `:id`). */
export const CONNECTION_LINK = ':id';

/** The host of an address (`https://idp.example.com/sso` → `idp.example.com`), or the text itself when it is no URL. */
export function hostOf(address: string): string {
  try {
    return new URL(address).host || address;
  } catch {
    return address;
  }
}

/** How many of a configuration's domains are validated, and how many it has. */
export function domainCounts(c: Pick<SsoConfiguration, 'domains'>): { validated: number; total: number } {
  return { validated: c.domains.filter((d) => d.validated).length, total: c.domains.length };
}

/** Whether users of the configuration's domains can sign in through it: enabled, with at least one validated domain. */
export function isLive(c: Pick<SsoConfiguration, 'enabled' | 'domains'>): boolean {
  return c.enabled && c.domains.some((d) => d.validated);
}
