import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamDate } from '../../../../shared/review';
import { apiRequest } from '../../../lib/api-request';
import { REVIEW_DUE_KEY } from './review-due';

/** POST /api/review/exam-date: sets the exam date ('YYYY-MM-DD') or clears it (null); every review is rescheduled. */
export function useSetExamDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (examDate: string | null) => apiRequest<ExamDate>('POST', '/api/review/exam-date', { examDate }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REVIEW_DUE_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/user/goals'] });
    },
  });
}
