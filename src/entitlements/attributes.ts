/**
 * Attribute names that targeting rules use on the wire (issue 5, issue 13;
 * spec §3), as Frontegg's evaluator builds them (`prepareAttributes` of
 * `@frontegg/entitlements-javascript-commons` 1.2.1,
 * `user-entitlements/utils/attributes.utils.ts`, `flatten.utils.ts`):
 * - a custom attribute from the host, by its own key (`plan`, `seats`); not
 *   flattened (an array stays an array);
 * - the well-known `frontegg.email` (claim `email`), `frontegg.emailVerified`
 *   (claim `email_verified`), `frontegg.tenantId` (`tenantId`) and
 *   `frontegg.userId` (claim `id` — not `sub`); these four always read the
 *   claims, never a custom attribute of the same name;
 * - a JWT claim as `jwt.<claim>`, the claims flattened with dots
 *   (`jwt.address.country`, `jwt.roles.0`): plain objects and arrays with at
 *   least one key are recursed into, anything else (an empty object or array
 *   included) is a leaf. When two claims flatten to the same name, the one
 *   met last in key order wins. A flattened claim hides a custom attribute of
 *   the same `jwt.` name; without such a claim the custom attribute is read.
 * `custom` and `jwt` must be plain objects (else absent).
 */
import { ATTR_CUSTOM, ATTR_FE_EMAIL, ATTR_FE_EMAIL_VERIFIED, ATTR_FE_TENANT_ID, ATTR_FE_USER_ID, ATTR_JWT, type CompiledCondition } from './conditions.ts';
import type { EntitlementAttributes } from './types.ts';

type Claims = Readonly<Record<string, unknown>>;

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;
const tagOf = Object.prototype.toString;

/** Deeper claims than this are not flattened further (cycles never throw). */
const MAX_DEPTH = 64;

/** Custom attributes: any non-array object (own keys are read). */
export function isAttributeBag(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A plain object (JSON object). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Flatten recurses into arrays and `[object Object]`s that have an own enumerable key. */
function isBranch(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (!Array.isArray(v) && tagOf.call(v) !== '[object Object]') return false;
  for (const k in v) if (hasOwn.call(v, k)) return true;
  return false;
}

/** A value that may hold the next key of a path: an array or an `[object Object]` (a JSON object: checked without the tag). */
function isNode(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  return Object.getPrototypeOf(v) === Object.prototype || Array.isArray(v) || tagOf.call(v) === '[object Object]';
}

const NOT_FOUND: unique symbol = Symbol('not found');

/**
 * The value at one candidate path, as flattening would write it: every key
 * own and enumerable, every step below the root an object or array, and the
 * leaf not itself flattened further. {@link NOT_FOUND} otherwise.
 */
function walk(root: Claims, path: readonly string[], safe: boolean): unknown {
  let o: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (i > 0 && !isNode(o)) return NOT_FOUND;
    // a name no prototype of a JSON object or array holds: a keyed load that
    // finds a value found an own (JSON: enumerable) one
    if (safe) {
      const v = (o as Record<string, unknown>)[key];
      if (v === undefined && !hasOwn.call(o, key)) return NOT_FOUND;
      o = v;
    } else {
      if (!isEnumerable.call(o, key)) return NOT_FOUND;
      o = (o as Record<string, unknown>)[key];
    }
  }
  if (typeof o === 'object' && o !== null && isBranch(o)) return NOT_FOUND;
  return o;
}

/** Whether flattening writes path `a` after path `b` (both found): the later one in key order at their first different key. */
function writtenAfter(root: Claims, a: readonly string[], b: readonly string[]): boolean {
  let o: Record<string, unknown> = root as Record<string, unknown>;
  let i = 0;
  while (a[i] === b[i]) o = o[a[i++]] as Record<string, unknown>;
  const keys = Object.keys(o);
  return keys.indexOf(a[i]) > keys.indexOf(b[i]);
}

