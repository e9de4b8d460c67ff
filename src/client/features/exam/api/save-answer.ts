import type { Answer, AnswerConflict, SaveAnswerRequest } from '../../../../shared/practice';
import { apiRequest } from '../../../lib/api-request';

export type SaveAnswerInput = SaveAnswerRequest;

/** POST /api/answers/save: autosave drafts (submitted false) and submissions, each naming the revision it is based on. */
export function saveAnswer(input: SaveAnswerInput): Promise<Answer> {
  return apiRequest<Answer>('POST', '/api/answers/save', input);
}

/**
 * The server's 409 for a save based on an older revision: what it holds instead (the error's message is
 * 'status: body', §8). Null for any other error. The shape of answerConflictSchema, checked by hand: the exam
 * screen's first download leaves zod out (docs/benchmarks.md, "Page weight").
 */
export function answerConflictOf(error: unknown): AnswerConflict | null {
  if (!(error instanceof Error) || !error.message.startsWith('409: ')) return null;
  let body: unknown;
  try {
    body = JSON.parse(error.message.slice('409: '.length));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { message, text, revision, submitted } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof text !== 'string' || !Number.isInteger(revision) || typeof submitted !== 'boolean') return null;
  return { message, text, revision: revision as number, submitted };
}
