import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { type ExamDate, type ReviewCounts, type ReviewDue, type UserGoals } from '../../shared/review';
import { REVIEW_LIST_LIMIT, REVIEW_TEXT } from '../../shared/review-text';
import type { Db } from '../db/client';
import { courses, questionPapers, questions, reviewCards, users } from '../db/schema';
import { htmlToText, mathsToText } from '../engine/text/html-to-text';
import { httpError } from '../http-error';
import { withheldQuestionIds } from './assignment-rules';
import { studentOfAssignedPaper } from './paper-access';
import { dayStart, gradeOf, lastReviewDay, ratingOfGrade, reviewWindow, scheduleReview, utcDay, utcDayStart } from './review-schedule';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY_MS = 86_400_000;
const SNIPPET_LENGTH = 160;
/** How far ahead an exam date may be set. */
const MAX_YEARS_AHEAD = 5;

/** The student's exam date ('YYYY-MM-DD') or null. */
async function readExamDate(db: Db | Tx, ownerId: string): Promise<string | null> {
  const [row] = await db.select({ examDate: users.examDate }).from(users).where(eq(users.id, ownerId));
  return row?.examDate ?? null;
}

function examDateView(examDate: string | null, now: Date): ExamDate {
  if (!examDate) return { examDate: null, daysUntilExam: null };
  const days = Math.round((dayStart(examDate).getTime() - utcDayStart(now).getTime()) / DAY_MS);
  return { examDate, daysUntilExam: days >= 0 ? days : null };
}

/**
 * A marking of the student's answer to their question: the question's review card is scheduled again
 * from the marks (review-schedule.ts). The caller has checked that the question is the student's.
 */
export async function recordReview(
  db: Db,
  ownerId: string,
  questionId: string,
  marks: { marksAwarded: number; totalMarks: number },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const examDate = await readExamDate(tx, ownerId);
    const mine = and(eq(reviewCards.ownerId, ownerId), eq(reviewCards.questionId, questionId));
    // Locked until the end of the transaction: two markings of one question apply one after the other.
    const [stored] = await tx.select().from(reviewCards).where(mine).for('update');
    const next = scheduleReview({ card: stored ?? null, ...marks, examDate, now });
    const values = {
      fsrs: next.fsrs,
      fsrsDue: next.fsrsDue,
      due: next.due,
      lastRating: gradeOf(next.rating),
      lastScore: next.score,
      lastReviewedAt: next.reviewedAt,
    };
    await tx
      .insert(reviewCards)
      .values({ ownerId, questionId, ...values })
      .onConflictDoUpdate({ target: [reviewCards.ownerId, reviewCards.questionId], set: values });
  });
}

/**
 * The one rule for which of a student's cards are reviewed (listed by GET /api/review/due and counted there and by
 * GET /api/user/goals): a card whose question the student may still open — their own, or one on a paper assigned to
 * a class they are a student of now (paper-access.ts). A removed student's class cards are neither listed nor counted.
 * A card scheduled from marks held back from the student (decision 016) waits, unlisted, until they are released:
 * its score, rating and due date would tell them.
 */
const reviewable = (ownerId: string, now: Date) =>
  sql`exists (select 1 from questions rq where rq.id = ${reviewCards.questionId}
    and (rq.owner_id = ${ownerId} or ${studentOfAssignedPaper(ownerId, sql`rq.paper_id`)}))
    and ${reviewCards.questionId} not in (${withheldQuestionIds(ownerId, now)})`;

/** The counts of rule 4, in one aggregate over the student's reviewable cards. */
async function reviewCounts(db: Db, ownerId: string, now: Date): Promise<ReviewCounts> {
  const w = reviewWindow(now);
  const [row] = await db
    .select({
      dueToday: sql<number>`count(*) filter (where ${reviewCards.due} < ${w.tomorrowStart.toISOString()}::timestamptz)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${reviewCards.due} < ${w.todayStart.toISOString()}::timestamptz)`.mapWith(Number),
      upcomingWeek: sql<number>`count(*) filter (where ${reviewCards.due} >= ${w.tomorrowStart.toISOString()}::timestamptz
        and ${reviewCards.due} < ${w.weekEnd.toISOString()}::timestamptz)`.mapWith(Number),
      scheduled: sql<number>`count(*)`.mapWith(Number),
    })
    .from(reviewCards)
    .where(and(eq(reviewCards.ownerId, ownerId), reviewable(ownerId, now)));
  return { dueToday: row?.dueToday ?? 0, overdue: row?.overdue ?? 0, upcomingWeek: row?.upcomingWeek ?? 0, scheduled: row?.scheduled ?? 0 };
}

