/**
 * Server-rendered session hint: `renderSessionScript(session)` emits
 * `<script type="application/json" id="fe-session">{ user, tenantId, expiresAt, entitlements? }</script>`
 * — the public user (the access token's claims, never a token) in the shape the elements hold it, so that the
 * elements can start signed in on first paint instead of flashing the signed-out
 * state while their refresh runs. The JSON is escaped for an HTML script element
 * (`<`, `>`, `&`, U+2028, U+2029), so claim values cannot end the element.
 */
import type { ServerSession, SessionUser } from './session.ts';

export const SESSION_SCRIPT_ID = 'fe-session';

/**
 * The user as the elements hold it (sign-in §3, SI-3.01): the claims, with `permissions` and `roles` as `[{ key }]`
 * where the token names them by key.
 */
export type HintUser = { [K in keyof SessionUser as K extends 'permissions' | 'roles' ? never : K]: SessionUser[K] } & {
  permissions?: { key: string }[];
  roles?: { key: string }[];
};

/** What the script carries. */
export interface SessionHint {
  user: HintUser;
  tenantId?: string;
  /** `exp` of the access token (seconds since the epoch). */
  expiresAt: number;
  entitlements?: unknown;
}

const TOKEN_KEYS = new Set(['accessToken', 'refreshToken', 'idToken', 'access_token', 'refresh_token', 'id_token']);

/** `["fe.secure.read.users"]` (a token's claim) → `[{ key: "fe.secure.read.users" }]`; other values as they are. */
const keyed = (list: unknown) => (Array.isArray(list) ? list.map((k: unknown) => (typeof k === 'string' ? { key: k } : k)) : list);

/** The hint of a session (tokens dropped, also from the user object; permissions and roles keyed). */
export function sessionHint(session: ServerSession): SessionHint {
  const user = Object.fromEntries(
    Object.entries(session.user)
      .filter(([k]) => !TOKEN_KEYS.has(k))
      .map(([k, v]) => [k, k === 'permissions' || k === 'roles' ? keyed(v) : v]),
  ) as HintUser;
  return {
    user,
    ...(session.tenantId ? { tenantId: session.tenantId } : {}),
    expiresAt: session.expiresAt,
    ...(session.entitlements !== undefined ? { entitlements: session.entitlements } : {}),
  };
}

/** JSON safe inside `<script>`. */
export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The `<script type="application/json" id="fe-session">` element; an empty string when there is no session. */
export function renderSessionScript(session: ServerSession | null | undefined, options: { nonce?: string } = {}): string {
  if (!session) return '';
  const nonce = options.nonce ? ` nonce="${options.nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : '';
  return `<script type="application/json" id="${SESSION_SCRIPT_ID}"${nonce}>${escapeJsonForHtml(JSON.stringify(sessionHint(session)))}</script>`;
}
