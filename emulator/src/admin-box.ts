/**
 * The vendor's admin-box metadata (api-contract §F getAdminBoxMetadata / updateAdminBoxMetadata; issue 29 item 5):
 * the portal configuration `{ theme, localizations, navigation, … }` the seed writes and `GET /metadata?entityName=
 * adminBox` reads. It lives where the seed keeps it, the `metadata` row of entity `adminBox` (vendor level: the
 * emulator has one vendor), so no schema changes. Domain code: no routes (routes/metadata.ts serves it).
 *
 * An update is Frontegg's commit of builder changes, `{ actions: [{ type, payload }] }`. The emulator reads each action
 * as "set the value at path `type`": `type` is a dotted path into the configuration (`theme`, `navigation.webhooks`,
 * `localizations.en.adminPortal`), `payload` the JSON value to put there, `null` to remove the key. Missing parents
 * are created (a parent that is not an object is replaced by one). Actions apply in order, all or nothing.
 */
import { z } from 'zod';

/** The metadata entity the admin box is stored under. */
export const ADMIN_BOX_ENTITY = 'adminBox';
/** At most this many actions per update. */
export const MAX_ADMIN_BOX_ACTIONS = 100;

/** Keys that would reach an object's prototype: never a path segment. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

const pathSchema = z
  .string()
  .min(1, 'type must name a configuration path')
  .refine((t) => t.split('.').length <= 10 && t.split('.').every((s) => SEGMENT.test(s) && !FORBIDDEN_SEGMENTS.has(s)), {
    message: 'type must be a dotted path of names (letters, digits, _ and -; at most 10 parts; no __proto__, prototype or constructor)',
  });

/** The body of updateAdminBoxMetadata (`CommitChangesRequest`): every action names a path and carries a payload. */
export const adminBoxUpdateSchema = z.object({
  actions: z
    .array(
      z.object({ type: pathSchema, payload: z.unknown() }).refine((a) => a.payload !== undefined, { message: 'payload is required (null removes the key)', path: ['payload'] }),
    )
    .max(MAX_ADMIN_BOX_ACTIONS),
});

/** One action of an update. */
export type AdminBoxAction = { type: string; payload: unknown };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `configuration` with `action` applied (a new object; the input is not changed). */
function applyAction(configuration: Json, action: AdminBoxAction): Json {
  const [head, ...rest] = action.type.split('.');
  const out: Json = { ...configuration };
  if (!rest.length) {
    if (action.payload === null) delete out[head];
    else out[head] = structuredClone(action.payload);
    return out;
  }
  const child = Object.hasOwn(out, head) && isObject(out[head]) ? (out[head] as Json) : {};
  out[head] = applyAction(child, { type: rest.join('.'), payload: action.payload });
  return out;
}

/**
 * Applies `actions` in order to `configuration` (see the module comment).
 * @returns the new configuration (`configuration` is not changed)
 */
export function applyAdminBoxActions(configuration: Json, actions: readonly AdminBoxAction[]): Json {
  return actions.reduce(applyAction, configuration);
}
