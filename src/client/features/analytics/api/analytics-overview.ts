import { useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview } from '../../../../shared/analytics';
import type { QueryFreshness } from '../../../lib/api/freshness';

/** The browser's time zone ("Europe/London"): the student's calendar days. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const overviewUrl = (timeZone: string) => `/api/analytics/overview?tz=${encodeURIComponent(timeZone)}`;

/** GET /api/analytics/overview: the analytics pages' figures, added up on the server. */
export function useAnalyticsOverview(freshness: QueryFreshness) {
  return useQuery<AnalyticsOverview>({ queryKey: [overviewUrl(browserTimeZone())], ...freshness });
}
