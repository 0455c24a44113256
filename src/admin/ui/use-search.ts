/**
 * A search box that asks the server once per pause, not once per keystroke: `text` is what the box shows,
 * `committed` follows it {@link SEARCH_DEBOUNCE_MS} after the last change, and `onCommit` runs then (e.g. back to the
 * first page).
 */
import { useEffect, useState } from 'react';

/** The pause after the last keystroke before a search runs, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search box's state: `text` / `setText` for the input, `committed` for the query. */
export function useDebouncedSearch(onCommit?: () => void): { text: string; setText: (text: string) => void; committed: string } {
  const [text, setText] = useState('');
  const [committed, setCommitted] = useState('');
  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => {
      setCommitted(text);
      onCommit?.();
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, committed, onCommit]);
  return { text, setText, committed };
}
