import { useMutation } from '@tanstack/react-query';
import { type PracticePaperRequest } from '../../../../shared/practice-paper';
import { PRACTICE_PAPER_TEXT } from '../../../../shared/practice-paper-text';
import { apiPostForFile } from '../../../lib/api-client';

/** The same printed paper again, by its code (issue 26): the student copy, or with the answer key and mark scheme. */
export function reprintUrl(code: string, include: ('answers' | 'scheme')[] = []): string {
  const query = include.length ? `?include=${include.join(',')}` : '';
  return `/api/practice-papers/${encodeURIComponent(code)}/pdf${query}`;
}

/**
 * POST /api/generate-custom-pdf with format 'pdf': the paper as a PDF file made on the server, saved by the browser.
 * Returns the file's name and the paper's code (to print the same paper again).
 */
export async function downloadPracticePaperPdf(input: PracticePaperRequest): Promise<{ filename: string; code: string | null }> {
  let blob: Blob;
  let code: string | null;
  try {
    const file = await apiPostForFile('/api/generate-custom-pdf', { ...input, format: 'pdf' });
    blob = file.blob;
    code = file.headers.get('x-paper-code');
  } catch (error) {
    throw new Error(PRACTICE_PAPER_TEXT.failed, { cause: error });
  }
  const filename =
    `${input.subject}-${input.topic}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') + '-practice-paper.pdf';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { filename, code };
}

export function useDownloadPracticePaperPdf() {
  return useMutation({ mutationFn: downloadPracticePaperPdf });
}
