import type { GradingQuestion } from '../../../shared/teacher';
import type { QuestionForMarking } from '../engine';

/** A question as the grader keeps it on a printed paper or a result: its number on the sheet, where it came from,
 * and only the scheme fields that are set. */
export function toGradingQuestion(q: QuestionForMarking, number: number, ref: string): GradingQuestion {
  return {
    number,
    ref,
    text: q.text,
    type: q.type,
    totalMarks: q.totalMarks,
    markScheme: q.markScheme,
    ...(q.schemeRules && Object.keys(q.schemeRules).length ? { schemeRules: q.schemeRules } : {}),
    ...(q.options ? { options: q.options } : {}),
    ...(q.correctAnswer ? { correctAnswer: q.correctAnswer } : {}),
    ...(q.modelAnswer ? { modelAnswer: q.modelAnswer } : {}),
  };
}
