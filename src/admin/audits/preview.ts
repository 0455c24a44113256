/**
 * The audit log's canned data in preview mode (`<fe-app preview>`): a dozen events of the preview account (sign-ins,
 * a failed sign-in, a lockout, role and user changes), searched, filtered and paged like the real log.
 */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import type { AuditRow } from '../../api/audits.ts';
import { DEFAULT_AUDIT_COLUMNS } from './model.ts';

const EVENTS: [string, string, string, string][] = [
  ['user.signed-in', 'INFO', 'ada.lovelace@preview.invalid', 'Signed in with a password'],
  ['user.sign-in.failed', 'WARNING', 'grace.hopper@preview.invalid', 'Sign-in refused: wrong password'],
  ['user.locked', 'SEVERE', 'grace.hopper@preview.invalid', 'Locked after 5 failed sign-ins'],
  ['user.invited', 'INFO', 'ada.lovelace@preview.invalid', 'Invited katherine.johnson@preview.invalid'],
  ['user.roles.updated', 'WARNING', 'ada.lovelace@preview.invalid', 'Roles of alan.turing@preview.invalid set to Admin'],
  ['role.created', 'WARNING', 'ada.lovelace@preview.invalid', 'Created the role Support'],
  ['user.mfa.verified', 'INFO', 'alan.turing@preview.invalid', 'Verified a code from an authenticator app'],
  ['user.signed-out', 'INFO', 'alan.turing@preview.invalid', 'Signed out'],
  ['group.created', 'INFO', 'ada.lovelace@preview.invalid', 'Created the group Engineering'],
  ['api-token.created', 'INFO', 'ada.lovelace@preview.invalid', 'Created an account API token'],
  ['user.password.changed', 'INFO', 'margaret.hamilton@preview.invalid', 'Changed the password'],
  ['user.disabled', 'WARNING', 'ada.lovelace@preview.invalid', 'Disabled edsger.dijkstra@preview.invalid'],
];

/** The canned rows, newest first (an hour apart, ending 2030-01-01 12:00 UTC). */
export const PREVIEW_AUDITS: AuditRow[] = EVENTS.map(([action, severity, email, description], i) => {
  const at = new Date(Date.UTC(2030, 0, 1, 12 - i)).toISOString();
  return {
    _id: `audit-${i + 1}`,
    ip: `203.0.113.${10 + i}`,
    json: [{ email, description }],
    action,
    resource: action.split('.')[0],
    time: at,
    user: email,
    email,
    severity,
    vendorId: 'preview-vendor',
    tenantId: 'preview-tenant',
    createdAt: at,
    updatedAt: at,
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    description,
  };
});

/** Whether `value` contains the query parameter `name` (any case; an absent parameter: yes). */
const contains = (q: URLSearchParams, name: string, value: string) => value.toLowerCase().includes((q.get(name) ?? '').toLowerCase());

/** The rows of a preview query: free text, severity, action and user filters (picked or typed), then the page. */
function matching(q: URLSearchParams): AuditRow[] {
  const text = (q.get('filter') ?? '').toLowerCase();
  const severity = q.get('severity');
  const action = q.get('action');
  const user = q.get('user');
  return PREVIEW_AUDITS.filter(
    (r) =>
      (!text || [r.email, r.action, r.description, r.ip].some((v) => v?.toLowerCase().includes(text))) &&
      (!severity || severity.split(',').includes(r.severity)) &&
      (!action || action.split(',').includes(r.action)) &&
      (!user || r.email === user) &&
      contains(q, 'actionContains', r.action) &&
      contains(q, 'userContains', r.email),
  );
}

/** The values of the action or user filter present in the canned rows that contain `search` (the pickers' options). */
function filterValues(q: URLSearchParams): { values: { value: string; label: string; kind?: 'user' }[]; more: boolean } {
  const field = q.get('field') === 'user' ? 'user' : 'action';
  const present = [...new Set(PREVIEW_AUDITS.map((r) => (field === 'user' ? r.email : r.action)))].filter((v) => contains(q, 'search', v)).sort();
  return { values: present.map((value) => ({ value, label: value, ...(field === 'user' ? { kind: 'user' as const } : {}) })), more: false };
}

/** GET /audits, /audits/values, /audits/stats and POST the CSV export (a small CSV of the matching rows). */
export const previewAudits: SectionPreviewRoutes = (req) => {
  if (req.method === 'GET' && req.path === '/audits') {
    const rows = matching(req.query);
    const offset = Number(req.query.get('offset') ?? 0);
    const count = Number(req.query.get('count') ?? 20);
    return { status: 200, body: { data: rows.slice(offset, offset + count), total: rows.length } };
  }
  if (req.method === 'GET' && req.path === '/audits/values') return { status: 200, body: filterValues(req.query) };
  if (req.method === 'GET' && req.path === '/audits/stats') return { status: 200, body: { totalToday: 4, severeThisWeek: 1 } };
  if (req.method === 'POST' && req.path.startsWith('/audits/export/')) {
    const head = DEFAULT_AUDIT_COLUMNS.filter((c) => c.name !== 'json').map((c) => c.displayName);
    const lines = matching(req.query).map((r) =>
      [r.createdAt, r.email, r.action, r.description, r.ip, r.severity, r.userAgent].map((v) => `"${String(v ?? '').replace(/"/g, '""')}"`),
    );
    return { status: 200, body: [head.join(','), ...lines.map((l) => l.join(','))].join('\n') };
  }
  return null;
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewAudits;
