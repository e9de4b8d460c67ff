import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ASSIGNMENT_TEXT, TIME_LIMIT_GRACE_SECONDS, feedbackReleased } from '../../shared/assignment-text';
import type { AssignmentStatus } from '../../shared/assignment-text';
import type { AssignmentSettings, AttemptView, MarkOverride, StudentAssignment, TeacherOverrideNote } from '../../shared/assignments';
import type { PointEvaluation } from '../../shared/mark-scheme';
import type { StoredFeedback } from '../../shared/practice';
import type { Db } from '../db/client';
import { answers, assignmentAttempts, classAssignments, classMembers, feedback, markOverrides, paperAttempts, users } from '../db/schema';
import { httpError } from '../http-error';

/**
 * The rules of a paper assigned to a class (issue 30), for the student who answers it: the due date and time limit,
 * the attempts allowed, and when the marks, points and scheme are shown. A paper the student owns (their own
 * practice) has no assignment and none of these rules: the spec's behaviour. paper-access.ts decides who may open a
 * paper; this file decides what an assigned paper's student may submit and see.
 */
export type AssignmentRow = typeof classAssignments.$inferSelect;
type AttemptRow = typeof assignmentAttempts.$inferSelect;
type OverrideRow = typeof markOverrides.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The assignment through which a current student reaches the paper (the newest, when two of their classes have it);
 * null when the user owns the paper or it is not assigned to them.
 */
export async function assignmentOfStudent(db: Db | Tx, userId: string, paperId: string | null): Promise<AssignmentRow | null> {
  if (!paperId) return null;
  const [row] = await db
    .select({ assignment: classAssignments })
    .from(classAssignments)
    .innerJoin(classMembers, and(eq(classMembers.classId, classAssignments.classId), eq(classMembers.userId, userId)))
    .where(eq(classAssignments.paperId, paperId))
    .orderBy(desc(classAssignments.createdAt), desc(classAssignments.id))
    .limit(1);
  return row?.assignment ?? null;
}

/** The assignments of these papers for this student, by paper id (papers they own are left out by the caller). */
export async function assignmentsOfStudent(db: Db, userId: string, paperIds: string[]): Promise<Map<string, AssignmentRow>> {
  const byPaper = new Map<string, AssignmentRow>();
  if (paperIds.length === 0) return byPaper;
  const rows = await db
    .select({ assignment: classAssignments })
    .from(classAssignments)
    .innerJoin(classMembers, and(eq(classMembers.classId, classAssignments.classId), eq(classMembers.userId, userId)))
    .where(inArray(classAssignments.paperId, [...new Set(paperIds)]))
    .orderBy(desc(classAssignments.createdAt), desc(classAssignments.id));
  for (const { assignment } of rows) if (!byPaper.has(assignment.paperId)) byPaper.set(assignment.paperId, assignment);
  return byPaper;
}

/** Feedback is held back from the student now (an assigned paper whose feedback is not released). */
export function withheldNow(assignment: AssignmentRow | null, now: Date = new Date()): boolean {
  return assignment !== null && !feedbackReleased(assignment, now);
}

/**
 * The questions whose feedback is held back from this student now (SQL: a subquery of question ids), by the same
 * rule as `withheldNow`: each assigned paper's newest assignment among the student's current classes, not released
 * and 'on_release', or 'after_due' before its due date; papers the student owns have no assignment rules. What the
 * student sees of their own aggregates (analytics, weak points, predictions, course progress, reviews) leaves these
 * answers' marks out until released; the teacher's views read everything. One index lookup for a student in no
 * class; a handful of rows otherwise.
 */
export function withheldQuestionIds(studentId: string, now: Date = new Date()): SQL {
  return sql`select wq.id from (
      select distinct on (ca.paper_id) ca.paper_id, ca.feedback, ca.due_at, ca.released_at
      from class_members cm join class_assignments ca on ca.class_id = cm.class_id
      where cm.user_id = ${studentId}
      order by ca.paper_id, ca.created_at desc, ca.id desc) wa
    join questions wq on wq.paper_id = wa.paper_id
    where wq.owner_id <> ${studentId} and wa.released_at is null
      and (wa.feedback = 'on_release' or (wa.feedback = 'after_due' and (wa.due_at is null or wa.due_at > ${now.toISOString()}::timestamptz)))`;
}

