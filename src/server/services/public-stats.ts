import { isNull, sql } from 'drizzle-orm';
import type { PublicStats } from '../../shared/public-stats';
import type { Db } from '../db/client';
import { feedback, questions, studyActivity, users } from '../db/schema';

/** §9 'Correct answer': a score above 60%. */
const PASS_FRACTION = 0.6;

export async function readPublicStats(db: Db, bankQuestionCount: number): Promise<PublicStats> {
  const [[u], [q], [f], [s]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users),
    // Questions copied from the bank into a paper are already counted in the bank.
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(isNull(questions.sourceId)),
    db
      .select({
        n: sql<number>`count(*)::int`,
        passed: sql<number>`count(*) filter (where ${feedback.totalMarks} > 0 and ${feedback.marksAwarded} / ${feedback.totalMarks} > ${PASS_FRACTION})::int`,
      })
      .from(feedback),
    db.select({ seconds: sql<number>`coalesce(sum(${studyActivity.seconds}), 0)::bigint` }).from(studyActivity),
  ]);
  return {
    students: u.n,
    questions: bankQuestionCount + q.n,
    answersMarked: f.n,
    studyHours: Math.floor(Number(s.seconds) / 3600),
    passRate: f.n > 0 ? Math.round((100 * f.passed) / f.n) : null,
  };
}
