import { z } from 'zod';
import { paperSchema } from './practice';
import { IMPORT_MAX_CHARS, IMPORT_FORMATS, IMPORT_TEXT } from './question-import-text';

/** Bring your own questions (issue 18): a Moodle GIFT, Moodle XML or Markwell JSON file imported into a course of one's own. */

/** Export of a paper: Moodle GIFT or Moodle XML (what Moodle carries, plus the scheme in comments) or Markwell JSON (everything). */
export const exportQuerySchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: 'format must be gift, xml or json' }).default('gift'),
});

export const questionImportRequestSchema = z.object({
  fileName: z.string().trim().min(1, 'fileName is required').max(200),
  format: z.enum(IMPORT_FORMATS, { error: IMPORT_TEXT.unknownFormat }).optional(),
  content: z.string({ error: IMPORT_TEXT.empty }).min(1, IMPORT_TEXT.empty).max(IMPORT_MAX_CHARS, IMPORT_TEXT.tooLarge),
  /** All or nothing: any problem and nothing is imported. */
  strict: z.boolean().optional(),
});
export type QuestionImportRequest = z.input<typeof questionImportRequestSchema>;

const noteSchema = z.object({ number: z.number().int(), title: z.string().optional(), message: z.string() });
export type ImportNote = z.infer<typeof noteSchema>;

export const importedQuestionSchema = z.object({
  number: z.number().int(),
  title: z.string().optional(),
  /** Plain text, shortened, for the preview. */
  text: z.string(),
  type: z.string(),
  marks: z.number().int(),
  topic: z.string().nullable(),
  /** Imported without a mark scheme: its owner writes one before it can be marked. */
  needsScheme: z.boolean().optional(),
});
export type ImportedQuestion = z.infer<typeof importedQuestionSchema>;

export const importReportSchema = z.object({
  imported: z.array(importedQuestionSchema),
  changed: z.array(noteSchema),
  skipped: z.array(noteSchema),
  /** Problems with the file as a whole (nothing can be imported while there are any). */
  errors: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const questionImportResponseSchema = z.object({
  report: importReportSchema,
  /** The paper the questions were stored in (absent for a preview, or when nothing could be imported). */
  paper: paperSchema.nullable(),
});
export type QuestionImportResponse = z.infer<typeof questionImportResponseSchema>;
