/**
 * The busy / error state of a dialog's or form's save (saves "show progress and a toast"; a failure stays, announced):
 * `run(work, done)` marks the save busy and clears the last failure, awaits `work`, then calls `done` with its result
 * (typically a toast and closing the dialog); a failure is kept in `error` for the dialog's ErrorSlot and the input
 * stays as typed. Busy ends either way.
 */
import { useState } from 'react';

/** What {@link useSave} returns. */
export interface Save {
  /** A save is running (show progress, ignore another submit). */
  busy: boolean;
  /** The last save's failure, `null` when none. */
  error: unknown;
  /** Sets or clears the failure shown (e.g. clear it when the user starts over). */
  setError: (error: unknown) => void;
  /** Runs one save unless one is already running: busy while `work` runs, then `done(result)` or the failure kept. */
  run: <T>(work: () => Promise<T>, done: (result: T) => void) => Promise<void>;
}

/** The save state of one dialog or form. `onBusy` is told each time busy changes (e.g. a dialog that must not close). */
export function useSave(onBusy?: (busy: boolean) => void): Save {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const working = (value: boolean) => {
    setBusy(value);
    onBusy?.(value);
  };
  const run = async <T>(work: () => Promise<T>, done: (result: T) => void) => {
    if (busy) return;
    working(true);
    setError(null);
    try {
      done(await work());
    } catch (e) {
      setError(e);
    } finally {
      working(false);
    }
  };
  return { busy, error, setError, run };
}
