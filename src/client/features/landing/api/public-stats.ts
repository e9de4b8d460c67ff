import { useEffect, useState } from 'react';
import type { PublicStats } from '../../../../shared/public-stats';
import { apiRequest } from '../../../lib/api-request';

/** GET /api/public/stats for the landing page; until it answers (or if it fails) the figures show '–'. */
export function usePublicStats(): { data: PublicStats | undefined } {
  const [data, setData] = useState<PublicStats>();
  useEffect(() => {
    let live = true;
    apiRequest<PublicStats>('GET', '/api/public/stats').then(
      (stats) => {
        if (live) setData(stats);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return { data };
}
