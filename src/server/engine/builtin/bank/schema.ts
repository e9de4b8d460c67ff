import { z } from 'zod';
import { markPointSchema, questionTypeSchema } from '../../../../shared/mark-scheme';

/**
 * The built-in question bank: content/<subject-slug>/<topic-slug>.json, one topic per file.
 * Question text, options, model answers and hints are HTML; maths is KaTeX in \( ... \) (inline)
 * or \[ ... \] (display). In JSON every backslash is doubled: "\\( E = mc^2 \\)".
 */

export const bankDifficultySchema = z.enum(['easy', 'medium', 'hard']);
export type BankDifficulty = z.infer<typeof bankDifficultySchema>;

/** A template variable: a value drawn at random in [min, max], rounded to `dp` decimal places or to a multiple of `step`. */
export const templateVariableSchema = z.object({
  min: z.number(),
  max: z.number(),
  step: z.number().positive().optional(),
  dp: z.number().int().min(0).max(6).optional(),
});

/**
 * A parametrised (calculation) question. Text, options, points, model answer and hints may contain
 * {{name}} placeholders for variables and computed values; {{name:3}} formats to 3 significant figures.
 * `computed` are mathjs expressions evaluated in order over the variables (and earlier computed
 * values). Numeric points take `value` as an expression string, e.g. "E" or "E / 1000".
 * `constraints` are mathjs boolean expressions every drawn set of values must satisfy (redrawn otherwise).
 */
export const templateSchema = z.object({
  variables: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*$/), templateVariableSchema),
  computed: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*$/), z.string().min(1)).default({}),
  constraints: z.array(z.string().min(1)).default([]),
});
export type Template = z.infer<typeof templateSchema>;

export const bankQuestionSchema = z
  .object({
    /** Unique across the bank: '<subject>-<topic>-<nn>', lower-case kebab. */
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    type: questionTypeSchema,
    difficulty: bankDifficultySchema,
    marks: z.number().int().min(1).max(30),
    text: z.string().min(10),
    /** Multiple choice only: option letter → text. */
    options: z.record(z.string().regex(/^[A-E]$/), z.string().min(1)).optional(),
    /** Multiple choice only: the correct option letter. */
    correctAnswer: z.string().regex(/^[A-E]$/).optional(),
    markScheme: z.array(markPointSchema).min(1),
    /** A full-mark answer, written as a strong student would. */
    modelAnswer: z.string().min(1),
    /** Tutor hints as worked steps, in order, from a nudge to the last step before the answer. */
    hints: z.array(z.string().min(1)).min(1),
    template: templateSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'multiple_choice') {
      if (!q.options || Object.keys(q.options).length < 3)
        ctx.addIssue({ code: 'custom', message: 'multiple_choice needs at least 3 options' });
      if (!q.correctAnswer || !q.options?.[q.correctAnswer])
        ctx.addIssue({ code: 'custom', message: 'multiple_choice needs a correctAnswer that is one of its options' });
    }
    const sum = q.markScheme.reduce((n, p) => n + p.marks, 0);
    if (sum !== q.marks)
      ctx.addIssue({ code: 'custom', message: `marks (${q.marks}) must equal the sum of the mark-scheme points (${sum})` });
    const ids = new Set(q.markScheme.map((p) => p.id));
    if (ids.size !== q.markScheme.length) ctx.addIssue({ code: 'custom', message: 'mark-scheme point ids must be unique' });
  });
export type BankQuestion = z.infer<typeof bankQuestionSchema>;
export type BankQuestionInput = z.input<typeof bankQuestionSchema>;

export const topicFileSchema = z.object({
  subject: z.string().min(1),
  topic: z.string().min(1),
  /** One line describing what the topic covers (shown on generated papers). */
  description: z.string().min(1),
  questions: z.array(bankQuestionSchema).min(1),
});
export type TopicFile = z.infer<typeof topicFileSchema>;
