import { z } from 'zod';
import { pointEvaluationSchema } from './mark-scheme';
import { REVIEW_ANSWERS_TEXT, TRANSCRIPT_MAX_CHARS } from './question-review-text';

/**
 * Reviewing an assignment question by question (issue 26 item 5, as Gradescope does): every current student's answer
 * to one question (typed, or read from their scanned pages) beside its marks and points.
 */
export const reviewStudentAnswerSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  /** The answer as marked (or as saved, when not marked yet); null: no answer. */
  answer: z.string().nullable(),
  marksAwarded: z.number().nullable(),
  totalMarks: z.number(),
  markedBy: z.string().nullable(),
  points: z.array(pointEvaluationSchema),
  /** The teacher changed this mark (POST /api/classes/{id}/marks). */
  overridden: z.boolean(),
  /** The teacher's latest correction of the text the answer was read as, when there is one. */
  correction: z.object({ at: z.string(), by: z.string() }).nullable(),
});
export type ReviewStudentAnswer = z.infer<typeof reviewStudentAnswerSchema>;

/** GET /api/classes/{id}/assignments/{assignmentId}/questions/{questionId}/answers (the class's teacher). */
export const questionAnswersSchema = z.object({
  paperTitle: z.string(),
  question: z.object({ id: z.string(), number: z.number().int(), text: z.string(), totalMarks: z.number() }),
  /** The assignment's questions in order, to move between them. */
  questions: z.array(z.object({ id: z.string(), number: z.number().int() })),
  /** Every current student, by name. */
  students: z.array(reviewStudentAnswerSchema),
});
export type QuestionAnswers = z.infer<typeof questionAnswersSchema>;

/** POST /api/classes/{id}/students/{userId}/answers/{questionId}/transcript: the text the answer really says. */
export const correctTranscriptRequestSchema = z.object({
  text: z
    .string({ error: REVIEW_ANSWERS_TEXT.transcriptRequired })
    .trim()
    .min(1, REVIEW_ANSWERS_TEXT.transcriptRequired)
    .max(TRANSCRIPT_MAX_CHARS, REVIEW_ANSWERS_TEXT.transcriptTooLong),
});
export type CorrectTranscriptRequest = z.infer<typeof correctTranscriptRequestSchema>;
