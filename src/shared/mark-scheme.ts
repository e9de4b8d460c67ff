import { z } from 'zod';

/**
 * A mark-scheme point, in the style of an A-Level scheme: one point, one mark (unless `marks` says
 * otherwise, e.g. a two-mark numeric answer). Everything beyond `id` and `text` is optional and
 * helps the built-in marker decide; an LLM marker reads the same fields as guidance.
 */
export const numericTargetSchema = z.object({
  /** The expected value, or in a template a mathjs expression over the template's variables. */
  value: z.union([z.number(), z.string().min(1)]),
  /** Relative tolerance as a fraction of the value (0.01 = 1%). Default 0.01. */
  tolerance: z.number().min(0).max(1).optional(),
  /** Absolute tolerance in the point's unit; used instead of `tolerance` when given. */
  absTolerance: z.number().min(0).optional(),
  /** SI-style unit the value is expressed in, e.g. 'J', 'kJ mol^-1', 'm s^-2', 'Ω'. Omit for pure numbers. */
  unit: z.string().min(1).optional(),
  /** Significant figures the answer must be given to (marked only when set). */
  sigFigs: z.number().int().min(1).max(10).optional(),
});
export type NumericTarget = z.infer<typeof numericTargetSchema>;

export const markPointSchema = z.object({
  id: z.string().min(1).max(40),
  /** The point as an examiner writes it, e.g. 'active site is complementary to the substrate'. */
  text: z.string().min(1),
  marks: z.number().int().min(1).max(10).default(1),
  /** 'method' marks reward a correct step (e.g. a substituted equation); 'answer' a final value. */
  kind: z.enum(['content', 'method', 'answer']).default('content'),
  /** Other wordings that also earn the point (examiner's "accept" / "allow"). */
  accept: z.array(z.string().min(1)).default([]),
  /** Wordings that must not earn the point (examiner's "reject" / "do not accept"). */
  reject: z.array(z.string().min(1)).default([]),
  /** Words or ideas that neither earn nor lose the mark (examiner's "ignore"). */
  ignore: z.array(z.string().min(1)).default([]),
  /** Terms of which each entry must appear; 'a|b' means a or b. */
  required: z.array(z.string().min(1)).default([]),
  numeric: numericTargetSchema.optional(),
});
export type MarkPoint = z.infer<typeof markPointSchema>;
export type MarkPointInput = z.input<typeof markPointSchema>;

export const pointStatusSchema = z.enum(['COVERED', 'NOT_COVERED', 'CONTRADICTED']);
export type PointStatus = z.infer<typeof pointStatusSchema>;

/** §3 Feedback: the shape every marker returns and the client renders. */
export const pointEvaluationSchema = z.object({
  point_id: z.string(),
  text: z.string(),
  status: z.string(), // COVERED, NOT_COVERED or CONTRADICTED; any value but COVERED means not covered
  justification: z.string(),
});
export type PointEvaluation = z.infer<typeof pointEvaluationSchema>;

export const feedbackSchema = z.object({
  marks_awarded: z.number().min(0),
  total_marks: z.number().min(0),
  qualitative_feedback: z.string(),
  markscheme_evaluation: z.array(pointEvaluationSchema),
  /** Which engine and model produced it: 'the built-in marker' or e.g. 'gpt-4o-mini (OpenAI)'. */
  marked_by: z.string().optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const questionTypeSchema = z.enum(['essay', 'multiple_choice', 'short_answer']);
export type QuestionType = z.infer<typeof questionTypeSchema>;
