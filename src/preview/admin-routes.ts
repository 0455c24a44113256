/**
 * The admin calls in preview mode (admin spec §1): reads answered from ./admin-data.ts, writes answered as if they
 * worked (nothing is kept: the next read shows the demo data again). Pure: same request, same answer.
 */
import {
  PREVIEW_ACCOUNT_SETTINGS,
  PREVIEW_CATEGORIES,
  PREVIEW_GROUPS,
  PREVIEW_MFA_DEVICES,
  PREVIEW_PERMISSIONS,
  PREVIEW_PROFILE,
  PREVIEW_ROLES,
  PREVIEW_ROLES_LIST,
  PREVIEW_SESSIONS,
  PREVIEW_TENANT_TOKENS,
  PREVIEW_USER_TOKENS,
  PREVIEW_USERS,
  previewUsersPage,
} from './admin-data.ts';
import { PREVIEW_MFA_ENROLLMENT, PREVIEW_RECOVERY_CODE } from './data.ts';
import { sectionPreviewAnswer } from './section-routes.ts';

/** The parts of a preview request the admin answers read (./transport.ts PreviewRequest). */
export interface AdminPreviewRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  now: number;
}
/** A canned answer (./transport.ts PreviewAnswer). */
export interface AdminPreviewAnswer {
  status: number;
  body: unknown;
}

const ok = (body: unknown): AdminPreviewAnswer => ({ status: 200, body });
const ids = (q: URLSearchParams) => (q.get('ids') ?? '').split(',').filter(Boolean);
const R = '/identity/resources';

/**
 * The admin areas whose other writes answer `{}` as if they worked. Only these: a sign-in call that preview does not
 * know must keep answering 404 (the login box reads that as "not configured", e.g. no SSO).
 */
const ADMIN_WRITES = [
  '/team/resources/',
  '/tenants/resources/',
  `${R}/users/v2/me`,
  `${R}/users/v1/email/me`,
  `${R}/users/v1/mfa/`,
  `${R}/users/webauthn/v1/devices`,
  `${R}/users/sessions/v1/`,
  `${R}/users/temporary/v1/`,
  `${R}/users/api-tokens/`,
  `${R}/users/access-tokens/`,
  `${R}/tenants/api-tokens/`,
  `${R}/tenants/access-tokens/`,
  `${R}/tenants/users/v1/`,
  `${R}/tenants/invites/v1/user`,
  `${R}/roles/`,
  `${R}/permissions/`,
  `${R}/groups/`,
];

/** The demo's invite link, valid `minutes` from `now` (ms). */
function previewInviteLink(now: number, minutes = 43_200) {
  return { id: 'preview-invite-link', token: 'preview-invitation-token', expires: new Date(now + minutes * 60_000).toISOString(), shouldSendEmail: false, roleIds: [] };
}

