import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PointEvaluation, SchemeRules } from '../../shared/mark-scheme';
import type { SelfAssessmentEntry } from '../../shared/self-assessment-text';
import type { GradingQuestion } from '../../shared/teacher';
import type { AttemptCounted, FeedbackRelease, LateWork } from '../../shared/assignment-text';
import type { TeacherOverrideNote } from '../../shared/assignments';

/** The ts-fsrs card fields a review card keeps (dates live in their own columns). */
export interface ReviewCardFsrs {
  stability: number;
  difficulty: number;
  state: number;
  reps: number;
  lapses: number;
  scheduled_days: number;
  learning_steps: number;
}

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Every row that belongs to a user carries its owner; every query for user data filters by it. */
const ownerId = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable('users', {
  id: id(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  passwordHash: text('password_hash').notNull(),
  /** The student's exam date ('YYYY-MM-DD'), set on the Review page: reviews are scheduled before it. */
  examDate: date('exam_date'),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser and system it was signed in from ('Firefox on Windows'), for the user's list of sessions. */
    device: text('device'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Login and sign-up attempts, for rate limits that hold across several app instances. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: id(),
    /** 'ip:<address>' or 'email:<address>'. */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_attempts_key_idx').on(t.key, t.createdAt)],
);

/**
 * A password reset (issue 25): the token of an e-mailed link, or a typed code a class's teacher or an administrator
 * issued. Only a SHA-256 is kept (a code's is taken with its user's id), never the token or code; used once, then
 * `used_at` is set; every other open reset of the user ends with it (services/password-reset.ts).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'email' (a link's token), 'teacher' or 'admin' (a code). */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The teacher who issued a code (null for e-mailed links and administrators' codes). */
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    ownerId: ownerId(),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    /** The exam board whose specification the course follows ('aqa', 'ocr-a', 'edexcel'), or null (issue 31). */
    board: text('board'),
    createdAt: createdAt(),
  },
  (t) => [index('courses_owner_idx').on(t.ownerId, t.createdAt)],
);

export const questionPapers = pgTable(
  'question_papers',
  {
    id: id(),
    ownerId: ownerId(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    topic: text('topic'),
    difficultyLevel: text('difficulty_level').notNull().default('medium'),
    /** Which engine wrote the paper: 'the built-in question bank', a model name, or a PDF. */
    generatedBy: text('generated_by'),
    createdAt: createdAt(),
  },
  (t) => [index('question_papers_owner_course_idx').on(t.ownerId, t.courseId, t.createdAt)],
);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    ownerId: ownerId(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    paperId: uuid('paper_id').references(() => questionPapers.id, { onDelete: 'cascade' }),
    questionNumber: integer('question_number').notNull(),
    text: text('text').notNull(),
    type: text('type', { enum: ['essay', 'multiple_choice', 'short_answer'] })
      .notNull()
      .default('essay'),
    totalMarks: integer('total_marks').notNull(),
    options: jsonb('options').$type<Record<string, string>>(),
    correctAnswer: text('correct_answer'),
    modelAnswer: text('model_answer'),
    hints: jsonb('hints').$type<string[]>(),
    topic: text('topic'),
    /** Id of the bank question it was drawn from, when it came from the built-in bank. */
    sourceId: text('source_id'),
    /** The scheme's rules beyond its points: groups, final_answer_full_marks, levels (src/shared/mark-scheme.ts). */
    schemeRules: jsonb('scheme_rules').$type<SchemeRules>(),
    /** Imported without a mark scheme (an essay with none in the file): not marked until its owner writes one. */
    needsScheme: boolean('needs_scheme').notNull().default(false),
    /** The question's own name in the file it was imported from (Moodle's <name>, GIFT's ::title::), kept for export. */
    name: text('name'),
    /** The options are shown in an order of the student's own (Moodle's shuffleanswers), the same on every visit. */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('questions_owner_course_idx').on(t.ownerId, t.courseId), index('questions_paper_idx').on(t.paperId, t.questionNumber)],
);

export const markSchemePoints = pgTable(
  'mark_scheme_points',
  {
    id: id(),
    ownerId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The point's id within its scheme ('p1', 'm1', ...), as the marker reports it. */
    pointKey: text('point_key').notNull(),
    text: text('text').notNull(),
    marks: integer('marks').notNull().default(1),
    /** kind, accept, reject, ignore, required and numeric (src/shared/mark-scheme.ts). */
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('mark_scheme_points_question_idx').on(t.questionId, t.position)],
);

export const answers = pgTable(
  'answers',
  {
    id: id(),
    ownerId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    submitted: boolean('submitted').notNull().default(false),
    /** Active time on the question (tab visible, not idle), summed over saves. */
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    /**
     * Bumped by every save that changes the text and by every submission (decision 004, ordered saves): a
     * save based on an older revision with other text is refused (409). 1 for a new answer; 0 means none yet.
     */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('answers_owner_question_uq').on(t.ownerId, t.questionId),
    index('answers_owner_updated_idx').on(t.ownerId, t.updatedAt),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    ownerId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    marksAwarded: real('marks_awarded').notNull(),
    totalMarks: real('total_marks').notNull(),
    qualitativeFeedback: text('qualitative_feedback').notNull(),
    markschemeEvaluation: jsonb('markscheme_evaluation').$type<PointEvaluation[]>().notNull(),
    markedBy: text('marked_by'),
    /** The answer text this feedback marked, so the exam screen knows when the answer has changed since. */
    evaluatedText: text('evaluated_text'),
    /** Point ids the student disagreed with, and why. */
    disagreements: jsonb('disagreements')
      .$type<{ point_id: string; reason: string; at: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Levels-marked questions: the level reached and its descriptor (Feedback.level). */
    level: jsonb('level').$type<{ level: number; min_marks: number; max_marks: number; descriptor: string }>(),
    /**
     * Points the student marked themselves (the marker was not sure: issue 24), with the teacher's decision on each.
     * `marks_awarded` counts them; a re-mark replaces the row's marking and empties this list.
     */
    selfAssessments: jsonb('self_assessments')
      .$type<SelfAssessmentEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The marker's own total, before self-assessments (null: the same as marks_awarded). */
    markerMarksAwarded: real('marker_marks_awarded'),
    /** A class teacher's changes of these marks, with their comments (issue 30: mark_overrides keeps the history). */
    teacherOverrides: jsonb('teacher_overrides')
      .$type<TeacherOverrideNote[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('feedback_owner_question_uq').on(t.ownerId, t.questionId)],
);

/**
 * A student's dispute of the marking of one point ("I disagree"), kept across re-marking. Accepting one
 * adds wording to the point's accepted wordings (mark_scheme_points.details.accept) and re-marks.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    ownerId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** The point's id within its scheme and its text, as the student saw them. */
    pointId: text('point_id').notNull(),
    pointText: text('point_text').notNull(),
    /** The answer text that was marked when the student disputed. */
    answerText: text('answer_text').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['open', 'accepted', 'rejected'] })
      .notNull()
      .default('open'),
    outcomeComment: text('outcome_comment'),
    acceptedWording: text('accepted_wording'),
    marksBefore: real('marks_before'),
    marksAfter: real('marks_after'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('disputes_owner_created_idx').on(t.ownerId, t.createdAt),
    index('disputes_question_idx').on(t.questionId),
    uniqueIndex('disputes_open_point_uq')
      .on(t.ownerId, t.questionId, t.pointId)
      .where(sql`status = 'open'`),
  ],
);

export const tutorMessages = pgTable(
  'tutor_messages',
  {
    id: id(),
    ownerId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['assistant', 'user'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tutor_messages_owner_question_idx').on(t.ownerId, t.questionId, t.createdAt)],
);

/** Real study time, recorded as it happens; the analytics add it up per day, subject and kind. */
export const studyActivity = pgTable(
  'study_activity',
  {
    id: id(),
    ownerId: ownerId(),
    day: date('day').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    /** 'practice', 'exam', 'tutor', 'pdf', 'grading'. */
    kind: text('kind').notNull().default('practice'),
    seconds: integer('seconds').notNull().default(0),
    questionsAnswered: integer('questions_answered').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('study_activity_owner_day_idx').on(t.ownerId, t.day)],
);

export const pdfDocuments = pgTable(
  'pdf_documents',
  {
    id: id(),
    ownerId: ownerId(),
    name: text('name').notNull(),
    /** SHA-256 of the file (hex): a file the student uploads again is stored once and its text read once. */
    contentHash: text('content_hash').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pageCount: integer('page_count').notNull().default(0),
    /** Extracted text, one entry per page, for retrieval with page citations. */
    pages: jsonb('pages')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pdf_documents_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('pdf_documents_owner_hash_uq').on(t.ownerId, t.contentHash),
  ],
);

export const gradingResults = pgTable(
  'grading_results',
  {
    id: id(),
    ownerId: ownerId(),
    marksAwarded: real('marks_awarded').notNull(),
    totalMarks: real('total_marks').notNull(),
    feedback: text('feedback').notNull(),
    detailedBreakdown: jsonb('detailed_breakdown')
      .$type<{ section: string; marksAwarded: number; maxMarks: number; comments: string }[]>()
      .notNull(),
    questionText: text('question_text'),
    answerText: text('answer_text'),
    markedBy: text('marked_by'),
    /** What the answer was marked against, in words: 'Paper MW-7K3QXP', 'Bank question …', 'Your mark scheme'. */
    schemeSource: text('scheme_source'),
    /** The questions and schemes it was marked against (re-marking a corrected transcript uses them again). */
    questions: jsonb('questions').$type<GradingQuestion[]>(),
    /** The printed practice paper the sheet belongs to, when it was identified. */
    paperId: uuid('paper_id').references(() => practicePapers.id, { onDelete: 'set null' }),
    /** The teacher corrected the transcript and had it marked again. */
    transcriptCorrected: boolean('transcript_corrected').notNull().default(false),
    /**
     * The class and student the teacher attached the result to (issue 16): it appears in that class's
     * markbook while the student is a current member. Only the class's teacher can attach, to a current student.
     */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'set null' }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('grading_results_owner_idx').on(t.ownerId, t.createdAt),
    index('grading_results_class_student_idx').on(t.classId, t.studentId),
  ],
);

/**
 * A practice paper printed from the home page's dialog, kept for its owner so that photographed answers
 * can be marked against its own schemes: `code` is printed on every page, in words and in a QR code.
 */
export const practicePapers = pgTable(
  'practice_papers',
  {
    id: id(),
    ownerId: ownerId(),
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    topic: text('topic').notNull(),
    difficultyLevel: text('difficulty_level').notNull(),
    questions: jsonb('questions').$type<GradingQuestion[]>().notNull(),
    generatedBy: text('generated_by'),
    /** The paper's note as printed under its title (issue 26: printed again by its code, the same paper). */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('practice_papers_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * A student's attempt at a question paper (one per paper; "Retry" draws a new paper): the exam timer's
 * elapsed seconds, kept on the server so it survives reloads and other devices, and when it was finished.
 */
export const paperAttempts = pgTable(
  'paper_attempts',
  {
    id: id(),
    ownerId: ownerId(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => questionPapers.id, { onDelete: 'cascade' }),
    elapsedSeconds: integer('elapsed_seconds').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The paper drawn by "Retry", once there is one. */
    retryPaperId: uuid('retry_paper_id').references(() => questionPapers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('paper_attempts_owner_paper_uq').on(t.ownerId, t.paperId)],
);

/**
 * A student's spaced-repetition card for one question (the Review page): the ts-fsrs memory state after
 * each marking, FSRS's own due date, and the due date the student sees (capped before their exam date;
 * src/server/services/review-schedule.ts holds the rules).
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: id(),
    ownerId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** ts-fsrs card fields: stability, difficulty, state, reps, lapses, scheduled_days, learning_steps. */
    fsrs: jsonb('fsrs').$type<ReviewCardFsrs>().notNull(),
    /** When FSRS alone would have the question back. */
    fsrsDue: timestamp('fsrs_due', { withTimezone: true }).notNull(),
    /** When the question is due for the student: fsrsDue, brought before the exam date when there is one. */
    due: timestamp('due', { withTimezone: true }).notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy: the rating the last marking gave. */
    lastRating: integer('last_rating').notNull(),
    /** The last marking's percentage of the marks (0-100). */
    lastScore: real('last_score').notNull(),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_cards_owner_question_uq').on(t.ownerId, t.questionId),
    index('review_cards_owner_due_idx').on(t.ownerId, t.due),
  ],
);

/**
 * A teacher's class (issue 16): students join with `join_code`; an archived class takes no new students or papers.
 * `teacher_id` is null once its teacher deleted their account (issue 25): the class is archived then, and its students
 * see why (services/account-deletion.ts).
 */
export const classes = pgTable(
  'classes',
  {
    id: id(),
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    joinCode: text('join_code').notNull().unique(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('classes_teacher_idx').on(t.teacherId, t.createdAt)],
);

/** A student of a class; removing the student deletes the row (their access ends with it). */
export const classMembers = pgTable(
  'class_members',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('class_members_class_user_uq').on(t.classId, t.userId), index('class_members_user_idx').on(t.userId)],
);

/**
 * A student the teacher removed from a class, with the join code in force then: joining again with that code
 * is refused; a code the teacher draws afterwards lets them in again (decision 011).
 */
export const classRemovals = pgTable(
  'class_removals',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinCode: text('join_code').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('class_removals_class_user_uq').on(t.classId, t.userId)],
);

/** A question paper of the teacher's set to a class, with an optional due date. */
export const classAssignments = pgTable(
  'class_assignments',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => questionPapers.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Issue 30: work after the due date (or the time limit) is 'refuse'd or accepted and flagged late ('flag'). */
    lateWork: text('late_work').$type<LateWork>().notNull().default('flag'),
    /** Minutes from the student's start (paper_attempts.started_at, the server's clock); null: no limit. */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** Submissions allowed per question; null: unlimited. */
    attemptsAllowed: integer('attempts_allowed'),
    /** Which attempt the markbook counts. */
    counts: text('counts').$type<AttemptCounted>().notNull().default('last'),
    /** When the scheme and per-point feedback are shown to the student. */
    feedback: text('feedback').$type<FeedbackRelease>().notNull().default('immediate'),
    /** The teacher released the feedback (any setting): shown from then on. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('class_assignments_class_paper_uq').on(t.classId, t.paperId), index('class_assignments_paper_idx').on(t.paperId)],
);

/**
 * Every marked submission of an assigned question (issue 30): the text, when, the marker's marks and points, and
 * whether it came after the due date or time limit. A re-evaluation of the same text is the same attempt (its
 * marks are updated); a new text is a new attempt. The student's own rows (owner_id).
 */
export const assignmentAttempts = pgTable(
  'assignment_attempts',
  {
    id: id(),
    ownerId: ownerId(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => classAssignments.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    text: text('text').notNull(),
    marksAwarded: real('marks_awarded').notNull(),
    totalMarks: real('total_marks').notNull(),
    markschemeEvaluation: jsonb('markscheme_evaluation').$type<PointEvaluation[]>().notNull(),
    late: boolean('late').notNull().default(false),
    /** The student had seen this question's scheme or per-point feedback before this attempt. */
    afterFeedback: boolean('after_feedback').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assignment_attempts_owner_question_number_uq').on(t.ownerId, t.assignmentId, t.questionId, t.number),
    index('assignment_attempts_assignment_idx').on(t.assignmentId),
  ],
);

/**
 * A teacher's change of a student's mark (issue 30): a question's marks (point_id null) or one point's, with a comment;
 * who, when, before and after. The latest per (student, question, point) stands, through every re-mark.
 */
export const markOverrides = pgTable(
  'mark_overrides',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    pointId: text('point_id'),
    marksBefore: real('marks_before'),
    marksAfter: real('marks_after').notNull(),
    comment: text('comment').notNull(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('mark_overrides_student_question_idx').on(t.studentId, t.questionId)],
);

/**
 * A class teacher's correction of the text a student's answer was read as (issue 26 item 5: a scanned answer read
 * wrongly): the text before and after, who and when. The answer is marked again with the corrected text.
 */
export const transcriptCorrections = pgTable(
  'transcript_corrections',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    textBefore: text('text_before'),
    textAfter: text('text_after').notNull(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('transcript_corrections_student_question_idx').on(t.studentId, t.questionId)],
);

/*
 * The student's analytics summary (issue 13 item 3): kept up to date by database triggers on answers, feedback and
 * questions (migration 0012_analytics_summary), in the transaction of every write, cascades included: submitting,
 * marking, re-marking (disputes, re-evaluation, a teacher's grading), deleting an answer, a question or a course.
 * GET /api/analytics/overview and /predictions read these few hundred rows instead of every answer.
 * No foreign keys on purpose: the triggers remove a row's share themselves, also while a cascade deletes its
 * parents (a foreign key could drop a summary row before the trigger subtracts from it).
 * Scores are kept in tenths of a percent (integers), so sums and differences are exact.
 */

/** What each submitted answer adds to the summary now (one row per answer): the triggers subtract it when it changes. */
export const analyticsAnswerFacts = pgTable(
  'analytics_answer_facts',
  {
    /** The answer's own user (whichever course the question is in). */
    ownerId: uuid('owner_id').notNull(),
    questionId: uuid('question_id').notNull(),
    courseId: uuid('course_id').notNull(),
    /** The question's topic as written ('' for none). */
    topic: text('topic').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** round(1000 * marks / total): the percentage in tenths; null while unmarked. */
    score10: integer('score10'),
    seconds: integer('seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.questionId] }),
    index('analytics_answer_facts_owner_created_idx').on(t.ownerId, t.createdAt),
    index('analytics_answer_facts_owner_course_created_idx').on(t.ownerId, t.courseId, t.createdAt, t.questionId),
  ],
);

/** Per student, course and topic as written: counts and sums of the submitted answers. */
export const analyticsTopicTotals = pgTable(
  'analytics_topic_totals',
  {
    ownerId: uuid('owner_id').notNull(),
    courseId: uuid('course_id').notNull(),
    topic: text('topic').notNull(),
    answers: integer('answers').notNull(),
    marked: integer('marked').notNull(),
    correct: integer('correct').notNull(),
    score10: bigint('score10', { mode: 'number' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.courseId, t.topic] })],
);

/**
 * Per student and quarter hour (UTC, from 2000-01-01): every time zone's offset and change falls on a quarter
 * hour, so the student's days in any zone are sums of these buckets.
 */
export const analyticsActivity = pgTable(
  'analytics_activity',
  {
    ownerId: uuid('owner_id').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    answers: integer('answers').notNull(),
    marked: integer('marked').notNull(),
    score10: bigint('score10', { mode: 'number' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.bucket] })],
);

/** Study sessions: runs of submitted answers with at most SESSION_GAP_MINUTES between one and the next. */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    ownerId: uuid('owner_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    answers: integer('answers').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.startedAt] }), index('analytics_sessions_owner_ended_idx').on(t.ownerId, t.endedAt)],
);

/**
 * Sign-in with the school's identity provider (issue 25 item 3): the provider's account (issuer and subject, the
 * stable id the provider gives it) linked to a Markwell user, found again at each sign-in (services/oidc.ts).
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_identities_issuer_subject_idx').on(t.issuer, t.subject), index('oidc_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in with the provider under way: the PKCE verifier and the nonce of one authorization request, found by a
 * SHA-256 of its state and taken (deleted) once by the callback, so a state works once, on any app instance.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/** A page of an uploaded class set that could not be matched to a student and page of the assignment's paper. */
export interface UnmatchedScanPage {
  page: number;
  reason: string;
  /** The text read on the page (kept so the teacher can assign it by hand and it is marked like the matched ones). */
  transcript?: string;
  confidence?: number;
}

/** What the job made of each matched student (issue 26): the pages found and each page's transcript as read. */
export interface ScanStudentResult {
  studentId: string;
  pages: { scanPage: number; paperPage: number; transcript: string; confidence: number }[];
  marked: boolean;
  /** The printed paper the student's pages carry (absent in jobs from before pages could be assigned by hand). */
  paperCode?: string;
  /** Why the student's answers were not recorded (e.g. the assignment refuses late work), when they were not. */
  note?: string;
}

/**
 * A scanned class set being graded (issue 26): the teacher's upload (a scanned PDF or photos) kept until the
 * background job has read it, then the job's progress and outcome. The teacher's own rows (owner_id); the job in
 * the queue (pg-boss) carries only this row's id.
 */
export const gradingJobs = pgTable(
  'grading_jobs',
  {
    id: id(),
    ownerId: ownerId(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => classAssignments.id, { onDelete: 'cascade' }),
    /** The printed class set's paper code the pages must carry (the teacher's practice paper of the assignment). */
    paperCode: text('paper_code').notNull(),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    /** 'pdf' (one scanned PDF) or 'images' (photos, in `upload` one after another with their lengths in `imageSizes`). */
    uploadKind: text('upload_kind').$type<'pdf' | 'images'>().notNull(),
    upload: bytea('upload'),
    imageSizes: jsonb('image_sizes').$type<number[]>().notNull().default([]),
    fileName: text('file_name'),
    pages: integer('pages').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    marked: integer('marked').notNull().default(0),
    unmatched: jsonb('unmatched').$type<UnmatchedScanPage[]>().notNull().default([]),
    results: jsonb('results').$type<ScanStudentResult[]>().notNull().default([]),
    error: text('error'),
    /**
     * The run that holds the job (services/grading-jobs.ts `runGradingJob`): only it writes progress, and it keeps
     * `updatedAt` fresh while it works; another run takes the job over only once that has gone stale.
     */
    runId: uuid('run_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grading_jobs_owner_idx').on(t.ownerId, t.createdAt)],
);
