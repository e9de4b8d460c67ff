import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import type { Engine } from '../engine/engine';
import type { PageReaderAndMarker } from '../engine/grading/grade-pages';

/**
 * The built-in engine with a plain, predictable marker for API tests: a point is covered when the answer
 * contains its text (or, with `acceptedWordings`, one of its accepted wordings), worth its marks, capped at the
 * question's total. `confidence` gives each point (by its index in the scheme) a confidence; `levelsWhen` marks
 * an answer by levels (Level 1) when it says so. `readSheets` replaces the sheet reader (Tesseract) of its grading
 * pipeline (Engine.gradePages) with a test's.
 */
export function engineWithPlainMarker({
  acceptedWordings = false,
  confidence,
  levelsWhen,
  readSheets,
}: {
  acceptedWordings?: boolean;
  confidence?: (index: number) => number;
  levelsWhen?: (answer: string) => boolean;
  readSheets?: PageReaderAndMarker['read'];
} = {}): Engine {
  const builtin = createBuiltinEngine({ readSheets });
  return {
    ...builtin,
    async evaluateAnswer({ question, answer }) {
      const said = answer.toLowerCase();
      const evaluation = question.markScheme.map((p, i) => {
        const wordings = acceptedWordings ? [p.text, ...(p.accept ?? [])] : [p.text];
        const covered = wordings.some((w) => said.includes(w.toLowerCase()));
        return {
          point_id: p.id,
          text: p.text,
          status: covered ? ('COVERED' as const) : ('NOT_COVERED' as const),
          justification: covered ? 'Made.' : 'Not made.',
          marks_awarded: covered ? p.marks : 0,
          marks: p.marks,
          kind: p.kind,
          ...(confidence ? { confidence: confidence(i) } : {}),
        };
      });
      return {
        marks_awarded: Math.min(
          question.totalMarks,
          evaluation.reduce((n, p) => n + p.marks_awarded, 0),
        ),
        total_marks: question.totalMarks,
        qualitative_feedback: 'Marked.',
        markscheme_evaluation: evaluation,
        marked_by: 'the test marker',
        ...(levelsWhen?.(answer) ? { level: { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Some relevant content.' } } : {}),
      };
    },
  };
}
