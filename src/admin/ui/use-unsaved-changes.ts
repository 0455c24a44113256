/**
 * `useUnsavedChanges(dirty)` (issue 31 item 2): a form says it holds edits not yet saved; while it does, the shell asks
 * before it changes place (./unsaved.ts) and the page asks the browser's own question before it is closed or reloaded
 * (`beforeunload`). Any section's form may use it; the security section's blocks do. The first use in an element
 * installs the marks, the question and its dialog in the element's registry.
 */
import { useEffect } from 'react';
import { useSection } from '../shell/context.ts';
import { marksOf } from './unsaved-dialog.tsx';

/** Asks the browser's own question before the page is closed or reloaded. */
function beforeUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  // older browsers show the question only when returnValue is set
  e.returnValue = '';
}

/**
 * Says whether the calling form holds unsaved edits (`dirty`: what the admin typed differs from what is stored): while
 * it does, leaving the place asks first and closing the page asks the browser's question. The mark goes when `dirty`
 * turns false (saved, or put back) or the form unmounts.
 * @throws Error outside a section element
 */
export function useUnsavedChanges(dirty: boolean): void {
  const { unsaved } = useSection();
  useEffect(() => {
    if (!dirty) return;
    const { holds } = marksOf(unsaved);
    const mark = Symbol('unsaved');
    holds.add(mark);
    addEventListener('beforeunload', beforeUnload);
    return () => {
      holds.delete(mark);
      // the page stops asking once no form of this element holds edits (the listener is the same for every form)
      if (!holds.size) removeEventListener('beforeunload', beforeUnload);
    };
  }, [dirty, unsaved]);
}
