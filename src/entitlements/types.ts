/**
 * Types of the entitlements rule engine (spec sign-in §3, §4, §5, §9;
 * api-contract.md §F `loadEntitlementsV2`). Type-only module: no runtime code.
 *
 * Units: every time is a Unix epoch in **milliseconds** (`expireTime`,
 * `EntitlementContext.now`, numeric date values and attributes).
 */

/** A treatment on the wire: the string `'true'` grants, `'false'` does not (SI-4.41). */
export type Treatment = 'true' | 'false';

/** The 16 condition operations (SI-3.15, spec §3 "Operations"). */
export type ConditionOperation =
  | 'in_list'
  | 'starts_with'
  | 'ends_with'
  | 'contains'
  | 'matches'
  | 'equal'
  | 'greater_than'
  | 'greater_than_equal'
  | 'lower_than'
  | 'lower_than_equal'
  | 'between_numeric'
  | 'is'
  | 'on'
  | 'between_date'
  | 'on_or_after'
  | 'on_or_before';

/** A date on the wire: an ISO-8601 string (`'2025-01-31'` or `'2025-01-31T10:00:00Z'`) or Unix ms. */
export type DateInput = string | number;

/**
 * A condition value (spec §5): `{ list }` for in_list/starts_with/ends_with/contains,
 * `{ string }` (a regular expression source) for matches, `{ number }` for the
 * numeric comparisons, `{ start, end }` (numbers) for between_numeric,
 * `{ boolean }` for is, `{ date }` for on/on_or_after/on_or_before and
 * `{ start, end }` (dates) for between_date. Dates are instants (Unix ms or
 * ISO strings; `'2025-03-01'` is that UTC midnight); a falsy date is invalid.
 */
export type ConditionValue =
  { list: string[] } | { string: string } | { number: number } | { start: number; end: number } | { date: DateInput } | { start: DateInput; end: DateInput } | { boolean: boolean };

/**
 * A targeting-rule condition (SI-3.14): `attribute` names a custom attribute as
 * it is, a JWT claim as `jwt.<claim>` (claims flattened with dots, array items by
 * index) or one of `frontegg.email`, `frontegg.emailVerified` (claim `email_verified`),
 * `frontegg.tenantId`, `frontegg.userId` (claim `id`).
 * `negate: true` inverts a *valid* result; an invalid condition is false either way.
 */
export interface Condition {
  attribute: string;
  op: ConditionOperation;
  value: ConditionValue;
  negate?: boolean;
}

/**
 * A group of conditions: `conditionLogic: 'or'` holds when any item holds,
 * anything else (`'and'`) when every item holds (an empty AND holds, an empty
 * OR does not). An item with `conditionLogic` and no `op` is a nested group.
 */
export interface ConditionGroup {
  conditionLogic: 'and' | 'or';
  conditions: (Condition | ConditionGroup)[];
}

/** A targeting rule: a condition group with a treatment, which applies when the group holds. */
export interface Rule extends ConditionGroup {
  treatment: Treatment;
}

/** A feature flag attached to a feature: off → `offTreatment`; on → first matching rule's treatment, else `defaultTreatment`. */
export interface FeatureFlag {
  on: boolean;
  offTreatment: Treatment;
  defaultTreatment: Treatment;
  rules: Rule[];
}

/**
 * One feature of the bundle (SI-3.13). `expireTime` is the direct grant: Unix
 * ms (granted until then, inclusive), `-1` = never expires (SI-9.08), `null` =
 * no direct grant (only the flag or plans can grant it); absent (not on the
 * wire) counts as `-1` only for an entry with no flag and no plans. `planIds`
 * name plans whose targeting rules may grant it; `linkedPermissions` are the
 * permission keys (exact, no `*` patterns) it gates.
 */
export interface FeatureEntitlement {
  planIds?: string[];
  expireTime?: number | null;
  linkedPermissions?: string[];
  featureFlag?: FeatureFlag | null;
}

/** A plan's targeting: first rule that evaluates true gives its treatment, else `defaultTreatment`. */
export interface PlanTargeting {
  defaultTreatment: Treatment;
  rules: Rule[];
}

/**
 * The entitlements v2 wire shape (`GET /frontegg/entitlements/api/v2/user-entitlements`,
 * api-contract.md §F): `permissions` keys are permission keys or `*` patterns held by the user.
 */
export interface EntitlementsBundleV2 {
  features: Record<string, FeatureEntitlement>;
  plans: Record<string, PlanTargeting>;
  permissions: Record<string, boolean>;
}

/**
 * What the engine accepts as a raw bundle: the strict {@link EntitlementsBundleV2}
 * or the loose `EntitlementsBundle` of src/api/types.ts. Anything malformed
 * inside is treated as absent (never throws).
 */
export interface EntitlementsBundleLike {
  readonly features?: Readonly<Record<string, unknown>> | null;
  readonly plans?: Readonly<Record<string, unknown>> | null;
  readonly permissions?: Readonly<Record<string, unknown>> | null;
}

/** What to decide: one feature key, or one permission key. */
export type EntitlementQuery = { readonly featureKey: string; readonly permissionKey?: undefined } | { readonly permissionKey: string; readonly featureKey?: undefined };

/**
 * Attributes the rules can read: `custom` from the host (names used as they are)
 * and the decoded access-token claims `jwt` (read as `jwt.<claim>` and as the
 * derived `frontegg.*` names). Both must be plain (JSON-like) objects; anything
 * else is treated as absent. Only own properties are read.
 */
export interface EntitlementAttributes {
  readonly custom?: Readonly<Record<string, unknown>> | null;
  readonly jwt?: Readonly<Record<string, unknown>> | null;
}

/** The evaluation context: attributes and the current time in Unix **ms** (the engine never reads a clock). */
export interface EntitlementContext {
  readonly attributes?: EntitlementAttributes | null;
  readonly now: number;
}

/** Why a decision is negative (SI-4.37). */
export type NotEntitledJustification = 'MISSING_FEATURE' | 'MISSING_PERMISSION' | 'BUNDLE_EXPIRED';

/**
 * A decision (SI-4.37). The engine returns shared frozen objects: compare the
 * fields, not the identity, and do not mutate them.
 */
export type EntitlementResult =
  { readonly isEntitled: true; readonly justification?: undefined } | { readonly isEntitled: false; readonly justification: NotEntitledJustification };
