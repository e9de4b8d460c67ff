import { z } from 'zod';
import { feedbackSchema, questionTypeSchema } from './mark-scheme';
import { boardIdSchema, specPointsSchema } from './specification';
import { QUESTION_COUNT, ALL_DIFFICULTIES, DEFAULT_DIFFICULTY, ANSWER_MAX_LENGTH, PRACTICE_TEXT } from './practice-text';
import { studentAssignmentSchema, teacherOverrideNoteSchema } from './assignments';
import { selfAssessmentSchema } from './self-assessment';

export const difficultySchema = z.enum(ALL_DIFFICULTIES, { error: 'Difficulty must be easy, medium, hard, challenging or difficult' });
export type Difficulty = (typeof ALL_DIFFICULTIES)[number];

export const courseSchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  totalQuestions: z.number().int(),
  createdAt: z.string(),
  /** The exam board whose specification the course follows, or null (issue 31; PATCH /api/courses/{id}). */
  board: boardIdSchema.nullable().optional(),
  /** Questions answered (saved, non-blank) and the average mark of the marked ones, in percent. */
  progress: z.object({ answered: z.number().int(), averageScore: z.number().nullable() }).optional(),
});
export type Course = z.infer<typeof courseSchema>;

export const createCourseRequestSchema = z.object({
  title: z.string().trim().max(120).optional(),
  subject: z
    .string({ error: PRACTICE_TEXT.subjectRequired })
    .trim()
    .min(1, PRACTICE_TEXT.subjectRequired)
    .max(80, 'A subject can be at most 80 characters'),
  /** Optional (issue 31): the exam board whose specification the course follows. */
  board: boardIdSchema.optional(),
});

/** How far the student is through a paper: on the paper cards, the overview and the exam screen. */
export const paperProgressSchema = z.object({
  /** Questions with a saved, non-blank answer. */
  answered: z.number().int(),
  submitted: z.number().int(),
  /** Marks so far over the marks of the questions marked so far, and the paper's total. */
  marksAwarded: z.number(),
  markedMarks: z.number(),
  totalMarks: z.number(),
  finished: z.boolean(),
  finishedAt: z.string().nullable(),
  /** The exam timer, kept on the server across reloads and devices. */
  elapsedSeconds: z.number().int(),
  /** The first question without an answer ("Continue" opens it), or null when all have one. */
  nextQuestionId: z.string().nullable(),
});
export type PaperProgress = z.infer<typeof paperProgressSchema>;

export const paperSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  topic: z.string().nullable(),
  difficultyLevel: z.string(),
  totalQuestions: z.number().int(),
  createdAt: z.string(),
  generatedBy: z.string().nullable(),
  /** The student's progress on the paper (not in the spec's payload; added by issue 13). */
  progress: paperProgressSchema.optional(),
  /** Issue 30: the paper is assigned to the caller's class: its rules, their clock and their status. */
  assignment: studentAssignmentSchema.optional(),
});
export type Paper = z.infer<typeof paperSchema>;

export const generatePaperRequestSchema = z
  .object({
    courseId: z.string({ error: 'courseId is required' }).min(1, 'courseId is required'),
    subject: z.string().trim().max(80).optional(),
    /** Required, unless `specPoints` names what the paper is on. */
    topic: z
      .string({ error: 'Please enter a topic' })
      .trim()
      .min(1, 'Please enter a topic')
      .max(120, 'A topic can be at most 120 characters')
      .optional(),
    difficultyLevel: difficultySchema.default(DEFAULT_DIFFICULTY),
    questionCount: z.coerce
      .number({ error: 'Number of questions must be a number' })
      .int('Number of questions must be a whole number')
      .min(QUESTION_COUNT.min, `Number of questions must be between ${QUESTION_COUNT.min} and ${QUESTION_COUNT.max}`)
      .max(QUESTION_COUNT.max, `Number of questions must be between ${QUESTION_COUNT.min} and ${QUESTION_COUNT.max}`)
      .default(QUESTION_COUNT.default),
    /**
     * Optional (issue 31): draw the paper from these points of the course board's specification (refs such as
     * '3.1.4'); `topic` may then be left out. A board may be given here instead of the course's own.
     */
    specPoints: specPointsSchema.optional(),
    board: boardIdSchema.optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (!body || typeof body !== 'object') return;
      const raw = body as { topic?: unknown; specPoints?: unknown };
      if (raw.topic === undefined && raw.specPoints === undefined) {
        ctx.addIssue({ code: 'custom', path: ['topic'], message: 'Please enter a topic' });
      }
    },
    // Also when another field is wrong, so a missing topic is always reported.
    { when: () => true },
  );

export type GeneratePaperRequest = z.input<typeof generatePaperRequestSchema>;

export const questionSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  paperId: z.string().nullable(),
  questionNumber: z.number().int(),
  text: z.string(),
  type: questionTypeSchema,
  totalMarks: z.number().int(),
  options: z.record(z.string(), z.string()).nullable(),
  /** Shown only once the student has submitted an answer to the question. */
  correctAnswer: z.string().nullable(),
  topic: z.string().nullable(),
  /** A multiple-choice question with more than one right option ("choose all that apply"; issue 18's imports). */
  multipleResponse: z.boolean().optional(),
  /**
   * Options imported with Moodle's shuffleanswers: the option letters in the order this student sees them, from a
   * seed of the student's and the question's ids (the same on every visit, different between students). Each option
   * keeps its letter, so what the student chose and what feedback names are the same letters.
   */
  optionOrder: z.array(z.string()).optional(),
  /** Imported without a mark scheme: not marked until the course's owner writes one (PUT /api/questions/{id}/markscheme). */
  needsScheme: z.boolean().optional(),
  /** The caller owns the question and may write its mark scheme (only while it needs one). */
  canWriteScheme: z.boolean().optional(),
});
export type Question = z.infer<typeof questionSchema>;

