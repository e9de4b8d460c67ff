import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TutorMessage } from '../../../../shared/practice';
import { apiPostStream } from '../../../lib/api-client';

type TutorReply = { role: 'assistant'; content: string; by: string };

/** GET /api/questions/{id}/tutor: the conversation so far, opening with the greeting. */
export function useTutorHistory(questionId: string, enabled: boolean) {
  return useQuery<TutorMessage[]>({ queryKey: ['/api/questions', questionId, 'tutor'], enabled });
}

/**
 * POST /api/tutor/message/stream: the reply's raw text goes to `onText` as it is written (an AI provider
 * streams it; the built-in tutor answers at once), then the whole reply (HTML) joins the conversation.
 */
export async function streamTutorMessage(questionId: string, message: string, onText: (text: string) => void): Promise<TutorReply> {
  let reply: TutorReply | null = null;
  let failure: string | null = null;
  await apiPostStream('/api/tutor/message/stream', { questionId, message }, ({ event, data }) => {
    if (event === 'delta') onText((data as { text: string }).text);
    else if (event === 'done') reply = data as TutorReply;
    else if (event === 'error') failure = (data as { message: string }).message;
  });
  if (reply) return reply;
  throw new Error(failure ?? 'The tutor did not finish its reply.');
}

/** Sends a message; `onText` sees the reply as it streams. The conversation is updated when it is whole. */
export function useSendTutorMessage(questionId: string, onText: (text: string) => void) {
  const queryClient = useQueryClient();
  const key = ['/api/questions', questionId, 'tutor'];
  return useMutation({
    mutationFn: (message: string) => streamTutorMessage(questionId, message, onText),
    onSuccess: (reply, message) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<TutorMessage[]>(key, (old) => [
        ...(old ?? []),
        { role: 'user', content: message, createdAt: now },
        { role: 'assistant', content: reply.content, createdAt: now },
      ]);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
