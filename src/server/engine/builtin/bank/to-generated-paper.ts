import type { GeneratedPaper, GeneratedQuestion } from '../../engine';
import type { DrawnPaper, DrawnQuestion } from './draw-paper';

/** A drawn bank question in the engine's terms (what services store). */
export function toGeneratedQuestion(q: DrawnQuestion): GeneratedQuestion {
  return {
    text: q.text,
    type: q.type,
    totalMarks: q.marks,
    ...(q.options && { options: q.options }),
    ...(q.correctAnswer && { correctAnswer: q.correctAnswer }),
    markScheme: q.markScheme,
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
