/**
 * Permission patterns (spec sign-in §3 "permissions (wildcard patterns)", §6):
 * `*` matches any run of characters, dots included (`fe.secure.*` matches
 * `fe.secure.read.users`; `*` matches everything). Every other character is
 * literal and the whole key must match. (Frontegg's evaluator builds a RegExp
 * escaping only `.`, so `+`, `(`, `[`… in a held permission key act as regex
 * syntax there, and an unbalanced one throws; keys with such characters are
 * our deliberate difference. Real permission keys use letters, digits, `.`,
 * `-`, `_` and `*`, where both agree.) Patterns apply to the user's held
 * permissions only; `linkedPermissions` of features are exact keys.
 *
 * {@link holdsKey} applies the same patterns either way round: the one wildcard rule of `isAuthorized`
 * (src/auth/authorization.ts, `<fe-authorized>`) and of the admin portal's `can()` (src/admin/shell/sections.ts).
 */

const REGEX_SPECIALS = /[.+?^${}()|[\]\\]/g;

/** Compiles a `*` pattern to an anchored RegExp; `null` when the pattern has no `*` (exact match). */
export function compilePermissionPattern(pattern: string): RegExp | null {
  if (!pattern.includes('*')) return null;
  const source = pattern
    .split('*')
    .map((part) => part.replace(REGEX_SPECIALS, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's');
}

const cache = new Map<string, RegExp | null>();
const CACHE_LIMIT = 1024;

/**
 * Whether permission `key` matches `pattern` (a permission key or a `*`
 * pattern, SI-4.40 / spec §6). Pure; compiled patterns are memoised.
 *
 * @example matchesPermission('fe.secure.*', 'fe.secure.read.users') // true
 * @example matchesPermission('fe.secure.read.users', 'fe.secure.read.users') // true
 */
export function matchesPermission(pattern: string, key: string): boolean {
  if (typeof pattern !== 'string' || typeof key !== 'string') return false;
  if (pattern === key) return true;
  let re = cache.get(pattern);
  if (re === undefined) {
    re = compilePermissionPattern(pattern);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, re);
  }
  return re !== null && re.test(key);
}

/**
 * Whether the `granted` keys (permission or role keys) hold the `required` one (sign-in §6, SI-6.05; admin spec §6):
 * one of them equals it, or one matches the other as a `*` pattern ({@link matchesPermission}) — either way round: a
 * granted `fe.secure.*` holds `fe.secure.read.users`, and a required `fe.subscriptions.*` is held by any granted
 * `fe.subscriptions.…` key. The one rule of `isAuthorized` and the portal's `can()`.
 *
 * @example holdsKey(['fe.secure.*'], 'fe.secure.read.users') // true
 * @example holdsKey(['fe.subscriptions.read'], 'fe.subscriptions.*') // true
 */
export function holdsKey(granted: Iterable<string>, required: string): boolean {
  if (granted instanceof Set && granted.has(required)) return true;
  for (const g of granted) if (matchesPermission(g, required) || matchesPermission(required, g)) return true;
  return false;
}

/** Whether the `granted` keys hold every one of `required` by {@link holdsKey} (none required: true). */
export function holdsAllKeys(granted: Iterable<string>, required: readonly string[]): boolean {
  const keys = granted instanceof Set ? granted : [...granted];
  return required.every((k) => holdsKey(keys, k));
}
