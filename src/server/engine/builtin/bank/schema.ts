import { z } from 'zod';
import { markGroupSchema, markLevelSchema, markPointSchema, questionTypeSchema, schemeIssues } from '../../../../shared/mark-scheme';
import { boardIdSchema } from '../../../../shared/specification';

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
  /**
   * The specification points the question examines on each board it fits, main one first: board id → refs of
   * points in content/specifications/<subject>/<board>.json (checked by specification.test.ts).
   */
  spec: z.partialRecord(boardIdSchema, z.array(z.string().min(1).max(20)).min(1).max(3)).optional(),
  text: z.string().min(10),
  /** Multiple choice only: option letter → text. */
  options: z.record(z.string().regex(/^[A-E]$/), z.string().min(1)).optional(),
  /**
   * Multiple choice only: the correct option letter; for a multiple-response question the right letters, e.g. "A,C";
   * for a single-answer question with several fully right options (Moodle's several 100% answers), any one of them,
   * e.g. "A|C".
   */
  correctAnswer: z
    .string()
    .regex(/^[A-E]((,[A-E])*|(\|[A-E])*)$/)
    .optional(),
  markScheme: z.array(markPointSchema).min(1),
  /** The scheme's rules beyond its points (src/shared/mark-scheme.ts `schemeRulesSchema`). */
  groups: z.array(markGroupSchema).max(20).optional(),
  final_answer_full_marks: z.boolean().optional(),
  levels: z.array(markLevelSchema).max(6).optional(),
  /** A full-mark answer, written as a strong student would. */
  modelAnswer: z.string().min(1),
  /** Tutor hints as worked steps, in order, from a nudge to the last step before the answer. */
  hints: z.array(z.string().min(1)).min(1),
  template: templateSchema.optional(),
  /** The question's own name in the file it came from (Moodle's <name>, GIFT's ::title::), kept through export. */
  name: z.string().trim().min(1).max(255).optional(),
  /** Multiple choice only: the options are shown in an order of each student's own (Moodle's shuffleanswers). */
  shuffle: z.boolean().optional(),
});

export interface QuestionRuleIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The rules across a question's fields (multiple-choice options and answer, and the scheme's own rules:
 * `schemeIssues` in src/shared/mark-scheme.ts). Reads the question defensively, so it also works on input that fails
 * the field checks: zod skips refinements then, and importers call this to report everything at once.
 * A rule whose fields are missing or malformed is skipped (the field checks report those).
 */
export function questionRuleIssues(question: unknown): QuestionRuleIssue[] {
  if (!question || typeof question !== 'object') return [];
  const q = question as Record<string, unknown>;
  const issues: QuestionRuleIssue[] = [];
  if (q.type === 'multiple_choice') {
    const options = q.options && typeof q.options === 'object' ? (q.options as Record<string, unknown>) : undefined;
    if (!options || Object.keys(options).length < 2) issues.push({ path: [], message: 'multiple_choice needs at least 2 options' });
    const letters = typeof q.correctAnswer === 'string' ? q.correctAnswer.split(/[,|]/) : [];
    if (letters.length === 0 || letters.some((l) => !options?.[l]))
      issues.push({ path: [], message: 'multiple_choice needs a correctAnswer that is one of its options' });
  }
  if (Array.isArray(q.markScheme)) {
    const rules = { groups: q.groups, levels: q.levels, final_answer_full_marks: q.final_answer_full_marks };
    const total = typeof q.marks === 'number' ? q.marks : undefined;
    for (const message of schemeIssues(q.markScheme, rules, total)) issues.push({ path: [], message });
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
