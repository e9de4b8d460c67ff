import { z } from 'zod';
import { markPointSchema, questionTypeSchema } from '../../../../shared/mark-scheme';

/**
 * The built-in question bank: content/<subject-slug>/<topic-slug>.json, one topic per file.
 * Question text, options, model answers and hints are HTML; maths is KaTeX in \( ... \) (inline)
 * or \[ ... \] (display). In JSON every backslash is doubled: "\\( E = mc^2 \\)".
 */

export const bankDifficultySchema = z.enum(['easy', 'medium', 'hard']);
export type BankDifficulty = z.infer<typeof bankDifficultySchema>;

/** Every word accepted for a difficulty, lower-case: the three bank values, and 'challenging' and 'difficult' meaning hard. */
export const DIFFICULTY_ALIASES: Readonly<Record<string, BankDifficulty>> = {
  easy: 'easy',
  medium: 'medium',
  hard: 'hard',
  challenging: 'hard',
  difficult: 'hard',
};

/** The bank difficulty a word means (case and surrounding spaces ignored), or undefined when it means none. */
export function toBankDifficulty(difficulty: unknown): BankDifficulty | undefined {
  if (typeof difficulty !== 'string') return undefined;
  const key = difficulty.trim().toLowerCase();
  return Object.hasOwn(DIFFICULTY_ALIASES, key) ? DIFFICULTY_ALIASES[key] : undefined;
}

/** A template variable: a value drawn at random in [min, max], rounded to `dp` decimal places or to a multiple of `step`. */
export const templateVariableSchema = z
  .object({
    min: z.number(),
    max: z.number(),
    step: z.number().positive().optional(),
    dp: z.number().int().min(0).max(6).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.min > v.max) ctx.addIssue({ code: 'custom', path: ['min'], message: `min (${v.min}) must not be above max (${v.max})` });
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

/** The fields of a bank question, without the rules across fields (see `questionRuleIssues`). */
export const bankQuestionObjectSchema = z.object({
  /** Unique across the bank: '<subject>-<topic>-<nn>', lower-case kebab. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  type: questionTypeSchema,
  difficulty: bankDifficultySchema,
  marks: z.number().int().min(1).max(30),
  text: z.string().min(10),
  /** Multiple choice only: option letter → text. */
  options: z.record(z.string().regex(/^[A-E]$/), z.string().min(1)).optional(),
  /** Multiple choice only: the correct option letter. */
  correctAnswer: z
    .string()
    .regex(/^[A-E]$/)
    .optional(),
  markScheme: z.array(markPointSchema).min(1),
  /** A full-mark answer, written as a strong student would. */
  modelAnswer: z.string().min(1),
  /** Tutor hints as worked steps, in order, from a nudge to the last step before the answer. */
  hints: z.array(z.string().min(1)).min(1),
  template: templateSchema.optional(),
});

export interface QuestionRuleIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The rules across a question's fields (multiple-choice options and answer, marks = the sum of the
 * points, unique point ids). Reads the question defensively, so it also works on input that fails
 * the field checks: zod skips refinements then, and importers call this to report everything at once.
 * A rule whose fields are missing or malformed is skipped (the field checks report those).
 */
export function questionRuleIssues(question: unknown): QuestionRuleIssue[] {
  if (!question || typeof question !== 'object') return [];
  const q = question as Record<string, unknown>;
  const issues: QuestionRuleIssue[] = [];
  if (q.type === 'multiple_choice') {
    const options = q.options && typeof q.options === 'object' ? (q.options as Record<string, unknown>) : undefined;
    if (!options || Object.keys(options).length < 3) issues.push({ path: [], message: 'multiple_choice needs at least 3 options' });
    if (typeof q.correctAnswer !== 'string' || !options?.[q.correctAnswer])
      issues.push({ path: [], message: 'multiple_choice needs a correctAnswer that is one of its options' });
  }
  if (Array.isArray(q.markScheme)) {
    const points = q.markScheme.map((p) => (p && typeof p === 'object' ? (p as Record<string, unknown>) : {}));
    const pointMarks = points.map((p) => (p.marks === undefined ? 1 : p.marks));
    if (typeof q.marks === 'number' && pointMarks.every((m) => typeof m === 'number')) {
      const sum = (pointMarks as number[]).reduce((n, m) => n + m, 0);
      if (sum !== q.marks) issues.push({ path: [], message: `marks (${q.marks}) must equal the sum of the mark-scheme points (${sum})` });
    }
    const ids = points.map((p) => p.id).filter((id) => typeof id === 'string');
    if (new Set(ids).size !== ids.length) issues.push({ path: [], message: 'mark-scheme point ids must be unique' });
  }
  return issues;
}

export const bankQuestionSchema = bankQuestionObjectSchema.superRefine((q, ctx) => {
  for (const issue of questionRuleIssues(q)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
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
