/**
 * The package's `exports` made concrete (for the build and pack tests): every exact entry, and every subpath a
 * pattern entry (`./fe-admin-*`) serves — one per file its `import` target matches under `root` — as Node picks the
 * entry of a subpath (an exact key first, else the pattern with the longest part before `*`; a `null` target: not
 * exported).
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** An `exports` target: a file, conditions (`types`, `import`) to files, or `null` (not exported). */
export type ExportTarget = string | Record<string, string> | null;

/** The entry of `exports` Node uses for `subpath` (`./x`), with the part `*` stands for; undefined: none. */
export function entryOf(exports: Record<string, ExportTarget>, subpath: string): { key: string; star?: string } | undefined {
  if (subpath in exports) return { key: subpath };
  let best: { key: string; star: string } | undefined;
  for (const key of Object.keys(exports)) {
    const at = key.indexOf('*');
    if (at < 0) continue;
    const [before, after] = [key.slice(0, at), key.slice(at + 1)];
    if (subpath.length < key.length - 1 || !subpath.startsWith(before) || !subpath.endsWith(after)) continue;
    if (!best || before.length > best.key.indexOf('*')) best = { key, star: subpath.slice(before.length, subpath.length - after.length) };
  }
  return best;
}

/** Every exported subpath with its targets, patterns expanded against the built files under `root`. */
export function concreteExports(exports: Record<string, ExportTarget>, root: string): [string, Exclude<ExportTarget, null>][] {
  const out: [string, Exclude<ExportTarget, null>][] = [];
  for (const [key, target] of Object.entries(exports)) {
    if (target === null) continue;
    if (!key.includes('*')) {
      out.push([key, target]);
      continue;
    }
    const conditions = typeof target === 'string' ? { default: target } : target;
    const file = conditions.import ?? conditions.default;
    const [before, after] = basename(file).split('*');
    const dir = join(root, dirname(file));
    const stars = existsSync(dir)
      ? readdirSync(dir).flatMap((f) =>
          f.startsWith(before) && f.endsWith(after) && f.length > before.length + after.length ? [f.slice(before.length, f.length - after.length)] : [],
        )
      : [];
    for (const star of stars) {
      const subpath = key.replace('*', star);
      if (entryOf(exports, subpath)?.key !== key) continue;
      out.push([subpath, typeof target === 'string' ? target.replace('*', star) : Object.fromEntries(Object.entries(target).map(([c, t]) => [c, t.replace('*', star)]))]);
    }
  }
  return out;
}

/**
 * Development elements (vite.config.ts `devEntries`, e.g. `<fe-entitlements-inspector>`): an entry of their own in each
 * build, never part of the sets `fe-elements` and `fe-elements/lite`.
 */
export const DEVELOPMENT_TAGS: readonly string[] = ['fe-entitlements-inspector'];
