/**
 * The kit's inline write (issue 30 item 3; saves "show progress and a toast"): a write that runs where the admin
 * clicked, with no form or dialog of its own around it — a switch, an export button, a member's Remove, a role ticked.
 * `run(data)` runs the mutation; `busy` is the mutation's own `loading` (every run of it, from any view), `running`
 * this hook's runs only. A success shows a toast (polite) when `done` has something to say; a failure is announced as
 * an alert and says why (the server's message, or the catalogue's text of a flow error: `messageOf`): an error toast
 * by default, or kept in `error` for an `ErrorSlot` beside the control (`inline`: in a modal dialog the toasts are
 * outside, hidden from assistive technology). What the admin had comes back: the resources' optimistic writes put
 * their cached value back themselves before the failure reaches here, and `rollback` puts back a value the view showed
 * ahead of the answer. `run` never rejects (every failure is shown here) and stays the same function across renders.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Mutation } from '../resources/query.ts';
import { useSection } from '../shell/context.ts';
import { messageOf } from './states.tsx';

/** What an inline action says and undoes. `D` is the mutation's input, `R` its result. */
export interface InlineActionOptions<D, R> {
  /** The success toast's text (e.g. "Okta prod syncs to user management."); nothing (undefined) for no toast. */
  done?: (result: R, data: D) => string | undefined;
  /**
   * The failure's text, given `reason` (the server's message through the catalogue), shown as an error toast (an
   * alert). Leave it out with `inline`.
   */
  failed?: (reason: string, data: D) => string;
  /** The failure is kept in `error` (for an `ErrorSlot` beside the control) instead of a toast. */
  inline?: boolean;
  /** Puts back what the view itself showed ahead of the answer (an optimistic value held outside the resources). */
  rollback?: (data: D, error: unknown) => void;
  /** Hears each failure once it is shown and rolled back (e.g. the app's log). */
  onError?: (error: unknown, data: D) => void;
}

/** What {@link useInlineAction} returns. */
export interface InlineAction<D> {
  /** The mutation is running, from here or elsewhere (show progress on the one control that writes it). */
  busy: boolean;
  /** A run started here is in flight (one switch of several, each with its own hook, shows its own progress). */
  running: boolean;
  /** With `inline`: the last run's failure, `null` before one and once a run succeeds or starts again. */
  error: unknown;
  /**
   * Runs the mutation with `data`; shows its success (`doneText`, known when the admin clicked, else the options'
   * `done`) or its failure. Resolves true once it succeeded, false on failure.
   */
  run(data: D, doneText?: string): Promise<boolean>;
}

/**
 * An inline write of `mutation` (a resource's `Mutation`), with the section's toasts and translate function (from
 * `useSection()`).
 * @throws Error outside a section element
 */
export function useInlineAction<D, R>(mutation: Mutation<D, R>, options: InlineActionOptions<D, R>): InlineAction<D> {
  const { toasts, t } = useSection();
  const busy = useStore(mutation.$state).loading;
  const [error, setError] = useState<unknown>(null);
  const [runs, setRuns] = useState(0);
  // `run` stays the same function (a table's memoised columns may hold it) and reads the latest options
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const run = useCallback(
    async (data: D, doneText?: string) => {
      setError(null);
      setRuns((n) => n + 1);
      try {
        const result = await mutation.run(data);
        const text = doneText ?? latest.current.done?.(result, data);
        if (text) toasts.show(text);
        return true;
      } catch (e) {
        const { rollback, failed, inline, onError } = latest.current;
        rollback?.(data, e);
        if (failed && !inline) toasts.show(failed(messageOf(e, t), data), 'error');
        else setError(e);
        onError?.(e, data);
        return false;
      } finally {
        setRuns((n) => n - 1);
      }
    },
    [mutation, toasts, t],
  );
  return { busy, running: runs > 0, error, run };
}
