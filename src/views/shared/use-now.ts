import { useMemo, useState, useSyncExternalStore } from 'react';

/** One component's clock: the time it last read, sampled again when `active` or `key` changes and on each tick. */
function createClock() {
  let seen: { active: boolean; key: unknown } | null = null;
  let at = 0;
  return {
    /** The time to show: the same value until a tick, or until `active` or `key` changes (a fresh sample then). */
    read(active: boolean, key: unknown): number {
      if (!seen || seen.active !== active || !Object.is(seen.key, key)) {
        seen = { active, key };
        at = Date.now();
      }
      return at;
    },
    /**
     * The subscription for one `active`/`key`: no timer while inactive, else a tick a second from now
     * (the sample `read` just took for this key); a tick samples the time again, for this key only.
     */
    ticks(active: boolean, key: unknown) {
      return (onTick: () => void): (() => void) => {
        if (!active) return () => {};
        const id = setInterval(() => {
          if (!seen || !Object.is(seen.key, key)) return;
          at = Date.now();
          onTick();
        }, 1000);
        return () => clearInterval(id);
      };
    },
  };
}

/**
 * The current time (ms since the epoch) for a countdown: it ticks once a second while `active`, and is
 * sampled afresh in the very render where `active` or `key` changes, so a countdown restarted by a new
 * `key` (the time a code was sent) shows its full length at once, not a second late. While not active
 * it holds its last value and runs no timer.
 *
 * Built on `useSyncExternalStore`: the snapshot is cached and changes only on a tick or a new
 * `active`/`key` (React requires a stable snapshot: returning `Date.now()` itself would re-render forever).
 */
export function useNow(active: boolean, key?: unknown): number {
  const [clock] = useState(createClock);
  // a new `key` subscribes anew: the ticks restart in step with its fresh sample
  const subscribe = useMemo(() => clock.ticks(active, key), [clock, active, key]);
  return useSyncExternalStore(subscribe, () => clock.read(active, key));
}
