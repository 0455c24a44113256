/**
 * A server-paged list's fetcher store for the current query: the query's JSON goes into an atom made once per mount,
 * and the store made from that atom (`make`) refetches whenever the JSON changes (the resource's cache keys it).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { useEffect, useMemo, useState } from 'react';

/** The store of `make` for the query `json`; stable for the component's life. */
export function useQueryStore<S>(json: string, make: ($json: ReadableAtom<string>) => S): S {
  const [$json] = useState(() => atom(json));
  useEffect(() => $json.set(json), [$json, json]);
  // `make` is a resource's method: the same for the component's life
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => make($json), [$json]);
}
