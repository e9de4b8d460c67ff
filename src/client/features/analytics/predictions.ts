import {
  STRONG_TOPIC_FROM,
  WEAK_TOPIC_BELOW,
  type AnsweredQuestion,
  type SubjectPerformance,
  type TopicPerformance,
} from './analytics-data';

/*
 * How a subject's prediction is made — from the student's own marked answers only, nothing fixed:
 *
 * 1. Take the subject's marked answers in the order they were written (createdAt) and keep the most recent
 *    PREDICTION_WINDOW of them: recent work says more about the exam than last term's.
 * 2. Fit a least-squares line, score = a + b·i, through them (i = 0, 1, 2, … the answer's place in the window).
 *    b is the trend in percentage points per answer: rising, falling, or steady when |b| < STEADY_SLOPE.
 * 3. predictedScore is the line's value PREDICTION_HORIZON answers past the latest one, clamped to 0–100.
 *    A flat record predicts its own average; a rising one projects upwards, a falling one downwards.
 * 4. confidenceLevel grows with the number n of marked answers in the subject, 100·n/(n + 5), capped at 95
 *    (3 → 38, 5 → 50, 10 → 67, 15 → 75, 45 → 90), and shrinks when the scores scatter around the line:
 *    it is multiplied by 1 − min(0.5, RMSE / 100), RMSE being the root-mean-square distance from the line.
 * 5. currentPerformance is the mean of the window; improvementNeeded = max(0, 75 − predictedScore) (§9 target);
 *    readinessScore = predictedScore × (0.7 + 0.3 × coverage), coverage being the share of the subject's
 *    questions answered: the prediction itself when everything has been practised, lower when only part has.
 * 6. recommendedStudyTime (hours): the answers needed to close the gap at the student's own rate of
 *    improvement (b, taken as at least MIN_RATE points per answer so a flat or falling record still gets a
 *    plan; at most 100 answers; 5 answers of upkeep when there is no gap), times the student's own average
 *    time per question in the subject (or overall), rounded to the half hour. Null when no time is recorded.
 * 7. With fewer than MIN_MARKED_FOR_PREDICTION marked answers there is no prediction: 'No predictions available yet.'
 */
export const MIN_MARKED_FOR_PREDICTION = 3;
export const PREDICTION_WINDOW = 10;
export const PREDICTION_HORIZON = 5;
/** §9 Prediction target. */
export const PREDICTION_TARGET = 75;
export const STEADY_SLOPE = 1;
const MIN_RATE = 0.5;
const MAX_PLANNED_ANSWERS = 100;
const UPKEEP_ANSWERS = 5;

export type Trend = 'rising' | 'falling' | 'steady';

export interface PredictedSubject {
  status: 'predicted';
  subject: string;
  markedAnswers: number;
  predictedScore: number;
  confidenceLevel: number;
  readinessScore: number;
  /** Hours, or null when no study time has been recorded. */
  recommendedStudyTime: number | null;
  answersToTarget: number;
  currentPerformance: number;
  improvementNeeded: number;
  weakTopics: string[];
  strongTopics: string[];
  trend: Trend;
  /** Percentage points per answer. */
  slope: number;
}

export interface UnpredictedSubject {
  status: 'too-few';
  subject: string;
  markedAnswers: number;
  /** Marked answers still needed for a prediction. */
  needed: number;
}

export type SubjectPrediction = PredictedSubject | UnpredictedSubject;

/** Least-squares line through (0, y0), (1, y1), …: slope b, intercept a and the RMSE of the fit. */
export function linearTrend(values: number[]): { slope: number; intercept: number; rmse: number } {
  const n = values.length;
  if (n === 0) return { slope: 0, intercept: 0, rmse: 0 };
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  values.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = meanY - slope * meanX;
  const rmse = Math.sqrt(values.reduce((s, y, x) => s + (y - (intercept + slope * x)) ** 2, 0) / n);
  return { slope, intercept, rmse };
}

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

export function confidenceFor(markedAnswers: number, rmse: number): number {
  const fromCount = Math.min(95, (100 * markedAnswers) / (markedAnswers + 5));
  return Math.round(fromCount * (1 - Math.min(0.5, rmse / 100)));
}

