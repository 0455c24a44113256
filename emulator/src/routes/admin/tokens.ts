/**
 * API tokens and access tokens (api-contract L; admin spec §3 "API token", §5; AB-3.09, AB-3.10, AB-5.07, AB-5.08,
 * AB-6.07, AB-7.20): personal (user) and tenant tokens, each as client credentials (`api-tokens`: a clientId and a
 * secret) or as an access token (`access-tokens`: a signed token is the secret).
 *
 * - The secret is answered once, at creation; only its SHA-256 is stored, lists carry no secret.
 * - `expiresInMinutes` is stored as given (the portal converts days × 1440, AB-5.07); absent or `null` = no expiry
 *   (`expires: null`, AB-5.08). `expires` is an ISO date on the emulator clock.
 * - Tenant tokens take `roleIds` (AB-6.07): roles of the vendor or of the tenant, else 400.
 * - Personal tokens need `fe.secure.read|write.userApiTokens`, tenant tokens `fe.secure.read|write.tenantApiTokens`;
 *   creation is refused (403 Not authorized) while the vendor's public policy has `apiTokensEnabled: false`.
 * - Every creation and deletion writes an audit row.
 * - A token over the `apiTokens` limit of the account's plan (all four families count) is refused: 400 `Your plan
 *   allows <n> API tokens. Upgrade the plan to add more.` (billing/plan-limits.ts).
 *
 * A client-credentials token is usable: `POST /identity/resources/auth/v1/api-token` `{ clientId, secret }` →
 * `{ accessToken, expiresIn, expires }`, an RS256 JWT (JWKS-verifiable, `aud` = the vendor's clientId) of the
 * token's tenant with the permissions of its roles (tenant token) or of its user in that tenant (personal token).
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, asc, eq, or } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { audit } from '../../audit.ts';
import { notAuthorized, requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { apiTokens } from '../../db/schema.ts';
import { sha256 } from '../../crypto/tokens.ts';
import { emulatorNow } from '../../clock.ts';
import { getVendor } from '../../session/accounts.ts';
import { assignableRoleIds } from '../../roles.ts';
import { exchangeApiToken, signAccessTokenSecret, tokenDto } from '../../tokens.ts';
import { enforceIpRestriction } from '../../restrictions.ts';
import { decodeJwt } from 'jose';
import { enforcePlanLimit } from '../../billing/plan-limits.ts';
import { emitApiTokenEvent } from '../../events/payloads.ts';

type Ctx = Context<AppEnv>;
type TokenRow = typeof apiTokens.$inferSelect;
type Owner = TokenRow['owner'];
type Kind = TokenRow['kind'];

export const adminTokenRoutes = new Hono<AppEnv>();

const USERS = '/identity/resources/users';
const TENANTS = '/identity/resources/tenants';
/** The longest expiry accepted: 10 years, in minutes. */
export const MAX_TOKEN_MINUTES = 10 * 525_600;

/** The creation body (roleIds: tenant tokens only; a personal token has its user's permissions and ignores them). */
const createBody = z.object({
  description: z.string({ message: 'description is required' }).trim().min(1, 'description is required').max(255, 'description must be at most 255 characters'),
  expiresInMinutes: z
    .number({ message: 'expiresInMinutes must be a number of minutes or null' })
    .int('expiresInMinutes must be a whole number of minutes')
    .min(1, 'expiresInMinutes must be at least 1')
    .max(MAX_TOKEN_MINUTES, `expiresInMinutes must be at most ${MAX_TOKEN_MINUTES}`)
    .nullish(),
  roleIds: z.array(z.string().min(1), { message: 'roleIds must be a list of role ids' }).nullish(),
});

/** Where each of the four token families lives (api-contract L). */
interface Family {
  owner: Owner;
  kind: Kind;
  list: string;
  create: string;
  remove: string;
  read: string;
  write: string;
  /** The list answer's shape: a bare array (api tokens) or `{ accessTokens }` (access tokens). */
  wrap: (items: ReturnType<typeof tokenDto>[]) => unknown;
}

const FAMILIES: Family[] = [
  // getUserApiTokensData / updateUserApiTokensData (= create) / deleteUserApiToken
  {
    owner: 'user',
    kind: 'ClientCredentials',
    list: `${USERS}/api-tokens/v1`,
    create: `${USERS}/api-tokens/v1`,
    remove: `${USERS}/api-tokens/v1/:tokenId`,
    read: 'fe.secure.read.userApiTokens',
    write: 'fe.secure.write.userApiTokens',
    wrap: (items) => items,
  },
  // getTenantApiTokensData / updateTenantApiTokensData (= create, v2) / deleteTenantApiToken
  {
    owner: 'tenant',
    kind: 'ClientCredentials',
    list: `${TENANTS}/api-tokens/v1`,
    create: `${TENANTS}/api-tokens/v2`,
    remove: `${TENANTS}/api-tokens/v1/:tokenId`,
    read: 'fe.secure.read.tenantApiTokens',
    write: 'fe.secure.write.tenantApiTokens',
    wrap: (items) => items,
  },
  // getUserAccessTokensData / createUserAccessToken / deleteUserAccessToken
  {
    owner: 'user',
    kind: 'AccessToken',
    list: `${USERS}/access-tokens/v1`,
    create: `${USERS}/access-tokens/v1`,
    remove: `${USERS}/access-tokens/v1/:tokenId`,
    read: 'fe.secure.read.userApiTokens',
    write: 'fe.secure.write.userApiTokens',
    wrap: (accessTokens) => ({ accessTokens }),
  },
  // getTenantAccessTokensData / createTenantAccessToken / deleteTenantAccessToken
  {
    owner: 'tenant',
    kind: 'AccessToken',
    list: `${TENANTS}/access-tokens/v1`,
    create: `${TENANTS}/access-tokens/v1`,
    remove: `${TENANTS}/access-tokens/v1/:tokenId`,
    read: 'fe.secure.read.tenantApiTokens',
    write: 'fe.secure.write.tenantApiTokens',
    wrap: (accessTokens) => ({ accessTokens }),
  },
];

