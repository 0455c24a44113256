/**
 * The question of the unsaved-edits registry (./unsaved.ts, issue 31 item 2): "Leave without saving?" with "Stay and
 * keep editing" emphasised and focused (Enter and Escape stay) and "Leave without saving" a secondary button. Its own
 * chunk: the admin element loads it the first time it asks.
 */
import { useStore } from '@nanostores/react';
import type { Translate } from '../../i18n/index.ts';
import { WarningDialog } from './dialog.tsx';
import type { UnsavedChanges } from './unsaved.ts';

/** The question of `unsaved` while one is open (rendered once by the admin element, outside any section). */
export function UnsavedChangesDialog({ unsaved, t }: { unsaved: UnsavedChanges; t: Translate }) {
  const question = useStore(unsaved.$question);
  if (!question) return null;
  return (
    <WarningDialog
      t={t}
      title={t('admin.unsaved.title')}
      body={t('admin.unsaved.body')}
      risky={{ label: t('admin.unsaved.leave'), run: () => unsaved.answer(true) }}
      cancel={t('admin.unsaved.stay')}
      onClose={() => unsaved.answer(false)}
    />
  );
}
