/**
 * What `<fe-entitlements-inspector>` shows, as pure functions (issue 35 item 2): every feature and permission of a
 * bundle explained by the engine (src/entitlements/explain.ts) on the user's claims and custom attributes, the next
 * expiry, the custom attributes the rules read, and the "what if" panel's parsing. No DOM, no stores.
 */
import { explain, type FeatureTrace, type GroupTrace, type PermissionTrace } from '../../entitlements/explain.ts';
import type { EntitlementsBundleLike } from '../../entitlements/types.ts';

/** The inputs of every decision the inspector shows. `now` in Unix ms. */
export interface InspectorInput {
  readonly bundle: EntitlementsBundleLike;
  readonly jwt: Record<string, unknown>;
  readonly custom: Record<string, unknown>;
  readonly now: number;
}

const isBag = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The bundle's feature keys, sorted. */
export function featureKeys(bundle: EntitlementsBundleLike): string[] {
  return isBag(bundle.features) ? Object.keys(bundle.features).sort(byName) : [];
}

/**
 * The permission keys worth explaining, sorted: the bundle's held keys and `*` patterns, every feature's
 * `linkedPermissions`, and `extra` (the signed-in user's permission keys).
 */
export function permissionKeys(bundle: EntitlementsBundleLike, extra: readonly string[] = []): string[] {
  const keys = new Set<string>(extra.filter((k) => typeof k === 'string' && k !== ''));
  if (isBag(bundle.permissions)) for (const [k, held] of Object.entries(bundle.permissions)) if (held === true && k !== '') keys.add(k);
  if (isBag(bundle.features))
    for (const f of Object.values(bundle.features))
      if (isBag(f) && Array.isArray(f.linkedPermissions)) for (const k of f.linkedPermissions) if (typeof k === 'string' && k !== '') keys.add(k);
  return [...keys].sort(byName);
}

const contextOf = (input: InspectorInput) => ({ attributes: { custom: input.custom, jwt: input.jwt }, now: input.now });

/** Every feature and permission explained: `features` in key order, `permissions` likewise. */
export function explainAll(input: InspectorInput, extraPermissions: readonly string[] = []): { features: FeatureTrace[]; permissions: PermissionTrace[] } {
  const context = contextOf(input);
  return {
    features: featureKeys(input.bundle).map((featureKey) => explain(input.bundle, { featureKey }, context).trace as FeatureTrace),
    permissions: permissionKeys(input.bundle, extraPermissions).map((permissionKey) => explain(input.bundle, { permissionKey }, context).trace as PermissionTrace),
  };
}

/** One key explained (the "what if" panel). */
export function explainOne(input: InspectorInput, kind: 'feature' | 'permission', key: string): FeatureTrace | PermissionTrace {
  return explain(input.bundle, kind === 'feature' ? { featureKey: key } : { permissionKey: key }, contextOf(input)).trace;
}

/** The granted feature whose grant ends first (Unix ms), or `null` when no granted feature's grant ends. */
export function nextExpiry(features: readonly FeatureTrace[]): { key: string; at: number } | null {
  let next: { key: string; at: number } | null = null;
  for (const f of features) if (f.expiresAt !== null && (next === null || f.expiresAt < next.at)) next = { key: f.key, at: f.expiresAt };
  return next;
}

/** The features whose direct grant has expired (BUNDLE_EXPIRED), with when. */
export function expired(features: readonly FeatureTrace[]): { key: string; at: number }[] {
  return features.filter((f) => f.direct?.state === 'expired').map((f) => ({ key: f.key, at: f.direct!.expireTime as number }));
}

function attributesOf(group: GroupTrace, out: Set<string>): void {
  for (const item of group.items) {
    if (item.type === 'group') attributesOf(item, out);
    else if (item.attribute !== '' && !item.attribute.startsWith('jwt.') && !item.attribute.startsWith('frontegg.')) out.add(item.attribute);
  }
}

/** The custom attribute names (not `jwt.*`, not `frontegg.*`) the rules of the explained features read, sorted. */
export function customAttributeNames(features: readonly FeatureTrace[]): string[] {
  const out = new Set<string>();
  for (const f of features) {
    for (const r of f.flag?.targeting?.rules ?? []) attributesOf(r.group, out);
    for (const p of f.plans) for (const r of p.targeting?.rules ?? []) attributesOf(r.group, out);
  }
  return [...out].sort(byName);
}

/** The "what if" attributes: a JSON object (`{}` for blank text), or `null` when the text is not one. */
export function parseAttributes(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isBag(value) ? value : null;
  } catch {
    return null;
  }
}

/** A rule value or attribute value as the inspector prints it: JSON, a Date as its ISO instant, NaN/±Infinity by name. */
export function showValue(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
  try {
    return JSON.stringify(v, (_k, x: unknown) => (x instanceof Date ? (Number.isNaN(x.getTime()) ? 'Invalid Date' : x.toISOString()) : x)) ?? String(v);
  } catch {
    return String(v);
  }
}

/**
 * A condition's value as the inspector prints it: the value of its one field (`{ list: ['a'] }` → `["a"]`,
 * `{ number: 10 }` → `10`, `{ date }`, `{ string }`, `{ boolean }`), a range as `[start, end]`, anything else as JSON.
 */
export function showConditionValue(value: unknown): string {
  if (!isBag(value)) return showValue(value);
  const keys = Object.keys(value);
  if (keys.length === 1 && ['list', 'string', 'number', 'boolean', 'date'].includes(keys[0])) return showValue(value[keys[0]]);
  if (keys.length === 2 && 'start' in value && 'end' in value) return showValue([value.start, value.end]);
  return showValue(value);
}

/** The decision as one word for `data-decision`: `entitled` or the justification. */
export const decisionOf = (t: FeatureTrace | PermissionTrace): string => (t.decision.isEntitled ? 'entitled' : t.decision.justification);