export function trendOf(slope: number): Trend {
  if (slope >= STEADY_SLOPE) return 'rising';
  if (slope <= -STEADY_SLOPE) return 'falling';
  return 'steady';
}

/** §9 Confidence bands: 90 or more Very High; 75 High; 60 Medium; otherwise Low. */
export function confidenceBand(confidence: number): 'Very High' | 'High' | 'Medium' | 'Low' {
  if (confidence >= 90) return 'Very High';
  if (confidence >= 75) return 'High';
  if (confidence >= 60) return 'Medium';
  return 'Low';
}

/** §9 Readiness bands: 80 or more Ready; 60 or more Almost Ready; below 60 Needs Work. */
export function readinessBand(readiness: number): 'Ready' | 'Almost Ready' | 'Needs Work' {
  if (readiness >= 80) return 'Ready';
  if (readiness >= 60) return 'Almost Ready';
  return 'Needs Work';
}

function roundToHalfHour(hours: number): number {
  return Math.max(0.5, Math.round(hours * 2) / 2);
}

/** One prediction per subject, in the order of `subjects` (see the method above). */
export function predictSubjects(
  answered: AnsweredQuestion[],
  subjects: SubjectPerformance[],
  topics: TopicPerformance[],
): SubjectPrediction[] {
  const totalSeconds = answered.reduce((s, a) => s + a.timeSpentSeconds, 0);
  const overallSecondsPerQuestion = answered.length > 0 ? totalSeconds / answered.length : 0;
  return subjects.map((subject): SubjectPrediction => {
    const key = subject.subject.toLowerCase();
    const scores = answered
      .filter((a) => a.subject.toLowerCase() === key && a.score !== null)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((a) => a.score as number);
    if (scores.length < MIN_MARKED_FOR_PREDICTION) {
      return {
        status: 'too-few',
        subject: subject.subject,
        markedAnswers: scores.length,
        needed: MIN_MARKED_FOR_PREDICTION - scores.length,
      };
    }
    const window = scores.slice(-PREDICTION_WINDOW);
    const { slope, intercept, rmse } = linearTrend(window);
    const predictedScore = Math.round(clampPercent(intercept + slope * (window.length - 1 + PREDICTION_HORIZON)));
    const currentPerformance = Math.round(window.reduce((s, v) => s + v, 0) / window.length);
    const improvementNeeded = Math.max(0, PREDICTION_TARGET - predictedScore);
    const answersToTarget =
      improvementNeeded > 0 ? Math.min(MAX_PLANNED_ANSWERS, Math.ceil(improvementNeeded / Math.max(slope, MIN_RATE))) : UPKEEP_ANSWERS;
    const secondsPerQuestion = subject.averageSecondsPerQuestion > 0 ? subject.averageSecondsPerQuestion : overallSecondsPerQuestion;
    const subjectTopics = topics.filter((t) => t.subject.toLowerCase() === key && t.averageScore !== null);
    return {
      status: 'predicted',
      subject: subject.subject,
      markedAnswers: scores.length,
      predictedScore,
      confidenceLevel: confidenceFor(scores.length, rmse),
      readinessScore: Math.round(predictedScore * (0.7 + (0.3 * subject.progress) / 100)),
      recommendedStudyTime: secondsPerQuestion > 0 ? roundToHalfHour((answersToTarget * secondsPerQuestion) / 3600) : null,
      answersToTarget,
      currentPerformance,
      improvementNeeded,
      weakTopics: subjectTopics
        .filter((t) => (t.averageScore as number) < WEAK_TOPIC_BELOW)
        .sort((a, b) => (a.averageScore as number) - (b.averageScore as number))
        .map((t) => t.topic),
      strongTopics: subjectTopics
        .filter((t) => (t.averageScore as number) >= STRONG_TOPIC_FROM)
        .sort((a, b) => (b.averageScore as number) - (a.averageScore as number))
        .map((t) => t.topic),
      trend: trendOf(slope),
      slope,
    };
  });
}
