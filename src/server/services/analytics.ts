import { sql } from 'drizzle-orm';
import type { SubjectPredictionDto } from '../../shared/analytics';
import { PREDICTION_TARGET, PREDICTION_WINDOW, predictScore } from '../../shared/prediction-model';
import type { Db } from '../db/client';

/** §9 Weak-topic recommendation below 70; strong from 80. */
const WEAK_BELOW = 70;
const STRONG_FROM = 80;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Predictions per subject with SQL aggregates: only each subject's latest PREDICTION_WINDOW marks, its count of
 * marked answers, its topic averages and its coverage leave the database (never the answers' text).
 */
export async function subjectPredictions(db: Db, ownerId: string): Promise<SubjectPredictionDto[]> {
  const [recent, subjects, topics] = await Promise.all([
    db.execute(sql`
      select subject, score from (
        select c.subject, 100.0 * f.marks_awarded / f.total_marks as score, a.created_at,
          row_number() over (partition by c.subject order by a.created_at desc, a.id) as rn
        from answers a
        join questions q on q.id = a.question_id and q.owner_id = a.owner_id
        join courses c on c.id = q.course_id
        join feedback f on f.question_id = a.question_id and f.owner_id = a.owner_id
        where a.owner_id = ${ownerId} and f.total_marks > 0
      ) s where rn <= ${PREDICTION_WINDOW} order by subject, created_at`),
    db.execute(sql`
      select c.subject,
        count(distinct q.id)::int as questions,
        (count(distinct a.question_id) filter (where btrim(a.text) <> ''))::int as answered,
        (count(f.id) filter (where f.total_marks > 0))::int as marked,
        avg(100.0 * f.marks_awarded / nullif(f.total_marks, 0))::float8 as average
      from courses c
      join questions q on q.course_id = c.id and q.owner_id = c.owner_id
      left join answers a on a.question_id = q.id and a.owner_id = c.owner_id
      left join feedback f on f.question_id = q.id and f.owner_id = c.owner_id
      where c.owner_id = ${ownerId}
      group by c.subject order by c.subject`),
    db.execute(sql`
      select c.subject, coalesce(nullif(btrim(q.topic), ''), 'General') as topic,
        avg(100.0 * f.marks_awarded / f.total_marks)::float8 as average
      from feedback f
      join questions q on q.id = f.question_id and q.owner_id = f.owner_id
      join courses c on c.id = q.course_id
      where f.owner_id = ${ownerId} and f.total_marks > 0
      group by 1, 2`),
  ]);
  const scoresBySubject = new Map<string, number[]>();
  for (const r of rowsOf<{ subject: string; score: number | string }>(recent)) {
    scoresBySubject.set(r.subject, [...(scoresBySubject.get(r.subject) ?? []), Number(r.score)]);
  }
  const subjectRows = rowsOf<{ subject: string; questions: number; answered: number; marked: number; average: number | null }>(subjects);
  const totalMarked = subjectRows.reduce((s, r) => s + Number(r.marked), 0);
  const overallMean = totalMarked > 0 ? subjectRows.reduce((s, r) => s + Number(r.marked) * Number(r.average ?? 0), 0) / totalMarked : null;
  const topicRows = rowsOf<{ subject: string; topic: string; average: number }>(topics);

  return subjectRows
    .filter((r) => Number(r.answered) > 0 || Number(r.marked) > 0)
    .map((r) => {
      const model = predictScore(scoresBySubject.get(r.subject) ?? [], overallMean, Number(r.marked));
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
