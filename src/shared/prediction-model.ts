/*
 * Honest predictions (issue 13), from the student's own marked answers in a subject (percent scores, oldest
 * first). Pure: the server's analytics and the client's Predictions tab use the same rules.
 *
 * 1. Below MIN_ANSWERS_FOR_PREDICTION marked answers there is no prediction: "Not enough answers yet (3 of 5)".
 * 2. The estimate starts from the mean of the latest PREDICTION_WINDOW answers. A trend (least-squares slope,
 *    in points per answer) moves it by at most TREND_CAP points, less the fewer the answers, and never by more
 *    than a quarter of the way towards 0 or 100: a student averaging 68% is never predicted 0%.
 * 3. Few answers say little, so the estimate is shrunk toward the student's mean over all subjects (or 50 when
 *    that is all there is): weight n / (n + SHRINK_ANSWERS) on the subject's own estimate.
 * 4. The range is the estimate ± 1.64 standard errors (a 90% interval for the student's true average), the
 *    spread pooled with a prior SD of PRIOR_SD so that three equal marks do not claim certainty; at least ±3.
 * 5. Grades use APPROXIMATE_GRADE_BOUNDARIES (real boundaries differ by board, subject and year): a range
 *    spanning two grades reads "grade B-C".
 * 6. The spec's figures follow from the estimate: improvementNeeded = max(0, 75 − predicted) (§9 target);
 *    readiness = predicted × (0.7 + 0.3 × coverage); confidence grows with n and falls with the range's width.
 */

export const MIN_ANSWERS_FOR_PREDICTION = 5;
export const PREDICTION_WINDOW = 20;
export const SHRINK_ANSWERS = 5;
export const TREND_CAP = 10;
export const PRIOR_SD = 20;
/** §9 Prediction target. */
export const PREDICTION_TARGET = 75;

/** Approximate A-Level boundaries in percent of the marks, highest first. */
export const APPROXIMATE_GRADE_BOUNDARIES: readonly { grade: string; from: number }[] = [
  { grade: 'A*', from: 80 },
  { grade: 'A', from: 70 },
  { grade: 'B', from: 60 },
  { grade: 'C', from: 50 },
  { grade: 'D', from: 40 },
  { grade: 'E', from: 30 },
  { grade: 'U', from: 0 },
];
export const GRADE_BOUNDARIES_NOTE =
  'Grades use approximate boundaries (A* 80%, A 70%, B 60%, C 50%, D 40%, E 30%); real boundaries change with the exam board, subject and year.';

export function gradeFor(percent: number): string {
  return APPROXIMATE_GRADE_BOUNDARIES.find((b) => percent >= b.from)?.grade ?? 'U';
}

/** "B" or "B-C" (better grade first). */
export function gradeRange(low: number, high: number): string {
  const top = gradeFor(high);
  const bottom = gradeFor(low);
  return top === bottom ? top : `${top}-${bottom}`;
}

export function notEnoughAnswersText(marked: number): string {
  return `Not enough answers yet (${marked} of ${MIN_ANSWERS_FOR_PREDICTION})`;
}

export interface ScorePrediction {
  status: 'predicted';
  markedAnswers: number;
  predictedScore: number;
  low: number;
  high: number;
  grade: string;
  /** e.g. "B-C". */
  grades: string;
  /** The mean of the answers the estimate is based on. */
  currentPerformance: number;
  /** Points per answer, as fitted (shrunk for few answers). */
  slope: number;
  /** The points the trend moved the estimate by. */
  trendPoints: number;
  confidenceLevel: number;
  improvementNeeded: number;
}

export interface TooFewAnswers {
  status: 'too-few';
  markedAnswers: number;
  needed: number;
  message: string;
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function slopeOf(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = mean(values);
  let sxy = 0;
  let sxx = 0;
  values.forEach((y, x) => {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  });
  return sxx === 0 ? 0 : sxy / sxx;
}

/** A subject's prediction from its marked scores (oldest first) and the student's overall mean (null: none). */
export function predictScore(scores: number[], overallMean: number | null, markedAnswers = scores.length): ScorePrediction | TooFewAnswers {
  // The server sends only the latest PREDICTION_WINDOW scores and the count of all of them.
  const n = Math.max(markedAnswers, scores.length);
  if (n < MIN_ANSWERS_FOR_PREDICTION) {
    return { status: 'too-few', markedAnswers: n, needed: MIN_ANSWERS_FOR_PREDICTION - n, message: notEnoughAnswersText(n) };
  }
  const window = scores.slice(-PREDICTION_WINDOW).map((s) => clamp(s, 0, 100));
  const m = mean(window);
  const k = window.length;
  const slope = slopeOf(window) * (k / (k + 10));
  // The trend moves the estimate a few answers ahead, capped, and never more than a quarter of the way to 0 or 100.
  const trendPoints = clamp(slope * 5, -Math.min(TREND_CAP, m / 4), Math.min(TREND_CAP, (100 - m) / 4));
  const own = m + trendPoints;
  const prior = overallMean ?? 50;
  const weight = n / (n + SHRINK_ANSWERS);
  const estimate = clamp(weight * own + (1 - weight) * prior, 0, 100);
  const variance = k > 1 ? window.reduce((s, v) => s + (v - m) ** 2, 0) / (k - 1) : 0;
  const pooledSd = Math.sqrt((k * variance + SHRINK_ANSWERS * PRIOR_SD ** 2) / (k + SHRINK_ANSWERS));
  const half = Math.max(3, 1.64 * (pooledSd / Math.sqrt(n)));
  // A positive average never rounds to a 0% prediction.
  const predictedScore = m > 0 ? Math.max(1, Math.round(estimate)) : Math.round(estimate);
  const low = Math.round(clamp(estimate - half, 0, 100));
  const high = Math.round(clamp(estimate + half, 0, 100));
  const confidenceLevel = Math.round(clamp(Math.min(95, (100 * n) / (n + 5)) * (1 - Math.min(0.5, (high - low) / 100)), 0, 95));
  return {
    status: 'predicted',
    markedAnswers: n,
    predictedScore,
    low,
    high,
    grade: gradeFor(predictedScore),
    grades: gradeRange(low, high),
    currentPerformance: Math.round(m),
    slope: Math.round(slope * 10) / 10,
    trendPoints: Math.round(trendPoints * 10) / 10,
    confidenceLevel,
    improvementNeeded: Math.max(0, PREDICTION_TARGET - predictedScore),
  };
}
