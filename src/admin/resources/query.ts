/**
 * One @nanostores/query context per app (architecture "Admin portal": two `<fe-app>`s never share a cache): fetcher
 * stores for reads, and {@link Mutation}s for writes. Retries only requests that got no answer (network), 3 times,
 * 500 ms apart (admin spec §9 retry helper); an answered error (403, 404, 500) is shown at once.
 *
 * Mutations are ours, not nanoquery's mutator stores: those swallow errors and drop a call made while another runs;
 * a dialog needs the failure (to keep its input and show the message) and two quick role edits must both run.
 */
import { nanoquery } from '@nanostores/query';
import { map, type MapStore } from 'nanostores';

/**
 * Retries a request that never got an answer (an FeApiError with statusCode 0), at most 3 times, 500 ms apart. (Read
 * by shape, not `instanceof`: the login box's first-input chunk holds the error module, and every export used from
 * here is kept there.)
 */
export function retryNetworkErrors({ error, retryCount }: { error: unknown; retryCount: number }): number | false {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return status === 0 && retryCount < 3 ? 500 : false;
}

/**
 * What a mutation may do to the cache: read a key's data, replace it (no refetch), drop keys (refetched when watched:
 * their stores show no data meanwhile), or refetch keys while their stores keep showing the current data.
 */
export interface CacheTools {
  /** Every key the cache holds (paged lists edit their pages by key prefix). */
  keys(): string[];
  read<T>(key: string): T | undefined;
  write<T>(key: string, value: T): void;
  /** Writes `edit(value)` over the value cached at `key`; a key not loaded yet is left alone. */
  edit<T>(key: string, edit: (value: T) => T): void;
  invalidate(selector: (key: string) => boolean): void;
  revalidate(selector: (key: string) => boolean): void;
}

/** The state of one kind of write (AB-4.01: per-operation loaders and errors). */
export interface MutationState {
  loading: boolean;
  error?: unknown;
}

/** One kind of write: `run(data)` resolves with the result or rejects with the failure (also kept in `$state`). */
export interface Mutation<D, R> {
  $state: MapStore<MutationState>;
  run(data: D): Promise<R>;
}

/** A fresh query context. */
export function createQueryContext() {
  const cache = new Map<string, { data?: unknown }>();
  const [createFetcherStore, , controls] = nanoquery({
    cache,
    dedupeTime: 2_000,
    revalidateOnFocus: false,
    revalidateOnReconnect: true,
    onErrorRetry: retryNetworkErrors,
  });
  const tools: CacheTools = {
    keys: () => [...cache.keys()],
    read: <T>(key: string) => cache.get(key)?.data as T | undefined,
    write: (key, value) => controls.mutateCache(key, value),
    edit: <T>(key: string, edit: (value: T) => T) => {
      const value = cache.get(key)?.data as T | undefined;
      if (value !== undefined) controls.mutateCache(key, edit(value));
    },
    invalidate: (selector) => controls.invalidateKeys(selector),
    revalidate: (selector) => controls.revalidateKeys(selector),
  };
  /** A mutation: `fn` runs with the cache tools; concurrent runs all run (counted for `loading`). */
  function mutation<D, R = void>(fn: (data: D, cache: CacheTools) => Promise<R>): Mutation<D, R> {
    const $state = map<MutationState>({ loading: false });
    let running = 0;
    return {
      $state,
      async run(data) {
        running++;
        $state.set({ loading: true });
        try {
          const result = await fn(data, tools);
          $state.set({ loading: --running > 0 });
          return result;
        } catch (error) {
          $state.set({ loading: --running > 0, error });
          throw error;
        }
      },
    };
  }
  return {
    createFetcherStore,
    mutation,
    cache: tools,
    /** Drops every cached answer; the stores still watched fetch theirs again (another user or tenant is shown). */
    invalidateAll: () => controls.invalidateKeys(() => true),
    /**
     * Drops every cached answer without fetching anything again (signed out: a fetch now would go without a session and
     * fail with a 401 in the console, issue 31 item 9); the next stores watched after a sign-in fetch afresh.
     */
    forgetAll: () => cache.clear(),
  };
}

/** The query context type. */
export type QueryContext = ReturnType<typeof createQueryContext>;