/** The student's clock on a timed paper: when they started and when their time is up (null without a limit). */
export async function studentClock(
  db: Db | Tx,
  ownerId: string,
  assignment: AssignmentRow,
): Promise<{ startedAt: Date | null; deadlineAt: Date | null }> {
  if (!assignment.timeLimitMinutes) return { startedAt: null, deadlineAt: null };
  const [attempt] = await db
    .select({ startedAt: paperAttempts.startedAt })
    .from(paperAttempts)
    .where(and(eq(paperAttempts.ownerId, ownerId), eq(paperAttempts.paperId, assignment.paperId)));
  if (!attempt) return { startedAt: null, deadlineAt: null };
  return { startedAt: attempt.startedAt, deadlineAt: new Date(attempt.startedAt.getTime() + assignment.timeLimitMinutes * 60_000) };
}

/** Starts the student's clock on a timed assigned paper (the first save or timer tick; later calls change nothing). */
export async function startClock(db: Db | Tx, ownerId: string, paperId: string): Promise<void> {
  await db
    .insert(paperAttempts)
    .values({ ownerId, paperId })
    .onConflictDoNothing({ target: [paperAttempts.ownerId, paperAttempts.paperId] });
}

/** Why a submission now would be late: past the due date, or past the student's time limit (with a short grace). */
export async function lateness(
  db: Db | Tx,
  ownerId: string,
  assignment: AssignmentRow,
  now: Date = new Date(),
): Promise<{ late: boolean; refusal: string | null }> {
  const pastDue = assignment.dueAt !== null && now.getTime() > assignment.dueAt.getTime();
  const { deadlineAt } = await studentClock(db, ownerId, assignment);
  const timeUp = deadlineAt !== null && now.getTime() > deadlineAt.getTime() + TIME_LIMIT_GRACE_SECONDS * 1000;
  const late = pastDue || timeUp;
  if (!late || assignment.lateWork !== 'refuse') return { late, refusal: null };
  return {
    late,
    refusal:
      pastDue && assignment.dueAt
        ? ASSIGNMENT_TEXT.pastDue(assignment.dueAt.toISOString())
        : ASSIGNMENT_TEXT.timeUp(assignment.timeLimitMinutes ?? 0),
  };
}

/** A submission of an assigned question that the rules allow: where it goes in the attempt history. */
export interface Submission {
  assignment: AssignmentRow;
  late: boolean;
  /** The same text as the latest attempt: marking it again updates that attempt, and is always allowed. */
  repeatOf: AttemptRow | null;
  afterFeedback: boolean;
  number: number;
}

async function attemptsAt(db: Db | Tx, ownerId: string, assignmentId: string, questionId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(assignmentAttempts)
    .where(
      and(
        eq(assignmentAttempts.ownerId, ownerId),
        eq(assignmentAttempts.assignmentId, assignmentId),
        eq(assignmentAttempts.questionId, questionId),
      ),
    )
    .orderBy(asc(assignmentAttempts.number));
}

/**
 * May the student submit `text` to this question now? null: no assignment rules apply (their own paper). A 409
 * with the reason when a refused due date or time limit has passed, or the attempts allowed are used; the caller
 * keeps the text as a draft first (nothing the student typed is lost).
 */
export async function checkSubmission(
  db: Db | Tx,
  ownerId: string,
  question: { id: string; paperId: string | null; access: 'owner' | 'student' },
  text: string,
  now: Date = new Date(),
): Promise<Submission | null> {
  if (question.access !== 'student') return null;
  const assignment = await assignmentOfStudent(db, ownerId, question.paperId);
  if (!assignment) return null;
  const attempts = await attemptsAt(db, ownerId, assignment.id, question.id);
  const last = attempts.at(-1) ?? null;
  const { late, refusal } = await lateness(db, ownerId, assignment, now);
  if (last && last.text === text)
    return { assignment, late: last.late, repeatOf: last, afterFeedback: last.afterFeedback, number: last.number };
  if (refusal) throw httpError(409, refusal);
  if (assignment.attemptsAllowed !== null && attempts.length >= assignment.attemptsAllowed) {
    throw httpError(409, ASSIGNMENT_TEXT.noAttemptsLeft(assignment.attemptsAllowed));
  }
  return {
    assignment,
    late,
    repeatOf: null,
    afterFeedback: attempts.length > 0 && feedbackReleased(assignment, now),
    number: (last?.number ?? 0) + 1,
  };
}