/** The caller's tokens of one family: personal ones of the signed-in user in its tenant, or the tenant's. */
const scope = (c: Ctx, f: Family) =>
  and(eq(apiTokens.owner, f.owner), eq(apiTokens.kind, f.kind), eq(apiTokens.tenantId, c.var.auth.tenantId), f.owner === 'user' ? eq(apiTokens.userId, c.var.auth.sub) : undefined);

/** The event of a token family's creation or deletion: personal tokens are `userApiToken`'s, the account's `tenantApiToken`'s. */
const tokenEventKey = (f: Family, verb: 'created' | 'deleted') => (f.owner === 'user' ? (`frontegg.userApiToken.${verb}` as const) : (`frontegg.tenantApiToken.${verb}` as const));

/** A token row as its events carry it (never the secret). */
const webhookApiToken = (r: typeof apiTokens.$inferSelect) => ({
  clientId: r.clientId,
  description: r.description,
  tenantId: r.tenantId,
  userId: r.userId,
  createdAt: r.createdAt.toISOString(),
  expires: r.expiresAt?.toISOString() ?? null,
});

guard(adminTokenRoutes, ...new Set(FAMILIES.flatMap((f) => [f.list, f.create, f.remove])));

for (const f of FAMILIES) {
  const noun = f.kind === 'ClientCredentials' ? 'api-token' : 'access-token';

  adminTokenRoutes.get(f.list, requirePermission(f.read), async (c) => {
    const rows = await c.var.db.select().from(apiTokens).where(scope(c, f)).orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
    return c.json(f.wrap(rows.map((r) => tokenDto(r))));
  });

  adminTokenRoutes.post(f.create, requirePermission(f.write), async (c) => {
    const body = await parseBody(c, createBody);
    const db = c.var.db;
    const vendor = await getVendor(db, c.var.rt.vendorId);
    if (vendor.publicConfig.apiTokensEnabled === false) throw notAuthorized();
    await enforcePlanLimit(db, c.var.auth.tenantId, 'apiTokens');
    const roleIds = f.owner === 'tenant' ? await assignableRoleIds(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, body.roleIds ?? []) : [];
    const now = await emulatorNow(db);
    const id = randomUUID();
    const row = {
      id,
      clientId: id,
      owner: f.owner,
      kind: f.kind,
      tenantId: c.var.auth.tenantId,
      userId: f.owner === 'user' ? c.var.auth.sub : null,
      createdByUserId: c.var.auth.sub,
      description: body.description,
      metadata: null,
      roleIds,
      expiresAt: body.expiresInMinutes ? new Date(now + body.expiresInMinutes * 60_000) : null,
      createdAt: new Date(now),
    };
    const secret = f.kind === 'ClientCredentials' ? randomUUID() : await signAccessTokenSecret(c.var.rt, row);
    const [saved] = await db
      .insert(apiTokens)
      .values({ ...row, secretHash: sha256(secret) })
      .returning();
    await audit(c, {
      action: `${noun}.created`,
      targetId: id,
      details: { owner: f.owner, type: f.kind, description: body.description, roleIds, expiresInMinutes: body.expiresInMinutes ?? null },
    });
    await emitApiTokenEvent(db, tokenEventKey(f, 'created'), { tenantId: saved.tenantId, userId: c.var.auth.sub, apiToken: webhookApiToken(saved) });
    return c.json(tokenDto(saved, secret), 201);
  });

  adminTokenRoutes.delete(f.remove, requirePermission(f.write), idParams('tokenId'), async (c) => {
    const tokenId = c.req.param('tokenId') ?? '';
    const [gone] = await c.var.db
      .delete(apiTokens)
      .where(and(scope(c, f), or(eq(apiTokens.id, tokenId), eq(apiTokens.clientId, tokenId))))
      .returning();
    if (!gone) throw notFound('Token not found', 'ER-TOKEN-NOT-FOUND');
    await audit(c, { action: `${noun}.deleted`, targetId: gone.id, details: { owner: f.owner, type: f.kind, description: gone.description }, severity: 'WARNING' });
    await emitApiTokenEvent(c.var.db, tokenEventKey(f, 'deleted'), { tenantId: gone.tenantId, userId: c.var.auth.sub, apiToken: webhookApiToken(gone) });
    return c.json({});
  });
}

/**
 * Authenticate with an API token (not in the reference client): `{ clientId, secret }` of a client-credentials token
 * → `{ accessToken, expiresIn, expires }`, as the real API answers it. 401 for an unknown, wrong, expired token,
 * or a personal token whose user left the tenant or is locked; 403 from an address the account's IP restrictions
 * refuse. The access token lives as long as a user's.
 */
adminTokenRoutes.post('/identity/resources/auth/v1/api-token', async (c) => {
  const body = await parseBody(c, z.object({ clientId: z.string().min(1, 'clientId is required'), secret: z.string().min(1, 'secret is required') }));
  const answer = await exchangeApiToken(c.var.db, c.var.rt, body.clientId, body.secret);
  // the account's IP restrictions (restrictions.ts): a refused address gets no token (403)
  const claims = decodeJwt(answer.accessToken) as { tenantId: string; userId?: string };
  await enforceIpRestriction(c, claims.tenantId, { id: claims.userId ?? body.clientId }, 'sign-in');
  return c.json(answer);
});