/** The answer to an admin call, or null when `req` is not one. */
export function previewAdminAnswer(req: AdminPreviewRequest): AdminPreviewAnswer | null {
  const p = req.path.replace(/^\/frontegg/, '');
  const m = req.method;
  // sections that bring their own canned data (registered when their chunk loads)
  const own = sectionPreviewAnswer({ ...req, path: p });
  if (own) return own;
  if (m === 'GET') {
    if (p === `${R}/users/v3`)
      return ok(
        previewUsersPage(Number(req.query.get('_offset') ?? 0), Number(req.query.get('_limit') ?? 20), req.query.get('_email') ?? '', {
          identifier: req.query.get('_identifier') ?? undefined,
          status: req.query.get('_status') ?? undefined,
        }),
      );
    if (p === `${R}/users/v3/roles`) return ok(PREVIEW_USERS.filter((u) => ids(req.query).includes(u.id)).map((u) => ({ userId: u.id, roleIds: u.roleIds, tenantId: u.tenantId })));
    if (p === `${R}/users/v3/groups`)
      return ok(PREVIEW_USERS.filter((u) => ids(req.query).includes(u.id)).map((u) => ({ userId: u.id, groupIds: u.groupIds, tenantId: u.tenantId })));
    if (p === `${R}/users/temporary/v1/configuration`) return ok({ enabled: true });
    if (p === `${R}/roles/v1` || p === '/team/resources/roles/v1') return ok(PREVIEW_ROLES_LIST);
    if (p === `${R}/permissions/v1`) return ok(PREVIEW_PERMISSIONS.map((x) => ({ ...x, roleIds: PREVIEW_ROLES.filter((r) => r.permissions.includes(x.id)).map((r) => r.id) })));
    if (p === `${R}/permissions/v1/categories`) return ok(PREVIEW_CATEGORIES);
    if (p === `${R}/groups/v1`) return ok(PREVIEW_GROUPS);
    if (p === `${R}/groups/v1/config`) return ok({ enabled: true, rolesEnabled: true });
    if (p === `${R}/tenants/api-tokens/v1`) return ok(PREVIEW_TENANT_TOKENS);
    if (p === `${R}/users/api-tokens/v1`) return ok(PREVIEW_USER_TOKENS);
    if (p === `${R}/tenants/access-tokens/v1` || p === `${R}/users/access-tokens/v1`) return ok({ accessTokens: [] });
    if (p === `${R}/users/v2/me`) return ok(PREVIEW_PROFILE);
    if (p === `${R}/users/sessions/v1/me`) return ok(PREVIEW_SESSIONS);
    if (p === `${R}/users/v1/mfa/devices`) return ok(PREVIEW_MFA_DEVICES);
    // the demo user has a passkey (as PREVIEW_MFA_DEVICES says), so a preview sign-in is not offered to add one
    if (p === `${R}/users/webauthn/v1/devices`) return ok({ devices: [{ id: 'passkey-1', deviceType: 'Platform', createdAt: '2026-01-02T00:00:00.000Z' }] });
    if (p === '/tenants/resources/account-settings/v1') return ok(PREVIEW_ACCOUNT_SETTINGS);
    if (p === `${R}/tenants/invites/v1/configuration`) return ok({ tenantInvitationsAllowed: true, emailsEnabled: true });
    if (p === `${R}/tenants/invites/v1/user`) return ok(previewInviteLink(req.now));
    return null;
  }
  // writes: answered as if they worked
  if (m === 'POST' && p === `${R}/users/v2`) {
    const email = String(req.body?.email ?? 'new.user@preview.invalid');
    return ok({
      id: `user-new-${email}`,
      email,
      name: req.body?.name ?? '',
      verified: false,
      activatedForTenant: false,
      tenantId: PREVIEW_USERS[0].tenantId,
      createdAt: new Date(req.now).toISOString(),
    });
  }
  if (m === 'POST' && (p === `${R}/tenants/api-tokens/v2` || p === `${R}/users/api-tokens/v1`)) {
    return ok({
      clientId: 'preview-client-new',
      secret: 'preview-secret-shown-once',
      description: req.body?.description ?? '',
      createdAt: new Date(req.now).toISOString(),
      expires: null,
    });
  }
  if (m === 'POST' && p === `${R}/users/v1/mfa/authenticator/enroll`) return ok(PREVIEW_MFA_ENROLLMENT);
  if (m === 'POST' && (p === `${R}/users/v1/mfa/authenticator/enroll/verify` || p === `${R}/users/v1/mfa/sms/enroll/verify`)) return ok({ recoveryCode: PREVIEW_RECOVERY_CODE });
  if (m === 'POST' && (p === `${R}/users/v1/mfa/sms/enroll` || /\/users\/v1\/mfa\/sms\/[^/]+\/disable$/.test(p)))
    return ok({ otcToken: 'preview-otc', phoneNumber: '+1 ••• ••• 0100' });
  if (m === 'POST' && (p === `${R}/tenants/access-tokens/v1` || p === `${R}/users/access-tokens/v1`)) {
    return ok({
      id: 'preview-access-token-new',
      secret: 'preview-access-token-shown-once',
      description: req.body?.description ?? '',
      createdAt: new Date(req.now).toISOString(),
      expires: null,
    });
  }
  if ((m === 'POST' || m === 'PATCH') && p === `${R}/tenants/invites/v1/user`) return ok(previewInviteLink(req.now, Number(req.body?.expiresInMinutes ?? 43_200)));
  if (m === 'POST' && p === `${R}/roles/v2`) return ok({ ...PREVIEW_ROLES[4], id: 'role-new', ...req.body, permissions: (req.body?.permissionIds as string[]) ?? [] });
  if (m === 'POST' && p === `${R}/groups/v1`) return ok({ id: 'group-new', managedBy: 'frontegg', ...req.body });
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(m) && ADMIN_WRITES.some((prefix) => p.startsWith(prefix))) return ok({});
  return null;
}
