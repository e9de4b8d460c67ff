import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LIVE } from '../../lib/api/freshness';
import { useAnalyticsOverview } from './api/analytics-overview';

/**
 * The read both analytics pages are built from: GET /api/analytics/overview, refetched on mount and focus
 * (§7: the analytics pages refetch on mount and focus, zero staleness on /analytics). Refresh Data also
 * refreshes the cached lists of courses, answers and questions the other screens use.
 */
export function useAnalyticsQueries() {
  const overview = useAnalyticsOverview(LIVE);
  const client = useQueryClient();

  const refetchAll = useCallback(
    () =>
      Promise.all([
        overview.refetch(),
        client.invalidateQueries({ queryKey: ['/api/courses'] }),
        client.invalidateQueries({ queryKey: ['/api/user/answers'] }),
        client.invalidateQueries({ queryKey: ['/api/user/questions'] }),
      ]),
    [overview.refetch, client],
  );

  return {
    data: overview.data ?? null,
    /** An error with nothing to show. */
    error: overview.isError && overview.data === undefined ? overview.error : null,
    /** An error of a refetch while earlier data is still shown. */
    staleError: overview.isError && overview.data !== undefined ? overview.error : null,
    isFetching: overview.isFetching,
    refetchAll,
    retryFailed: () => overview.refetch(),
  };
}
