/**
 * Every section's preview answers (`<fe-app preview>`, sign-in §1): the default export of each section's own
 * `src/admin/<section>/preview.ts` (one answer function or a list of them), found by that file pattern — a new section's
 * answers need no list — and registered with the preview transport (src/preview/section-routes.ts).
 *
 * Only the shell imports this module, on demand and in preview mode only (./SectionHost.tsx `loadPreviewAnswers`), so
 * no section chunk and no production page carries canned data.
 */
import { addPreviewRoutes, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const modules = import.meta.glob<SectionPreviewRoutes | readonly SectionPreviewRoutes[]>('../*/preview.ts', { import: 'default', eager: true });

/** Registers every section's preview answers (in folder order; again: once). */
export function registerPreviewAnswers(): void {
  for (const path of Object.keys(modules).sort()) for (const answer of ([] as SectionPreviewRoutes[]).concat(modules[path])) addPreviewRoutes(answer);
}
