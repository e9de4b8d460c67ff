import { z } from 'zod';

/** GET /api/analytics/predictions: §3 Prediction per subject, computed on the server (issue 13). */
export const subjectPredictionSchema = z.object({
  subject: z.string(),
  status: z.enum(['predicted', 'too-few']),
  markedAnswers: z.number().int(),
  /** "Not enough answers yet (3 of 5)" when there is no prediction. */
  message: z.string().nullable(),
  predictedScore: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  grade: z.string().nullable(),
  grades: z.string().nullable(),
  confidenceLevel: z.number(),
  readinessScore: z.number(),
  /** Hours (§3): 10 below 70%, else 5. */
  recommendedStudyTime: z.number(),
  currentPerformance: z.number(),
  improvementNeeded: z.number(),
  weakTopics: z.array(z.string()),
  strongTopics: z.array(z.string()),
});
export type SubjectPredictionDto = z.infer<typeof subjectPredictionSchema>;
export const predictionsResponseSchema = z.array(subjectPredictionSchema);

/** An IANA time zone name ("Europe/London"): the student's calendar days for today, the heatmap and the trend. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Unknown time zone')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const overviewQuerySchema = z.object({ tz: timeZoneSchema.default('UTC') });

/** Counts of submitted answers in one group (a subject, a topic, a course, a day). */
const groupFigures = {
  questionsAnswered: z.number().int(),
  markedAnswers: z.number().int(),
  /** Marked answers scoring 60% or more (§9 correct answer). */
  correctAnswers: z.number().int(),
  /** Mean percent of the marked answers, null when none is marked. */
  averageScore: z.number().nullable(),
  timeSpentSeconds: z.number().int(),
};

/**
 * GET /api/analytics/overview: everything the Simple and Advanced Analytics pages show, as SQL aggregates of
 * the student's submitted answers (never an answer's text). Days are the student's calendar days in `timeZone`.
 */
export const analyticsOverviewSchema = z.object({
  timeZone: z.string(),
  /** yyyy-MM-dd in timeZone. */
  today: z.string(),
  /** Every question in the student's courses (§2 Total Questions). */
  questionsAvailable: z.number().int(),
  answersSubmitted: z.number().int(),
  markedAnswers: z.number().int(),
  coursesAnswered: z.number().int(),
  averageScore: z.number().nullable(),
  todayProgress: z.object({ questionsAnswered: z.number().int(), timeSpentSeconds: z.number().int() }),
  /** Subjects with answers, most answered first; recentScores are the latest marks (at most 20), oldest first. */
  subjects: z.array(
    z.object({ subject: z.string(), questionsAvailable: z.number().int(), recentScores: z.array(z.number()), ...groupFigures }),
  ),
  topics: z.array(z.object({ subject: z.string(), topic: z.string(), ...groupFigures })),
  /** Every course, newest first (as GET /api/courses). */
  courses: z.array(
    z.object({ courseId: z.string(), title: z.string(), subject: z.string(), questionsAvailable: z.number().int(), ...groupFigures }),
  ),
  /** §3 Study day records of the heatmap's 365 days (today and the previous 364) that have answers. */
  days: z.array(
    z.object({
      date: z.string(),
      questionsAnswered: z.number().int(),
      timeSpentSeconds: z.number().int(),
      score: z.number().nullable(),
    }),
  ),
  streaks: z.object({ current: z.number().int(), longest: z.number().int(), activeDays: z.number().int() }),
  /** Study sessions: runs of answers at most 30 minutes apart, by size. */
  sessions: z.object({
    count: z.number().int(),
    totalSeconds: z.number().int(),
    types: z.array(
      z.object({ type: z.enum(['quick', 'standard', 'extended']), sessions: z.number().int(), timeSpentSeconds: z.number().int() }),
    ),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
