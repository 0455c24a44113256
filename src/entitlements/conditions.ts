/**
 * Condition compilation and testing (spec sign-in §3 "Operations", §5
 * "Condition values"; SI-3.14, SI-3.15, SI-5.09–SI-5.13).
 *
 * A condition is compiled once into a fixed-shape {@link CompiledCondition}
 * (value validated, regex built, dates parsed, attribute name resolved) and
 * then tested against an attribute value without allocating.
 *
 * Semantics are those of Frontegg's own evaluator,
 * `@frontegg/entitlements-javascript-commons` 1.2.1 (issue 13; its
 * `conditions/condition.evaluator.ts`, `operations/*`): value sanitizers,
 * operations and `negate` as there; dates are instants (ms), compared exactly.
 *
 * Invalid = false, always: a value of the wrong shape for the operation (the
 * reference's sanitizers reject it, or throw on it), an unparsable regex, an
 * unknown operation, a missing attribute, or an attribute of the wrong type —
 * the condition evaluates to false, and `negate` does not turn that into true.
 * Nothing here throws. Deliberate differences from the reference (it throws
 * on a string or date operation over an attribute of another type and on a
 * malformed list, coerces a wrong-typed attribute in the other operations and
 * then applies `negate`, and negates an unparsable `matches` regex into true):
 * ours is false in all these cases, negated or not (SI-5.13).
 */
import type { ConditionOperation } from './types.ts';

/** The 16 operations, in the order of spec §3 (SI-3.15). */
export const CONDITION_OPERATIONS: readonly ConditionOperation[] = Object.freeze([
  'in_list',
  'starts_with',
  'ends_with',
  'contains',
  'matches',
  'equal',
  'greater_than',
  'greater_than_equal',
  'lower_than',
  'lower_than_equal',
  'between_numeric',
  'is',
  'on',
  'between_date',
  'on_or_after',
  'on_or_before',
] as const);

// operation codes (small ints keep the hot switch monomorphic)
const OP_INVALID = 0;
const OP_IN_LIST = 1;
const OP_STARTS_WITH = 2;
const OP_ENDS_WITH = 3;
const OP_CONTAINS = 4;
const OP_MATCHES = 5;
const OP_EQUAL = 6;
const OP_GT = 7;
const OP_GTE = 8;
const OP_LT = 9;
const OP_LTE = 10;
const OP_BETWEEN_NUMERIC = 11;
const OP_IS = 12;
const OP_ON = 13;
const OP_BETWEEN_DATE = 14;
const OP_ON_OR_AFTER = 15;
const OP_ON_OR_BEFORE = 16;

const OP_CODES: ReadonlyMap<string, number> = new Map([
  ['in_list', OP_IN_LIST],
  ['starts_with', OP_STARTS_WITH],
  ['ends_with', OP_ENDS_WITH],
  ['contains', OP_CONTAINS],
  ['matches', OP_MATCHES],
  ['equal', OP_EQUAL],
  ['greater_than', OP_GT],
  ['greater_than_equal', OP_GTE],
  ['lower_than', OP_LT],
  ['lower_than_equal', OP_LTE],
  ['between_numeric', OP_BETWEEN_NUMERIC],
  ['is', OP_IS],
  ['on', OP_ON],
  ['between_date', OP_BETWEEN_DATE],
  ['on_or_after', OP_ON_OR_AFTER],
  ['on_or_before', OP_ON_OR_BEFORE],
]);

/** Where an attribute comes from (resolved once at compile time). */
export const ATTR_INVALID = 0;
export const ATTR_CUSTOM = 1;
export const ATTR_JWT = 2;
export const ATTR_FE_EMAIL = 3;
export const ATTR_FE_EMAIL_VERIFIED = 4;
export const ATTR_FE_TENANT_ID = 5;
export const ATTR_FE_USER_ID = 6;

/** Lists longer than this are also held in a Set for in_list. */
const SET_THRESHOLD = 8;

/**
 * A compiled condition. Every field is always present (one hidden class).
 * `lo`/`hi` hold numbers (numeric ops) or Unix ms instants (date ops; `lo`
 * alone for on / on_or_after / on_or_before, inclusive `[lo, hi]` for between_date).
 */
