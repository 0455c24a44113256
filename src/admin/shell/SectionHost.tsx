/**
 * Renders one section: its chunk loaded on demand (React.lazy per section id, cached), its context, a progress line
 * while the chunk loads, and the "not allowed" state when the signed-in user lacks its permission keys.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { EmptyState, Loading } from '../ui/states.tsx';
import { SectionContext, type SectionView } from './context.ts';
import { SECTION_LOADERS } from './loaders.ts';
import type { SectionId } from './sections.ts';

/** One lazy component per built section, made once (a section's chunk loads the first time it renders). */
const VIEWS = new Map<SectionId, LazyExoticComponent<ComponentType>>(
  (Object.entries(SECTION_LOADERS) as [SectionId, () => Promise<{ default: ComponentType }>][]).map(([id, load]) => [id, lazy(load)]),
);

/** One section in its context; `allowed` false shows the not-allowed state (no request is made). */
export function SectionHost({ value, allowed, t }: { value: SectionView; allowed: boolean; t: Translate }) {
  const View = allowed ? VIEWS.get(value.section) : undefined;
  if (!View) return <EmptyState title={t('admin.notAllowed')} />;
  return (
    <SectionContext.Provider value={value}>
      <Suspense fallback={<Loading label={t('admin.loadingSection')} />}>
        {/* the components are made once, at module load (VIEWS); the rule cannot see through the Map */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        <View />
      </Suspense>
    </SectionContext.Provider>
  );
}
