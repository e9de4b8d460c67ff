import { z } from 'zod';
import { DEFAULT_DIFFICULTY, DIFFICULTY_CHOICES, QUESTION_COUNT } from './practice-text';
import { PRACTICE_PAPER_TEXT } from './practice-paper-text';

const required = z
  .string({ error: PRACTICE_PAPER_TEXT.subjectAndTopicRequired })
  .trim()
  .min(1, PRACTICE_PAPER_TEXT.subjectAndTopicRequired);

/** POST /api/generate-custom-pdf */
export const practicePaperRequestSchema = z.object({
  subject: required.max(80, 'A subject can be at most 80 characters'),
  topic: required.max(120, 'A topic can be at most 120 characters'),
  questionCount: z.coerce
    .number({ error: PRACTICE_PAPER_TEXT.questionCount })
    .int(PRACTICE_PAPER_TEXT.questionCount)
    .min(QUESTION_COUNT.min, PRACTICE_PAPER_TEXT.questionCount)
    .max(QUESTION_COUNT.max, PRACTICE_PAPER_TEXT.questionCount)
    .default(QUESTION_COUNT.default),
  difficultyLevel: z.enum(DIFFICULTY_CHOICES, { error: PRACTICE_PAPER_TEXT.difficulty }).default(DEFAULT_DIFFICULTY),
  includeAnswers: z.boolean({ error: 'includeAnswers must be true or false' }).default(false),
  includeMarkScheme: z.boolean({ error: 'includeMarkScheme must be true or false' }).default(false),
  /** Not in the spec: 'pdf' returns the paper as an application/pdf file made on the server instead of {filename, html}. */
  format: z.enum(['html', 'pdf'], { error: 'format must be "html" or "pdf"' }).optional(),
});
export type PracticePaperRequest = z.infer<typeof practicePaperRequestSchema>;

/** §3 PDF generation response: a complete printable HTML document and a file name for it. */
export const practicePaperResponseSchema = z.object({
  filename: z.string(),
  html: z.string(),
  /** Not in the spec (issue 26): the paper's code, to print the same paper again with GET /api/practice-papers/{code}/pdf. */
  code: z.string().optional(),
});

/** GET /api/practice-papers/{code}/pdf?include=answers,scheme: the same paper again, as the student copy or with the key and scheme. */
export const reprintQuerySchema = z.object({
  include: z
    .string()
    .max(40)
    .regex(/^((answers|scheme)(,(answers|scheme))*)?$/, 'include lists answers and/or scheme, separated by commas')
    .optional(),
});
export type PracticePaperResponse = z.infer<typeof practicePaperResponseSchema>;