export const generatePaperResponseSchema = z.object({
  paper: paperSchema,
  questions: z.array(questionSchema),
  totalQuestions: z.number().int(),
  note: z.string().nullable(),
});

export type GeneratePaperResponse = z.infer<typeof generatePaperResponseSchema>;

export const createCourseResponseSchema = courseSchema.extend({ paper: paperSchema, note: z.string().nullable() });

export const markSchemePointDtoSchema = z.object({ id: z.string(), text: z.string(), marks: z.number().int() });
export type MarkSchemePointDto = z.infer<typeof markSchemePointDtoSchema>;

export const answerSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  userId: z.string(),
  text: z.string(),
  submitted: z.boolean(),
  timeSpentSeconds: z.number().int(),
  /** Bumped by every save that changes the text and by every submission; a save names the one it is based on. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;

/**
 * POST /api/answers/save → 409: the save was based on an older revision (or, without a revision, would
 * replace a submitted answer's text), so the server kept what it holds and sends it back to be merged.
 */
export const answerConflictSchema = z.object({
  message: z.string(),
  text: z.string(),
  revision: z.number().int(),
  submitted: z.boolean(),
});
export type AnswerConflict = z.infer<typeof answerConflictSchema>;

export const saveAnswerRequestSchema = z.object({
  questionId: z.string({ error: 'questionId is required' }).min(1, 'questionId is required'),
  text: z.string({ error: 'The answer must be text' }).max(ANSWER_MAX_LENGTH, `An answer can be at most ${ANSWER_MAX_LENGTH} characters`),
  submitted: z.boolean({ error: 'submitted must be true or false' }).default(false),
  /** Active seconds on the question since the last save (tab visible, not idle). */
  timeSpentSeconds: z.number().int().min(0).max(3600).optional(),
  /**
   * The stored revision this text is based on (0: there was no answer yet). Without it the save is applied as
   * the spec's call always was, except that a draft never replaces a submitted answer's text.
   */
  revision: z
    .number({ error: 'revision must be a whole number' })
    .int('revision must be a whole number')
    .min(0, 'revision must be a whole number')
    .max(2_147_483_647, 'revision must be a whole number')
    .optional(),
});
export type SaveAnswerRequest = z.input<typeof saveAnswerRequestSchema>;

export const evaluateRequestSchema = z.object({
  questionId: z.string({ error: 'questionId is required' }).min(1, 'questionId is required'),
  answer: z
    .string({ error: PRACTICE_TEXT.answerRequired })
    .max(ANSWER_MAX_LENGTH, `An answer can be at most ${ANSWER_MAX_LENGTH} characters`)
    .refine((a) => a.trim().length > 0, PRACTICE_TEXT.answerRequired),
});

export const disagreementSchema = z.object({ point_id: z.string(), reason: z.string(), at: z.string() });

export const storedFeedbackSchema = feedbackSchema.extend({
  questionId: z.string(),
  disagreements: z.array(disagreementSchema),
  createdAt: z.string(),
  /** The answer text this feedback marked (null for feedback stored before it was recorded). */
  evaluatedText: z.string().nullable(),
  /**
   * Points the student marked themselves because the marker was not sure (issue 24), with the teacher's decision on
   * each. `marks_awarded` above already counts them as the student gave them (or as the teacher overrode them).
   */
  self_assessments: z.array(selfAssessmentSchema).optional(),
  /** Marks of `marks_awarded` that rest on the student's own judgement (self-assessed, not overridden). */
  self_assessed_marks: z.number().min(0).optional(),
  /** Issue 30: the teacher changed these marks (a point's, or the question's when point_id is null), with a comment. */
  teacher_overrides: z.array(teacherOverrideNoteSchema).optional(),
  /**
   * Issue 30: a paper assigned with feedback held back. The answer was submitted and marked, but its marks, points
   * and scheme are not shown yet: marks_awarded is 0 and markscheme_evaluation empty until the teacher releases them.
   */
  withheld: z.boolean().optional(),
});
export type StoredFeedback = z.infer<typeof storedFeedbackSchema>;

export const saveFeedbackRequestSchema = z.object({
  questionId: z.string({ error: 'questionId is required' }).min(1, 'questionId is required'),
  feedback: z.unknown().optional(),
});

export const disagreeRequestSchema = z.object({
  questionId: z.string().min(1, 'questionId is required'),
  pointId: z.string().min(1, 'pointId is required'),
  reason: z.string().trim().max(1000, 'Keep the reason under 1000 characters').default(''),
});

export const tutorMessageRequestSchema = z.object({
  questionId: z.string({ error: 'questionId is required' }).min(1, 'questionId is required'),
  message: z
    .string({ error: PRACTICE_TEXT.messageRequired })
    .trim()
    .min(1, PRACTICE_TEXT.messageRequired)
    .max(4000, 'Keep messages under 4000 characters'),
});

export const tutorMessageSchema = z.object({
  role: z.enum(['assistant', 'user']),
  content: z.string(),
  createdAt: z.string(),
});
export type TutorMessage = z.infer<typeof tutorMessageSchema>;

export const tutorReplySchema = z.object({ role: z.literal('assistant'), content: z.string(), by: z.string() });

/** GET /api/user/answers: the analytics lists (§3 Answer, with score and marks). */
export const userAnswerSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  userId: z.string(),
  courseId: z.string(),
  text: z.string(),
  submitted: z.boolean(),
  /** Percent, once marked. */
  score: z.number().nullable(),
  marksAwarded: z.number().nullable(),
  totalMarks: z.number(),
  timeSpentSeconds: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserAnswer = z.infer<typeof userAnswerSchema>;
