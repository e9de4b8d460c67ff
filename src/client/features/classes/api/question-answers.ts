import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionAnswers, ReviewStudentAnswer } from '../../../../shared/question-review';
import { questionAnswersUrl, transcriptUrl } from '../../../../shared/question-review-text';
import { apiRequest } from '../../../lib/api-request';

/** GET /api/classes/{id}/assignments/{assignmentId}/questions/{questionId}/answers: every student's answer to one question. */
export function useQuestionAnswers(classId: string, assignmentId: string, questionId: string | null) {
  return useQuery<QuestionAnswers>({
    // under the markbook's key: a changed mark (an override, a re-mark) refreshes it as it refreshes the markbook
    queryKey: ['/api/classes', classId, 'markbook', 'review', assignmentId, questionId],
    queryFn: () => apiRequest<QuestionAnswers>('GET', questionAnswersUrl(classId, assignmentId, questionId ?? '')),
    enabled: questionId !== null,
  });
}

/** POST /api/classes/{id}/students/{userId}/answers/{questionId}/transcript: the corrected text, marked again. */
export function useCorrectTranscript(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, questionId, text }: { studentId: string; questionId: string; text: string }) =>
      apiRequest<ReviewStudentAnswer>('POST', transcriptUrl(classId, studentId, questionId), { text }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/classes', classId] }),
  });
}
