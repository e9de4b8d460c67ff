import { useQuery } from '@tanstack/react-query';
import type { Dispute } from '../../../../shared/disputes';

/** GET /api/disputes: the student's disputes, newest first. */
export function useDisputes() {
  return useQuery<Dispute[]>({ queryKey: ['/api/disputes'] });
}
