import { z } from 'zod';
import { REVIEW_RATINGS, REVIEW_TEXT } from './review-text';

export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/** A 'YYYY-MM-DD' that is a real calendar day. */
const calendarDate = z
  .string({ error: REVIEW_TEXT.examDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, REVIEW_TEXT.examDateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, REVIEW_TEXT.examDateInvalid);

/** POST /api/review/exam-date: a date, or null to clear it. */
export const examDateRequestSchema = z.object({
  examDate: calendarDate.nullable(),
});
export type ExamDateRequest = z.infer<typeof examDateRequestSchema>;

export const reviewCountsSchema = z.object({
  /** Due before the start of tomorrow (UTC), overdue ones included. */
  dueToday: z.number().int(),
  /** Due before the start of today (UTC). */
  overdue: z.number().int(),
  /** Due from tomorrow to the end of the seventh day after today. */
  upcomingWeek: z.number().int(),
  /** Every question with a review card. */
  scheduled: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

export const examDateSchema = z.object({
  examDate: z.string().nullable(),
  /** Whole days from today (UTC) to the exam; null without an exam date or once it has passed. */
  daysUntilExam: z.number().int().nullable(),
});
export type ExamDate = z.infer<typeof examDateSchema>;

export const dueQuestionSchema = z.object({
  questionId: z.string(),
  paperId: z.string().nullable(),
  courseId: z.string(),
  courseTitle: z.string(),
  subject: z.string(),
  topic: z.string().nullable(),
  /** The question's opening words as plain text. */
  snippet: z.string(),
  totalMarks: z.number(),
  /** The last marking's percentage of the marks. */
  lastScore: z.number(),
  lastRating: z.enum(REVIEW_RATINGS),
  lastReviewedAt: z.string(),
  due: z.string(),
  overdue: z.boolean(),
});
export type DueQuestion = z.infer<typeof dueQuestionSchema>;

/** GET /api/review/due. */
export const reviewDueSchema = examDateSchema.extend({
  /** Today's UTC date, the day the list is for. */
  today: z.string(),
  counts: reviewCountsSchema,
  /** Due today (overdue first), at most REVIEW_LIST_LIMIT of them; counts.dueToday says how many in all. */
  questions: z.array(dueQuestionSchema),
});
export type ReviewDue = z.infer<typeof reviewDueSchema>;

/** GET /api/user/goals (§7: the client refreshes it): the exam date and the review counts. */
export const userGoalsSchema = examDateSchema.extend({ review: reviewCountsSchema });
export type UserGoals = z.infer<typeof userGoalsSchema>;
