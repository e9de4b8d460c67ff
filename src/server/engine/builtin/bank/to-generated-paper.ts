import type { SchemeRules } from '../../../../shared/mark-scheme';
import type { GeneratedPaper, GeneratedQuestion } from '../../engine';
import type { DrawnPaper, DrawnQuestion } from './draw-paper';

/** A bank question's scheme rules (kept at question level in the bank's JSON), only those it sets. */
export function bankSchemeRules(q: Pick<DrawnQuestion, 'groups' | 'final_answer_full_marks' | 'levels'>): SchemeRules | undefined {
  const rules: SchemeRules = {
    ...(q.groups?.length && { groups: q.groups }),
    ...(q.final_answer_full_marks && { final_answer_full_marks: true }),
    ...(q.levels?.length && { levels: q.levels }),
  };
  return Object.keys(rules).length ? rules : undefined;
}

/** A drawn bank question in the engine's terms (what services store). */
export function toGeneratedQuestion(q: DrawnQuestion): GeneratedQuestion {
  return {
    text: q.text,
    type: q.type,
    totalMarks: q.marks,
    ...(q.options && { options: q.options }),
    ...(q.correctAnswer && { correctAnswer: q.correctAnswer }),
    markScheme: q.markScheme,
    ...(bankSchemeRules(q) && { schemeRules: bankSchemeRules(q) }),
    modelAnswer: q.modelAnswer,
    hints: q.hints,
    topic: q.topic,
    sourceId: q.sourceId,
  };
}

/** A drawn paper in the engine's terms; `difficultyLevel` is the difficulty as the student asked for it. */
export function toGeneratedPaper(paper: DrawnPaper, generatedBy: string): GeneratedPaper {
  return {
    title: paper.title,
    description: paper.description,
    topic: paper.topic,
    difficultyLevel: paper.requestedDifficulty,
    questions: paper.questions.map(toGeneratedQuestion),
    generatedBy,
    ...(paper.note && { note: paper.note }),
  };
}