export class CompiledCondition {
  /** Operation code; 0 when the operation is unknown. */
  op = OP_INVALID;
  /** False when the value is invalid for the operation (SI-5.13). */
  valid = false;
  negate = false;
  attrKind = ATTR_INVALID;
  /** The attribute name as written in the rule. */
  attribute = '';
  /** No key on the attribute's path is an Object.prototype or Array.prototype name (a keyed load finds only own values). */
  safeKeys = false;
  /** For `jwt.*`: the claim name (after `jwt.`). */
  claim = '';
  /** For `jwt.*`: candidate claim paths (finest split first); empty when the slow path (flatten) is used. */
  jwtPaths: readonly (readonly string[])[] = EMPTY_PATHS;
  list: readonly string[] = EMPTY_LIST;
  set: ReadonlySet<string> | null = null;
  re: RegExp | null = null;
  lo = NaN;
  hi = NaN;
  bool = false;
}

const EMPTY_LIST: readonly string[] = Object.freeze([]);
const EMPTY_PATHS: readonly (readonly string[])[] = Object.freeze([]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** The reference's number check (`typeof`): NaN and ±Infinity are numbers; every comparison with NaN is false. */
const isNumber = (v: unknown): v is number => typeof v === 'number';

/**
 * A date value of a rule as Unix ms, as the reference's sanitizer reads it
 * (`value.date ? new Date(value.date) : invalid`): a falsy value (`0`, `''`)
 * is invalid; an ISO-8601 string (`'2025-03-01'` is that UTC midnight), Unix
 * ms (`new Date(ms)`: truncated, at most ±8.64e15) or a Date is an instant.
 * Other types (outside the reference's `Date | string | number`) are invalid.
 * NaN when invalid.
 */
export function parseDateValue(v: unknown): number {
  if (!v) return NaN;
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return new Date(v).getTime();
  return NaN;
}

/**
 * Parsed date strings of attributes (Date.parse is the slowest step of a date
 * condition): bounded, cleared when full, so a decision that hits it does not
 * allocate. A pure function's memo: it changes no answer.
 */
const parsedDates = new Map<string, number>();
const PARSED_DATES_LIMIT = 4096;

/**
 * A non-Date attribute of a date condition as Unix ms: an ISO string or ms
 * number, read as `new Date(v)` would (our extension — the reference accepts
 * only a Date there and throws otherwise). NaN when it is not a date (the
 * condition is then false).
 */
export function attributeTime(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) && Math.abs(v) <= 8.64e15 ? Math.trunc(v) + 0 : NaN;
  if (typeof v === 'string') {
    let t = parsedDates.get(v);
    if (t === undefined) {
      t = v.length === 0 ? NaN : Date.parse(v);
      if (parsedDates.size >= PARSED_DATES_LIMIT) parsedDates.clear();
      parsedDates.set(v, t);
    }
    return t;
  }
  return NaN;
}

/** Claims with more dot-separated parts than this are looked up by flattening (slow, rare). */
export const MAX_JWT_PARTS = 8;

/**
 * Splits `jwt.<claim>` into candidate paths into the claims object. Claims are
 * flattened with dots, so `a.b.c` may be `{a:{b:{c}}}`, `{'a.b':{c}}`, … —
 * every split is a candidate (the finest first); which one wins when several
 * exist is decided at lookup (see attributes.ts). Empty for more than
 * {@link MAX_JWT_PARTS} parts (looked up by flattening instead).
 */
function jwtPathsFor(claim: string): (readonly string[])[] {
  const parts = claim.split('.');
  const n = parts.length;
  if (n === 1) return [parts];
  if (n > MAX_JWT_PARTS) return [];
  const out: string[][] = [];
  // each of the n-1 gaps is either a split (bit 0) or a join (bit 1): 0 = finest
  for (let mask = 0; mask < 1 << (n - 1); mask++) {
    const path: string[] = [];
    let cur = parts[0];
    for (let i = 1; i < n; i++) {
      if (mask & (1 << (i - 1))) cur += '.' + parts[i];
      else {
        path.push(cur);
        cur = parts[i];
      }
    }
    path.push(cur);
    out.push(path);
  }
  out.sort((a, b) => b.length - a.length);
  return out;
}

/** Keys a keyed load may find on a plain object or an array without owning them. */
const isInheritedName = (key: string): boolean => key in Object.prototype || key in Array.prototype;

