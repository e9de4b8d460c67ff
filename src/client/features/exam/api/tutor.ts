import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TutorMessage } from '../../../../shared/practice';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/questions/{id}/tutor: the conversation so far, opening with the greeting. */
export function useTutorHistory(questionId: string, enabled: boolean) {
  return useQuery<TutorMessage[]>({ queryKey: ['/api/questions', questionId, 'tutor'], enabled });
}

/** POST /api/tutor/message → the assistant's reply (HTML). */
export function useSendTutorMessage(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<{ role: 'assistant'; content: string; by: string }>('POST', '/api/tutor/message', { questionId, message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/questions', questionId, 'tutor'] }),
  });
}