/** Keeps the marking of a submission in the attempt history (the marker's own marks, before any override). */
export async function recordAttempt(
  db: Db | Tx,
  ownerId: string,
  submission: Submission,
  questionId: string,
  text: string,
  marking: { marks_awarded: number; total_marks: number; markscheme_evaluation: PointEvaluation[] },
): Promise<void> {
  const values = {
    marksAwarded: marking.marks_awarded,
    totalMarks: marking.total_marks,
    markschemeEvaluation: marking.markscheme_evaluation,
  };
  if (submission.repeatOf) {
    await db.update(assignmentAttempts).set(values).where(eq(assignmentAttempts.id, submission.repeatOf.id));
    return;
  }
  await db
    .insert(assignmentAttempts)
    .values({
      ownerId,
      assignmentId: submission.assignment.id,
      questionId,
      number: submission.number,
      text,
      late: submission.late,
      afterFeedback: submission.afterFeedback,
      ...values,
    })
    .onConflictDoNothing();
}

/** Marks and feedback as the student may see them now: held back (issue 30) until released. */
export function asShownToStudent(stored: StoredFeedback, assignment: AssignmentRow | null, now: Date = new Date()): StoredFeedback {
  if (!withheldNow(assignment, now) || !assignment) return stored;
  const message =
    assignment.feedback === 'after_due' && assignment.dueAt
      ? ASSIGNMENT_TEXT.withheldAfterDue(assignment.dueAt.toISOString())
      : ASSIGNMENT_TEXT.withheld;
  return {
    questionId: stored.questionId,
    marks_awarded: 0,
    total_marks: stored.total_marks,
    qualitative_feedback: message,
    markscheme_evaluation: [],
    ...(stored.marked_by ? { marked_by: stored.marked_by } : {}),
    disagreements: [],
    createdAt: stored.createdAt,
    evaluatedText: stored.evaluatedText,
    withheld: true,
  };
}

/** The overrides standing on a student's question, oldest first (the latest per point, or for the question, wins). */
export async function standingOverrides(db: Db | Tx, studentId: string, questionIds: string[]): Promise<Map<string, OverrideRow[]>> {
  const byQuestion = new Map<string, OverrideRow[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = await db
    .select()
    .from(markOverrides)
    .where(and(eq(markOverrides.studentId, studentId), inArray(markOverrides.questionId, questionIds)))
    .orderBy(asc(markOverrides.createdAt), asc(markOverrides.id));
  for (const row of rows) {
    const list = (byQuestion.get(row.questionId) ?? []).filter((o) => (o.pointId ?? '') !== (row.pointId ?? ''));
    byQuestion.set(row.questionId, [...list, row]);
  }
  return byQuestion;
}

/**
 * A marking with the teacher's overrides applied, in the order they were made: a question's override sets its marks,
 * a point's sets that point and moves the question's marks by the difference. The result stays within 0..total.
 */
export function applyOverrides(
  marking: { marksAwarded: number; evaluation: PointEvaluation[] },
  overrides: Pick<OverrideRow, 'pointId' | 'marksAfter' | 'comment' | 'createdAt'>[],
  totalMarks: number,
): { marksAwarded: number; evaluation: PointEvaluation[]; notes: TeacherOverrideNote[] } {
  let marks = marking.marksAwarded;
  const evaluation = marking.evaluation.map((p) => ({ ...p }));
  for (const o of overrides) {
    if (o.pointId === null) {
      marks = o.marksAfter;
      continue;
    }
    const point = evaluation.find((p) => p.point_id === o.pointId);
    if (!point) continue;
    const before = point.marks_awarded ?? (point.status === 'COVERED' ? (point.marks ?? 1) : 0);
    point.marks_awarded = o.marksAfter;
    point.status = o.marksAfter > 0 ? 'COVERED' : 'NOT_COVERED';
    point.note = `Mark changed by your teacher: ${o.comment}`;
    point.rule = 'teacher override';
    point.confidence = 1;
    marks += o.marksAfter - before;
  }
  return {
    marksAwarded: Math.round(Math.min(Math.max(marks, 0), totalMarks) * 10) / 10,
    evaluation,
    notes: overrides.map((o) => ({ point_id: o.pointId, marks_awarded: o.marksAfter, comment: o.comment, at: o.createdAt.toISOString() })),
  };
}

/** Has the student submitted (or had marked) an answer to the question (the scheme may be shown to them once released)? */
export async function hasSubmitted(db: Db, ownerId: string, questionId: string): Promise<boolean> {
  const [[submitted], [marked]] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(answers)
      .where(and(eq(answers.ownerId, ownerId), eq(answers.questionId, questionId), eq(answers.submitted, true))),
    db
      .select({ one: sql`1` })
      .from(feedback)
      .where(and(eq(feedback.ownerId, ownerId), eq(feedback.questionId, questionId))),
  ]);
  return Boolean(submitted || marked);
}

