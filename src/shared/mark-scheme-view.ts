import { z } from 'zod';
import { MARK_KINDS, markGroupSchema, markLevelSchema } from './mark-scheme';
import { WRITE_SCHEME_MAX_CHARS, WRITE_SCHEME_TEXT } from './mark-scheme-view-text';

/**
 * GET /api/questions/{id}/markscheme: the spec's list of points, each with its marks and kind and,
 * where the scheme sets them, the M point it depends on, error carried forward and its group. With
 * `?format=scheme` the whole scheme: the points and the rules beyond them (groups, the final-answer
 * rule, levels of response) and the most marks the scheme gives. Accept/reject wordings and numeric
 * targets stay on the server: they would give the answer away.
 */
export const markSchemePointViewSchema = z.object({
  id: z.string(),
  text: z.string(),
  marks: z.number().int(),
  kind: z.enum(MARK_KINDS),
  depends_on: z.string().optional(),
  ecf: z.boolean().optional(),
  group: z.string().optional(),
});
export type MarkSchemePointView = z.infer<typeof markSchemePointViewSchema>;

export const markSchemeViewSchema = z.object({
  points: z.array(markSchemePointViewSchema),
  groups: z.array(markGroupSchema),
  final_answer_full_marks: z.boolean(),
  levels: z.array(markLevelSchema),
  total_marks: z.number().int(),
});
export type MarkSchemeView = z.infer<typeof markSchemeViewSchema>;

export const markSchemeQuerySchema = z.object({
  format: z.enum(['points', 'scheme'], { error: 'format must be points or scheme' }).optional(),
});
export type MarkSchemeQuery = z.infer<typeof markSchemeQuerySchema>;

export const markSchemeResponseSchema = z.union([z.array(markSchemePointViewSchema), markSchemeViewSchema]);

/** PUT /api/questions/{id}/markscheme: the scheme typed by the question's owner, one point a line ('[2]' for two marks). */
export const writeMarkSchemeRequestSchema = z.object({
  text: z
    .string({ error: WRITE_SCHEME_TEXT.empty })
    .trim()
    .min(1, WRITE_SCHEME_TEXT.empty)
    .max(WRITE_SCHEME_MAX_CHARS, WRITE_SCHEME_TEXT.tooLong),
});
export type WriteMarkSchemeRequest = z.infer<typeof writeMarkSchemeRequestSchema>;

/**
 * POST /api/questions/{id}/markscheme/draft: a scheme drafted by the school's AI provider for the question's owner,
 * as text in the form's own format (one point a line, '[2]' for two marks, 'accept:' lines, 'Level 2 (3-4 marks): …').
 * Nothing is saved: the owner edits the text and saves it with the PUT.
 */
export const schemeDraftSchema = z.object({
  text: z.string(),
  totalMarks: z.number().int(),
  /** What drafted it, e.g. 'gpt-4o-mini (OpenAI)'. */
  draftedBy: z.string(),
});
export type SchemeDraftResponse = z.infer<typeof schemeDraftSchema>;
