/**
 * The lazy chunk of each built section (architecture "Admin portal": each section is its own chunk). A section not
 * listed here is not built yet: never shown, never linked.
 */
import type { ComponentType } from 'react';
import type { SectionId } from './sections.ts';

/** A section chunk: its default export is the section's view. */
export type SectionModule = { default: ComponentType };

/** Loaders of the built sections. */
export const SECTION_LOADERS: Partial<Record<SectionId, () => Promise<SectionModule>>> = {
  profile: () => import('../profile/index.ts'),
  privacy: () => import('../privacy/index.ts'),
  personalApiTokens: () => import('../api-tokens/index.ts'),
  account: () => import('../account/index.ts'),
  users: () => import('../users/index.ts'),
  groups: () => import('../groups/index.ts'),
  apiTokens: () => import('../api-tokens/index.ts'),
  roles: () => import('../roles/index.ts'),
};
