import { answerConflictSchema, type Answer, type AnswerConflict, type SaveAnswerRequest } from '../../../../shared/practice';
import { apiRequest } from '../../../lib/api-request';

export type SaveAnswerInput = SaveAnswerRequest;

/** POST /api/answers/save: autosave drafts (submitted false) and submissions, each naming the revision it is based on. */
export function saveAnswer(input: SaveAnswerInput): Promise<Answer> {
  return apiRequest<Answer>('POST', '/api/answers/save', input);
}

/**
 * The server's 409 for a save based on an older revision: what it holds instead (the error's message is
 * 'status: body', §8). Null for any other error.
 */
export function answerConflictOf(error: unknown): AnswerConflict | null {
  if (!(error instanceof Error) || !error.message.startsWith('409: ')) return null;
  try {
    const parsed = answerConflictSchema.safeParse(JSON.parse(error.message.slice('409: '.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
