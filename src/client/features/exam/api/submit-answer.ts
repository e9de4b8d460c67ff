import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFeedback } from '../../../../shared/practice';
import { apiRequest } from '../../../lib/api-request';
import { saveAnswer } from './save-answer';

/**
 * §4 Submission sequence: save the answer as submitted, evaluate it (POST /api/answers/evaluate), save the
 * feedback (POST /api/feedback/save); then refresh the course, answer, feedback and progress data.
 */
export function useSubmitAnswer(courseId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { questionId: string; text: string; timeSpentSeconds: number; revision: Promise<number | undefined> }) => {
      // Based on the revision the autosaves under way bring back: a 409 means another tab saved other text since.
      const revision = await input.revision;
      const answer = await saveAnswer({
        questionId: input.questionId,
        text: input.text,
        submitted: true,
        timeSpentSeconds: input.timeSpentSeconds,
        revision,
      });
      // the screen shows 'Submitted' now, not only after the refresh below
      queryClient.setQueryData(['/api/questions', input.questionId, 'answer'], answer);
      const feedback = await apiRequest<StoredFeedback>('POST', '/api/answers/evaluate', {
        questionId: input.questionId,
        answer: input.text,
      });
      await apiRequest('POST', '/api/feedback/save', { questionId: input.questionId, feedback });
      return feedback;
    },
    onSuccess: (feedback, input) => {
      queryClient.setQueryData(['/api/questions', input.questionId, 'feedback'], feedback);
      for (const queryKey of [
        ['/api/questions', input.questionId],
        ['/api/courses', courseId],
        ['/api/courses'],
        ['/api/question-papers'],
        ['/api/user/answers'],
        ['/api/user/questions'],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
