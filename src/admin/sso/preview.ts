/**
 * The SSO section's canned data in preview mode (`<fe-app preview>`): two connections (an Okta-style SAML one with a
 * validated and a pending domain, default roles and a group mapping; an OIDC one, switched off, with a secret
 * stored), our service provider's side, and a legacy SAML configuration. Every call of api-contract §V answers:
 * writes as if done (preview keeps no state), domain validation "not found yet" for the pending domain.
 */
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';
import type { SamlConfiguration, SsoConfiguration, SsoDomain, SsoGroup } from '../../api/sso.ts';
import { SSO_PATHS as P } from '../resources/sso.ts';

const at = (day: number) => new Date(Date.UTC(2030, 0, 1 + day)).toISOString();
const ACS = 'https://app.example.com/auth/saml/callback';
const ENTITY = 'https://app.example.com/saml/metadata';

/** The canned connections. */
export const PREVIEW_SSO: SsoConfiguration[] = [
  {
    id: 'preview-sso-okta',
    enabled: true,
    generatedVerification: 'fe-verification=4f1c2a9e',
    ssoEndpoint: 'https://acme.okta.example/app/acme_portal/sso/saml',
    publicCertificate: '-----BEGIN CERTIFICATE-----\nMIIC…\n-----END CERTIFICATE-----',
    publicCertificateInfo: {
      subject: 'CN=acme.okta.example, O=Acme Inc.',
      issuer: 'CN=acme.okta.example, O=Acme Inc.',
      validFrom: at(-400),
      validTo: at(700),
      fingerprint256: '3A:7F:22:9C:01:BE:44:D5:6E:90:AB:12:CD:34:EF:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0:12:34:56',
    },
    signRequest: false,
    acsUrl: ACS,
    spEntityId: ENTITY,
    type: 'saml',
    oidcClientId: '',
    oidcSecret: '',
    oidcSecretSet: false,
    domains: [
      { id: 'preview-domain-acme', domain: 'acme.example', validated: true, txtRecord: 'fe-verification=4f1c2a9e' },
      { id: 'preview-domain-acme-eu', domain: 'acme-eu.example', validated: false, txtRecord: 'fe-verification=77b0d3e1' },
    ],
    roleIds: ['role-viewer'],
    groups: [{ id: 'preview-group-eng', group: 'engineering', roleIds: ['role-editor'] }],
    configMetadata: { vendor: 'okta' },
    createdAt: at(0),
    updatedAt: at(3),
  },
  {
    id: 'preview-sso-oidc',
    enabled: false,
    generatedVerification: '',
    ssoEndpoint: 'https://login.partner.example',
    publicCertificate: '',
    publicCertificateInfo: null,
    signRequest: false,
    acsUrl: 'https://app.example.com/auth/oidc/callback',
    spEntityId: '',
    type: 'oidc',
    oidcClientId: 'acme-portal',
    oidcSecret: '',
    oidcSecretSet: true,
    domains: [],
    roleIds: [],
    groups: [],
    configMetadata: { vendor: 'oidc' },
    createdAt: at(10),
    updatedAt: at(10),
  },
];

/** The canned legacy SAML configuration. */
export const PREVIEW_SAML: SamlConfiguration = {
  enabled: true,
  domain: 'legacy.acme.example',
  validated: true,
  generatedVerification: 'fe-verification=0c9d8e7f',
  ssoEndpoint: 'https://adfs.acme.example/adfs/ls',
  publicCertificate: '',
  signRequest: false,
  acsUrl: ACS,
  spEntityId: ENTITY,
  type: 'saml',
  createdAt: at(-300),
  updatedAt: at(-10),
};

const ok = (body: unknown, status = 200) => ({ status, body });
/** The section's API area: a write there that has no answer of its own answers `{}`. */
const AREAS = ['/team/resources/sso/'];

const CONFIG = new RegExp(`^${P.configurations}/([^/]+)(/.*)?$`);
const V2_VALIDATE = new RegExp(`^${P.configurationsV2}/([^/]+)/domains/([^/]+)/validate$`);

/** Answers every SSO call (api-contract §V) from the canned data. */
export const previewSso: SectionPreviewRoutes = (req) => {
  const { method, path, body } = req;
  const b = body ?? {};
  // legacy SAML
  if (path === P.samlConfiguration) return ok(method === 'GET' ? PREVIEW_SAML : { ...PREVIEW_SAML, ...b, updatedAt: new Date(req.now).toISOString() });
  if (path === P.samlVendorConfig) return ok({ acsUrl: ACS, spEntityId: ENTITY });
  if (path === P.samlMetadata) return ok(PREVIEW_SAML);
  if (path === P.samlValidateDomain) return ok({ ...PREVIEW_SAML, validated: true });
  if (path === P.samlRoles) return ok(method === 'GET' ? ['role-viewer'] : {});
  if (path === P.samlGroups || path.startsWith(`${P.samlGroups}/`)) return ok(method === 'GET' ? [{ id: 'preview-legacy-group', group: 'admins', roleIds: ['role-admin'] }] : {});
  if (path === P.oidcConfiguration) return ok({ active: true, redirectUri: 'https://app.example.com/auth/oidc/callback' });
  // multi-SSO
  const made = (extra: Partial<SsoConfiguration>): SsoConfiguration => ({
    ...PREVIEW_SSO[0],
    id: 'preview-sso-new',
    domains: [],
    groups: [],
    roleIds: [],
    enabled: true,
    ...extra,
  });
  if (path === P.configurations) return method === 'GET' ? ok(PREVIEW_SSO) : ok(made(b as Partial<SsoConfiguration>), 201);
  if (path === P.configurationsByMetadata || path === P.configurationsByMetadataUrl) {
    return ok(made({ enabled: b.enabled !== false, configMetadata: (b.configMetadata as Record<string, string> | undefined) ?? {} }), 201);
  }
  const v = V2_VALIDATE.exec(path);
  if (v) {
    const domain = PREVIEW_SSO.flatMap((c) => c.domains).find((d) => d.id === v[2]);
    return ok(domain?.validated === false ? { ...domain, validated: false, reason: 'TXT record not found yet' } : { ...domain, validated: true });
  }
  const m = CONFIG.exec(path);
  if (!m) return writeWorks(req, AREAS);
  const config = PREVIEW_SSO.find((c) => c.id === m[1]) ?? made({ id: m[1] });
  const rest = m[2] ?? '';
  if (!rest) return method === 'DELETE' ? ok({}) : ok({ ...config, ...b });
  if (rest === '/metadata' || rest === '/metadata-url') return ok(config);
  if (rest === '/test') return ok({ id: 'preview-test', url: 'about:blank' }, 201);
  if (rest.startsWith('/test/'))
    return ok({ id: 'preview-test', status: 'succeeded', email: 'ann@acme.example', name: 'Ann', groups: ['engineering'], attributes: { groups: ['engineering'] } });
  if (rest === '/roles') return ok(method === 'GET' ? { roleIds: config.roleIds } : {});
  if (rest === '/groups') return method === 'GET' ? ok(config.groups satisfies SsoGroup[]) : ok({}, 201);
  if (rest.startsWith('/groups/')) return ok({});
  if (rest === '/domains' && method === 'POST') {
    const domain = String(b.domain ?? 'example.com');
    return ok({ id: `preview-domain-${domain}`, domain, validated: false, txtRecord: 'fe-verification=preview1234' } satisfies SsoDomain, 201);
  }
  if (rest.startsWith('/domains/')) return ok(rest.endsWith('/validate') ? { validated: true } : {});
  return writeWorks(req, AREAS);
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewSso;
