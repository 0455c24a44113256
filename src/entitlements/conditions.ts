/**
 * Condition compilation and testing (spec sign-in §3 "Operations", §5
 * "Condition values"; SI-3.14, SI-3.15, SI-5.09–SI-5.13).
 *
 * A condition is compiled once into a fixed-shape {@link CompiledCondition}
 * (value validated, regex built, dates parsed, attribute name resolved) and
 * then tested against an attribute value without allocating.
 *
 * Invalid = false, always: a value of the wrong shape for the operation, an
 * attribute of the wrong type (or missing), an unparsable date or regex, an
 * unknown operation — the condition evaluates to false, and `negate` does not
 * turn that into true. Nothing here throws.
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

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Lists longer than this are also held in a Set for in_list. */
const SET_THRESHOLD = 8;

/**
 * A compiled condition. Every field is always present (one hidden class).
 * `lo`/`hi` hold numbers (numeric ops) or Unix ms (date ops, inclusive bounds).
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
  /** No key on the attribute's path is an Object.prototype key (a keyed load is an own lookup). */
  safeKeys = false;
  /** For `jwt.*`: candidate claim paths (finest split first). */
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
const isNumber = (v: unknown): v is number => typeof v === 'number' && v === v; // not NaN

/**
 * Parses a date value into an inclusive `[lo, hi]` range of Unix ms: a
 * date-only ISO string (`YYYY-MM-DD`) covers that whole UTC day; a timestamp
 * string or ms number is one instant. Invalid → null.
 */
export function parseDateRange(v: unknown): [number, number] | null {
  if (typeof v === 'number') return Number.isFinite(v) ? [v, v] : null;
  if (v instanceof Date) {
    const t = v.getTime();
    return t === t ? [t, t] : null;
  }
  if (typeof v !== 'string' || v.length === 0) return null;
  const t = Date.parse(v);
  if (t !== t) return null;
  return DATE_ONLY.test(v) ? [t, t + DAY_MS - 1] : [t, t];
}

/**
 * Parsed date strings of attributes (Date.parse is the slowest step of a date
 * condition): bounded, cleared when full, so a decision that hits it does not
 * allocate. A pure function's memo: it changes no answer.
 */
const parsedDates = new Map<string, number>();
const PARSED_DATES_LIMIT = 4096;

/** An attribute value as Unix ms: ms number, ISO string or Date. NaN when it is not a date. */
export function attributeTime(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
  if (typeof v === 'string') {
    let t = parsedDates.get(v);
    if (t === undefined) {
      t = v.length === 0 ? NaN : Date.parse(v);
      if (parsedDates.size >= PARSED_DATES_LIMIT) parsedDates.clear();
      parsedDates.set(v, t);
    }
    return t;
  }
  if (v instanceof Date) return v.getTime();
  return NaN;
}

/**
 * Splits `jwt.<claim>` into candidate paths into the claims object. Claims are
 * flattened with dots, so `a.b.c` may be `{a:{b:{c}}}`, `{'a.b':{c}}`, … — the
 * finest split is tried first. Capped at 64 candidates.
 */
function jwtPathsFor(claim: string): (readonly string[])[] {
  const parts = claim.split('.');
  if (parts.some((p) => p.length === 0)) return [[claim]];
  const n = parts.length;
  if (n === 1) return [parts];
  if (n > 7) return [parts, [claim]];
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

function setAttribute(cc: CompiledCondition, attribute: unknown): void {
  if (typeof attribute !== 'string' || attribute.length === 0) return;
  cc.attribute = attribute;
  if (attribute.startsWith('jwt.')) {
    const claim = attribute.slice(4);
    if (claim.length === 0) return;
    cc.attrKind = ATTR_JWT;
    cc.jwtPaths = jwtPathsFor(claim);
    cc.safeKeys = cc.jwtPaths.every((path) => path.every((key) => !(key in Object.prototype)));
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
      cc.safeKeys = !(attribute in Object.prototype);
  }
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
 * unusable (SI-5.09–SI-5.13).
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
      const range = parseDateRange(value.date);
      if (range === null) return cc;
      cc.lo = range[0];
      cc.hi = range[1];
      break;
    }
    case OP_BETWEEN_DATE: {
      const start = parseDateRange(value.start);
      const end = parseDateRange(value.end);
      if (start === null || end === null) return cc;
      cc.lo = start[0];
      cc.hi = end[1];
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
 */
export function testCondition(cc: CompiledCondition, v: unknown): boolean {
  if (!cc.valid) return false;
  let r = false;
  switch (cc.op) {
    case OP_IN_LIST: {
      if (typeof v !== 'string') return false;
      if (cc.set !== null) r = cc.set.has(v);
      else {
        const list = cc.list;
        for (let i = 0; i < list.length; i++)
          if (list[i] === v) {
            r = true;
            break;
          }
      }
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
      if (typeof v !== 'number' || v !== v) return false;
      r = v === cc.lo;
      break;
    case OP_GT:
      if (typeof v !== 'number' || v !== v) return false;
      r = v > cc.lo;
      break;
    case OP_GTE:
      if (typeof v !== 'number' || v !== v) return false;
      r = v >= cc.lo;
      break;
    case OP_LT:
      if (typeof v !== 'number' || v !== v) return false;
      r = v < cc.lo;
      break;
    case OP_LTE:
      if (typeof v !== 'number' || v !== v) return false;
      r = v <= cc.lo;
      break;
    case OP_BETWEEN_NUMERIC:
      if (typeof v !== 'number' || v !== v) return false;
      r = v >= cc.lo && v <= cc.hi;
      break;
    case OP_IS:
      if (typeof v !== 'boolean') return false;
      r = v === cc.bool;
      break;
    case OP_ON:
    case OP_BETWEEN_DATE: {
      const t = attributeTime(v);
      if (t !== t) return false;
      r = t >= cc.lo && t <= cc.hi;
      break;
    }
    case OP_ON_OR_AFTER: {
      const t = attributeTime(v);
      if (t !== t) return false;
      r = t >= cc.lo;
      break;
    }
    case OP_ON_OR_BEFORE: {
      const t = attributeTime(v);
      if (t !== t) return false;
      r = t <= cc.hi;
      break;
    }
    default:
      return false;
  }
  return r !== cc.negate;
}
