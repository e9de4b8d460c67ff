import type { Answer } from '../../../../shared/practice';
import { apiRequest } from '../../../lib/api-client';

export interface SaveAnswerInput {
  questionId: string;
  text: string;
  submitted: boolean;
  timeSpentSeconds?: number;
}

/** POST /api/answers/save: autosave drafts (submitted false) and submissions. */
export function saveAnswer(input: SaveAnswerInput): Promise<Answer> {
  return apiRequest<Answer>('POST', '/api/answers/save', input);
}
