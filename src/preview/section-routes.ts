/**
 * Preview answers that sections bring with their chunk (a section made by `npm run new:section` registers its canned
 * data when it loads: `src/admin/<section>/preview.ts`), so the preview transport keeps no list of sections. Tiny on
 * purpose: a section chunk imports this module, never the preview transport or its data.
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
