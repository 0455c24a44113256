/**
 * The users section's canned answers in preview mode (`<fe-app preview>`, admin spec §1): pages of the demo account's
 * users (src/preview/directory.ts) with their role and group ids, the temporary-users and invite-link settings, the
 * invite link, and the section's writes answered as if they worked (nothing is kept).
 */
import type { Page, TenantUser } from '../../api/admin-types.ts';
import { PREVIEW_USERS } from '../../preview/directory.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const R = '/identity/resources';

/** The section's API areas: a write there that has no answer of its own answers `{}`. */
const AREAS = ['/team/resources/members/', `${R}/users/temporary/v1/`, `${R}/tenants/users/v1/`, `${R}/tenants/invites/v1/user`];

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
    return null;
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
