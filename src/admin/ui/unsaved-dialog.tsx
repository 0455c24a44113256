/**
 * The marks and the question of the unsaved-edits registry (./unsaved.ts, issue 31 item 2), installed by the first
 * `useUnsavedChanges` of an element ({@link marksOf}), and the question's dialog: "Leave without saving?" with "Stay and
 * keep editing" emphasised and focused (Enter and Escape stay) and "Leave without saving" a secondary button. It comes
 * with the sections that mark edits (./use-unsaved-changes.ts), its texts a catalogue part (./messages/<lang>.ts)
 * loaded the first time it asks; the admin element renders it (./unsaved.ts `$dialog`), and it shows while a question is open.
 */
import { useStore } from '@nanostores/react';
import { atom, type WritableAtom } from 'nanostores';
import { useEffect, useState } from 'react';
import type { FeApp } from '../../app/types.ts';
import type { Translate } from '../../i18n/index.ts';
import { isPartLoaded, loadPart, registerPart } from '../../i18n/parts.ts';
import type { UnsavedChanges } from './unsaved.ts';
import { WarningDialog } from './warning-dialog.tsx';

const PART = 'admin-unsaved';
registerPart(PART, {
  en: () => import('./messages/en.ts').then((m) => m.enAdminUnsaved),
  de: () => import('./messages/de.ts').then((m) => m.deAdminUnsaved),
  he: () => import('./messages/he.ts').then((m) => m.heAdminUnsaved),
});

/** A question open in the dialog: what leaving does, and what staying does (e.g. put the URL back). */
export interface LeaveQuestion {
  leave: () => void;
  stay?: () => void;
}

/** What the hook adds to an element's registry: the marks of the forms holding edits, and the question open. */
interface Marks {
  holds: Set<symbol>;
  $question: WritableAtom<LeaveQuestion | null>;
}

const installed = new WeakMap<UnsavedChanges, Marks>();

/** The marks and question of `unsaved`, installed on first use: from then on `ask` asks while a form holds edits. */
export function marksOf(unsaved: UnsavedChanges): Marks {
  let marks = installed.get(unsaved);
  if (!marks) {
    const m: Marks = { holds: new Set(), $question: atom(null) };
    installed.set(unsaved, (marks = m));
    unsaved.ask = (leave, stay) => (m.holds.size ? m.$question.set({ leave, stay }) : leave());
    unsaved.$dialog.set(UnsavedChangesDialog);
  }
  return marks;
}

/** Answers the open question of `unsaved` (nothing happens when none is open): leave, or stay. */
export function answer(unsaved: UnsavedChanges, leave: boolean): void {
  const { $question } = marksOf(unsaved);
  const question = $question.get();
  if (!question) return;
  $question.set(null);
  if (leave) question.leave();
  else question.stay?.();
}

/**
 * The question of `unsaved` while one is open (rendered once by the admin element, outside any section), once its
 * texts are in for the app's locale (English and the locale's language).
 */
export function UnsavedChangesDialog({ unsaved, app, t }: { unsaved: UnsavedChanges; app: FeApp; t: Translate }) {
  const { $question } = marksOf(unsaved);
  const question = useStore($question);
  const locale = app.i18n.$locale.get();
  const lang = locale.split('-')[0];
  const [ready, setReady] = useState(() => isPartLoaded(PART, 'en') && (lang === 'en' || isPartLoaded(PART, lang)));
  useEffect(() => {
    if (!ready) void loadPart(PART, locale).then(() => setReady(true));
  }, [ready, locale]);
  if (!question || !ready) return null;
  return (
    <WarningDialog
      t={t}
      title={t('admin.unsaved.title')}
      body={t('admin.unsaved.body')}
      risky={{ label: t('admin.unsaved.leave'), run: () => answer(unsaved, true) }}
      cancel={t('admin.unsaved.stay')}
      onClose={() => answer(unsaved, false)}
    />
  );
}
