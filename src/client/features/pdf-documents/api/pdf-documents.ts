import { useQuery } from '@tanstack/react-query';
import type { PdfDocument } from '../../../../shared/documents';

export const PDF_DOCUMENTS_KEY = ['/api/pdf/documents'];

/** GET /api/pdf/documents: the student's stored PDFs, newest first. */
export function usePdfDocuments() {
  return useQuery<PdfDocument[]>({ queryKey: PDF_DOCUMENTS_KEY });
}
