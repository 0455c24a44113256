/**
 * The restriction tabs' canned data in preview mode (`<fe-app preview>`; issue 22 item 8): 60 allowed addresses and
 * ranges (two pages at 50 a page, AB-9.03) and 3 blocked ones, the IP config (not enforced, allow list), the caller's
 * address (203.0.113.10, not on the allow list: activating the list shows the lock-out warning), and the email-domain
 * rules and config. Writes answer as if done; reads stay canned (preview keeps no state).
 */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import type { DomainRestriction, DomainRestrictionsConfig, IpRestriction, IpRestrictionsConfig, RestrictionType } from '../../api/restrictions.ts';
import { RESTRICTIONS_PATHS as P } from '../resources/restrictions.ts';

/** The caller's address in preview. */
export const PREVIEW_MY_IP = '203.0.113.10';

const at = (day: number) => new Date(Date.UTC(2030, 0, 1 + day)).toISOString();
const rule = (i: number, ip: string, strategy: RestrictionType, description: string): IpRestriction => ({
  id: `preview-ip-${strategy.toLowerCase()}-${i}`,
  ip,
  strategy,
  isActive: true,
  description,
  createdAt: at(i),
  updatedAt: at(i),
});

/** The canned IP rules: 60 allowed (offices, VPN ranges, an IPv6 range), 3 blocked. */
export const PREVIEW_IP_RULES: IpRestriction[] = [
  rule(0, '198.51.100.0/24', 'ALLOW', 'Head office'),
  rule(1, '2001:db8:1200::/40', 'ALLOW', 'Office IPv6'),
  ...Array.from({ length: 58 }, (_, i) => rule(i + 2, `10.${20 + Math.floor(i / 10)}.${i % 10}.0/24`, 'ALLOW', `VPN pool ${i + 1}`)),
  rule(0, '192.0.2.66', 'BLOCK', 'Scraper'),
  rule(1, '192.0.2.128/25', 'BLOCK', 'Abuse range'),
  rule(2, '2001:db8:dead::/48', 'BLOCK', ''),
];

/** The canned IP config: not enforced, allow list. */
export const PREVIEW_IP_CONFIG: IpRestrictionsConfig = { isActive: false, strategy: 'ALLOW' };

/** The canned email-domain rules. */
export const PREVIEW_DOMAINS: DomainRestriction[] = [
  { id: 'preview-domain-1', domain: 'acme.example', type: 'ALLOW' },
  { id: 'preview-domain-2', domain: 'partner.example', type: 'ALLOW' },
  { id: 'preview-domain-3', domain: 'mailinator.com', type: 'BLOCK' },
];

/** The canned email-domain config: an allow list in force, public domains blocked. */
export const PREVIEW_DOMAIN_CONFIG: DomainRestrictionsConfig = { active: true, listType: 'ALLOW', blockPublicDomains: true };

const ok = (body: unknown) => ({ status: 200, body });

/** The IP restrictions: a page of the strategy filtered (`_offset`, `_limit`, `_filter`), the config, verify, and writes. */
export const previewIpRestrictions: SectionPreviewRoutes = (req) => {
  if (req.path === P.ipMe) return ok({ ip: PREVIEW_MY_IP });
  if (req.path === P.ipVerify) return ok({ valid: true, ip: PREVIEW_MY_IP });
  if (req.path === P.ipVerifyAllow) return ok({ valid: false, ip: PREVIEW_MY_IP });
  if (req.path === P.ipConfig) return ok(req.method === 'GET' ? PREVIEW_IP_CONFIG : {});
  if (req.path === P.ipBulk) return ok({});
  if (req.path.startsWith(`${P.ip}/`) && req.method === 'DELETE') return ok({});
  if (req.path !== P.ip) return null;
  if (req.method !== 'GET') return { status: 201, body: {} };
  const strategy = req.query.get('_filter') === 'BLOCK' ? 'BLOCK' : 'ALLOW';
  const offset = Math.max(0, Number(req.query.get('_offset') ?? 0) || 0);
  const limit = Math.max(1, Number(req.query.get('_limit') ?? 10) || 10);
  const all = PREVIEW_IP_RULES.filter((r) => r.strategy === strategy);
  return ok({ items: all.slice(offset, offset + limit), _metadata: { totalItems: all.length, totalPages: Math.ceil(all.length / limit) } });
};

/** The email-domain restrictions: the list, the config, and writes (a new rule answered as made). */
export const previewDomainRestrictions: SectionPreviewRoutes = (req) => {
  if (req.path === P.domainConfig) return ok(req.method === 'GET' ? PREVIEW_DOMAIN_CONFIG : { ...PREVIEW_DOMAIN_CONFIG, ...req.body, listType: req.body?.type ?? 'ALLOW' });
  if (req.path.startsWith(`${P.domain}/`) && req.method === 'DELETE') return ok({});
  if (req.path !== P.domain) return null;
  if (req.method === 'GET') return ok({ items: PREVIEW_DOMAINS });
  return { status: 201, body: { id: `preview-domain-${req.now}`, domain: String(req.body?.domain ?? ''), type: req.body?.type === 'BLOCK' ? 'BLOCK' : 'ALLOW' } };
};

/**
 * Every preview answer of the restriction tabs, for the section's preview (src/admin/security/index.ts):
 * `for (const routes of previewRestrictions) addPreviewRoutes(routes);`
 */
export const previewRestrictions: SectionPreviewRoutes[] = [previewIpRestrictions, previewDomainRestrictions];
