import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { ReviewRating } from '../../shared/review';
import type { ReviewCardFsrs } from '../db/schema';

/**
 * The rules of scheduled review (issue 13, item 6), as pure functions: no I/O, no clock of their own.
 *
 * 1. Rating from marks: the percentage of the question's marks an answer earned gives the FSRS rating —
 *    under 40% Again, under 70% Hard, under 90% Good, otherwise Easy. A question worth no marks rates Again.
 * 2. Next schedule: plain FSRS (ts-fsrs, default weights, 90% retention), in whole days (no same-day
 *    learning steps: the app's unit is the day) and without fuzz (the same history gives the same dates).
 * 3. Exam-date cap: when the student has an exam date and FSRS would bring the question back on or after
 *    the exam day, it is due at the start of the day before the exam instead — provided that day is still
 *    after today. When no day is left before the exam (the exam is today or tomorrow, or has passed),
 *    plain FSRS stands: nothing more can be fitted in before it.
 * 4. Days are UTC days. "Due today" is every card due before the start of tomorrow (overdue ones included);
 *    "overdue" is due before the start of today; "upcoming this week" is due from the start of tomorrow to
 *    the end of the seventh day after today.
 */

const DAY_MS = 86_400_000;

/** The percentage bands, lowest first: a score below `below` gets `rating`. */
export const RATING_BANDS: readonly { below: number; rating: ReviewRating }[] = [
  { below: 40, rating: 'Again' },
  { below: 70, rating: 'Hard' },
  { below: 90, rating: 'Good' },
];
const TOP_RATING: ReviewRating = 'Easy';

const GRADE_OF: Record<ReviewRating, Grade> = {
  Again: Rating.Again,
  Hard: Rating.Hard,
  Good: Rating.Good,
  Easy: Rating.Easy,
};
const RATING_OF_GRADE: Record<number, ReviewRating> = { 1: 'Again', 2: 'Hard', 3: 'Good', 4: 'Easy' };

/** The scheduler: whole days, no fuzz, default FSRS weights and retention. */
const scheduler = fsrs({ enable_fuzz: false, enable_short_term: false });

/** The percentage (0-100) of the marks, clamped; 0 for a question worth no marks. */
export function scorePercent(marksAwarded: number, totalMarks: number): number {
  if (!(totalMarks > 0) || !Number.isFinite(marksAwarded)) return 0;
  return Math.min(100, Math.max(0, (100 * marksAwarded) / totalMarks));
}

/** Rule 1: the rating an answer's marks give. */
export function ratingFromMarks(marksAwarded: number, totalMarks: number): ReviewRating {
  const percent = scorePercent(marksAwarded, totalMarks);
  return RATING_BANDS.find((band) => percent < band.below)?.rating ?? TOP_RATING;
}

export function gradeOf(rating: ReviewRating): number {
  return GRADE_OF[rating];
}

export function ratingOfGrade(grade: number): ReviewRating {
  return RATING_OF_GRADE[grade] ?? 'Again';
}

/** 00:00 UTC of the day `at` falls on. */
export function utcDayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** 'YYYY-MM-DD' of the UTC day `at` falls on. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** 00:00 UTC of a 'YYYY-MM-DD' date. */
export function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** Rule 4: the boundaries of today, tomorrow and the coming week, in UTC. */
export function reviewWindow(now: Date): { todayStart: Date; tomorrowStart: Date; weekEnd: Date } {
  const todayStart = utcDayStart(now);
  return {
    todayStart,
    tomorrowStart: new Date(todayStart.getTime() + DAY_MS),
    weekEnd: new Date(todayStart.getTime() + 8 * DAY_MS),
  };
}

export type DueBucket = 'overdue' | 'today' | 'week' | 'later';

/** Rule 4 for one due date. */
export function dueBucket(due: Date, now: Date): DueBucket {
  const w = reviewWindow(now);
  if (due < w.todayStart) return 'overdue';
  if (due < w.tomorrowStart) return 'today';
  if (due < w.weekEnd) return 'week';
  return 'later';
}

/** Rule 4 over many due dates: due today (overdue included), overdue, upcoming this week. */
export function countDue(dues: Date[], now: Date): { dueToday: number; overdue: number; upcomingWeek: number } {
  const counts = { dueToday: 0, overdue: 0, upcomingWeek: 0 };
  for (const due of dues) {
    const bucket = dueBucket(due, now);
    if (bucket === 'overdue') counts.overdue++;
    if (bucket === 'overdue' || bucket === 'today') counts.dueToday++;
    if (bucket === 'week') counts.upcomingWeek++;
  }
  return counts;
}

/**
 * Rule 3: the day reviews must be done by for an exam on `examDate` — the start of the day before it —
 * or null when there is no exam date or no day is left before it after today.
 */
export function lastReviewDay(examDate: string | null, now: Date): Date | null {
  if (!examDate) return null;
  const last = new Date(dayStart(examDate).getTime() - DAY_MS);
  return last > utcDayStart(now) ? last : null;
}

/** Rule 3 for one date: FSRS's due date, brought before the exam when it falls on or after the exam day. */
export function capDueToExam(fsrsDue: Date, examDate: string | null, now: Date): Date {
  const last = lastReviewDay(examDate, now);
  if (!last || !examDate) return fsrsDue;
  return fsrsDue >= dayStart(examDate) ? last : fsrsDue;
}

/** A stored card (or none yet) as ts-fsrs wants it. */
function toFsrsCard(stored: { fsrs: ReviewCardFsrs; fsrsDue: Date; lastReviewedAt: Date } | null, now: Date): Card {
  if (!stored) return createEmptyCard(now);
  return { ...stored.fsrs, elapsed_days: 0, due: stored.fsrsDue, last_review: stored.lastReviewedAt };
}

export interface ScheduledReview {
  fsrs: ReviewCardFsrs;
  fsrsDue: Date;
  due: Date;
  rating: ReviewRating;
  score: number;
  reviewedAt: Date;
}

/** Rules 1-3: the card after a marking of `marksAwarded` out of `totalMarks` at `now`. */
export function scheduleReview(input: {
  card: { fsrs: ReviewCardFsrs; fsrsDue: Date; lastReviewedAt: Date } | null;
  marksAwarded: number;
  totalMarks: number;
  examDate: string | null;
  now: Date;
}): ScheduledReview {
  const { now } = input;
  const rating = ratingFromMarks(input.marksAwarded, input.totalMarks);
  const { card } = scheduler.next(toFsrsCard(input.card, now), now, GRADE_OF[rating]);
  const due = capDueToExam(card.due, input.examDate, now);
  return {
    fsrs: {
      stability: card.stability,
      difficulty: card.difficulty,
      state: card.state,
      reps: card.reps,
      lapses: card.lapses,
      scheduled_days: card.scheduled_days,
      learning_steps: card.learning_steps,
    },
    fsrsDue: card.due,
    due,
    rating,
    score: Math.round(10 * scorePercent(input.marksAwarded, input.totalMarks)) / 10,
    reviewedAt: now,
  };
}
