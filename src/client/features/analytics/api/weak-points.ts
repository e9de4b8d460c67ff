import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeneratePaperResponse } from '../../../../shared/practice';
import type { Skill } from '../../../../shared/mark-scheme';
import type { WeakPointsResponse } from '../../../../shared/weak-points';
import { apiRequest } from '../../../lib/api-request';
import { LIVE } from '../../../lib/api/freshness';

/** GET /api/analytics/weak-points: the kinds of mark the student keeps missing (refetched on mount and focus). */
export function useWeakPoints() {
  return useQuery<WeakPointsResponse>({ queryKey: ['/api/analytics/weak-points'], ...LIVE });
}

/** POST /api/courses/{id}/practise-weak-points: a paper on the weakest skills and topics, or on one skill. */
export function usePractiseWeakPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { courseId: string; skill?: Skill }) =>
      apiRequest<GeneratePaperResponse>(
        'POST',
        `/api/courses/${input.courseId}/practise-weak-points`,
        input.skill ? { skill: input.skill } : {},
      ),
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/courses', input.courseId] });
      void queryClient.invalidateQueries({ queryKey: ['/api/courses'] });
    },
  });
}
