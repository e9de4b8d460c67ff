import { useQuery } from '@tanstack/react-query';
import { LIVE } from './freshness';
import type { AssignedPaper } from '../../../shared/classes';
import { queryKeys } from './query-keys';

/** GET /api/assignments: the papers assigned to the signed-in student, for the home page's "Assigned" section. */
export function useMyAssignments() {
  return useQuery<AssignedPaper[]>({ queryKey: queryKeys.assignments(), ...LIVE });
}
