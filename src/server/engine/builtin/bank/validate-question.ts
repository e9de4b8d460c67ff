import { z } from 'zod';
import { markPointSchema, type MarkPoint } from '../../../../shared/mark-scheme';
import { bankQuestionObjectSchema, bankQuestionSchema, questionRuleIssues, type BankQuestion } from './schema';
import { CHECK_SEEDS, instantiationProblems, type InstantiableQuestion } from './instantiate';

/**
 * The one validation of a bank question, shared by the bank loader and content:import: the schema,
 * the rules across fields, and instantiation (templates over `seeds` seeds; placeholders and
 * expressions outside templates). Every problem is reported at once: the rules across fields and the
 * template are checked even when other fields are invalid, as far as the fields they read are valid.
 */

export interface QuestionProblem {
  /** zod-style path into the question, e.g. 'markScheme.1.text' or 'template.computed.E'; '' for the question as a whole. */
  path: string;
  message: string;
}

export interface QuestionValidation {
  /** The parsed question, when there is no problem. */
  question?: BankQuestion;
  problems: QuestionProblem[];
}

function pathOf(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === 'symbol' ? String(p) : p)).join('.');
}

const BLANK_POINT: MarkPoint = markPointSchema.parse({ id: 'blank', text: 'blank' });

function valid<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** The fields instantiation reads, from input that failed the schema: each invalid one blanked, so the valid ones can still be checked. */
function instantiableParts(raw: unknown): InstantiableQuestion | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const q = raw as Record<string, unknown>;
  const shape = bankQuestionObjectSchema.shape;
  const template = shape.template.safeParse(q.template);
  if (!template.success) return undefined;
  return {
    id: typeof q.id === 'string' ? q.id : '',
    text: valid(z.string(), q.text, ''),
    options: valid(shape.options, q.options, undefined),
    markScheme: Array.isArray(q.markScheme) ? q.markScheme.map((p) => valid(markPointSchema, p, BLANK_POINT)) : [],
    modelAnswer: valid(z.string(), q.modelAnswer, ''),
    hints: Array.isArray(q.hints) ? q.hints.map((h) => valid(z.string(), h, '')) : [],
    template: template.data,
  };
}

export function validateBankQuestion(raw: unknown, seeds = CHECK_SEEDS): QuestionValidation {
  const parsed = bankQuestionSchema.safeParse(raw);
  if (parsed.success) {
    const problems = instantiationProblems(parsed.data, seeds);
    return problems.length === 0 ? { question: parsed.data, problems } : { problems };
  }
  const problems: QuestionProblem[] = parsed.error.issues.map((i) => ({ path: pathOf(i.path), message: i.message }));
  // zod skips the rules across fields when a field is invalid: check them here, without repeating any.
  const seen = new Set(problems.map((p) => `${p.path}\u0000${p.message}`));
  for (const issue of questionRuleIssues(raw)) {
    const problem = { path: pathOf(issue.path), message: issue.message };
    if (!seen.has(`${problem.path}\u0000${problem.message}`)) problems.push(problem);
  }
  const parts = instantiableParts(raw);
  if (parts) problems.push(...instantiationProblems(parts, seeds));
  return { problems };
}

/** 'path: message', or the message alone for the question as a whole. */
export function formatQuestionProblem(problem: QuestionProblem): string {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}
