import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentQuestionsRequest, DocumentQuestionsResponse } from '../../../../shared/documents';
import { apiRequest } from '../../../lib/api-request';
import { PDF_DOCUMENTS_KEY } from './pdf-documents';

/**
 * POST /api/pdf/generate-questions {pdfData, pdfName, subject} → the new paper's id (§7). On success
 * courses, questions and answers are refreshed (§4), with the papers and the stored documents.
 */
export function useGenerateDocumentQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentQuestionsRequest) => apiRequest<DocumentQuestionsResponse>('POST', '/api/pdf/generate-questions', input),
    onSuccess: () => {
      for (const queryKey of [
        ['/api/courses'],
        ['/api/user/questions'],
        ['/api/user/answers'],
        ['/api/question-papers'],
        PDF_DOCUMENTS_KEY,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
