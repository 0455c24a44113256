/**
 * Attribute names that targeting rules use on the wire (issue 5; spec §3):
 * - a custom attribute from the host, by its own key (`plan`, `seats`);
 * - a JWT claim as `jwt.<claim>`, nested claims flattened with dots
 *   (`jwt.address.country`); arrays and primitives are leaves;
 * - the well-known `frontegg.email` (claim `email`), `frontegg.emailVerified`
 *   (`email_verified`, else `emailVerified`), `frontegg.tenantId` (`tenantId`)
 *   and `frontegg.userId` (`sub`).
 * The `jwt.` prefix and the four `frontegg.*` names always read the claims,
 * never a custom attribute of the same name. `custom` and `jwt` must be plain
 * objects (else absent); nested claims are JSON objects (arrays are leaves).
 */
import {
  ATTR_CUSTOM,
  ATTR_FE_EMAIL,
  ATTR_FE_EMAIL_VERIFIED,
  ATTR_FE_TENANT_ID,
  ATTR_FE_USER_ID,
  ATTR_JWT,
  type CompiledCondition,
} from './conditions.ts';
import type { EntitlementAttributes } from './types.ts';

type Claims = Readonly<Record<string, unknown>>;

const hasOwn = Object.prototype.hasOwnProperty;

/** Custom attributes: any non-array object (own keys are read). */
export function isAttributeBag(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A plain object (JSON object): recursed into when claims are flattened. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function emailVerified(jwt: Claims): unknown {
  const a = hasOwn.call(jwt, 'email_verified') ? jwt.email_verified : undefined;
  if (a !== undefined && a !== null) return a;
  return hasOwn.call(jwt, 'emailVerified') ? jwt.emailVerified : undefined;
}

function ownTop(jwt: Claims, key: string): unknown {
  return hasOwn.call(jwt, key) ? jwt[key] : undefined;
}

/** A claims node that flattening recurses into: any non-null, non-array object (claims are JSON). */
const isNode = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Walks one candidate path (own properties only); a node leaf is not a flattened value. */
function walk(root: Claims, path: readonly string[]): unknown {
  let o: unknown = root;
  for (let i = 0; i < path.length; i++) {
    if (!isNode(o) || !hasOwn.call(o, path[i])) return undefined;
    o = o[path[i]];
  }
  return isNode(o) ? undefined : o;
}

/** {@link walk} for paths with no Object.prototype key: a plain keyed load is an own lookup. */
function walkFast(root: Claims, path: readonly string[]): unknown {
  let o: unknown = root;
  for (let i = 0; i < path.length; i++) {
    if (!isNode(o)) return undefined;
    o = o[path[i]];
  }
  return isNode(o) ? undefined : o;
}

/**
 * The value a compiled condition's attribute has in `custom`/`jwt` (plain
 * objects, or null), or `undefined`. Allocation-free (hot path of indexed
 * decisions). Names that are not Object.prototype keys (`cc.safeKeys`) are
 * read with a keyed load, which on a plain object is an own-property lookup.
 */
export function resolveCompiled(cc: CompiledCondition, custom: Claims | null, jwt: Claims | null): unknown {
  switch (cc.attrKind) {
    case ATTR_CUSTOM:
      if (custom === null) return undefined;
      return cc.safeKeys || hasOwn.call(custom, cc.attribute) ? custom[cc.attribute] : undefined;
    case ATTR_JWT: {
      if (jwt === null) return undefined;
      const paths = cc.jwtPaths;
      for (let i = 0; i < paths.length; i++) {
        const v = cc.safeKeys ? walkFast(jwt, paths[i]) : walk(jwt, paths[i]);
        if (v !== undefined) return v;
      }
      return undefined;
    }
    case ATTR_FE_EMAIL:
      return jwt === null ? undefined : jwt.email;
    case ATTR_FE_EMAIL_VERIFIED: {
      if (jwt === null) return undefined;
      const v = jwt.email_verified;
      return v !== undefined && v !== null ? v : jwt.emailVerified;
    }
    case ATTR_FE_TENANT_ID:
      return jwt === null ? undefined : jwt.tenantId;
    case ATTR_FE_USER_ID:
      return jwt === null ? undefined : jwt.sub;
    default:
      return undefined;
  }
}

function flattenInto(obj: Record<string, unknown>, prefix: string, out: Map<string, unknown>): void {
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (isNode(v)) flattenInto(v, `${prefix}${key}.`, out);
    // the finest nesting wins over a literal dotted key (same as the indexed lookup)
    else if (!out.has(prefix + key) || !key.includes('.')) out.set(prefix + key, v);
  }
}

/**
 * Flattens `{ custom, jwt }` into the name → value map the rules read
 * (reference form, used by the un-indexed path and by tests): custom keys as
 * they are, `jwt.<dotted claim>`, and the four `frontegg.*` names.
 */
export function prepareAttributes(attributes: EntitlementAttributes | null | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const custom = attributes?.custom;
  const jwt = attributes?.jwt;
  if (isPlainObject(custom)) for (const key of Object.keys(custom)) out.set(key, custom[key]);
  for (const key of [...out.keys()]) if (key.startsWith('jwt.') || FRONTEGG_NAMES.has(key)) out.delete(key);
  if (isPlainObject(jwt)) {
    flattenInto(jwt, 'jwt.', out);
    const set = (name: string, v: unknown) => (v === undefined ? out.delete(name) : out.set(name, v));
    set('frontegg.email', ownTop(jwt, 'email'));
    set('frontegg.emailVerified', emailVerified(jwt));
    set('frontegg.tenantId', ownTop(jwt, 'tenantId'));
    set('frontegg.userId', ownTop(jwt, 'sub'));
  }
  return out;
}

const FRONTEGG_NAMES: ReadonlySet<string> = new Set(['frontegg.email', 'frontegg.emailVerified', 'frontegg.tenantId', 'frontegg.userId']);
