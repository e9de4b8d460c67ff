import { z } from 'zod';
import { DOCUMENT_TEXT, DOCUMENT_QUESTION_MAX_LENGTH, DOCUMENT_NAME_MAX_LENGTH } from './documents-text';

/** base64 of the file, without a `data:` prefix (one is tolerated). */
const pdfDataSchema = z.string({ error: DOCUMENT_TEXT.noPdf }).min(1, DOCUMENT_TEXT.noPdf);
const pdfNameSchema = z
  .string()
  .trim()
  .max(DOCUMENT_NAME_MAX_LENGTH, `A file name can be at most ${DOCUMENT_NAME_MAX_LENGTH} characters`)
  .optional();

/** POST /api/pdf/ask-question */
export const askDocumentRequestSchema = z.object({
  pdfData: pdfDataSchema,
  question: z
    .string({ error: DOCUMENT_TEXT.questionRequired })
    .trim()
    .min(1, DOCUMENT_TEXT.questionRequired)
    .max(DOCUMENT_QUESTION_MAX_LENGTH, `Keep the question under ${DOCUMENT_QUESTION_MAX_LENGTH} characters`),
  /** Not in the original call; the document's file name, when the client knows it. */
  pdfName: pdfNameSchema,
});
export type AskDocumentRequest = z.infer<typeof askDocumentRequestSchema>;

export const documentCitationSchema = z.object({ page: z.number().int(), text: z.string() });

export const askDocumentResponseSchema = z.object({
  /** HTML quoting the passages that answer the question, with their page numbers. */
  response: z.string(),
  /** The engine that answered, e.g. 'the built-in document reader' or a model name. */
  answeredBy: z.string(),
  citations: z.array(documentCitationSchema),
  documentId: z.string(),
});
export type AskDocumentResponse = z.infer<typeof askDocumentResponseSchema>;

/** POST /api/pdf/generate-questions */
export const documentQuestionsRequestSchema = z.object({
  pdfData: pdfDataSchema,
  pdfName: pdfNameSchema,
  subject: z
    .string({ error: DOCUMENT_TEXT.subjectRequired })
    .trim()
    .min(1, DOCUMENT_TEXT.subjectRequired)
    .max(80, 'A subject can be at most 80 characters'),
});
export type DocumentQuestionsRequest = z.infer<typeof documentQuestionsRequestSchema>;

export const documentQuestionsResponseSchema = z.object({
  /** Open it at /question-papers/{questionPaperId}. */
  questionPaperId: z.string(),
  courseId: z.string(),
  title: z.string(),
  totalQuestions: z.number().int(),
  generatedBy: z.string(),
  documentId: z.string(),
  note: z.string().nullable(),
});
export type DocumentQuestionsResponse = z.infer<typeof documentQuestionsResponseSchema>;

/** GET /api/pdf/documents: the student's stored documents, newest first (the file itself at /api/pdf/documents/{id}/file). */
export const pdfDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  pageCount: z.number().int(),
  createdAt: z.string(),
});
export type PdfDocument = z.infer<typeof pdfDocumentSchema>;
