import { z } from 'zod';
import { feedbackSchema } from './mark-scheme';
import { paperSchema, questionSchema } from './practice';
import { selfAssessmentSchema } from './self-assessment';

/** The timer's elapsed seconds, sent now and then by the exam screen; the larger of the stored and sent wins. */
export const elapsedRequestSchema = z.object({
  elapsedSeconds: z
    .number({ error: 'elapsedSeconds must be a whole number of seconds' })
    .int('elapsedSeconds must be a whole number of seconds')
    .min(0, 'elapsedSeconds must be a whole number of seconds')
    .max(30 * 24 * 3600, 'elapsedSeconds is too large'),
});

export const finishRequestSchema = z.object({ elapsedSeconds: elapsedRequestSchema.shape.elapsedSeconds.optional() }).default({});

export const questionResultSchema = z.object({
  question: questionSchema,
  answerText: z.string(),
  submitted: z.boolean(),
  /** Null when the question has no mark (no answer, or not marked yet). */
  marksAwarded: z.number().nullable(),
  timeSpentSeconds: z.number().int(),
  feedback: feedbackSchema.nullable(),
  /** Points the student marked themselves (issue 24); `marksAwarded` counts them as given (or as the teacher overrode them). */
  selfAssessments: z.array(selfAssessmentSchema).optional(),
  /** Marks of `marksAwarded` that rest on the student's own judgement. */
  selfAssessedMarks: z.number().optional(),
  /** Why the question is not marked, e.g. it has no mark scheme yet (left out of the total). */
  note: z.string().optional(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

/** POST /api/question-papers/{id}/finish and GET /api/question-papers/{id}/results. */
export const paperResultsSchema = z.object({
  paper: paperSchema,
  finished: z.boolean(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  elapsedSeconds: z.number().int(),
  marksAwarded: z.number(),
  /** Of marksAwarded, the marks the student self-assessed (issue 24). */
  selfAssessedMarks: z.number().optional(),
  totalMarks: z.number(),
  /** Of the paper's total marks, one decimal. */
  percentage: z.number(),
  answered: z.number().int(),
  questionCount: z.number().int(),
  /** The paper "Retry" drew, once there is one. */
  retryPaperId: z.string().nullable(),
  questions: z.array(questionResultSchema),
  /** Issue 30: an assigned paper whose marks and feedback the teacher has not released yet (marks shown as 0, no feedback). */
  withheld: z.boolean().optional(),
});
export type PaperResults = z.infer<typeof paperResultsSchema>;

export const retryResponseSchema = z.object({ paper: paperSchema });
