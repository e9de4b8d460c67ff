import { useMutation } from '@tanstack/react-query';
import {
  PRACTICE_PAPER_TEXT,
  practicePaperResponseSchema,
  type PracticePaperRequest,
  type PracticePaperResponse,
} from '../../../../shared/practice-paper';
import { apiRequest } from '../../../lib/api-request';

/**
 * §7 POST /api/generate-custom-pdf → {filename, html}. Any failure (a non-OK response, a reply that is not
 * the contract's shape) is §8's 'Failed to generate PDF'; the api client's error stays as its cause, so the
 * screen can still name a reason the server gave.
 */
export async function generatePracticePaper(input: PracticePaperRequest): Promise<PracticePaperResponse> {
  try {
    return practicePaperResponseSchema.parse(await apiRequest('POST', '/api/generate-custom-pdf', input));
  } catch (error) {
    throw new Error(PRACTICE_PAPER_TEXT.failed, { cause: error });
  }
}

/** Nothing is stored by the call, so there is nothing to refresh afterwards. */
export function useGeneratePracticePaper() {
  return useMutation({ mutationFn: generatePracticePaper });
}
