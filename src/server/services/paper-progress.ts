import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaperProgress } from '../../shared/practice';
import type { Db } from '../db/client';
import { answers, feedback, paperAttempts, questions } from '../db/schema';

export const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Progress of the student on each of these papers, in two queries whatever the number of papers: answers,
 * submissions and marks aggregated per paper in SQL, and the attempts (timer, finished) beside them.
 */
export async function paperProgress(db: Db, ownerId: string, paperIds: string[]): Promise<Map<string, PaperProgress>> {
  if (paperIds.length === 0) return new Map();
  const answered = sql`(${answers.id} is not null and btrim(${answers.text}) <> '')`;
  const [rows, attempts] = await Promise.all([
    db
      .select({
        paperId: questions.paperId,
        answered: sql<number>`(count(*) filter (where ${answered}))::int`,
        submitted: sql<number>`(count(*) filter (where ${answers.submitted}))::int`,
        marksAwarded: sql<number>`coalesce(sum(${feedback.marksAwarded}), 0)::float8`,
        markedMarks: sql<number>`coalesce(sum(${feedback.totalMarks}), 0)::float8`,
        totalMarks: sql<number>`coalesce(sum(${questions.totalMarks}), 0)::int`,
        nextQuestionId: sql<
          string | null
        >`(array_agg(${questions.id} order by ${questions.questionNumber}) filter (where not ${answered}))[1]`,
      })
      .from(questions)
      .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.ownerId, ownerId)))
      .leftJoin(feedback, and(eq(feedback.questionId, questions.id), eq(feedback.ownerId, ownerId)))
      // The callers pass papers the student may open (their own, or assigned to their class: paper-access.ts).
      .where(inArray(questions.paperId, paperIds))
      .groupBy(questions.paperId),
    db
      .select()
      .from(paperAttempts)
      .where(and(eq(paperAttempts.ownerId, ownerId), inArray(paperAttempts.paperId, paperIds))),
  ]);
  const byPaper = new Map(rows.map((r) => [r.paperId as string, r]));
  const attemptOf = new Map(attempts.map((a) => [a.paperId, a]));
  return new Map(
    paperIds.map((id) => {
      const r = byPaper.get(id);
      const attempt = attemptOf.get(id);
      return [
        id,
        {
          answered: r?.answered ?? 0,
          submitted: r?.submitted ?? 0,
          marksAwarded: round1(Number(r?.marksAwarded ?? 0)),
          markedMarks: round1(Number(r?.markedMarks ?? 0)),
          totalMarks: Number(r?.totalMarks ?? 0),
          finished: Boolean(attempt?.finishedAt),
          finishedAt: attempt?.finishedAt?.toISOString() ?? null,
          elapsedSeconds: attempt?.elapsedSeconds ?? 0,
          nextQuestionId: r?.nextQuestionId ?? null,
        },
      ];
    }),
  );
}
