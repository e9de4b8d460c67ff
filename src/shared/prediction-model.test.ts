import { describe, expect, it } from 'vitest';
import {
  APPROXIMATE_GRADE_BOUNDARIES,
  MIN_ANSWERS_FOR_PREDICTION,
  PREDICTION_TARGET,
  gradeFor,
  gradeRange,
  notEnoughAnswersText,
  predictScore,
  type ScorePrediction,
} from './prediction-model';

const predicted = (scores: number[], overall: number | null = null) => {
  const result = predictScore(scores, overall);
  if (result.status !== 'predicted') throw new Error(`expected a prediction, got ${JSON.stringify(result)}`);
  return result as ScorePrediction;
};

describe('predictScore', () => {
  it('never predicts 0% for a student averaging 68% whose recent marks fell (the issue’s case)', () => {
    const scores = [95, 90, 85, 75, 65, 55, 45, 34]; // mean 68, falling about 9 points an answer
    expect(scores.reduce((s, v) => s + v, 0) / scores.length).toBe(68);
    const p = predicted(scores, 68);
    expect(p.predictedScore).toBeGreaterThanOrEqual(51); // the trend moves it at most a quarter of the way to 0
    expect(p.predictedScore).toBeLessThanOrEqual(68);
    expect(p.low).toBeGreaterThan(0);
    expect(p.improvementNeeded).toBe(PREDICTION_TARGET - p.predictedScore);
    expect(p.improvementNeeded).toBeLessThan(PREDICTION_TARGET);
    expect(p.trendPoints).toBeLessThan(0);
    expect(p.trendPoints).toBeGreaterThanOrEqual(-10);
  });

  it('gives a range around the estimate and the grades it spans', () => {
    const p = predicted([62, 70, 66, 74, 68, 64, 72, 68, 66, 70], 68);
    expect(p.predictedScore).toBe(68);
    expect(p.low).toBeLessThan(68);
    expect(p.high).toBeGreaterThan(68);
    expect(p.high - p.low).toBeGreaterThanOrEqual(6);
    expect(p.grade).toBe('B');
    expect(p.grades).toBe(gradeRange(p.low, p.high));
  });

  it('says "Not enough answers yet (3 of 5)" below five marked answers', () => {
    expect(predictScore([70, 60, 80], 70)).toEqual({
      status: 'too-few',
      markedAnswers: 3,
      needed: 2,
      message: 'Not enough answers yet (3 of 5)',
    });
    expect(notEnoughAnswersText(0)).toBe('Not enough answers yet (0 of 5)');
    expect(predictScore([50, 50, 50, 50, 50], null).status).toBe('predicted');
    expect(MIN_ANSWERS_FOR_PREDICTION).toBe(5);
  });

  it('shrinks a subject with few answers toward the student’s overall mean, less so with many', () => {
    const few = predicted([90, 90, 90, 90, 90], 50);
    const many = predicted(Array(40).fill(90), 50);
    expect(few.predictedScore).toBe(70); // 5 / (5 + 5) of the way from 50 to 90
    expect(many.predictedScore).toBeGreaterThan(85);
    expect(predicted([90, 90, 90, 90, 90], null).predictedScore).toBe(70); // no other subjects: toward 50
  });

  it('is wider when there are few answers or the marks scatter, and confidence follows', () => {
    const steady = predicted(Array(30).fill(65), 65);
    const scattered = predicted([20, 100, 30, 95, 25, 100, 40, 90, 35, 100], 65);
    const few = predicted([65, 65, 65, 65, 65], 65);
    expect(steady.high - steady.low).toBeLessThan(few.high - few.low);
    expect(scattered.high - scattered.low).toBeGreaterThan(few.high - few.low);
    expect(steady.confidenceLevel).toBeGreaterThan(few.confidenceLevel);
    expect(steady.confidenceLevel).toBeGreaterThan(scattered.confidenceLevel);
    expect(steady.confidenceLevel).toBeLessThanOrEqual(95);
  });

  it('keeps a rising record’s prediction within 10 points above its mean and within 0–100', () => {
    const p = predicted([60, 70, 80, 90, 100, 100], 80);
    expect(p.trendPoints).toBeGreaterThan(0);
    expect(p.predictedScore).toBeLessThanOrEqual(100);
    expect(p.high).toBeLessThanOrEqual(100);
    const zero = predicted([0, 0, 0, 0, 0], 0);
    expect(zero.predictedScore).toBe(0);
  });
});

describe('grades (approximate boundaries)', () => {
  it('names every band at and just below its boundary', () => {
    const cases: [number, string][] = [
      [100, 'A*'],
      [80, 'A*'],
      [79.9, 'A'],
      [70, 'A'],
      [69, 'B'],
      [60, 'B'],
      [59, 'C'],
      [50, 'C'],
      [49, 'D'],
      [40, 'D'],
      [39, 'E'],
      [30, 'E'],
      [29, 'U'],
      [0, 'U'],
    ];
    for (const [percent, grade] of cases) expect(gradeFor(percent), String(percent)).toBe(grade);
    expect(APPROXIMATE_GRADE_BOUNDARIES.map((b) => b.grade)).toEqual(['A*', 'A', 'B', 'C', 'D', 'E', 'U']);
  });

  it('reads a range across two grades best first: "B-C"', () => {
    expect(gradeRange(55, 64)).toBe('B-C');
    expect(gradeRange(62, 68)).toBe('B');
    expect(gradeRange(45, 85)).toBe('A*-D');
  });
});
