import { describe, expect, it } from 'vitest';
import { buildAnalytics } from './analytics-model';
import type { UserAnswer } from '../../../shared/practice';
import { PREDICTION_TARGET } from '../../../shared/prediction-model';
import {
  MIN_MARKED_FOR_PREDICTION,
  clampPercent,
  confidenceBand,
  linearTrend,
  readinessBand,
  trendOf,
  type PredictedSubject,
  type SubjectPrediction,
} from './predictions';
import { answer, course, overviewFromLists, question } from './test-fixtures';

const courses = [course('bio', 'Biology'), course('chem', 'Chemistry')];
// ten Biology questions (topics Cells, Genetics, General) and ten Chemistry ones
const questions = [
  ...Array.from({ length: 10 }, (_, i) => question(`b${i}`, 'bio', i < 4 ? 'Cells' : i < 8 ? 'Genetics' : null)),
  ...Array.from({ length: 10 }, (_, i) => question(`c${i}`, 'chem', 'Bonding')),
];

/** Answers to the subject's questions in order, one a day, with the given scores. */
function series(prefix: 'b' | 'c', scores: (number | null)[], seconds = 600): UserAnswer[] {
  const courseId = prefix === 'b' ? 'bio' : 'chem';
  return scores.map((score, i) => answer(`${prefix}${i % 10}`, courseId, new Date(2026, 0, 1 + i, 9), score, seconds));
}

/** Predictions from the overview the server gives for these answers. */
function predict(answers: UserAnswer[]): SubjectPrediction[] {
  return buildAnalytics(overviewFromLists({ answers, questions, courses }, new Date(2026, 5, 1)), new Date(2026, 5, 1)).predictions;
}

function predicted(answers: UserAnswer[], subject = 'Biology'): PredictedSubject {
  const found = predict(answers).find((p) => p.subject === subject);
  if (found?.status !== 'predicted') throw new Error(`no prediction for ${subject}`);
  return found;
}

describe('linearTrend (least squares)', () => {
  it('recovers an exact line', () => {
    expect(linearTrend([10, 13, 16, 19])).toEqual({ slope: 3, intercept: 10, rmse: 0 });
  });

  it('is flat for constant scores and for a single score', () => {
    expect(linearTrend([70, 70, 70])).toEqual({ slope: 0, intercept: 70, rmse: 0 });
    expect(linearTrend([55])).toEqual({ slope: 0, intercept: 55, rmse: 0 });
  });

  it('measures the scatter around the line', () => {
    const { slope, rmse } = linearTrend([50, 90, 50, 90]);
    expect(slope).toBe(8);
    expect(rmse).toBeCloseTo(Math.sqrt(320));
  });
});

describe('predictSubjects', () => {
  it('predicts a flat record at its own average, with a range, a grade and the spec figures', () => {
    const p = predicted(series('b', [70, 70, 70, 70, 70]));
    expect(p.trend).toBe('steady');
    expect(p.predictedScore).toBe(70); // the overall mean is the same 70
    expect(p.grade).toBe('A');
    expect(p.low).toBeLessThan(70);
    expect(p.high).toBeGreaterThan(70);
    expect(p.currentPerformance).toBe(70);
    expect(p.improvementNeeded).toBe(PREDICTION_TARGET - 70);
    expect(p.readinessScore).toBe(Math.round(70 * (0.7 + 0.3 * 0.5))); // half of the subject's questions answered
    expect(p.answersToTarget).toBe(10); // 5 points at half a point per answer
    expect(p.recommendedStudyTime).toBe(1.5); // 10 answers × 10 minutes, to the half hour
  });

  it('never predicts 0% for a student averaging 68% whose marks fell (the issue’s case)', () => {
    const p = predicted(series('b', [95, 90, 85, 75, 65, 55, 45, 34]));
    expect(p.trend).toBe('falling');
    expect(p.predictedScore).toBeGreaterThanOrEqual(51);
    expect(p.readinessScore).toBeGreaterThan(0);
    expect(p.improvementNeeded).toBeLessThan(PREDICTION_TARGET);
    expect(p.trendPoints).toBeGreaterThanOrEqual(-10);
  });

  it('leans a subject with few answers toward the student’s overall average', () => {
    const bio = predicted([...series('b', [90, 90, 90, 90, 90]), ...series('c', [30, 30, 30, 30, 30, 30, 30, 30, 30, 30])]);
    expect(bio.predictedScore).toBeLessThan(90);
    expect(bio.predictedScore).toBeGreaterThan(60);
  });

  it(`says "Not enough answers yet" with under ${MIN_MARKED_FOR_PREDICTION} marked answers; unmarked answers do not count`, () => {
    const [p] = predict(series('b', [90, null, 80, null, 70, 60]));
    expect(p).toEqual({ status: 'too-few', subject: 'Biology', markedAnswers: 4, needed: 1, message: 'Not enough answers yet (4 of 5)' });
  });

  it('predicts each subject on its own', () => {
    const result = predict([...series('b', [60, 65, 70, 65, 60]), ...series('c', [90])]);
    expect(result.map((p) => [p.subject, p.status])).toEqual([
      ['Biology', 'predicted'],
      ['Chemistry', 'too-few'],
    ]);
  });

  it('lists weak topics (average below 70) and strong topics (80 or more)', () => {
    // b0–b3 Cells, b4–b7 Genetics, b8–b9 General
    const p = predicted(series('b', [90, 80, 85, 90, 50, 40, 60, 55, 75, 72]));
    expect(p.weakTopics).toEqual(['Genetics']);
    expect(p.strongTopics).toEqual(['Cells']);
  });

  it('has no study time to recommend when no time was recorded', () => {
    expect(predicted(series('b', [60, 60, 60, 60, 60], 0)).recommendedStudyTime).toBeNull();
  });
});

describe('bands and helpers', () => {
  it('names confidence (§9): 90 Very High, 75 High, 60 Medium, otherwise Low', () => {
    expect([95, 90, 89, 75, 74, 60, 59].map(confidenceBand)).toEqual(['Very High', 'Very High', 'High', 'High', 'Medium', 'Medium', 'Low']);
  });

  it('names readiness (§9): 80 Ready, 60 Almost Ready, below Needs Work', () => {
    expect([100, 80, 79, 60, 59].map(readinessBand)).toEqual(['Ready', 'Ready', 'Almost Ready', 'Almost Ready', 'Needs Work']);
  });

  it('calls a trend steady under one point per answer', () => {
    expect([1, 0.9, 0, -0.9, -1].map(trendOf)).toEqual(['rising', 'steady', 'steady', 'steady', 'falling']);
    expect([clampPercent(-3), clampPercent(50), clampPercent(130)]).toEqual([0, 50, 100]);
  });
});
