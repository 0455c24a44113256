/**
 * Stale-while-refetching for the sections' reads: a mutation invalidates the keys it changes, and an invalidated
 * fetcher store has no data until the new answer (nanoquery drops the entry); a new query (next page, sort, search)
 * has none until its answer. Views keep showing the last data meanwhile, so the table does not blink to "Loading…"
 * and an open dialog (whose data it reads) is not unmounted in the middle of a two-step save.
 */
import { useState } from 'react';

/** `value` when defined, else the last defined value seen (undefined before the first). */
export function useLastData<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  // state adjusted during render (React's pattern for remembering a previous prop)
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
