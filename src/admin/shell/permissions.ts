/**
 * The permission rule of the portal (admin spec §6), the same as the emulator's (`emulator/src/http/permissions.ts`):
 * a granted key holds a required one when they are equal, or by a wildcard either way.
 */

/**
 * True when `granted` holds `key`. Wildcards both ways, as Frontegg's keys use them: a granted `fe.*` holds every
 * `fe.…` key, and a required `fe.subscriptions.*` is held by any granted `fe.subscriptions.…` key.
 */
export function holds(granted: ReadonlySet<string>, key: string): boolean {
  if (granted.has(key)) return true;
  for (const g of granted) if (g.endsWith('.*') && key.startsWith(g.slice(0, -1))) return true;
  if (!key.endsWith('.*')) return false;
  const prefix = key.slice(0, -1);
  for (const g of granted) if (g.startsWith(prefix)) return true;
  return false;
}

/** True when `granted` holds every one of `keys` (none needed: true). */
export function holdsAll(granted: ReadonlySet<string>, keys: readonly string[]): boolean {
  return keys.every((k) => holds(granted, k));
}
