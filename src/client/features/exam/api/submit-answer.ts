import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFeedback } from '../../../../shared/practice';
import { apiRequest, isApiError } from '../../../lib/api-request';
import { hasQueuedSubmission, queueSubmission } from '../../../lib/outbox';
import { saveAnswer } from './save-answer';

/**
 * §4 Submission sequence: save the answer as submitted, evaluate it (POST /api/answers/evaluate), save the
 * feedback (POST /api/feedback/save); then refresh the course, answer, feedback and progress data.
 */
export function useSubmitAnswer(courseId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the submission is not paused by the query library: it is queued on this device (below).
    networkMode: 'always',
    mutationFn: async (input: {
      questionId: string;
      text: string;
      timeSpentSeconds: number;
      revision: Promise<number | undefined>;
    }): Promise<StoredFeedback | { queued: true }> => {
      // Based on the revision the autosaves under way bring back: a 409 means another tab saved other text since.
      const revision = await input.revision;
      // No network, at any step: the rest waits in the outbox (lib/outbox.ts) and is done, once, on reconnect.
      let stage: 'save' | 'evaluate' | 'confirm' = 'save';
      const queue = () => {
        queueSubmission({ questionId: input.questionId, text: input.text, revision, seconds: input.timeSpentSeconds, stage });
        return { queued: true } as const;
      };
      if (hasQueuedSubmission(input.questionId)) return queue();
      try {
        const answer = await saveAnswer({
          questionId: input.questionId,
          text: input.text,
          submitted: true,
          timeSpentSeconds: input.timeSpentSeconds,
          revision,
        });
        stage = 'evaluate';
        // the screen shows 'Submitted' now, not only after the refresh below
        queryClient.setQueryData(['/api/questions', input.questionId, 'answer'], answer);
        const feedback = await apiRequest<StoredFeedback>('POST', '/api/answers/evaluate', {
          questionId: input.questionId,
          answer: input.text,
        });
        stage = 'confirm';
        await apiRequest('POST', '/api/feedback/save', { questionId: input.questionId, feedback });
        return feedback;
      } catch (error) {
        if (!isApiError(error)) return queue();
        throw error;
      }
    },
    onSuccess: (feedback, input) => {
      if ('queued' in feedback) return;
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