/** A `jwt.<claim>` value from the claims, or NOT_FOUND (allocation-free unless two claims collide). */
function resolveClaim(cc: CompiledCondition, jwt: Claims): unknown {
  const paths = cc.jwtPaths;
  if (paths.length === 0) {
    const flat = new Map<string, unknown>();
    flattenInto(jwt, '', flat, 0);
    return flat.has(cc.claim) ? flat.get(cc.claim) : NOT_FOUND;
  }
  let found: unknown = NOT_FOUND;
  let foundAt = -1;
  for (let i = 0; i < paths.length; i++) {
    const v = walk(jwt, paths[i], cc.safeKeys);
    if (v === NOT_FOUND) continue;
    if (foundAt < 0 || writtenAfter(jwt, paths[i], paths[foundAt])) {
      found = v;
      foundAt = i;
    }
  }
  return found;
}

/**
 * The value a compiled condition's attribute has in `custom`/`jwt` (plain
 * objects, or null), or `undefined`. Allocation-free (hot path of indexed
 * decisions). Names that no prototype holds (`cc.safeKeys`) are read with a
 * keyed load first.
 */
export function resolveCompiled(cc: CompiledCondition, custom: Claims | null, jwt: Claims | null): unknown {
  switch (cc.attrKind) {
    case ATTR_CUSTOM:
      if (custom === null) return undefined;
      return cc.safeKeys || hasOwn.call(custom, cc.attribute) ? custom[cc.attribute] : undefined;
    case ATTR_JWT: {
      if (jwt !== null) {
        const v = resolveClaim(cc, jwt);
        if (v !== NOT_FOUND) return v;
      }
      if (custom === null) return undefined;
      return cc.safeKeys || hasOwn.call(custom, cc.attribute) ? custom[cc.attribute] : undefined;
    }
    case ATTR_FE_EMAIL:
      return jwt === null ? undefined : jwt.email;
    case ATTR_FE_EMAIL_VERIFIED:
      return jwt === null ? undefined : jwt.email_verified;
    case ATTR_FE_TENANT_ID:
      return jwt === null ? undefined : jwt.tenantId;
    case ATTR_FE_USER_ID:
      return jwt === null ? undefined : jwt.id;
    default:
      return undefined;
  }
}

/** The reference's `flatten` (hughsk/flat): later writes of the same name win. */
function flattenInto(obj: object, prefix: string, out: Map<string, unknown>, depth: number): void {
  for (const key of Object.keys(obj)) {
    const v = (obj as Record<string, unknown>)[key];
    if (depth < MAX_DEPTH && isBranch(v)) flattenInto(v as object, `${prefix}${key}.`, out, depth + 1);
    else out.set(prefix + key, v);
  }
}

function ownTop(jwt: Claims | null, key: string): unknown {
  return jwt !== null && hasOwn.call(jwt, key) ? jwt[key] : undefined;
}

/**
 * Builds the name → value map the rules read (reference form, used by the
 * un-indexed path and by tests), in the reference's order: custom keys as
 * they are, then the four `frontegg.*` names (always from the claims), then
 * the flattened claims as `jwt.<name>` (over a custom key of the same name).
 */
export function prepareAttributes(attributes: EntitlementAttributes | null | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const custom = attributes?.custom;
  const jwt = attributes?.jwt;
  if (isPlainObject(custom)) for (const key of Object.keys(custom)) out.set(key, custom[key]);
  const claims: Claims | null = isPlainObject(jwt) ? jwt : null;
  const set = (name: string, v: unknown) => (v === undefined ? out.delete(name) : out.set(name, v));
  set('frontegg.email', ownTop(claims, 'email'));
  set('frontegg.emailVerified', ownTop(claims, 'email_verified'));
  set('frontegg.tenantId', ownTop(claims, 'tenantId'));
  set('frontegg.userId', ownTop(claims, 'id'));
  if (claims !== null) flattenInto(claims, 'jwt.', out, 0);
  return out;
}
