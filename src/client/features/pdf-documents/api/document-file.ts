import type { PdfDocument } from '../../../../shared/documents';
import { apiDownload } from '../../../lib/api-client';

/**
 * GET /api/pdf/documents/{id}/file: a stored PDF's bytes, as a File named like the document. Sent with
 * the bearer header when a token exists and with cookies, like every other call (§6); errors take the
 * api client's shape ('status: body', with the server's message).
 */
export async function fetchDocumentFile(document: Pick<PdfDocument, 'id' | 'name'>): Promise<File> {
  // The bytes, not res.blob(): a Blob from another realm (a worker, a test's fetch) may not be a valid File part.
  const bytes = await apiDownload(`/api/pdf/documents/${encodeURIComponent(document.id)}/file`);
  return new File([bytes], document.name, { type: 'application/pdf' });
}