function snippetOf(html: string): string {
  // Plain words: markup gone and KaTeX read as text (\frac{a}{b} → a/b), so the list shows no code.
  const text = mathsToText(htmlToText(html)).replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…` : text;
}

/** GET /api/review/due: the questions due today (overdue first), the counts and the exam date. */
export async function listDueReviews(db: Db, ownerId: string, now = new Date()): Promise<ReviewDue> {
  const w = reviewWindow(now);
  const [examDate, counts, rows] = await Promise.all([
    readExamDate(db, ownerId),
    reviewCounts(db, ownerId, now),
    db
      .select({
        card: reviewCards,
        questionText: questions.text,
        totalMarks: questions.totalMarks,
        paperId: questions.paperId,
        courseId: courses.id,
        courseTitle: courses.title,
        subject: courses.subject,
        topic: sql<string | null>`coalesce(${questions.topic}, ${questionPapers.topic})`,
      })
      .from(reviewCards)
      .innerJoin(questions, eq(questions.id, reviewCards.questionId))
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .leftJoin(questionPapers, eq(questionPapers.id, questions.paperId))
      .where(and(eq(reviewCards.ownerId, ownerId), reviewable(ownerId, now), lt(reviewCards.due, w.tomorrowStart)))
      .orderBy(asc(reviewCards.due), asc(questions.questionNumber))
      .limit(REVIEW_LIST_LIMIT),
  ]);
  return {
    today: utcDay(now),
    ...examDateView(examDate, now),
    counts,
    questions: rows.map((r) => ({
      questionId: r.card.questionId,
      paperId: r.paperId,
      courseId: r.courseId,
      courseTitle: r.courseTitle,
      subject: r.subject,
      topic: r.topic,
      snippet: snippetOf(r.questionText),
      totalMarks: r.totalMarks,
      lastScore: r.card.lastScore,
      lastRating: ratingOfGrade(r.card.lastRating),
      lastReviewedAt: r.card.lastReviewedAt.toISOString(),
      due: r.card.due.toISOString(),
      overdue: r.card.due < w.todayStart,
    })),
  };
}

/**
 * POST /api/review/exam-date: sets (or clears, with null) the student's exam date, and schedules every
 * card of theirs again against it: due = FSRS's date, brought before the exam when it falls on or after
 * the exam day (rule 3 of review-schedule.ts, here as one UPDATE).
 */
export async function setExamDate(db: Db, ownerId: string, examDate: string | null, now = new Date()): Promise<ExamDate> {
  const today = utcDayStart(now);
  if (examDate) {
    const start = dayStart(examDate);
    if (start < today) throw httpError(400, REVIEW_TEXT.examDatePast);
    const latest = new Date(today);
    latest.setUTCFullYear(latest.getUTCFullYear() + MAX_YEARS_AHEAD);
    if (start > latest) throw httpError(400, REVIEW_TEXT.examDateTooFar);
  }
  const last = lastReviewDay(examDate, now);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ examDate }).where(eq(users.id, ownerId));
    const due =
      last && examDate
        ? sql`case when ${reviewCards.fsrsDue} >= ${dayStart(examDate).toISOString()}::timestamptz
            then ${last.toISOString()}::timestamptz else ${reviewCards.fsrsDue} end`
        : sql`${reviewCards.fsrsDue}`;
    await tx.update(reviewCards).set({ due }).where(eq(reviewCards.ownerId, ownerId));
  });
  return examDateView(examDate, now);
}

/** GET /api/user/goals: the exam date and the review counts (§7: the client refreshes it). */
export async function userGoals(db: Db, ownerId: string, now = new Date()): Promise<UserGoals> {
  const [examDate, review] = await Promise.all([readExamDate(db, ownerId), reviewCounts(db, ownerId, now)]);
  return { ...examDateView(examDate, now), review };
}
