/**
 * The users section's canned answers in preview mode (`<fe-app preview>`, admin spec §1): pages of the demo account's
 * users (src/preview/directory.ts) with their role and group ids, the temporary-users and invite-link settings, the
 * invite link, and the section's writes answered as if they worked (nothing is kept).
 */
import type { Page, TenantUser } from '../../api/admin-types.ts';
import { PREVIEW_USERS } from '../../preview/directory.ts';
import { previewJwt } from '../../preview/data.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const R = '/identity/resources';

/** The section's API areas: a write there that has no answer of its own answers `{}`. */
const AREAS = [
  '/team/resources/members/',
  `${R}/users/temporary/v1/`,
  `${R}/tenants/users/v1/`,
  `${R}/tenants/invites/v1/user`,
  // issue 34: the users of a sub-account acted in, and the applications
  `${R}/sub-tenants/users/`,
  `${R}/applications/v1/`,
];

/** The demo's applications (issue 34 item 5): one free for every user (the default), two assigned per user. */
const PREVIEW_APPLICATIONS = [
  { id: 'preview-app-docs', name: 'Docs', accessType: 'FREE_ACCESS', isDefault: true, isActive: true, description: 'The help centre' },
  { id: 'preview-app-billing', name: 'Billing', accessType: 'MANAGED_ACCESS', isDefault: false, isActive: true, description: 'Invoices and payments' },
  { id: 'preview-app-analytics', name: 'Analytics', accessType: 'MANAGED_ACCESS', isDefault: false, isActive: true, description: 'Reports and dashboards' },
];

/** The applications of a demo user: Billing for every other one, Analytics for every third. */
const previewUserApps = (id: string) => {
  const n = Number(/\d+$/.exec(id)?.[0] ?? 0);
  return ['preview-app-docs', ...(n % 2 ? ['preview-app-billing'] : []), ...(n % 3 === 0 ? ['preview-app-analytics'] : [])];
};

const ok = (body: unknown) => ({ status: 200, body });
const ids = (q: URLSearchParams) => (q.get('ids') ?? '').split(',').filter(Boolean);

/**
 * A users-v3 page of the demo users: offset and limit in rows, the email filter a case-insensitive substring,
 * `identifier` one exact email (any case), `status` `pending` only invitations not accepted yet.
 */
function previewUsersPage(offset: number, limit: number, email = '', filters: { identifier?: string; status?: string } = {}): Page<TenantUser> {
  const identifier = filters.identifier?.toLowerCase();
  const all = PREVIEW_USERS.filter(
    (u) =>
      u.email.includes(email.toLowerCase()) &&
      (identifier === undefined || u.email === identifier) &&
      // `_status=pending`: invitations not accepted yet
      (filters.status !== 'pending' || !u.activatedForTenant),
  );
  return { items: all.slice(offset, offset + limit), _metadata: { totalItems: all.length, totalPages: Math.max(1, Math.ceil(all.length / limit)) } };
}

/** The demo's invite link, valid `minutes` from `now` (ms). */
function previewInviteLink(now: number, minutes = 43_200) {
  return { id: 'preview-invite-link', token: 'preview-invitation-token', expires: new Date(now + minutes * 60_000).toISOString(), shouldSendEmail: false, roleIds: [] };
}

/** The users section's reads and writes. */
export const previewUsers: SectionPreviewRoutes = (req) => {
  const { method: m, path: p, query } = req;
  if (m === 'GET') {
    if (p === `${R}/users/v3`)
      return ok(
        previewUsersPage(Number(query.get('_offset') ?? 0), Number(query.get('_limit') ?? 20), query.get('_email') ?? '', {
          identifier: query.get('_identifier') ?? undefined,
          status: query.get('_status') ?? undefined,
        }),
      );
    if (p === `${R}/users/v3/roles`) return ok(PREVIEW_USERS.filter((u) => ids(query).includes(u.id)).map((u) => ({ userId: u.id, roleIds: u.roleIds, tenantId: u.tenantId })));
    if (p === `${R}/users/v3/groups`) return ok(PREVIEW_USERS.filter((u) => ids(query).includes(u.id)).map((u) => ({ userId: u.id, groupIds: u.groupIds, tenantId: u.tenantId })));
    if (p === `${R}/users/temporary/v1/configuration`) return ok({ enabled: true });
    if (p === `${R}/tenants/invites/v1/configuration`) return ok({ tenantInvitationsAllowed: true, emailsEnabled: true });
    if (p === `${R}/tenants/invites/v1/user`) return ok(previewInviteLink(req.now));
    if (p === '/applications/resources/applications/v1') return ok(PREVIEW_APPLICATIONS);
    if (p === '/applications/resources/applications/tenant-assignments/v2')
      return ok([{ tenantId: PREVIEW_USERS[0].tenantId, assignments: PREVIEW_APPLICATIONS.map((a) => ({ appId: a.id, accessType: a.accessType })) }]);
    // the users of the sub-account acted in and its sub-accounts (loadAllUsers): the demo users, each in that account
    if (p === `${R}/sub-tenants/users/v1`) {
      const filter = (query.get('_filter') ?? '').toLowerCase();
      const items = PREVIEW_USERS.filter((u) => u.email.includes(filter) || (u.name ?? '').toLowerCase().includes(filter)).map((u) => ({
        id: u.id,
        email: u.email,
        name: u.name,
        tenantIds: ['preview-sub-account'],
        tenants: [{ tenantId: 'preview-sub-account', roles: [], activated: true }],
      }));
      const limit = Number(query.get('_limit') ?? 20);
      return ok({ items: items.slice(0, limit), totalPages: Math.max(1, Math.ceil(items.length / limit)) });
    }
    if (p === `${R}/applications/v1/users-apps`)
      return ok(
        (query.get('userIds') ?? '')
          .split(',')
          .filter(Boolean)
          .map((userId) => ({ userId, appIds: previewUserApps(userId) })),
      );
    return null;
  }
  // entering a sub-account (issue 34): a token of that account, with every admin permission
  if (m === 'POST' && p === `${R}/users/v3/me/token`) {
    const exp = Math.floor(req.now / 1000) + 86_400;
    return ok({ accessToken: previewJwt({ sub: PREVIEW_USERS[0].id, tenantId: req.body?.tenantId, permissions: ['fe.*'], exp }), expiresIn: 86_400 });
  }
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
  if ((m === 'POST' || m === 'PATCH') && p === `${R}/tenants/invites/v1/user`) return ok(previewInviteLink(req.now, Number(req.body?.expiresInMinutes ?? 43_200)));
  return writeWorks(req, AREAS);
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewUsers;
