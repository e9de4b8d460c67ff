import type { PointEvaluation, SchemeRules } from '../../../../shared/mark-scheme';
import type { QuestionForMarking } from '../../engine';
import { markAnswer, type MarkAnswerInput } from '../marker/mark-answer';

/**
 * The tutor's one judge: whether what the student wrote earns a mark-scheme point is decided by the
 * marker (markAnswer, with the question's scheme and its rules), exactly as the feedback panel decides
 * it, so the two can never disagree. The tutor has no matcher of its own.
 */
export interface Judgement {
  /** Ids of the points the text earns. */
  covered: Set<string>;
  /** Ids of the points the text states the opposite of. */
  contradicted: Set<string>;
  marksAwarded: number;
  totalMarks: number;
  /** Every mark of the question (the marker's final-answer rule included). */
  full: boolean;
  /** The marker's decision on each point (status, rule, evidence), as data. */
  evaluations: PointEvaluation[];
}

const cache = new Map<string, Judgement>();
const CACHE_SIZE = 500;

/** The marker's input for a question and a text (the scheme's rules travel with it). */
export function markerInput(question: QuestionForMarking, text: string): MarkAnswerInput {
  const input: MarkAnswerInput & { rules?: SchemeRules | null } = {
    questionText: question.text,
    type: question.type,
    totalMarks: question.totalMarks,
    markScheme: question.markScheme,
    answer: text,
    options: question.options ?? undefined,
    correctAnswer: question.correctAnswer ?? undefined,
    ...(question.schemeRules ? { rules: question.schemeRules } : {}),
  };
  return input;
}

/** Asks the marker what `text`, taken as an answer on its own, earns. Cached per question and text. */
export function judgeAttempt(question: QuestionForMarking, text: string): Judgement {
  // The whole scheme is part of the key: an accepted dispute adds a wording, and the verdict must follow it.
  const key = JSON.stringify([question.text, question.markScheme, question.schemeRules ?? null, question.correctAnswer ?? '', text]);
  const hit = cache.get(key);
  if (hit) return hit;
  const feedback = markAnswer(markerInput(question, text));
  const covered = new Set<string>();
  const contradicted = new Set<string>();
  for (const e of feedback.markscheme_evaluation) {
    if (e.status === 'COVERED') covered.add(e.point_id);
    else if (e.status === 'CONTRADICTED') contradicted.add(e.point_id);
  }
  const judgement: Judgement = {
    covered,
    contradicted,
    marksAwarded: feedback.marks_awarded,
    totalMarks: feedback.total_marks,
    full: question.markScheme.length > 0 && feedback.marks_awarded >= Math.max(1, feedback.total_marks),
    evaluations: feedback.markscheme_evaluation,
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, judgement);
  return judgement;
}
