import { describe, expect, it } from 'vitest';
import { joinAnswers, summariseSubjects, summariseTopics } from './analytics-data';
import type { UserAnswer } from './api/user-answers';
import {
  MIN_MARKED_FOR_PREDICTION,
  PREDICTION_TARGET,
  clampPercent,
  confidenceBand,
  confidenceFor,
  linearTrend,
  predictSubjects,
  readinessBand,
  trendOf,
  type PredictedSubject,
  type SubjectPrediction,
} from './predictions';
import { answer, course, question } from './test-fixtures';

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

function predict(answers: UserAnswer[]): SubjectPrediction[] {
  const joined = joinAnswers(answers, questions, courses);
  return predictSubjects(joined, summariseSubjects(joined, questions, courses), summariseTopics(joined));
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
  it('projects a rising record upwards, five answers past the latest', () => {
    const p = predicted(series('b', [50, 52, 54, 56, 58]));
    expect(p.trend).toBe('rising');
    expect(p.slope).toBeCloseTo(2);
    expect(p.predictedScore).toBe(68); // 50 + 2 × (4 + 5)
    expect(p.currentPerformance).toBe(54);
    expect(p.improvementNeeded).toBe(PREDICTION_TARGET - 68);
    expect(p.confidenceLevel).toBe(50); // 5 answers, no scatter: 100 × 5 / 10
    expect(p.readinessScore).toBe(58); // 68 × (0.7 + 0.3 × half of the questions answered)
    expect(p.answersToTarget).toBe(4); // 7 points at 2 points per answer
    expect(p.recommendedStudyTime).toBe(0.5); // 4 answers × 10 minutes, to the half hour
  });

  it('projects a falling record downwards', () => {
    const p = predicted(series('b', [80, 76, 72, 68]));
    expect(p.trend).toBe('falling');
    expect(p.predictedScore).toBe(48); // 80 − 4 × (3 + 5)
    expect(p.currentPerformance).toBe(74);
    expect(p.improvementNeeded).toBe(27);
    expect(p.answersToTarget).toBe(54); // a falling record is planned at half a point per answer
    expect(p.recommendedStudyTime).toBe(9); // 54 × 10 minutes
  });

  it('predicts its own average for a flat record', () => {
    const p = predicted(series('b', [70, 70, 70]));
    expect(p.trend).toBe('steady');
    expect(p.predictedScore).toBe(70);
    expect(p.currentPerformance).toBe(70);
    expect(p.confidenceLevel).toBe(38); // 100 × 3 / 8, rounded
  });

  it('clamps the prediction to 0–100', () => {
    expect(predicted(series('b', [30, 20, 10])).predictedScore).toBe(0);
    expect(predicted(series('b', [40, 60, 80])).predictedScore).toBe(100);
  });

  it('uses only the latest ten marked answers for the trend, but all of them for confidence', () => {
    const p = predicted(series('b', [0, 0, 0, 0, 0, 80, 80, 80, 80, 80, 80, 80, 80, 80, 80]));
    expect(p.predictedScore).toBe(80);
    expect(p.currentPerformance).toBe(80);
    expect(p.markedAnswers).toBe(15);
    expect(p.confidenceLevel).toBe(75); // 100 × 15 / 20
    expect(p.improvementNeeded).toBe(0);
    expect(p.answersToTarget).toBe(5); // upkeep
  });

  it(`says too few with under ${MIN_MARKED_FOR_PREDICTION} marked answers; unmarked answers do not count`, () => {
    const [p] = predict(series('b', [90, null, 80, null, null]));
    expect(p).toEqual({ status: 'too-few', subject: 'Biology', markedAnswers: 2, needed: 1 });
  });

  it('predicts each subject on its own', () => {
    const result = predict([...series('b', [60, 65, 70]), ...series('c', [90])]);
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
    expect(predicted(series('b', [60, 60, 60], 0)).recommendedStudyTime).toBeNull();
  });
});

describe('confidence', () => {
  it('grows with the number of marked answers, up to 95', () => {
    const levels = [3, 5, 10, 45, 500].map((n) => confidenceFor(n, 0));
    expect(levels).toEqual([38, 50, 67, 90, 95]);
  });

  it('is lower when the scores scatter', () => {
    const flat = predicted(series('b', [70, 70, 70, 70])).confidenceLevel;
    const noisy = predicted(series('b', [50, 90, 50, 90])).confidenceLevel;
    expect(flat).toBe(44);
    expect(noisy).toBeLessThan(flat);
    expect(noisy).toBe(Math.round((400 / 9) * (1 - Math.sqrt(320) / 100)));
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
