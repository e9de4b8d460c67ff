import { z } from 'zod';
import { answerSchema, questionSchema, storedFeedbackSchema } from './practice';
import { gradingSectionSchema } from './teacher';
import {
  assignmentSettingsInputSchema,
  assignmentSettingsSchema,
  assignmentStatusSchema,
  attemptViewSchema,
  markOverrideSchema,
} from './assignments';
import { CLASSES_TEXT } from './classes-text';

export const classRoleSchema = z.enum(['teacher', 'student']);
export type ClassRole = z.infer<typeof classRoleSchema>;

const className = z
  .string({ error: CLASSES_TEXT.nameRequired })
  .trim()
  .min(1, CLASSES_TEXT.nameRequired)
  .max(100, CLASSES_TEXT.nameTooLong);
const classSubject = z
  .string({ error: CLASSES_TEXT.subjectRequired })
  .trim()
  .min(1, CLASSES_TEXT.subjectRequired)
  .max(100, CLASSES_TEXT.subjectTooLong);

/** POST /api/classes */
export const createClassRequestSchema = z.object({ name: className, subject: classSubject });
export type CreateClassRequest = z.input<typeof createClassRequestSchema>;

/** PATCH /api/classes/{id} (teacher): rename, change the subject, archive (true) or restore (false). */
export const updateClassRequestSchema = z.object({
  name: className.optional(),
  subject: classSubject.optional(),
  archived: z.boolean({ error: 'archived must be true or false' }).optional(),
});
export type UpdateClassRequest = z.input<typeof updateClassRequestSchema>;

/** POST /api/classes/join */
export const joinClassRequestSchema = z.object({
  code: z.string({ error: CLASSES_TEXT.codeRequired }).trim().min(1, CLASSES_TEXT.codeRequired).max(32, CLASSES_TEXT.noSuchCode),
});
export type JoinClassRequest = z.input<typeof joinClassRequestSchema>;

/** POST /api/classes/{id}/code (teacher): a new code; the old one stops working. */
export const joinCodeResponseSchema = z.object({ joinCode: z.string(), joinLink: z.string() });
export type JoinCodeResponse = z.infer<typeof joinCodeResponseSchema>;

