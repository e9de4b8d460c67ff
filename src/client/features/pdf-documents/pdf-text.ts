import { PDF_MAX_BYTES } from '../../../shared/limits';
import { formatDecimal, formatNumber } from '../../lib/format';

/** The PDF screen's own texts (§2, §5, §8) that the shared contract (DOCUMENT_TEXT) does not hold. */
export const PDF_TEXT = {
  maxSize: `${PDF_MAX_BYTES / (1024 * 1024)}MB`,
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please upload a PDF file',
  decodedTooLarge: 'PDF too large',
  processingFailedTitle: 'Processing failed',
  processingFailed: 'Could not process your PDF file',
  processingFailedInline: 'Failed to process PDF file',
  readErrorTitle: 'Read error',
  readError: 'Failed to read the PDF file',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'There was an error uploading your PDF',
  uploadFailedInline: 'There was an unexpected error uploading your PDF',
  uploadedTitle: 'PDF Uploaded',
  uploaded: 'PDF uploaded successfully',
  reading: 'Uploading PDF...',
  tryAgain: 'Click to try again with a different file',
  askTab: 'Ask Questions',
  generateTab: 'Generate Paper',
  getAnswer: 'Get Answer',
  generateQuestions: 'Generate Questions',
  askErrorTitle: 'Error Processing Question',
  generateErrorTitle: 'Error Generating Questions',
  generatedTitle: 'Questions Generated',
  viewPaper: 'View Question Paper',
} as const;

/** 1536 → '1.5 KB'; 2_500_000 → '2.4 MB' (the browser's decimal sign). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 1)} KB`;
  return `${formatDecimal(bytes / (1024 * 1024), 1)} MB`;
}

export function formatPageCount(pages: number): string {
  return `${pages} ${pages === 1 ? 'page' : 'pages'}`;
}
