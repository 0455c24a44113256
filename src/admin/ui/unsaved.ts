/**
 * Unsaved edits (issue 31 item 2), the shell's side: one registry per admin element (in the section's context as
 * `unsaved`). The shell asks it before it changes place ({@link UnsavedChanges.ask}: a tab or another sub-route, a
 * section from the portal's navigation, Back and Forward — elements/internal/section-element.tsx and SectionHost) and
 * renders its `$dialog`. Until a form marks edits, `ask` just leaves: the first `useUnsavedChanges(dirty)`
 * (./use-unsaved-changes.ts, which comes with the section) installs the marks, the question and its dialog
 * (./unsaved-dialog.tsx) — so a portal whose sections never mark edits does not pay for them (the portal's size
 * budget, test/node/size.test.ts).
 */
import { atom, type WritableAtom } from 'nanostores';
import type { ComponentType } from 'react';
import type { FeApp } from '../../app/types.ts';
import type { Translate } from '../../i18n/index.ts';

/** The unsaved-edits registry of one admin element. */
export interface UnsavedChanges {
  /**
   * Leaves the place shown: `leave()` at once when nothing is unsaved, else the question is asked and `leave()` runs
   * on "Leave without saving", `stay()` on "Stay" (or Escape). Asked again while the question is open, the newer
   * request replaces the pending one (the last place asked for wins; the earlier `stay` is not called).
   */
  ask(leave: () => void, stay?: () => void): void;
  /** The question's dialog once a form has marked edits (it shows itself while a question is open). */
  $dialog: WritableAtom<ComponentType<{ unsaved: UnsavedChanges; app: FeApp; t: Translate }> | null>;
}

/** A new registry (one per admin element): nothing marked, so `ask` leaves at once. */
export function createUnsavedChanges(): UnsavedChanges {
  return { ask: (leave) => leave(), $dialog: atom(null) };
}
