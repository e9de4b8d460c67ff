import { useQuery } from '@tanstack/react-query';
import type { PublicStats } from '../../../../shared/public-stats';

export function usePublicStats() {
  return useQuery<PublicStats>({ queryKey: ['/api/public/stats'], staleTime: 60_000 });
}
