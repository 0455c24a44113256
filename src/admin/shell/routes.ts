/**
 * Sub-routes of the portal's sections (issue 30 item 2): the one grammar of the pages and dialogs inside a section,
 * its one matcher, and the portal's location hash `#/admin/<section>[/<sub-path>]`. No React, no DOM: the registry
 * (./sections.ts) declares each section's patterns, the shell (elements/internal/section-element.tsx, ./SectionHost.tsx)
 * matches the sub-path it owns, and a section reads the match through `useSubRoute()` (./context.ts).
 *
 * A pattern is literal text with parameters `:name` (a name is a letter then letters, digits or `_`); a parameter
 * matches one or more characters other than `/`. `add`, `:id`, `:id/logs`, `tab/:tab`, and, for the row dialogs
 * whose links are `<action>:<id>` (`#/admin/users/delete:<userId>`), `delete::userId` (the literal `delete:`, then
 * the parameter `userId`).
 */
import type { SectionAction } from './ids.ts';

/** A sub-route a section declares in the registry: its pattern, and what the user must be allowed (default `read`). */
export interface SubRouteSpec {
  path: string;
  needs: SectionAction;
}

/** The parameters of a matched pattern (`:id` → `{ id }`), decoded. */
export type RouteParams = Readonly<Record<string, string>>;

/** A sub-path matched: the pattern it matched (`route`) and its parameters. */
export interface RouteMatch {
  route: string;
  params: RouteParams;
}

/** One place of the portal's hash: the section asked for, as written, and its sub-path (null: the section's start). */
export interface HashPlace {
  section: string;
  sub: string | null;
}

/** A parameter of a pattern. */
const PARAM = /:([A-Za-z]\w*)/g;

/** A sub-route of a section's registry entry: `path`, allowed to whoever may do `needs` in the section. */
export function subRoute(path: string, needs: SectionAction = 'read'): SubRouteSpec {
  return { path, needs };
}

/** Compiled patterns: the registry's are few and fixed, and a match runs on every render of a section. */
const compiled = new Map<string, { re: RegExp; names: string[] }>();

/** The regular expression of a pattern and its parameter names, in order (compiled once per pattern). */
function compile(pattern: string): { re: RegExp; names: string[] } {
  let done = compiled.get(pattern);
  if (!done) compiled.set(pattern, (done = compilePattern(pattern)));
  return done;
}

function compilePattern(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of pattern.matchAll(PARAM)) {
    source += escape(pattern.slice(last, m.index)) + '([^/]+)';
    names.push(m[1]);
    last = m.index + m[0].length;
  }
  return { re: new RegExp(`^${source}${escape(pattern.slice(last))}$`), names };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A parameter's value as written in a URL, decoded (a malformed escape is kept as written). */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The first of `routes` whose pattern matches the sub-path `sub` (the registry's order: literal patterns such as
 * `add` before `:id`), or null when none does or `sub` is null.
 */
export function matchSubRoute(routes: readonly SubRouteSpec[], sub: string | null): (RouteMatch & { spec: SubRouteSpec }) | null {
  if (!sub) return null;
  for (const spec of routes) {
    const { re, names } = compile(spec.path);
    const m = re.exec(sub);
    if (m) return { spec, route: spec.path, params: Object.fromEntries(names.map((name, i) => [name, decode(m[i + 1])])) };
  }
  return null;
}

/**
 * The sub-path of pattern `route` with `params` filled in (encoded), e.g. `subPathOf(':id', { id: 'a b' })` → `a%20b`.
 * @throws Error when a parameter of the pattern has no value (a view's mistake, not a user's)
 */
export function subPathOf(route: string, params: RouteParams = {}): string {
  return route.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`Sub-route ${route} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The place a location hash `#/admin/<section>[/<sub-path>]` names (the section as written, known or not), or null
 * when the hash is not the portal's.
 */
export function placeOfHash(hash: string): HashPlace | null {
  const m = /^#\/?admin\/([A-Za-z]+)(?:\/([^?#]*))?/.exec(hash);
  if (!m) return null;
  const sub = m[2]?.replace(/\/+$/, '');
  return { section: m[1], sub: sub || null };
}

/** The location hash of a section, or of one of its sub-paths: `#/admin/<section>[/<sub>]`. */
export function hashOfPlace(section: string, sub?: string | null): string {
  return `#/admin/${section}${sub ? `/${sub}` : ''}`;
}
