import { z } from 'zod';
import { markPointSchema, type MarkPoint } from '../../../../shared/mark-scheme';
import { bankQuestionObjectSchema } from './schema';
import { CHECK_SEEDS, instantiationProblems, type InstantiableQuestion } from './instantiate';
import { checkQuestionShape, type QuestionValidation } from './question-shape';

/**
 * The full validation of a bank question, shared by readBank (content CLIs, tests) and content:import: the schema,
 * the rules across fields, and instantiation (templates over `seeds` seeds; placeholders and
 * expressions outside templates). Every problem is reported at once: the rules across fields and the
 * template are checked even when other fields are invalid, as far as the fields they read are valid.
 */

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
  const shape = checkQuestionShape(raw);
  if (shape.question) {
    const problems = instantiationProblems(shape.question, seeds);
    return problems.length === 0 ? shape : { problems };
  }
  const problems = [...shape.problems];
  const parts = instantiableParts(raw);
  if (parts) problems.push(...instantiationProblems(parts, seeds));
  return { problems };
}
