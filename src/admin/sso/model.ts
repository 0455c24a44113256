/**
 * What the SSO section shows of a configuration, pure (house-style §9 model.ts): the IdP's address as a host, the
 * section's deep links (`#/admin/sso/<connection id>`, `#/admin/sso/add`), domain counts, the IdP chosen at setup,
 * and the sentence of a setup the server refused because an address could not be read (issue 31 item 5).
 */
import type { SsoConfiguration, SsoVendor } from '../../api/sso.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** The IdPs the setup offers (src/api/sso.ts `SSO_VENDORS`, repeated: model.ts imports types only). */
const VENDORS: readonly string[] = ['saml', 'okta', 'azure', 'google', 'oidc'];

/**
 * The IdP the admin chose for `c` (its `configMetadata.vendor`), or null when none was kept (made through the API,
 * by a seed, or before issue 31) or an unknown one.
 */
export function vendorOf(c: Pick<SsoConfiguration, 'configMetadata'>): SsoVendor | null {
  const v = c.configMetadata?.vendor;
  return v && VENDORS.includes(v) ? (v as SsoVendor) : null;
}

/**
 * The catalogue key that names the kind of `c` in the list and on its page: the IdP chosen when it is a named one
 * (`admin.sso.kind.okta` "Okta · SAML"), else its protocol (`admin.sso.type.saml`, `admin.sso.type.oidc`).
 */
export function kindKey(c: Pick<SsoConfiguration, 'configMetadata' | 'type'>): MessageKey {
  const vendor = vendorOf(c);
  return vendor === 'okta' || vendor === 'azure' || vendor === 'google' ? `admin.sso.kind.${vendor}` : `admin.sso.type.${c.type}`;
}

/** Why the emulator could not read an address (its error answer's `context.reason`, emulator/src/http/outbound.ts). */
const REASON_WORDS: Record<string, string> = {
  NO_SUCH_HOST: 'noHost',
  REFUSED: 'refused',
  TIMEOUT: 'timeout',
  CONNECT: 'failed',
  ADDRESS: 'address',
  CONTENT: 'invalid',
  TOO_LARGE: 'invalid',
  REDIRECT: 'invalid',
  URL: 'invalid',
  NOT_OIDC: 'invalid',
};

/**
 * The sentence (a catalogue key) of a refused SSO setup whose IdP address could not be read — the OIDC issuer
 * (`ER-SSO-OIDC-DISCOVERY`) or the SAML metadata URL (`ER-SSO-METADATA-URL`) — by the answer's
 * `errorContext.reason`: `admin.sso.error.issuer.noHost` "The issuer could not be reached: no such host", …; HTTP
 * 404 is `notFound`, another status `http`. Null for any other error (its own message is shown).
 */
export function setupErrorKey(error: unknown): MessageKey | null {
  const e = error as { errorCode?: string; errorContext?: { reason?: unknown; status?: unknown } } | null | undefined;
  const subject = e?.errorCode === 'ER-SSO-OIDC-DISCOVERY' ? 'issuer' : e?.errorCode === 'ER-SSO-METADATA-URL' ? 'metadata' : null;
  const reason = e?.errorContext?.reason;
  if (!subject || typeof reason !== 'string') return null;
  const words = reason === 'HTTP' ? (e?.errorContext?.status === 404 ? 'notFound' : 'http') : REASON_WORDS[reason];
  return words ? (`admin.sso.error.${subject}.${words}` as MessageKey) : null;
}

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
