import { z } from 'zod';
import { markPointSchema, questionTypeSchema } from '../src/shared/mark-scheme';
import { markAnswer } from '../src/server/engine/builtin/marker/mark-answer';

/**
 * Batch marking for teachers (`npm run mark -- answers.jsonl > marks.jsonl`): one JSON object a line
 * in, one a line out. A line that cannot be marked gets an error line with its id; the batch goes on.
 */
export const batchLineSchema = z.object({
  id: z.union([z.string(), z.number()]),
  question: z.string().default(''),
  mark_scheme: z.array(markPointSchema).min(1, 'mark_scheme needs at least one point'),
  total_marks: z.number().int().min(0).optional(),
  answer: z.string(),
  type: questionTypeSchema.optional(),
  options: z.record(z.string(), z.string()).optional(),
  correct_answer: z.string().optional(),
});

export type BatchOutput =
  | {
      id: string | number;
      marks_awarded: number;
      total_marks: number;
      markscheme_evaluation: { point_id: string; text: string; status: string; justification: string }[];
      qualitative_feedback: string;
    }
  | { id: string | number | null; error: string };

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** The id of a line that is not valid JSON, when its `"id": …` can still be read ("{"id": "q9", "answer": "…" cut short). */
function salvageId(line: string): string | number | null {
  const m = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)/.exec(line);
  if (!m) return null;
  try {
    const id: unknown = JSON.parse(m[1]);
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/** Marks one input line. Never throws: a bad line becomes an error line. */
export function markBatchLine(line: string, lineNumber: number): BatchOutput {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { id: salvageId(line), error: `line ${lineNumber}: not valid JSON` };
  }
  const rawId = raw && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : undefined;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  const parsed = batchLineSchema.safeParse(raw);
  if (!parsed.success) return { id, error: `line ${lineNumber}: ${describeIssues(parsed.error)}` };
  const input = parsed.data;
  const ids = input.mark_scheme.map((p) => p.id);
  const duplicate = ids.find((pid, i) => ids.indexOf(pid) !== i);
  if (duplicate) return { id, error: `line ${lineNumber}: mark_scheme: point id "${duplicate}" is used twice` };
  const totalMarks = input.total_marks ?? input.mark_scheme.reduce((s, p) => s + p.marks, 0);
  try {
    const feedback = markAnswer({
      questionText: input.question,
      type: input.type ?? (input.options ? 'multiple_choice' : 'short_answer'),
      totalMarks,
      markScheme: input.mark_scheme,
      answer: input.answer,
      options: input.options,
      correctAnswer: input.correct_answer,
    });
    return {
      id: input.id,
      marks_awarded: feedback.marks_awarded,
      total_marks: feedback.total_marks,
      markscheme_evaluation: feedback.markscheme_evaluation,
      qualitative_feedback: feedback.qualitative_feedback,
    };
  } catch (err) {
    return { id, error: `line ${lineNumber}: could not be marked (${(err as Error).message})` };
  }
}