export const classSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  /** The caller's role in this class. */
  role: classRoleSchema,
  /** The teacher's name (first and last, or their username when they gave none). */
  teacherName: z.string(),
  /** Current students (removed ones not counted). */
  studentCount: z.number().int(),
  archived: z.boolean(),
  /** What the class's students are told about it (issue 25: its teacher deleted their account), or null. */
  notice: z.string().nullable().optional(),
  /** The join code: for the teacher only (null for a student). */
  joinCode: z.string().nullable(),
  createdAt: z.string(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

/** GET /api/classes */
export const classListSchema = z.object({
  teaching: z.array(classSummarySchema),
  studying: z.array(classSummarySchema),
});
export type ClassList = z.infer<typeof classListSchema>;

/** A student's own progress on an assigned paper. */
export const assignmentProgressSchema = z.object({
  /** Questions with a saved, non-blank answer. */
  answered: z.number().int(),
  /** Marks awarded so far (sum over the marked questions), or null when nothing is marked yet. */
  marksAwarded: z.number().nullable(),
  /** marksAwarded as a percentage of the paper's total marks (one decimal), or null when nothing is marked. */
  score: z.number().nullable(),
  /** The student pressed "Finish paper". */
  finished: z.boolean(),
  /** Issue 30: not started, in progress, submitted, late or missing. */
  status: assignmentStatusSchema.optional(),
});
export type AssignmentProgress = z.infer<typeof assignmentProgressSchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  classId: z.string(),
  paperId: z.string(),
  paperTitle: z.string(),
  courseTitle: z.string(),
  questionCount: z.number().int(),
  totalMarks: z.number(),
  /** ISO date-time, or null: no due date. */
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's own progress when they are a student of the class; null for the teacher. */
  progress: assignmentProgressSchema.nullable(),
  /** Issue 30: late work, time limit, attempts, which counts, when feedback is shown. */
  settings: assignmentSettingsSchema,
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** A photographed sheet the teacher graded and attached to the student (issue 16 item 5). */
export const markedSheetSchema = z.object({
  /** The grading result's id. */
  id: z.string(),
  /** What it was marked against: 'Paper MW-7K3QXP (…)', 'Bank question …', 'Your mark scheme'. */
  source: z.string().nullable(),
  /** The question as read or typed, cut to 200 characters. */
  questionText: z.string().nullable(),
  marksAwarded: z.number(),
  totalMarks: z.number(),
  gradedAt: z.string(),
  attachedAt: z.string(),
  /** The per-point breakdown, as the grading page shows it (comments are HTML, sanitised by the client). */
  detailedBreakdown: z.array(gradingSectionSchema),
});
export type MarkedSheet = z.infer<typeof markedSheetSchema>;

export const classStudentSchema = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  joinedAt: z.string(),
  /** The student's latest save, mark or tutor message on one of the class's assigned papers, or null. */
  lastActivityAt: z.string().nullable(),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

/** GET /api/classes/{id} (and the result of POST /api/classes, PATCH /api/classes/{id}). */
export const classDetailSchema = classSummarySchema.extend({
  /** Newest first. */
  assignments: z.array(assignmentSchema),
  /** The current students, for the teacher; null for a student (a student sees no other student). */
  students: z.array(classStudentSchema).nullable(),
  /** `/join/CODE` for the teacher; null for a student. */
  joinLink: z.string().nullable(),
  /** For a student: the graded sheets their teacher attached to them in this class, newest first (issue 30). */
  mySheets: z.array(markedSheetSchema).optional(),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

const dueAtSchema = z
  .string({ error: CLASSES_TEXT.dueAtInvalid })
  .trim()
  .max(40, CLASSES_TEXT.dueAtInvalid)
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
    CLASSES_TEXT.dueAtInvalid,
  );

/** POST /api/classes/{id}/assignments (teacher): one of the teacher's own question papers. */
export const createAssignmentRequestSchema = z.object({
  paperId: z.string({ error: 'paperId is required' }).min(1, 'paperId is required'),
  /** ISO date or date-time; null or absent: no due date. */
  dueAt: dueAtSchema.nullable().optional(),
  ...assignmentSettingsInputSchema.shape,
});
export type CreateAssignmentRequest = z.input<typeof createAssignmentRequestSchema>;

/** PATCH /api/classes/{id}/assignments/{assignmentId} (teacher): change the due date and settings. */
export const updateAssignmentRequestSchema = z.object({
  dueAt: dueAtSchema.nullable().optional(),
  ...assignmentSettingsInputSchema.shape,
});
export type UpdateAssignmentRequest = z.input<typeof updateAssignmentRequestSchema>;

/** GET /api/assignments: the signed-in student's assigned papers across their classes (not archived ones). */
export const assignedPaperSchema = z.object({
  assignmentId: z.string(),
  classId: z.string(),
  className: z.string(),
  paperId: z.string(),
  paperTitle: z.string(),
  subject: z.string(),
  dueAt: z.string().nullable(),
  questionCount: z.number().int(),
  totalMarks: z.number(),
  answered: z.number().int(),
  marksAwarded: z.number().nullable(),
  /** Percentage of the paper's total marks (one decimal), or null when nothing is marked yet. */
  score: z.number().nullable(),
  finished: z.boolean(),
  createdAt: z.string(),
  /** Issue 30: the student's status and the assignment's settings (marks above are null until released). */
  status: assignmentStatusSchema.optional(),
  settings: assignmentSettingsSchema.optional(),
});
export type AssignedPaper = z.infer<typeof assignedPaperSchema>;
export const assignedPapersSchema = z.array(assignedPaperSchema);

export const markbookQuestionSchema = z.object({
  id: z.string(),
  paperId: z.string(),
  /** "Paper title Q3" */
  label: z.string(),
  /** Issue 30: the assignment the question belongs to. */
  assignmentId: z.string().optional(),
  totalMarks: z.number(),
  /** The mark-scheme points: id is the point's id within its scheme ('p1', 'm1', ...), as feedback names it. */
  points: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type MarkbookQuestion = z.infer<typeof markbookQuestionSchema>;

export const markbookCellSchema = z.object({
  questionId: z.string(),
  /** Null: not marked (no answer, or answered but not marked yet). */
  marksAwarded: z.number().nullable(),
  totalMarks: z.number(),
  /** The student's answer, when there is one (open it with GET /api/classes/{id}/students/{userId}/answers/{questionId}). */
  answerId: z.string().nullable(),
  /** Marks of `marksAwarded` the student gave themselves on points the marker was not sure of (issue 24), not overridden. */
  selfAssessedMarks: z.number().optional(),
  /** Self-assessed points the teacher has not confirmed or overridden yet. */
  selfAssessmentsPending: z.number().int().optional(),
  /** Issue 30: marked submissions kept (the history: GET …/students/{userId}/answers/{questionId}). */
  attempts: z.number().int().optional(),
  /** The counted attempt came after the due date or time limit. */
  late: z.boolean().optional(),
  /** The teacher changed this mark (or one of its points). */
  overridden: z.boolean().optional(),
  /** A later attempt came after the student had seen the scheme or per-point feedback. */
  afterFeedback: z.boolean().optional(),
});
export type MarkbookCell = z.infer<typeof markbookCellSchema>;

export const markbookStudentSchema = z.object({
  userId: z.string(),
  /** First and last name, or the username when they gave none. */
  name: z.string(),
  lastActivityAt: z.string().nullable(),
  /** Active time on the class's assigned questions. */
  timeSpentSeconds: z.number().int(),
  /** Sum of the marked cells (self-assessed marks counted as the student gave them until the teacher overrides them). */
  totalMarksAwarded: z.number(),
  /** Of totalMarksAwarded, the marks the student self-assessed (issue 24). */
  selfAssessedMarks: z.number().optional(),
  /** One per markbook question, in the same order. */
  cells: z.array(markbookCellSchema),
  /** Graded sheets attached to the student in this class, newest first (not counted in totalMarksAwarded). */
  sheets: z.array(markedSheetSchema),
  /** Issue 30. */
  email: z.string().optional(),
  /** Per assignment of the markbook, in its order: status, counted marks (null: nothing marked, not 0) and time. */
  assignments: z
    .array(
      z.object({
        assignmentId: z.string(),
        status: assignmentStatusSchema,
        late: z.boolean(),
        marksAwarded: z.number().nullable(),
        totalMarks: z.number(),
        percentage: z.number().nullable(),
        timeSpentSeconds: z.number().int(),
      }),
    )
    .optional(),
});
export type MarkbookStudent = z.infer<typeof markbookStudentSchema>;

export const pointMissSchema = z.object({
  questionId: z.string(),
  pointId: z.string(),
  text: z.string(),
  /** Students whose marked answer did not earn the point, of the students with a marked answer. */
  missedBy: z.number().int(),
  answeredBy: z.number().int(),
});
export type PointMiss = z.infer<typeof pointMissSchema>;

/** GET /api/classes/{id}/markbook[.csv]?assignmentId=…: one assignment's markbook (absent: every assignment). */
export const markbookQuerySchema = z.object({ assignmentId: z.string().max(64).optional() });

/** GET /api/classes/{id}/markbook (teacher): students × questions over the class's assigned papers. */
export const markbookSchema = z.object({
  /** Issue 30: the assignments shown (one, or all), oldest first, with their questions and settings. */
  assignments: z
    .array(
      z.object({
        id: z.string(),
        paperId: z.string(),
        paperTitle: z.string(),
        dueAt: z.string().nullable(),
        totalMarks: z.number(),
        questionIds: z.array(z.string()),
        settings: assignmentSettingsSchema,
      }),
    )
    .optional(),
  questions: z.array(markbookQuestionSchema),
  students: z.array(markbookStudentSchema),
  /** Most missed first (by the share of answering students who missed it). */
  pointMisses: z.array(pointMissSchema),
});
export type Markbook = z.infer<typeof markbookSchema>;

/** GET /api/classes/{id}/students/{userId}/answers/{questionId} (teacher). */
export const studentAnswerSchema = z.object({
  student: z.object({ userId: z.string(), name: z.string() }),
  question: questionSchema,
  answer: answerSchema.nullable(),
  feedback: storedFeedbackSchema.nullable(),
  /** Issue 30: every marked submission of the question on the assignment, the counted one marked. */
  attempts: z.array(attemptViewSchema).optional(),
  /** The teacher's changes of this mark, oldest first. */
  overrides: z.array(markOverrideSchema).optional(),
});
export type StudentAnswer = z.infer<typeof studentAnswerSchema>;