function setAttribute(cc: CompiledCondition, attribute: unknown): void {
  if (typeof attribute !== 'string') return;
  cc.attribute = attribute;
  if (attribute.startsWith('jwt.')) {
    const claim = attribute.slice(4);
    cc.attrKind = ATTR_JWT;
    cc.claim = claim;
    cc.jwtPaths = jwtPathsFor(claim);
    cc.safeKeys = !isInheritedName(attribute) && cc.jwtPaths.every((path) => path.every((key) => !isInheritedName(key)));
    return;
  }
  switch (attribute) {
    case 'frontegg.email':
      cc.attrKind = ATTR_FE_EMAIL;
      return;
    case 'frontegg.emailVerified':
      cc.attrKind = ATTR_FE_EMAIL_VERIFIED;
      return;
    case 'frontegg.tenantId':
      cc.attrKind = ATTR_FE_TENANT_ID;
      return;
    case 'frontegg.userId':
      cc.attrKind = ATTR_FE_USER_ID;
      return;
    default:
      cc.attrKind = ATTR_CUSTOM;
      cc.safeKeys = !isInheritedName(attribute);
  }
}

/** Condition groups nested deeper than this never hold (cycles never throw). */
export const MAX_GROUP_DEPTH = 32;

/**
 * Whether a rule item is a nested condition group `{ conditionLogic, conditions }`
 * rather than a condition: the reference's `isConditionGroup` (an object with
 * `conditionLogic` and without `op`).
 */
export function isConditionGroup(item: unknown): item is Readonly<Record<string, unknown>> {
  return typeof item === 'object' && item !== null && 'conditionLogic' in item && !('op' in item);
}

/**
 * Relative cost of testing a compiled condition (for ordering the conditions
 * of an AND rule cheapest first; the order does not change the result).
 */
export function conditionCost(cc: CompiledCondition): number {
  const attr = cc.attrKind === ATTR_JWT ? 2 : 0;
  switch (cc.op) {
    case OP_IS:
      return attr;
    case OP_EQUAL:
    case OP_GT:
    case OP_GTE:
    case OP_LT:
    case OP_LTE:
    case OP_BETWEEN_NUMERIC:
      return 1 + attr;
    case OP_IN_LIST:
      return 2 + attr + (cc.set === null ? cc.list.length >> 2 : 0);
    case OP_STARTS_WITH:
    case OP_ENDS_WITH:
    case OP_CONTAINS:
      return 3 + attr + (cc.list.length >> 1);
    case OP_MATCHES:
      return 8 + attr;
    default:
      return 5 + attr; // dates
  }
}

function isStringList(v: unknown): v is string[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}

/**
 * Compiles a wire condition (`{ attribute, op, value, negate }`). Never throws;
 * the result has `valid: false` when the operation, value or attribute name is
 * unusable (SI-5.09–SI-5.13): list ops need `{ list: string[] }`, `matches`
 * `{ string }` (a parsable RegExp source), numeric ops `{ number }` or
 * `{ start, end }` (any JS number, as the reference's `typeof` check),
 * `is` `{ boolean }`, date ops `{ date }` or `{ start, end }` (see
 * {@link parseDateValue}). Only `negate === true` negates.
 */
export function compileCondition(condition: unknown): CompiledCondition {
  const cc = new CompiledCondition();
  if (!isObject(condition)) return cc;
  cc.negate = condition.negate === true;
  setAttribute(cc, condition.attribute);
  const op = (typeof condition.op === 'string' && OP_CODES.get(condition.op)) || OP_INVALID;
  cc.op = op;
  const value = condition.value;
  if (op === OP_INVALID || cc.attrKind === ATTR_INVALID || !isObject(value)) return cc;
  switch (op) {
    case OP_IN_LIST:
    case OP_STARTS_WITH:
    case OP_ENDS_WITH:
    case OP_CONTAINS: {
      const list = value.list;
      if (!isStringList(list)) return cc;
      cc.list = Object.freeze(list.slice());
      if (op === OP_IN_LIST && list.length > SET_THRESHOLD) cc.set = new Set(list);
      break;
    }
    case OP_MATCHES: {
      if (typeof value.string !== 'string') return cc;
      try {
        cc.re = new RegExp(value.string);
      } catch {
        return cc;
      }
      break;
    }
    case OP_EQUAL:
    case OP_GT:
    case OP_GTE:
    case OP_LT:
    case OP_LTE:
      if (!isNumber(value.number)) return cc;
      cc.lo = cc.hi = value.number;
      break;
    case OP_BETWEEN_NUMERIC:
      if (!isNumber(value.start) || !isNumber(value.end)) return cc;
      cc.lo = value.start;
      cc.hi = value.end;
      break;
    case OP_IS:
      if (typeof value.boolean !== 'boolean') return cc;
      cc.bool = value.boolean;
      break;
    case OP_ON:
    case OP_ON_OR_AFTER:
    case OP_ON_OR_BEFORE: {
      const t = parseDateValue(value.date);
      if (t !== t) return cc;
      cc.lo = cc.hi = t;
      break;
    }
    case OP_BETWEEN_DATE: {
      const start = parseDateValue(value.start);
      const end = parseDateValue(value.end);
      if (start !== start || end !== end) return cc;
      cc.lo = start;
      cc.hi = end;
      break;
    }
  }
  cc.valid = true;
  return cc;
}

