/**
 * The API tokens section's canned answers in preview mode (`<fe-app preview>`, admin spec §1): the demo account's and
 * the demo user's tokens (no secrets: a secret is shown once, when a token is made), a made token with its secret, and
 * the section's other writes answered as if they worked (nothing is kept).
 */
import type { ApiToken } from '../../api/admin-types.ts';
import { PREVIEW_TENANT } from '../../preview/data.ts';
import { previewDay as at } from '../../preview/directory.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const R = '/identity/resources';
const T = PREVIEW_TENANT.tenantId;

/** The section's API areas: a write there that has no answer of its own answers `{}`. */
const AREAS = [`${R}/users/api-tokens/`, `${R}/users/access-tokens/`, `${R}/tenants/api-tokens/`, `${R}/tenants/access-tokens/`];

const ok = (body: unknown) => ({ status: 200, body });

/** Demo API tokens (no secrets: those are shown once, at creation). */
const PREVIEW_TENANT_TOKENS: ApiToken[] = [
  { clientId: 'preview-client-ci', description: 'CI pipeline', createdAt: at(20), expires: null, roleIds: ['role-read-only'], tenantId: T },
  { clientId: 'preview-client-etl', description: 'Nightly export', createdAt: at(40), expires: at(400), roleIds: ['role-viewer'], tenantId: T },
];
const PREVIEW_USER_TOKENS: ApiToken[] = [{ clientId: 'preview-client-cli', description: 'My laptop CLI', createdAt: at(60), expires: at(120) }];

/** The API tokens section's reads and writes. */
export const previewTokens: SectionPreviewRoutes = (req) => {
  const { method: m, path: p } = req;
  if (m === 'GET') {
    if (p === `${R}/tenants/api-tokens/v1`) return ok(PREVIEW_TENANT_TOKENS);
    if (p === `${R}/users/api-tokens/v1`) return ok(PREVIEW_USER_TOKENS);
    if (p === `${R}/tenants/access-tokens/v1` || p === `${R}/users/access-tokens/v1`) return ok({ accessTokens: [] });
    return null;
  }
  // a made token: its secret shown once
  const made = (token: { clientId: string } | { id: string }, secret: string) =>
    ok({ ...token, secret, description: req.body?.description ?? '', createdAt: new Date(req.now).toISOString(), expires: null });
  if (m === 'POST' && (p === `${R}/tenants/api-tokens/v2` || p === `${R}/users/api-tokens/v1`)) return made({ clientId: 'preview-client-new' }, 'preview-secret-shown-once');
  if (m === 'POST' && (p === `${R}/tenants/access-tokens/v1` || p === `${R}/users/access-tokens/v1`))
    return made({ id: 'preview-access-token-new' }, 'preview-access-token-shown-once');
  return writeWorks(req, AREAS);
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewTokens;
