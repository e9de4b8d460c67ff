import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskDocumentRequest, AskDocumentResponse } from '../../../../shared/documents';
import { apiRequest } from '../../../lib/api-request';
import { PDF_DOCUMENTS_KEY } from './pdf-documents';

/** POST /api/pdf/ask-question {pdfData, question, pdfName} → the answer (HTML) with its cited pages. */
export function useAskDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AskDocumentRequest) => apiRequest<AskDocumentResponse>('POST', '/api/pdf/ask-question', input),
    // The server keeps a copy of every document asked about: the list of earlier PDFs may have grown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PDF_DOCUMENTS_KEY }),
  });
}
