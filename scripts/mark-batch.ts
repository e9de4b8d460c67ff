import { z } from 'zod';
import {
  markGroupSchema,
  markLevelSchema,
  markPointSchema,
  questionTypeSchema,
  schemeIssues,
  schemeMaxMarks,
} from '../src/shared/mark-scheme';
import { markAnswer } from '../src/server/engine/builtin/marker/mark-answer';

/**
 * Batch marking for teachers (`npm run mark -- answers.jsonl > marks.jsonl`): one JSON object a line
 * in, one a line out. A line that cannot be marked gets an error line with its id and line number; the
 * batch goes on. The scheme may carry an examiner's structure: point `marks`, `kind` (M/A/B),
 * `depends_on`, `ecf` (and `ecf_formula`), `group`; top-level `groups`, `final_answer_full_marks` and
 * `levels`. A broken scheme (schemeIssues) is reported, every problem at once, and not marked.
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
  groups: z.array(markGroupSchema).max(20).optional(),
  final_answer_full_marks: z.boolean().optional(),
  levels: z.array(markLevelSchema).max(6).optional(),
});

export interface BatchPointOutput {
  point_id: string;
  text: string;
  status: string;
  justification: string;
  marks_awarded: number;
  note?: string;
  /** How sure the marker is (0-1), the rule that decided it and the answer's words it rests on. */
  confidence?: number;
  rule?: string;
  evidence?: string;
}

export type BatchOutput =
  | {
      id: string | number;
      marks_awarded: number;
      total_marks: number;
      markscheme_evaluation: BatchPointOutput[];
      qualitative_feedback: string;
      level?: { level: number; min_marks: number; max_marks: number; descriptor: string };
    }
  | { id: string | number | null; line: number; error: string };

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

/** Everything wrong with a line's scheme: its fields, then its structure (schemeIssues), as one list. */
function lineProblems(raw: unknown, fieldIssues: string[]): string[] {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const points = Array.isArray(r.mark_scheme) ? (r.mark_scheme as unknown[]) : [];
  const ids = points.map((p) => (p && typeof p === 'object' ? (p as { id?: unknown }).id : undefined));
  const duplicate = ids.find((pid, i) => typeof pid === 'string' && ids.indexOf(pid) !== i);
  const problems = [...fieldIssues];
  if (typeof duplicate === 'string') problems.push(`mark_scheme: point id "${duplicate}" is used twice`);
  const total = typeof r.total_marks === 'number' ? r.total_marks : undefined;
  for (const issue of schemeIssues(points, { groups: r.groups, levels: r.levels }, total)) {
    if (typeof duplicate === 'string' && issue === 'mark-scheme point ids must be unique') continue;
    problems.push(issue);
  }
  return [...new Set(problems)];
}

/** Marks one input line. Never throws: a bad line becomes an error line. */
export function markBatchLine(line: string, lineNumber: number): BatchOutput {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { id: salvageId(line), line: lineNumber, error: `line ${lineNumber}: not valid JSON` };
  }
  const rawId = raw && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : undefined;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  const parsed = batchLineSchema.safeParse(raw);
  const problems = lineProblems(raw, parsed.success ? [] : [describeIssues(parsed.error)]);
  if (!parsed.success || problems.length) return { id, line: lineNumber, error: `line ${lineNumber}: ${problems.join('; ')}` };
  const input = parsed.data;
  const rules = { groups: input.groups, final_answer_full_marks: input.final_answer_full_marks, levels: input.levels };
  const totalMarks = input.total_marks ?? schemeMaxMarks(input.mark_scheme, rules);
  try {
    const feedback = markAnswer({
      questionText: input.question,
      type: input.type ?? (input.options ? 'multiple_choice' : 'short_answer'),
      totalMarks,
      markScheme: input.mark_scheme,
      answer: input.answer,
      options: input.options,
      correctAnswer: input.correct_answer,
      rules,
    });
    return {
      id: input.id,
      marks_awarded: feedback.marks_awarded,
      total_marks: feedback.total_marks,
      markscheme_evaluation: feedback.markscheme_evaluation.map((e) => ({
        point_id: e.point_id,
        text: e.text,
        status: e.status,
        justification: e.justification,
        marks_awarded: e.marks_awarded ?? 0,
        ...(e.note ? { note: e.note } : {}),
        ...(e.confidence !== undefined ? { confidence: e.confidence } : {}),
        ...(e.rule ? { rule: e.rule } : {}),
        ...(e.evidence ? { evidence: e.evidence } : {}),
      })),
      qualitative_feedback: feedback.qualitative_feedback,
      ...(feedback.level ? { level: feedback.level } : {}),
    };
  } catch (err) {
    return { id, line: lineNumber, error: `line ${lineNumber}: could not be marked (${(err as Error).message})` };
  }
}
