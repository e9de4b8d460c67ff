// Plain constants (no zod) of documents.ts: the signed-in screens import these without pulling in the contract's schemas.

import { PDF_MAX_BYTES, PDF_MAX_INFLATED_BYTES } from './limits';
/** §2 PDF Documents, §5 validation and §8 error texts of the PDF calls. */
export const DOCUMENT_TEXT = {
  noPdfTitle: 'No PDF Document',
  noPdf: 'Please upload a PDF document first.',
  questionRequiredTitle: 'Question Required',
  questionRequired: 'Please enter a question to ask about the document.',
  subjectRequiredTitle: 'Subject Required',
  subjectRequired: 'Please enter a subject for the question paper.',
  tooLargeTitle: 'File too large',
  tooLarge: `File is too large. Maximum file size is ${PDF_MAX_BYTES / (1024 * 1024)}MB`,
  notBase64: 'The PDF could not be read: its data is not valid base64.',
  inflatedTooLarge: `The PDF could not be read: uncompressed, its contents come to more than ${PDF_MAX_INFLATED_BYTES / (1024 * 1024)}MB. Split it into smaller PDFs or save it with smaller images, and upload it again.`,
  documentNotFound: 'Document not found',
  askFailed: 'Failed to get an answer to your question.',
  generateFailed: 'Failed to generate questions from the PDF.',
} as const;

/** The name used when the client sends none. */
export const DEFAULT_DOCUMENT_NAME = 'Uploaded document.pdf';
export const DOCUMENT_QUESTION_MAX_LENGTH = 2000;
export const DOCUMENT_NAME_MAX_LENGTH = 200;
