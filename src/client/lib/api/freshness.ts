/**
 * §7: the app's reads are cached and never stale by default, but the analytics pages refetch the answers on
 * mount and window focus, and /analytics keeps all of its data at zero staleness.
 */
export interface QueryFreshness {
  staleTime?: number;
  refetchOnMount?: boolean;
  refetchOnWindowFocus?: boolean;
}

/** Stale at once: refetched whenever a page mounts or the window regains focus. */
export const LIVE: QueryFreshness = { staleTime: 0, refetchOnMount: true, refetchOnWindowFocus: true };

/** The app's defaults (cached; refreshed when another screen invalidates it). */
export const CACHED: QueryFreshness = {};
