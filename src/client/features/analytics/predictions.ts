import { MIN_ANSWERS_FOR_PREDICTION, predictScore } from '../../../shared/prediction-model';
import { STRONG_TOPIC_FROM, WEAK_TOPIC_BELOW, type SubjectPerformance, type TopicPerformance } from './analytics-data';

/*
 * How a subject's prediction is made: src/shared/prediction-model.ts (a range, a grade, shrinkage toward the
 * student's mean, nothing below five marked answers). Here the spec's figures are derived from it:
 * readinessScore = predictedScore × (0.7 + 0.3 × coverage), coverage being the share of the subject's questions
 * answered; recommendedStudyTime (hours) = the answers needed to close the gap to 75% at MIN_RATE points per answer
 * (at most 100; 5 answers of upkeep when there is no gap) times the student's own time per question, to the half
 * hour (null when no time is recorded).
 */
export const MIN_MARKED_FOR_PREDICTION = MIN_ANSWERS_FOR_PREDICTION;
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
  /** Percentage points per answer (shrunk for few answers). */
  slope: number;
  /** The points the trend moved the prediction by (at most 10). */
  trendPoints: number;
  /** The range of the prediction and the grades it spans (approximate boundaries). */
  low: number;
  high: number;
  grade: string;
  grades: string;
}

export interface UnpredictedSubject {
  status: 'too-few';
  subject: string;
  markedAnswers: number;
  /** Marked answers still needed for a prediction. */
  needed: number;
  /** "Not enough answers yet (3 of 5)". */
  message: string;
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

/**
 * One prediction per subject, in the order of `subjects` (see src/shared/prediction-model.ts), from each subject's
 * latest marks (`recentScores`, oldest first) and its count of marked answers.
 */
export function predictSubjects(
  subjects: (SubjectPerformance & { recentScores: number[] })[],
  topics: TopicPerformance[],
  overall: { overallMean: number | null; secondsPerQuestion: number },
): SubjectPrediction[] {
  const { overallMean } = overall;
  const overallSecondsPerQuestion = overall.secondsPerQuestion;
  return subjects.map((subject): SubjectPrediction => {
    const key = subject.subject.toLowerCase();
    const model = predictScore(subject.recentScores, overallMean, subject.markedAnswers);
    if (model.status === 'too-few') {
      return {
        status: 'too-few',
        subject: subject.subject,
        markedAnswers: model.markedAnswers,
        needed: model.needed,
        message: model.message,
      };
    }
    const { predictedScore, improvementNeeded, slope } = model;
    const answersToTarget =
      improvementNeeded > 0 ? Math.min(MAX_PLANNED_ANSWERS, Math.ceil(improvementNeeded / Math.max(slope, MIN_RATE))) : UPKEEP_ANSWERS;
    const secondsPerQuestion = subject.averageSecondsPerQuestion > 0 ? subject.averageSecondsPerQuestion : overallSecondsPerQuestion;
    const subjectTopics = topics.filter((t) => t.subject.toLowerCase() === key && t.averageScore !== null);
    return {
      status: 'predicted',
      subject: subject.subject,
      markedAnswers: model.markedAnswers,
      predictedScore,
      confidenceLevel: model.confidenceLevel,
      readinessScore: Math.round(predictedScore * (0.7 + (0.3 * subject.progress) / 100)),
      recommendedStudyTime: secondsPerQuestion > 0 ? roundToHalfHour((answersToTarget * secondsPerQuestion) / 3600) : null,
      answersToTarget,
      currentPerformance: model.currentPerformance,
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
      trendPoints: model.trendPoints,
      low: model.low,
      high: model.high,
      grade: model.grade,
      grades: model.grades,
    };
  });
}