/** The assignment whose rules hold over the student's answer to this question (null for their own paper). */
export async function rulesOver(
  db: Db | Tx,
  ownerId: string,
  question: { paperId: string | null; access: 'owner' | 'student' },
): Promise<AssignmentRow | null> {
  return question.access === 'student' ? assignmentOfStudent(db, ownerId, question.paperId) : null;
}

/** A 409 when the question's feedback is held back from this student (disputes, self-assessment, the tutor). */
export async function refuseWhileWithheld(
  db: Db | Tx,
  ownerId: string,
  question: { paperId: string | null; access: 'owner' | 'student' },
  message: string = ASSIGNMENT_TEXT.feedbackNotReleased,
): Promise<void> {
  if (withheldNow(await rulesOver(db, ownerId, question))) throw httpError(409, message);
}

/** A student's status on an assignment, from their progress on its paper. */
export function assignmentStatus(
  assignment: { dueAt: Date | null },
  p: { answered: number; submitted: number; questionCount: number; finished: boolean; late: boolean },
  now: Date = new Date(),
): AssignmentStatus {
  const done = p.finished || (p.questionCount > 0 && p.submitted >= p.questionCount);
  if (done) return p.late ? 'late' : 'submitted';
  if (assignment.dueAt && now.getTime() > assignment.dueAt.getTime()) return 'missing';
  return p.answered > 0 || p.submitted > 0 ? 'in_progress' : 'not_started';
}

/** The student's late submissions per assignment (any attempt flagged late, or finishing after the due date). */
export async function lateAssignments(db: Db, ownerId: string, assignmentIds: string[]): Promise<Set<string>> {
  if (assignmentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ assignmentId: assignmentAttempts.assignmentId })
    .from(assignmentAttempts)
    .where(
      and(
        eq(assignmentAttempts.ownerId, ownerId),
        inArray(assignmentAttempts.assignmentId, assignmentIds),
        eq(assignmentAttempts.late, true),
      ),
    );
  return new Set(rows.map((r) => r.assignmentId));
}

/** The settings every assignment carries, as the API gives them. */
export function settingsOf(a: AssignmentRow, now: Date = new Date()): AssignmentSettings {
  return {
    lateWork: a.lateWork,
    timeLimitMinutes: a.timeLimitMinutes,
    attempts: a.attemptsAllowed,
    counts: a.counts,
    feedback: a.feedback,
    releasedAt: a.releasedAt?.toISOString() ?? null,
    released: feedbackReleased(a, now),
  };
}

/** What the student sees of their own assignment on the paper: its rules, their clock and their status. */
export async function studentAssignmentView(
  db: Db,
  ownerId: string,
  assignment: AssignmentRow,
  p: { answered: number; submitted: number; questionCount: number; finished: boolean; finishedAt: string | null },
  now: Date = new Date(),
): Promise<StudentAssignment> {
  const [clock, late, { refusal }] = await Promise.all([
    studentClock(db, ownerId, assignment),
    lateAssignments(db, ownerId, [assignment.id]),
    lateness(db, ownerId, assignment, now),
  ]);
  const finishedLate = Boolean(p.finishedAt && assignment.dueAt && new Date(p.finishedAt) > assignment.dueAt);
  return {
    ...settingsOf(assignment, now),
    assignmentId: assignment.id,
    classId: assignment.classId,
    dueAt: assignment.dueAt?.toISOString() ?? null,
    startedAt: clock.startedAt?.toISOString() ?? null,
    deadlineAt: clock.deadlineAt?.toISOString() ?? null,
    status: assignmentStatus(assignment, { ...p, late: late.has(assignment.id) || finishedLate }, now),
    closed: refusal !== null,
  };
}

