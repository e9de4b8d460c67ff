import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import type { Engine } from '../engine/engine';

/**
 * The built-in engine with a plain, predictable marker for API tests: a point is covered when the answer
 * contains its text (or, with `acceptedWordings`, one of its accepted wordings), worth its marks, capped at the
 * question's total.
 */
export function engineWithPlainMarker({ acceptedWordings = false } = {}): Engine {
  const builtin = createBuiltinEngine();
  return {
    ...builtin,
    async evaluateAnswer({ question, answer }) {
      const said = answer.toLowerCase();
      const evaluation = question.markScheme.map((p) => {
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
      };
    },
  };
}