/**
 * Tests a compiled condition against the attribute's value (`undefined` when
 * the attribute is absent). Invalid value, missing attribute or attribute of
 * the wrong type → false whatever `negate` says; otherwise the result XOR negate.
 *
 * Attribute types (as the reference's operations, minus its coercions):
 * string ops need a string (`in_list` also takes an array: true when any item
 * is in the list); numeric ops need a number (NaN compares false); `is` a
 * boolean; date ops a Date (an Invalid Date compares false), or — our
 * extension, where the reference throws — an ISO string or Unix ms.
 */
export function testCondition(cc: CompiledCondition, v: unknown): boolean {
  if (!cc.valid) return false;
  let r = false;
  switch (cc.op) {
    case OP_IN_LIST: {
      if (typeof v === 'string') r = inList(cc, v);
      else if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const item: unknown = v[i];
          if (typeof item === 'string' && inList(cc, item)) {
            r = true;
            break;
          }
        }
      } else return false;
      break;
    }
    case OP_STARTS_WITH: {
      if (typeof v !== 'string') return false;
      const list = cc.list;
      for (let i = 0; i < list.length; i++)
        if (v.startsWith(list[i])) {
          r = true;
          break;
        }
      break;
    }
    case OP_ENDS_WITH: {
      if (typeof v !== 'string') return false;
      const list = cc.list;
      for (let i = 0; i < list.length; i++)
        if (v.endsWith(list[i])) {
          r = true;
          break;
        }
      break;
    }
    case OP_CONTAINS: {
      if (typeof v !== 'string') return false;
      const list = cc.list;
      for (let i = 0; i < list.length; i++)
        if (v.includes(list[i])) {
          r = true;
          break;
        }
      break;
    }
    case OP_MATCHES:
      if (typeof v !== 'string') return false;
      r = (cc.re as RegExp).test(v);
      break;
    case OP_EQUAL:
      if (typeof v !== 'number') return false;
      r = v === cc.lo;
      break;
    case OP_GT:
      if (typeof v !== 'number') return false;
      r = v > cc.lo;
      break;
    case OP_GTE:
      if (typeof v !== 'number') return false;
      r = v >= cc.lo;
      break;
    case OP_LT:
      if (typeof v !== 'number') return false;
      r = v < cc.lo;
      break;
    case OP_LTE:
      if (typeof v !== 'number') return false;
      r = v <= cc.lo;
      break;
    case OP_BETWEEN_NUMERIC:
      if (typeof v !== 'number') return false;
      r = v >= cc.lo && v <= cc.hi;
      break;
    case OP_IS:
      if (typeof v !== 'boolean') return false;
      r = v === cc.bool;
      break;
    case OP_ON:
    case OP_ON_OR_AFTER:
    case OP_ON_OR_BEFORE:
    case OP_BETWEEN_DATE: {
      let t: number;
      if (v instanceof Date) t = v.getTime();
      else {
        t = attributeTime(v);
        if (t !== t) return false;
      }
      const op = cc.op;
      r = op === OP_ON ? t === cc.lo : op === OP_ON_OR_AFTER ? t >= cc.lo : op === OP_ON_OR_BEFORE ? t <= cc.lo : t >= cc.lo && t <= cc.hi;
      break;
    }
    default:
      return false;
  }
  return r !== cc.negate;
}

function inList(cc: CompiledCondition, v: string): boolean {
  if (cc.set !== null) return cc.set.has(v);
  const list = cc.list;
  for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
  return false;
}
