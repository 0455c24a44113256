/**
 * A search box that asks the server once per pause, not once per keystroke: `text` is what the box shows, and
 * `commit(text)` runs {@link SEARCH_DEBOUNCE_MS} after the last change (a paged list's `setSearch`, which owns the
 * query and goes back to the first page). The box starts from the query's current search (`initial`), so a list
 * shown again keeps its search.
 */
import { useEffect, useRef, useState } from 'react';

/** The pause after the last keystroke before a search runs, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search box's state: `text` / `setText` for the input; `commit` is told the text after each pause. */
export function useDebouncedSearch(commit: (text: string) => void, initial = ''): { text: string; setText: (text: string) => void } {
  const [text, setText] = useState(initial);
  const committed = useRef(initial);
  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      commit(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, commit]);
  return { text, setText };
}
