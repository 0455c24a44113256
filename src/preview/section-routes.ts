/**
 * Preview answers of the admin sections: each section's canned data is the default export of its own
 * `src/admin/<section>/preview.ts`, which the shell loads and registers here in preview mode only, before the first
 * section renders (src/admin/shell/preview-answers.ts, by their file pattern), so the
 * preview transport keeps no list of sections and a section's chunk carries no canned data.
 * Tiny on purpose: a section's `preview.ts` imports this module, never the preview transport.
 */

/** The parts of a preview request a section's answers read (./transport.ts). */
export interface SectionPreviewRequest {
  method: string;
  /** The path without the `/frontegg` prefix. */
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  now: number;
}

/** A canned answer, or null when the request is not the section's. */
export type SectionPreviewRoutes = (req: SectionPreviewRequest) => { status: number; body: unknown } | null;

const routes: SectionPreviewRoutes[] = [];

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The answer to a write (POST, PUT, PATCH, DELETE) under one of a section's own API areas `areas` (path prefixes,
 * without `/frontegg`): `{}`, as if it worked (nothing is kept: the next read shows the demo data again); null for
 * anything else. Only a section's own areas answer so: a call preview does not know (a sign-in call, e.g. an SSO
 * check) keeps answering 404, which the login box reads as "not configured".
 */
export function writeWorks(req: SectionPreviewRequest, areas: readonly string[]): { status: number; body: unknown } | null {
  return WRITES.includes(req.method) && areas.some((prefix) => req.path.startsWith(prefix)) ? { status: 200, body: {} } : null;
}

/** Adds a section's preview answers (again: once). */
export function addPreviewRoutes(answer: SectionPreviewRoutes): void {
  if (!routes.includes(answer)) routes.push(answer);
}

/** The first registered answer to `req`, or null. */
export function sectionPreviewAnswer(req: SectionPreviewRequest): { status: number; body: unknown } | null {
  for (const answer of routes) {
    const a = answer(req);
    if (a) return a;
  }
  return null;
}
