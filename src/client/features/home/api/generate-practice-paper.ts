import { useMutation } from '@tanstack/react-query';
import type { PracticePaperRequest, PracticePaperResponse } from '../../../../shared/practice-paper';
import { PRACTICE_PAPER_TEXT } from '../../../../shared/practice-paper-text';
import { apiRequest } from '../../../lib/api-request';

/**
 * §7 POST /api/generate-custom-pdf → {filename, html}. Any failure (a non-OK response, a reply that is not
 * the contract's shape) is §8's 'Failed to generate PDF'; the api client's error stays as its cause, so the
 * screen can still name a reason the server gave. The contract's schema (and zod with it) is loaded only here,
 * when a paper is asked for, not with the home page.
 */
export async function generatePracticePaper(input: PracticePaperRequest): Promise<PracticePaperResponse> {
  try {
    const [reply, { practicePaperResponseSchema }] = await Promise.all([
      apiRequest('POST', '/api/generate-custom-pdf', input),
      import('../../../../shared/practice-paper'),
    ]);
    return practicePaperResponseSchema.parse(reply);
  } catch (error) {
    throw new Error(PRACTICE_PAPER_TEXT.failed, { cause: error });
  }
}

/** Nothing is stored by the call, so there is nothing to refresh afterwards. */
export function useGeneratePracticePaper() {
  return useMutation({ mutationFn: generatePracticePaper });
}