/** The attempt the markbook counts: the first, the best (earliest of equals) or the last. */
export function countedAttempt<T extends { number: number; marksAwarded: number }>(
  attempts: T[],
  counts: AssignmentRow['counts'],
): T | null {
  if (attempts.length === 0) return null;
  const ordered = [...attempts].sort((a, b) => a.number - b.number);
  if (counts === 'first') return ordered[0];
  if (counts === 'last') return ordered[ordered.length - 1];
  return ordered.reduce((best, a) => (a.marksAwarded > best.marksAwarded ? a : best));
}

/** A student's attempts at a question of an assignment, with the counted one marked. */
export async function attemptHistory(db: Db, assignment: AssignmentRow, studentId: string, questionId: string): Promise<AttemptView[]> {
  const rows = await db
    .select()
    .from(assignmentAttempts)
    .where(
      and(
        eq(assignmentAttempts.ownerId, studentId),
        eq(assignmentAttempts.assignmentId, assignment.id),
        eq(assignmentAttempts.questionId, questionId),
      ),
    )
    .orderBy(asc(assignmentAttempts.number));
  const counted = countedAttempt(rows, assignment.counts);
  return rows.map((a) => ({
    id: a.id,
    number: a.number,
    text: a.text,
    marksAwarded: a.marksAwarded,
    totalMarks: a.totalMarks,
    submittedAt: a.submittedAt.toISOString(),
    late: a.late,
    afterFeedback: a.afterFeedback,
    counted: a.id === counted?.id,
  }));
}

/**
 * The counted marks of a student's question on an assignment: with 'last' (or no attempts kept) the feedback row's
 * marks, which carry disputes, self-assessments and overrides; with 'first' or 'best' the counted attempt's marks,
 * the feedback's when that attempt is the latest marking, else the attempt's with the overrides applied.
 */
export function countedMarks(
  assignment: Pick<AssignmentRow, 'counts'>,
  attempts: AttemptRow[],
  mark: { marksAwarded: number; evaluatedText: string | null } | undefined,
  overrides: Parameters<typeof applyOverrides>[1],
  totalMarks: number,
): { marksAwarded: number | null; attempt: AttemptRow | null } {
  const counted = countedAttempt(attempts, assignment.counts);
  if (!counted || assignment.counts === 'last' || (mark && mark.evaluatedText === counted.text)) {
    return { marksAwarded: mark ? mark.marksAwarded : null, attempt: counted };
  }
  const applied = applyOverrides({ marksAwarded: counted.marksAwarded, evaluation: counted.markschemeEvaluation }, overrides, totalMarks);
  return { marksAwarded: applied.marksAwarded, attempt: counted };
}

export function personName(u: { firstName: string | null; lastName: string | null; username: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username;
}

/** The overrides of a student's question, oldest first, with the teacher's name (the history a click away). */
export async function overrideHistory(db: Db | Tx, studentId: string, questionId: string): Promise<MarkOverride[]> {
  const rows = await db
    .select({ o: markOverrides, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(markOverrides)
    .innerJoin(users, eq(users.id, markOverrides.teacherId))
    .where(and(eq(markOverrides.studentId, studentId), eq(markOverrides.questionId, questionId)))
    .orderBy(asc(markOverrides.createdAt), asc(markOverrides.id));
  return rows.map(({ o, ...t }) => ({
    id: o.id,
    studentId: o.studentId,
    questionId: o.questionId,
    pointId: o.pointId,
    marksBefore: o.marksBefore,
    marksAfter: o.marksAfter,
    comment: o.comment,
    teacherName: personName(t),
    createdAt: o.createdAt.toISOString(),
  }));
}
