import { useMutation } from '@tanstack/react-query';
import { type PracticePaperRequest } from '../../../../shared/practice-paper';
import { PRACTICE_PAPER_TEXT } from '../../../../shared/practice-paper-text';
import { apiPostForFile } from '../../../lib/api-client';

/** POST /api/generate-custom-pdf with format 'pdf': the paper as a PDF file made on the server, saved by the browser. */
export async function downloadPracticePaperPdf(input: PracticePaperRequest): Promise<string> {
  let blob: Blob;
  try {
    blob = await apiPostForFile('/api/generate-custom-pdf', { ...input, format: 'pdf' });
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
  return filename;
}

export function useDownloadPracticePaperPdf() {
  return useMutation({ mutationFn: downloadPracticePaperPdf });
}
