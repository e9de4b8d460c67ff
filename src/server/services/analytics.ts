import type { SubjectPredictionDto } from '../../shared/analytics';
import { PREDICTION_TARGET, predictScore } from '../../shared/prediction-model';
import type { Db } from '../db/client';
import { analyticsOverview } from './analytics-overview';

/** §9 Weak-topic recommendation below 70; strong from 80. */
const WEAK_BELOW = 70;
const STRONG_FROM = 80;

/**
 * Predictions per subject, from the same SQL aggregates as GET /api/analytics/overview (one statement): each
 * subject's latest PREDICTION_WINDOW marks, its counts and its topic averages leave the database, never the
 * answers' text. Counted over submitted answers, as the analytics pages count them.
 */
export async function subjectPredictions(db: Db, ownerId: string): Promise<SubjectPredictionDto[]> {
  const overview = await analyticsOverview(db, ownerId, 'UTC');
  const overallMean = overview.averageScore;
  const subjectRows = overview.subjects.map((s) => ({
    subject: s.subject,
    questions: s.questionsAvailable,
    answered: s.questionsAnswered,
    marked: s.markedAnswers,
    average: s.averageScore,
    recent: s.recentScores,
  }));
  const topicRows = overview.topics.flatMap((t) =>
    t.averageScore === null ? [] : [{ subject: t.subject, topic: t.topic, average: t.averageScore }],
  );

  return subjectRows
    .filter((r) => Number(r.answered) > 0 || Number(r.marked) > 0)
    .map((r) => {
      const model = predictScore(r.recent, overallMean, Number(r.marked));
      const own = topicRows.filter((t) => t.subject === r.subject).map((t) => ({ topic: t.topic, average: Number(t.average) }));
      const coverage = Number(r.questions) > 0 ? Number(r.answered) / Number(r.questions) : 0;
      const current = Math.round(Number(r.average ?? 0));
      const common = {
        subject: r.subject,
        markedAnswers: Number(r.marked),
        currentPerformance: current,
        weakTopics: own
          .filter((t) => t.average < WEAK_BELOW)
          .sort((a, b) => a.average - b.average)
          .map((t) => t.topic),
        strongTopics: own
          .filter((t) => t.average >= STRONG_FROM)
          .sort((a, b) => b.average - a.average)
          .map((t) => t.topic),
      };
      if (model.status === 'too-few') {
        return {
          ...common,
          status: 'too-few' as const,
          message: model.message,
          predictedScore: null,
          low: null,
          high: null,
          grade: null,
          grades: null,
          confidenceLevel: 0,
          readinessScore: 0,
          recommendedStudyTime: 10,
          improvementNeeded: Math.max(0, PREDICTION_TARGET - current),
        };
      }
      return {
        ...common,
        status: 'predicted' as const,
        message: null,
        predictedScore: model.predictedScore,
        low: model.low,
        high: model.high,
        grade: model.grade,
        grades: model.grades,
        confidenceLevel: model.confidenceLevel,
        readinessScore: Math.round(model.predictedScore * (0.7 + 0.3 * coverage)),
        recommendedStudyTime: model.predictedScore < 70 ? 10 : 5,
        improvementNeeded: model.improvementNeeded,
      };
    });
}
