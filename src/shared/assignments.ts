import { z } from 'zod';
import {
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_TEXT,
  ATTEMPT_COUNTED,
  FEEDBACK_RELEASE,
  LATE_WORK,
  MAX_ATTEMPTS,
  MAX_TIME_LIMIT_MINUTES,
  OVERRIDE_COMMENT_MAX,
} from './assignment-text';

/**
 * Assessment settings of a paper assigned to a class (issue 30): set when assigning (every field optional: the spec's
 * `{paperId, dueAt?}` keeps its meaning) and changed later with PATCH.
 */
export const lateWorkSchema = z.enum(LATE_WORK, { error: ASSIGNMENT_TEXT.lateWorkInvalid });
export const attemptCountedSchema = z.enum(ATTEMPT_COUNTED, { error: ASSIGNMENT_TEXT.countsInvalid });
export const feedbackReleaseSchema = z.enum(FEEDBACK_RELEASE, { error: ASSIGNMENT_TEXT.feedbackInvalid });
export const assignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);

export const assignmentSettingsInputSchema = z.object({
  lateWork: lateWorkSchema.optional(),
  /** Minutes from the student's start; null: no limit. */
  timeLimitMinutes: z
    .number({ error: ASSIGNMENT_TEXT.timeLimitInvalid })
    .int(ASSIGNMENT_TEXT.timeLimitInvalid)
    .min(1, ASSIGNMENT_TEXT.timeLimitInvalid)
    .max(MAX_TIME_LIMIT_MINUTES, ASSIGNMENT_TEXT.timeLimitInvalid)
    .nullable()
    .optional(),
  /** Submissions allowed per question; null: unlimited. */
  attempts: z
    .number({ error: ASSIGNMENT_TEXT.attemptsInvalid })
    .int(ASSIGNMENT_TEXT.attemptsInvalid)
    .min(1, ASSIGNMENT_TEXT.attemptsInvalid)
    .max(MAX_ATTEMPTS, ASSIGNMENT_TEXT.attemptsInvalid)
    .nullable()
    .optional(),
  counts: attemptCountedSchema.optional(),
  feedback: feedbackReleaseSchema.optional(),
});
export type AssignmentSettingsInput = z.input<typeof assignmentSettingsInputSchema>;

/** The settings as every assignment carries them. */
export const assignmentSettingsSchema = z.object({
  lateWork: lateWorkSchema,
  timeLimitMinutes: z.number().int().nullable(),
  /** null: unlimited. */
  attempts: z.number().int().nullable(),
  counts: attemptCountedSchema,
  feedback: feedbackReleaseSchema,
  /** When the teacher released the feedback, or null. */
  releasedAt: z.string().nullable(),
  /** The scheme and per-point feedback are shown to the students now. */
  released: z.boolean(),
});
export type AssignmentSettings = z.infer<typeof assignmentSettingsSchema>;

/** What a student of the class sees of their own assignment (on the paper, the class page and GET /api/assignments). */
export const studentAssignmentSchema = assignmentSettingsSchema.extend({
  assignmentId: z.string(),
  classId: z.string(),
  dueAt: z.string().nullable(),
  /** Their own clock for a timed paper: when they started, and when time is up (null: no limit or not started). */
  startedAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  status: assignmentStatusSchema,
  /** Submissions are refused now (past a refused due date or time limit). */
  closed: z.boolean(),
});
export type StudentAssignment = z.infer<typeof studentAssignmentSchema>;

/** POST /api/classes/{id}/marks (teacher): set a question's or one point's mark, with a comment the student sees. */
export const overrideRequestSchema = z.object({
  studentId: z.string({ error: 'studentId is required' }).min(1, 'studentId is required'),
  questionId: z.string({ error: 'questionId is required' }).min(1, 'questionId is required'),
  pointId: z.string().min(1).max(40).nullable().optional(),
  marksAwarded: z
    .number({ error: ASSIGNMENT_TEXT.marksInvalid })
    .min(0, ASSIGNMENT_TEXT.marksInvalid)
    .max(1000, ASSIGNMENT_TEXT.marksInvalid),
  comment: z
    .string({ error: ASSIGNMENT_TEXT.overrideCommentRequired })
    .trim()
    .min(1, ASSIGNMENT_TEXT.overrideCommentRequired)
    .max(OVERRIDE_COMMENT_MAX, ASSIGNMENT_TEXT.overrideCommentTooLong),
});
export type OverrideRequest = z.input<typeof overrideRequestSchema>;

/** One teacher override, as kept: who, when, before and after. */
export const markOverrideSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  questionId: z.string(),
  /** null: the question's marks. */
  pointId: z.string().nullable(),
  /** The marks before the override (null when the answer had not been marked). */
  marksBefore: z.number().nullable(),
  marksAfter: z.number(),
  comment: z.string(),
  teacherName: z.string(),
  createdAt: z.string(),
});
export type MarkOverride = z.infer<typeof markOverrideSchema>;

/** The response to an override: it, and the student's marks on the question now. */
export const overrideResponseSchema = z.object({
  override: markOverrideSchema,
  marksAwarded: z.number(),
  totalMarks: z.number(),
});
export type OverrideResponse = z.infer<typeof overrideResponseSchema>;

/** One submission of an assigned question (the markbook's attempt history). */
export const attemptViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  text: z.string(),
  marksAwarded: z.number(),
  totalMarks: z.number(),
  submittedAt: z.string(),
  late: z.boolean(),
  /** Submitted after the student had seen this question's scheme or per-point feedback. */
  afterFeedback: z.boolean(),
  /** The attempt the markbook counts. */
  counted: z.boolean(),
});
export type AttemptView = z.infer<typeof attemptViewSchema>;

/** POST /api/classes/{id}/assignments/{assignmentId}/remark (teacher): every submitted answer marked again. */
export const remarkSummarySchema = z.object({
  /** Answers marked again (attempts included). */
  remarked: z.number().int(),
  /** The counted marks that changed, per student and question. */
  changed: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      questionId: z.string(),
      label: z.string(),
      before: z.number().nullable(),
      after: z.number().nullable(),
    }),
  ),
});
export type RemarkSummary = z.infer<typeof remarkSummarySchema>;

/** A teacher's change as the student sees it on their feedback. */
export const teacherOverrideNoteSchema = z.object({
  point_id: z.string().nullable(),
  marks_awarded: z.number(),
  comment: z.string(),
  at: z.string(),
});
export type TeacherOverrideNote = z.infer<typeof teacherOverrideNoteSchema>;
