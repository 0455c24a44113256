/**
 * Unsaved edits (issue 31 item 2): a form that holds edits not yet saved says so with {@link useUnsavedChanges}, and
 * leaving it asks first — the shell asks before it changes place (a tab or another sub-route, a section from the
 * portal's navigation, Back and Forward: elements/internal/section-element.tsx and SectionHost's in-memory routes), and
 * the page asks before it is closed or reloaded (`beforeunload`, the browser's own question). The question is the kit's
 * {@link WarningDialog}: "Stay and keep editing" is the emphasised, focused choice (Enter and Escape stay), "Leave
 * without saving" a secondary one. One registry per admin element ({@link createUnsavedChanges}, in the section's
 * context as `unsaved`); its dialog is rendered by the element (./unsaved-dialog.tsx, loaded when first asked).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { useEffect } from 'react';
import { useSection } from '../shell/context.ts';

/** A question open in the dialog: what leaving does, and what staying does (e.g. put the URL back). */
export interface LeaveQuestion {
  leave: () => void;
  stay?: () => void;
}

/** The unsaved-edits registry of one admin element. */
export interface UnsavedChanges {
  /** Marks one form as holding unsaved edits; the returned function releases the mark (idempotent). */
  hold(): () => void;
  /** Whether any form holds unsaved edits now. */
  dirty(): boolean;
  /**
   * Leaves the place shown: `leave()` at once when nothing is unsaved, else the question is asked and `leave()` runs
   * on "Leave without saving", `stay()` on "Stay" (or Escape). Asked again while the question is open, the newer
   * request replaces the pending one (the last place asked for wins; the earlier `stay` is not called).
   */
  ask(leave: () => void, stay?: () => void): void;
  /** The question open now (null: none). */
  $question: ReadableAtom<LeaveQuestion | null>;
  /** The admin's answer to the open question (nothing happens when none is open). */
  answer(leave: boolean): void;
}

/** Asks the browser's own question before the page is closed or reloaded. */
function beforeUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  // older browsers show the question only when returnValue is set
  e.returnValue = '';
}

/** A new registry (one per admin element; its `beforeunload` listener is on only while something is unsaved). */
export function createUnsavedChanges(): UnsavedChanges {
  const holds = new Set<symbol>();
  const $question = atom<LeaveQuestion | null>(null);
  return {
    hold() {
      const mark = Symbol('unsaved');
      if (holds.size === 0 && typeof window !== 'undefined') addEventListener('beforeunload', beforeUnload);
      holds.add(mark);
      return () => {
        if (!holds.delete(mark) || holds.size > 0 || typeof window === 'undefined') return;
        removeEventListener('beforeunload', beforeUnload);
      };
    },
    dirty: () => holds.size > 0,
    ask(leave, stay) {
      if (holds.size === 0) return leave();
      $question.set({ leave, stay });
    },
    $question,
    answer(leave) {
      const question = $question.get();
      if (!question) return;
      $question.set(null);
      if (leave) question.leave();
      else question.stay?.();
    },
  };
}

/**
 * Says whether the calling form holds unsaved edits (`dirty`: what the admin typed differs from what is stored): while
 * it does, leaving the place asks first and closing the page asks the browser's question. The mark goes when `dirty`
 * turns false (saved, or put back) or the form unmounts.
 * @throws Error outside a section element
 */
export function useUnsavedChanges(dirty: boolean): void {
  const { unsaved } = useSection();
  useEffect(() => (dirty ? unsaved.hold() : undefined), [dirty, unsaved]);
}
