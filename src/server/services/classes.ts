import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  type AssignedPaper,
  type Assignment,
  type AssignmentProgress,
  type ClassDetail,
  type ClassList,
  type ClassRole,
  type ClassStudent,
  type ClassSummary,
  type Markbook,
  type MarkedSheet,
  type MarkbookStudent,
  type PointMiss,
  type StudentAnswer,
} from '../../shared/classes';
import { ACCOUNT_DATA_TEXT } from '../../shared/account-data';
import { ASSIGNMENT_STATUS_LABEL } from '../../shared/assignment-text';
import { CLASSES_TEXT, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, joinLinkPath, normaliseJoinCode } from '../../shared/classes-text';
import type { AssignmentSettingsInput } from '../../shared/assignments';
import type { PaperProgress } from '../../shared/practice';
import { pendingSelfAssessments, selfAssessedMarksOf } from '../../shared/self-assessment-text';
import type { Db } from '../db/client';
import {
  answers,
  assignmentAttempts,
  classAssignments,
  classes,
  classMembers,
  classRemovals,
  courses,
  feedback,
  gradingResults,
  markOverrides,
  markSchemePoints,
  paperAttempts,
  questionPapers,
  questions,
  users,
} from '../db/schema';
import { httpError } from '../http-error';
import { getAnswer, getFeedback } from './answers';
import { toCsv } from './csv';
import { isUuid } from './ids';
import {
  assignmentStatus,
  attemptHistory,
  countedMarks,
  lateAssignments,
  overrideHistory,
  personName,
  settingsOf,
  withheldNow,
  type AssignmentRow,
} from './assignment-rules';
import { checkedSettings } from './assignment-settings';
import { paperProgress, round1 } from './paper-progress';
import { toQuestion } from './papers';

/**
 * Classes (issue 16). A class's teacher sees its students, its assignments and the markbook (their students'
 * work on the papers assigned to the class, and nothing else of theirs); a student sees the class, its
 * teacher's name and their own progress, never another student. Who may open an assigned paper and answer it
 * is decided in paper-access.ts; this file keeps the classes themselves. Every id a caller may not see is 404.
 */
type ClassRow = typeof classes.$inferSelect;

/** A join code from the safe alphabet, drawn with the operating system's random numbers. */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Tries fresh codes until one is not taken (the join_code column is unique). */
async function withFreshCode<T>(attempt: (code: string) => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 10; i++) {
    try {
      const done = await attempt(newJoinCode());
      if (done !== undefined) return done;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free join code after 10 draws');
}

/** The class and the caller's role in it; 404 when they neither teach it nor are a current student of it. */
async function findClass(db: Db, userId: string, classId: string): Promise<{ row: ClassRow; role: ClassRole }> {
  if (!isUuid(classId)) throw httpError(404, CLASSES_TEXT.notFound);
  const [found] = await db
    .select({ row: classes, memberId: classMembers.userId })
    .from(classes)
    .leftJoin(classMembers, and(eq(classMembers.classId, classes.id), eq(classMembers.userId, userId)))
    .where(eq(classes.id, classId));
  if (found?.row.teacherId === userId) return { row: found.row, role: 'teacher' };
  if (found?.memberId) return { row: found.row, role: 'student' };
  throw httpError(404, CLASSES_TEXT.notFound);
}

/** The class, when the caller teaches it; 404 for anyone else (its students included). */
export async function findTaughtClass(db: Db, userId: string, classId: string): Promise<ClassRow> {
  const { row, role } = await findClass(db, userId, classId);
  if (role !== 'teacher') throw httpError(404, CLASSES_TEXT.notFound);
  return row;
}

/**
 * A current student of a class the caller teaches, with their name: 404 'Class not found' when the caller does
 * not teach the class, 404 'Student not found' when the user is not (or no longer) a student of it.
 */
export async function findClassStudent(
  db: Db,
  teacherId: string,
  classId: string,
  studentId: string,
): Promise<{ classRow: ClassRow; student: { userId: string; name: string } }> {
  const classRow = await findTaughtClass(db, teacherId, classId);
  if (!isUuid(studentId)) throw httpError(404, CLASSES_TEXT.studentNotFound);
  const [student] = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(eq(classMembers.classId, classRow.id), eq(classMembers.userId, studentId)));
  if (!student) throw httpError(404, CLASSES_TEXT.studentNotFound);
  return { classRow, student: { userId: student.userId, name: personName(student) } };
}

async function classSummaries(db: Db, userId: string, where: SQL | undefined): Promise<ClassSummary[]> {
  const rows = await db
    .select({
      row: classes,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      studentCount: sql<number>`(select count(*) from class_members m where m.class_id = ${classes.id})::int`,
    })
    .from(classes)
    // A class whose teacher deleted their account has none (issue 25): archived, and its students are told why.
    .leftJoin(users, eq(users.id, classes.teacherId))
    .where(where)
    .orderBy(desc(classes.createdAt));
  return rows.map(({ row, studentCount, ...teacher }) => {
    const role: ClassRole = row.teacherId === userId ? 'teacher' : 'student';
    const teacherLeft = row.teacherId === null;
    return {
      id: row.id,
      name: row.name,
      subject: row.subject,
      role,
      teacherName: teacher.username === null ? ACCOUNT_DATA_TEXT.formerTeacher : personName({ ...teacher, username: teacher.username }),
      studentCount: Number(studentCount),
      archived: row.archivedAt !== null,
      notice: teacherLeft ? ACCOUNT_DATA_TEXT.teacherLeft(row.name) : null,
      joinCode: role === 'teacher' ? row.joinCode : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

async function classSummary(db: Db, userId: string, classId: string): Promise<ClassSummary> {
  const [summary] = await classSummaries(db, userId, eq(classes.id, classId));
  if (!summary) throw httpError(404, CLASSES_TEXT.notFound);
  return summary;
}

/**
 * A student's own progress on an assigned paper, in the classes' terms: their status, and their marks once the
 * feedback is released (issue 30).
 */
function toAssignmentProgress(
  p: PaperProgress | undefined,
  assignment: AssignmentRow,
  questionCount: number,
  late: boolean,
): AssignmentProgress {
  const marked = Boolean(p && p.markedMarks > 0) && !withheldNow(assignment);
  const finishedLate = Boolean(p?.finishedAt && assignment.dueAt && new Date(p.finishedAt) > assignment.dueAt);
  return {
    answered: p?.answered ?? 0,
    marksAwarded: marked && p ? p.marksAwarded : null,
    score: marked && p && p.totalMarks > 0 ? round1((100 * p.marksAwarded) / p.totalMarks) : null,
    finished: p?.finished ?? false,
    status: assignmentStatus(assignment, {
      answered: p?.answered ?? 0,
      submitted: p?.submitted ?? 0,
      questionCount,
      finished: p?.finished ?? false,
      late: late || finishedLate,
    }),
  };
}

const paperQuestionCount = sql<number>`(select count(*) from questions q where q.paper_id = ${questionPapers.id})::int`;
const paperTotalMarks = sql<number>`(select coalesce(sum(q.total_marks), 0) from questions q where q.paper_id = ${questionPapers.id})::int`;

/** The class's assignments, newest first; with `studentId`, that student's own progress on each. */
async function listClassAssignments(db: Db, classId: string, studentId: string | null): Promise<Assignment[]> {
  const rows = await db
    .select({
      assignment: classAssignments,
      paperTitle: questionPapers.title,
      courseTitle: courses.title,
      questionCount: paperQuestionCount,
      totalMarks: paperTotalMarks,
    })
    .from(classAssignments)
    .innerJoin(questionPapers, eq(questionPapers.id, classAssignments.paperId))
    .innerJoin(courses, eq(courses.id, questionPapers.courseId))
    .where(eq(classAssignments.classId, classId))
    .orderBy(desc(classAssignments.createdAt), desc(classAssignments.id));
  const [progress, late] = studentId
    ? await Promise.all([
        paperProgress(
          db,
          studentId,
          rows.map((r) => r.assignment.paperId),
        ),
        lateAssignments(
          db,
          studentId,
          rows.map((r) => r.assignment.id),
        ),
      ])
    : [null, new Set<string>()];
  return rows.map(({ assignment, ...paper }) => ({
    id: assignment.id,
    classId: assignment.classId,
    paperId: assignment.paperId,
    paperTitle: paper.paperTitle,
    courseTitle: paper.courseTitle,
    questionCount: Number(paper.questionCount),
    totalMarks: Number(paper.totalMarks),
    dueAt: assignment.dueAt?.toISOString() ?? null,
    createdAt: assignment.createdAt.toISOString(),
    progress: progress
      ? toAssignmentProgress(progress.get(assignment.paperId), assignment, Number(paper.questionCount), late.has(assignment.id))
      : null,
    settings: settingsOf(assignment),
  }));
}

async function currentStudents(db: Db, classId: string) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      joinedAt: classMembers.joinedAt,
    })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(eq(classMembers.classId, classId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username));
}

const toIso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Each student's latest save or marking on the class's assigned papers, and their active time on them. */
async function studentActivity(db: Db, classId: string, studentIds: string[]) {
  if (studentIds.length === 0) return new Map<string, { lastActivityAt: string | null; seconds: number }>();
  const rows = await db
    .select({
      userId: answers.ownerId,
      last: sql<Date | string | null>`max(greatest(${answers.updatedAt}, coalesce(${feedback.createdAt}, ${answers.updatedAt})))`,
      seconds: sql<number>`coalesce(sum(${answers.timeSpentSeconds}), 0)::int`,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(classAssignments, and(eq(classAssignments.paperId, questions.paperId), eq(classAssignments.classId, classId)))
    .leftJoin(feedback, and(eq(feedback.ownerId, answers.ownerId), eq(feedback.questionId, answers.questionId)))
    .where(inArray(answers.ownerId, studentIds))
    .groupBy(answers.ownerId);
  return new Map(rows.map((r) => [r.userId, { lastActivityAt: toIso(r.last), seconds: Number(r.seconds) }]));
}

async function listStudents(db: Db, classId: string): Promise<ClassStudent[]> {
  const students = await currentStudents(db, classId);
  const activity = await studentActivity(
    db,
    classId,
    students.map((s) => s.userId),
  );
  return students.map((s) => ({
    userId: s.userId,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    joinedAt: s.joinedAt.toISOString(),
    lastActivityAt: activity.get(s.userId)?.lastActivityAt ?? null,
  }));
}

async function classDetail(db: Db, userId: string, row: ClassRow, role: ClassRole): Promise<ClassDetail> {
  const teacher = role === 'teacher';
  const [summary, assignments, students, sheets] = await Promise.all([
    classSummary(db, userId, row.id),
    listClassAssignments(db, row.id, teacher ? null : userId),
    teacher ? listStudents(db, row.id) : Promise.resolve(null),
    // a student sees the graded sheets their teacher attached to them in this class (issue 30)
    teacher || row.teacherId === null ? Promise.resolve(null) : attachedSheets(db, row.teacherId, row.id, [userId]),
  ]);
  return {
    ...summary,
    assignments,
    students,
    joinLink: teacher ? joinLinkPath(row.joinCode) : null,
    ...(sheets ? { mySheets: sheets.get(userId) ?? [] } : {}),
  };
}

/** POST /api/classes: the creator teaches the new class. */
export async function createClass(db: Db, teacherId: string, input: { name: string; subject: string }): Promise<ClassDetail> {
  const row = await withFreshCode(async (joinCode) => {
    const [created] = await db
      .insert(classes)
      .values({ teacherId, name: input.name, subject: input.subject, joinCode })
      .onConflictDoNothing({ target: classes.joinCode })
      .returning();
    return created;
  });
  return classDetail(db, teacherId, row, 'teacher');
}

/** GET /api/classes: the classes the user teaches and those they are a student of, newest first. */
export async function listClasses(db: Db, userId: string): Promise<ClassList> {
  const member = db
    .select({ one: sql`1` })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classes.id), eq(classMembers.userId, userId)));
  const all = await classSummaries(db, userId, or(eq(classes.teacherId, userId), exists(member)));
  return { teaching: all.filter((c) => c.role === 'teacher'), studying: all.filter((c) => c.role === 'student') };
}

/** GET /api/classes/{id} */
export async function getClass(db: Db, userId: string, classId: string): Promise<ClassDetail> {
  const { row, role } = await findClass(db, userId, classId);
  return classDetail(db, userId, row, role);
}

/**
 * POST /api/classes/join: idempotent; an archived class's code, like an unknown one, finds nothing. A student the
 * teacher removed cannot come back with the code in force when they were removed (403); a newly drawn code lets
 * them in again, and the removal is then forgotten (decision 011).
 */
export async function joinClass(db: Db, userId: string, code: string): Promise<ClassSummary> {
  const joinCode = normaliseJoinCode(code);
  const [row] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.joinCode, joinCode), isNull(classes.archivedAt)));
  if (!row) throw httpError(404, CLASSES_TEXT.noSuchCode);
  if (row.teacherId === userId) throw httpError(400, CLASSES_TEXT.ownClass);
  const removal = and(eq(classRemovals.classId, row.id), eq(classRemovals.userId, userId));
  const [removed] = await db.select({ joinCode: classRemovals.joinCode }).from(classRemovals).where(removal);
  if (removed?.joinCode === row.joinCode) throw httpError(403, CLASSES_TEXT.removed);
  await db.insert(classMembers).values({ classId: row.id, userId }).onConflictDoNothing();
  if (removed) await db.delete(classRemovals).where(removal);
  return classSummary(db, userId, row.id);
}

/** PATCH /api/classes/{id} (teacher): rename, change the subject, archive or restore. */
export async function updateClass(
  db: Db,
  teacherId: string,
  classId: string,
  input: { name?: string; subject?: string; archived?: boolean },
): Promise<ClassDetail> {
  const row = await findTaughtClass(db, teacherId, classId);
  const set: Partial<ClassRow> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.subject !== undefined) set.subject = input.subject;
  if (input.archived !== undefined) set.archivedAt = input.archived ? (row.archivedAt ?? new Date()) : null;
  const [updated] = Object.keys(set).length ? await db.update(classes).set(set).where(eq(classes.id, row.id)).returning() : [row];
  return classDetail(db, teacherId, updated, 'teacher');
}

/** POST /api/classes/{id}/code (teacher): a new join code; the old one stops working at once. */
export async function regenerateJoinCode(db: Db, teacherId: string, classId: string) {
  const row = await findTaughtClass(db, teacherId, classId);
  const joinCode = await withFreshCode(async (code) => {
    const [updated] = await db.update(classes).set({ joinCode: code }).where(eq(classes.id, row.id)).returning();
    return updated?.joinCode;
  });
  return { joinCode, joinLink: joinLinkPath(joinCode) };
}

/**
 * DELETE /api/classes/{id}/students/{userId} (teacher): the student's access to the class and its papers ends at
 * once, and the removal is remembered with the join code in force, which will not let them back in.
 */
export async function removeStudent(db: Db, teacherId: string, classId: string, studentId: string): Promise<void> {
  const row = await findTaughtClass(db, teacherId, classId);
  if (!isUuid(studentId)) throw httpError(404, CLASSES_TEXT.studentNotFound);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(classMembers)
      .where(and(eq(classMembers.classId, row.id), eq(classMembers.userId, studentId)))
      .returning({ userId: classMembers.userId });
    if (removed.length === 0) throw httpError(404, CLASSES_TEXT.studentNotFound);
    await tx
      .insert(classRemovals)
      .values({ classId: row.id, userId: studentId, joinCode: row.joinCode })
      .onConflictDoUpdate({
        target: [classRemovals.classId, classRemovals.userId],
        set: { joinCode: row.joinCode, removedAt: new Date() },
      });
  });
}

/** POST /api/classes/{id}/assignments (teacher): one of the teacher's own question papers, once per class. */
export async function createAssignment(
  db: Db,
  teacherId: string,
  classId: string,
  input: { paperId: string; dueAt?: string | null } & AssignmentSettingsInput,
): Promise<Assignment> {
  const row = await findTaughtClass(db, teacherId, classId);
  if (!isUuid(input.paperId)) throw httpError(404, CLASSES_TEXT.paperNotFound);
  const [paper] = await db
    .select({ id: questionPapers.id })
    .from(questionPapers)
    .where(and(eq(questionPapers.id, input.paperId), eq(questionPapers.ownerId, teacherId)));
  if (!paper) throw httpError(404, CLASSES_TEXT.paperNotFound);
  if (row.archivedAt) throw httpError(409, CLASSES_TEXT.archived);
  const [created] = await db
    .insert(classAssignments)
    .values({ classId: row.id, paperId: paper.id, ...checkedSettings(input, null) })
    .onConflictDoNothing({ target: [classAssignments.classId, classAssignments.paperId] })
    .returning();
  if (!created) throw httpError(409, CLASSES_TEXT.alreadyAssigned);
  return classAssignment(db, row.id, created.id);
}

/** One of the class's assignments as the teacher sees it. */
export async function classAssignment(db: Db, classId: string, assignmentId: string): Promise<Assignment> {
  const assignment = (await listClassAssignments(db, classId, null)).find((a) => a.id === assignmentId);
  if (!assignment) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  return assignment;
}

/** DELETE /api/classes/{id}/assignments/{assignmentId} (teacher): the students' access to the paper ends; their answers stay theirs. */
export async function deleteAssignment(db: Db, teacherId: string, classId: string, assignmentId: string): Promise<void> {
  const row = await findTaughtClass(db, teacherId, classId);
  if (!isUuid(assignmentId)) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  const deleted = await db
    .delete(classAssignments)
    .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, row.id)))
    .returning({ id: classAssignments.id });
  if (deleted.length === 0) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
}

/** GET /api/assignments: the student's assigned papers in their classes that are not archived; soonest due first. */
export async function listAssignedPapers(db: Db, studentId: string): Promise<AssignedPaper[]> {
  const rows = await db
    .select({
      assignment: classAssignments,
      className: classes.name,
      subject: classes.subject,
      paperTitle: questionPapers.title,
      questionCount: paperQuestionCount,
      totalMarks: paperTotalMarks,
    })
    .from(classAssignments)
    .innerJoin(classes, and(eq(classes.id, classAssignments.classId), isNull(classes.archivedAt)))
    .innerJoin(classMembers, and(eq(classMembers.classId, classes.id), eq(classMembers.userId, studentId)))
    .innerJoin(questionPapers, eq(questionPapers.id, classAssignments.paperId))
    .orderBy(sql`${classAssignments.dueAt} asc nulls last`, desc(classAssignments.createdAt));
  const [progress, late] = await Promise.all([
    paperProgress(
      db,
      studentId,
      rows.map((r) => r.assignment.paperId),
    ),
    lateAssignments(
      db,
      studentId,
      rows.map((r) => r.assignment.id),
    ),
  ]);
  return rows.map(({ assignment, ...r }) => {
    const p = toAssignmentProgress(progress.get(assignment.paperId), assignment, Number(r.questionCount), late.has(assignment.id));
    return {
      assignmentId: assignment.id,
      classId: assignment.classId,
      className: r.className,
      paperId: assignment.paperId,
      paperTitle: r.paperTitle,
      subject: r.subject,
      dueAt: assignment.dueAt?.toISOString() ?? null,
      questionCount: Number(r.questionCount),
      totalMarks: Number(r.totalMarks),
      answered: p.answered,
      marksAwarded: p.marksAwarded,
      score: p.score,
      finished: p.finished,
      createdAt: assignment.createdAt.toISOString(),
      status: p.status,
      settings: settingsOf(assignment),
    };
  });
}

/**
 * GET /api/classes/{id}/markbook (teacher): the current students × the questions of the class's assigned papers (or
 * of one assignment). Each cell holds the counted attempt's marks (issue 30: first, best or last, with the teacher's
 * overrides); each student has a status, total and percentage per assignment.
 */
export async function getMarkbook(db: Db, teacherId: string, classId: string, assignmentId?: string): Promise<Markbook> {
  const row = await findTaughtClass(db, teacherId, classId);
  if (assignmentId !== undefined && !isUuid(assignmentId)) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  const questionRows = await db
    .select({ question: questions, paperTitle: questionPapers.title, assignment: classAssignments })
    .from(classAssignments)
    .innerJoin(questionPapers, eq(questionPapers.id, classAssignments.paperId))
    .innerJoin(questions, eq(questions.paperId, classAssignments.paperId))
    .where(and(eq(classAssignments.classId, row.id), assignmentId ? eq(classAssignments.id, assignmentId) : undefined))
    .orderBy(asc(classAssignments.createdAt), asc(classAssignments.id), asc(questions.questionNumber));
  const assignmentRows = await db
    .select({ assignment: classAssignments, paperTitle: questionPapers.title })
    .from(classAssignments)
    .innerJoin(questionPapers, eq(questionPapers.id, classAssignments.paperId))
    .where(and(eq(classAssignments.classId, row.id), assignmentId ? eq(classAssignments.id, assignmentId) : undefined))
    .orderBy(asc(classAssignments.createdAt), asc(classAssignments.id));
  if (assignmentId && assignmentRows.length === 0) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  const questionIds = questionRows.map((r) => r.question.id);
  const students = await currentStudents(db, row.id);
  const studentIds = students.map((s) => s.userId);
  const some = questionIds.length > 0 && studentIds.length > 0;
  const assignmentIds = assignmentRows.map((a) => a.assignment.id);
  const [points, answerRows, feedbackRows, attemptRows, overrideRows, finishedRows] = await Promise.all([
    questionIds.length
      ? db
          .select({ questionId: markSchemePoints.questionId, id: markSchemePoints.pointKey, text: markSchemePoints.text })
          .from(markSchemePoints)
          .where(inArray(markSchemePoints.questionId, questionIds))
          .orderBy(asc(markSchemePoints.questionId), asc(markSchemePoints.position))
      : [],
    some
      ? db
          .select({
            id: answers.id,
            ownerId: answers.ownerId,
            questionId: answers.questionId,
            seconds: answers.timeSpentSeconds,
            updatedAt: answers.updatedAt,
            submitted: answers.submitted,
            submittedAt: answers.submittedAt,
            text: answers.text,
          })
          .from(answers)
          .where(and(inArray(answers.ownerId, studentIds), inArray(answers.questionId, questionIds)))
      : [],
    some
      ? db
          .select({
            ownerId: feedback.ownerId,
            questionId: feedback.questionId,
            marksAwarded: feedback.marksAwarded,
            selfAssessments: feedback.selfAssessments,
            evaluation: feedback.markschemeEvaluation,
            evaluatedText: feedback.evaluatedText,
            overrides: feedback.teacherOverrides,
            createdAt: feedback.createdAt,
          })
          .from(feedback)
          .where(and(inArray(feedback.ownerId, studentIds), inArray(feedback.questionId, questionIds)))
      : [],
    some
      ? db
          .select()
          .from(assignmentAttempts)
          .where(and(inArray(assignmentAttempts.ownerId, studentIds), inArray(assignmentAttempts.assignmentId, assignmentIds)))
          .orderBy(asc(assignmentAttempts.number))
      : [],
    some
      ? db
          .select()
          .from(markOverrides)
          .where(and(inArray(markOverrides.studentId, studentIds), inArray(markOverrides.questionId, questionIds)))
          .orderBy(asc(markOverrides.createdAt), asc(markOverrides.id))
      : [],
    some
      ? db
          .select({ ownerId: paperAttempts.ownerId, paperId: paperAttempts.paperId, finishedAt: paperAttempts.finishedAt })
          .from(paperAttempts)
          .where(
            and(
              inArray(paperAttempts.ownerId, studentIds),
              inArray(
                paperAttempts.paperId,
                assignmentRows.map((a) => a.assignment.paperId),
              ),
            ),
          )
      : [],
  ]);

  const sheetsOf = await attachedSheets(db, teacherId, row.id, studentIds);
  const key = (userId: string, questionId: string) => `${userId}:${questionId}`;
  const answerOf = new Map(answerRows.map((a) => [key(a.ownerId, a.questionId), a]));
  const markOf = new Map(feedbackRows.map((f) => [key(f.ownerId, f.questionId), f]));
  const pointsOf = new Map<string, { id: string; text: string }[]>();
  for (const p of points) pointsOf.set(p.questionId, [...(pointsOf.get(p.questionId) ?? []), { id: p.id, text: p.text }]);
  const attemptsOf = new Map<string, (typeof attemptRows)[number][]>();
  for (const a of attemptRows) attemptsOf.set(key(a.ownerId, a.questionId), [...(attemptsOf.get(key(a.ownerId, a.questionId)) ?? []), a]);
  const overridesOf = new Map<string, (typeof overrideRows)[number][]>();
  for (const o of overrideRows) {
    const k = key(o.studentId, o.questionId);
    overridesOf.set(k, [...(overridesOf.get(k) ?? []).filter((e) => (e.pointId ?? '') !== (o.pointId ?? '')), o]);
  }
  const finishedOf = new Map(finishedRows.map((f) => [`${f.ownerId}:${f.paperId}`, f.finishedAt]));
  const now = new Date();

  const markbookStudents: MarkbookStudent[] = students.map((s) => {
    let last: number | null = null;
    let seconds = 0;
    let total = 0;
    let selfAssessed = 0;
    const perAssignment = new Map<
      string,
      { marks: number; marked: boolean; seconds: number; answered: number; submitted: number; late: boolean }
    >();
    const cells = questionRows.map(({ question, assignment }) => {
      const k = key(s.userId, question.id);
      const answer = answerOf.get(k);
      const mark = markOf.get(k);
      const attempts = attemptsOf.get(k) ?? [];
      const sums = perAssignment.get(assignment.id) ?? { marks: 0, marked: false, seconds: 0, answered: 0, submitted: 0, late: false };
      perAssignment.set(assignment.id, sums);
      if (answer) {
        seconds += answer.seconds;
        sums.seconds += answer.seconds;
        if (answer.text.trim()) sums.answered += 1;
        if (answer.submitted) sums.submitted += 1;
        last = Math.max(last ?? 0, answer.updatedAt.getTime());
      }
      const counted = countedMarks(assignment, attempts, mark, overridesOf.get(k) ?? [], question.totalMarks);
      const late = counted.attempt?.late ?? false;
      if (late) sums.late = true;
      const cellSelfAssessed =
        mark && (!counted.attempt || counted.attempt.text === mark.evaluatedText) ? selfAssessedMarksOf(mark.selfAssessments) : 0;
      if (counted.marksAwarded !== null) {
        total += counted.marksAwarded;
        sums.marks += counted.marksAwarded;
        sums.marked = true;
        selfAssessed += cellSelfAssessed;
      }
      if (mark) last = Math.max(last ?? 0, mark.createdAt.getTime());
      return {
        questionId: question.id,
        marksAwarded: counted.marksAwarded,
        totalMarks: question.totalMarks,
        answerId: answer?.id ?? null,
        ...(mark && mark.selfAssessments.length > 0
          ? { selfAssessedMarks: cellSelfAssessed, selfAssessmentsPending: pendingSelfAssessments(mark.selfAssessments) }
          : {}),
        attempts: attempts.length,
        ...(late ? { late: true } : {}),
        ...(overridesOf.has(k) ? { overridden: true } : {}),
        ...(attempts.some((a) => a.afterFeedback) ? { afterFeedback: true } : {}),
      };
    });
    const assignmentsOfStudent = assignmentRows.map(({ assignment }) => {
      const sums = perAssignment.get(assignment.id) ?? { marks: 0, marked: false, seconds: 0, answered: 0, submitted: 0, late: false };
      const outOf = questionRows.filter((q) => q.assignment.id === assignment.id).reduce((n, q) => n + q.question.totalMarks, 0);
      const questionCount = questionRows.filter((q) => q.assignment.id === assignment.id).length;
      const finishedAt = finishedOf.get(`${s.userId}:${assignment.paperId}`) ?? null;
      const late = sums.late || Boolean(finishedAt && assignment.dueAt && finishedAt > assignment.dueAt);
      return {
        assignmentId: assignment.id,
        status: assignmentStatus(assignment, { ...sums, questionCount, finished: finishedAt !== null, late }, now),
        late,
        marksAwarded: sums.marked ? round1(sums.marks) : null,
        totalMarks: outOf,
        percentage: sums.marked && outOf > 0 ? round1((100 * sums.marks) / outOf) : null,
        timeSpentSeconds: sums.seconds,
      };
    });
    return {
      userId: s.userId,
      name: personName(s),
      email: s.email,
      lastActivityAt: last === null ? null : new Date(last).toISOString(),
      timeSpentSeconds: seconds,
      totalMarksAwarded: round1(total),
      selfAssessedMarks: round1(selfAssessed),
      cells,
      assignments: assignmentsOfStudent,
      sheets: sheetsOf.get(s.userId) ?? [],
    };
  });

  const pointMisses: PointMiss[] = [];
  for (const { question } of questionRows) {
    const marks = feedbackRows.filter((f) => f.questionId === question.id);
    for (const point of pointsOf.get(question.id) ?? []) {
      const judged = marks.map((m) => m.evaluation.find((e) => e.point_id === point.id)).filter((e) => e !== undefined);
      if (judged.length === 0) continue;
      const missedBy = judged.filter((e) => e.status !== 'COVERED').length;
      pointMisses.push({ questionId: question.id, pointId: point.id, text: point.text, missedBy, answeredBy: judged.length });
    }
  }
  pointMisses.sort((a, b) => b.missedBy / b.answeredBy - a.missedBy / a.answeredBy || b.missedBy - a.missedBy);

  return {
    assignments: assignmentRows.map(({ assignment, paperTitle }) => ({
      id: assignment.id,
      paperId: assignment.paperId,
      paperTitle,
      dueAt: assignment.dueAt?.toISOString() ?? null,
      totalMarks: questionRows.filter((q) => q.assignment.id === assignment.id).reduce((n, q) => n + q.question.totalMarks, 0),
      questionIds: questionRows.filter((q) => q.assignment.id === assignment.id).map((q) => q.question.id),
      settings: settingsOf(assignment, now),
    })),
    questions: questionRows.map(({ question, paperTitle, assignment }) => ({
      id: question.id,
      paperId: question.paperId ?? '',
      assignmentId: assignment.id,
      label: `${paperTitle} Q${question.questionNumber}`,
      totalMarks: question.totalMarks,
      points: pointsOf.get(question.id) ?? [],
    })),
    students: markbookStudents,
    pointMisses,
  };
}

/**
 * The graded sheets the teacher attached to each of the class's current students, newest first: a removed
 * student is not in `studentIds`, so their sheets leave the markbook at once.
 */
async function attachedSheets(db: Db, teacherId: string, classId: string, studentIds: string[]): Promise<Map<string, MarkedSheet[]>> {
  const sheets = new Map<string, MarkedSheet[]>();
  if (studentIds.length === 0) return sheets;
  const rows = await db
    .select()
    .from(gradingResults)
    .where(and(eq(gradingResults.ownerId, teacherId), eq(gradingResults.classId, classId), inArray(gradingResults.studentId, studentIds)))
    .orderBy(desc(gradingResults.createdAt), desc(gradingResults.id));
  for (const r of rows) {
    if (!r.studentId) continue;
    const sheet: MarkedSheet = {
      id: r.id,
      source: r.schemeSource,
      questionText: r.questionText ? r.questionText.replace(/\s+/g, ' ').trim().slice(0, 200) : null,
      marksAwarded: r.marksAwarded,
      totalMarks: r.totalMarks,
      gradedAt: r.createdAt.toISOString(),
      attachedAt: (r.attachedAt ?? r.createdAt).toISOString(),
      detailedBreakdown: r.detailedBreakdown,
    };
    sheets.set(r.studentId, [...(sheets.get(r.studentId) ?? []), sheet]);
  }
  return sheets;
}

/** A marked sheet in one CSV cell: what it was marked against, the marks and the day it was graded. */
function sheetCell(sheet: MarkedSheet): string {
  return `${sheet.source ?? 'Marked sheet'}: ${sheet.marksAwarded}/${sheet.totalMarks} (${sheet.gradedAt.slice(0, 10)})`;
}

/**
 * GET /api/classes/{id}/markbook.csv[?assignmentId=] (teacher): one row per student with their e-mail; per assignment
 * their status, late flag, time spent, each question's counted marks, the total and percentage (a student who has not
 * started has empty cells, not 0); then the student's marked sheets (attached graded photos) in one column.
 */
export async function markbookCsv(
  db: Db,
  teacherId: string,
  classId: string,
  assignmentId?: string,
): Promise<{ filename: string; content: string }> {
  const row = await findTaughtClass(db, teacherId, classId);
  const markbook = await getMarkbook(db, teacherId, row.id, assignmentId);
  const assignmentsShown = markbook.assignments ?? [];
  const header = ['Student', 'Email'];
  for (const a of assignmentsShown) {
    header.push(`${a.paperTitle}: Status`, `${a.paperTitle}: Late`, `${a.paperTitle}: Time spent (minutes)`);
    for (const q of markbook.questions.filter((q) => q.assignmentId === a.id)) header.push(`${q.label} (/${q.totalMarks})`);
    header.push(`${a.paperTitle}: Total (/${a.totalMarks})`, `${a.paperTitle}: Percentage`);
  }
  header.push('Marked sheets');
  const lines = markbook.students.map((s) => {
    const line: (string | number | null)[] = [s.name, s.email ?? ''];
    for (const a of assignmentsShown) {
      const mine = s.assignments?.find((x) => x.assignmentId === a.id);
      line.push(
        mine ? ASSIGNMENT_STATUS_LABEL[mine.status] : '',
        mine?.late ? 'Late' : '',
        mine ? Math.round(mine.timeSpentSeconds / 6) / 10 : '',
      );
      s.cells.forEach((c, i) => {
        if (markbook.questions[i]?.assignmentId === a.id) line.push(c.marksAwarded);
      });
      line.push(mine?.marksAwarded ?? null, mine?.percentage ?? null);
    }
    line.push(s.sheets.map(sheetCell).join('; '));
    return line;
  });
  const slug =
    [row.name, assignmentsShown.length === 1 && assignmentId ? assignmentsShown[0].paperTitle : '']
      .join(' ')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'class';
  return { filename: `${slug}-markbook.csv`, content: toCsv([header, ...lines]) };
}

/**
 * GET /api/classes/{id}/students/{userId}/answers/{questionId} (teacher): a current student's answer to a question
 * of a paper assigned to the class, with its point-by-point feedback.
 */
export async function getStudentAnswer(
  db: Db,
  teacherId: string,
  classId: string,
  studentId: string,
  questionId: string,
): Promise<StudentAnswer> {
  const { classRow: row, student } = await findClassStudent(db, teacherId, classId, studentId);
  if (!isUuid(questionId)) throw httpError(404, CLASSES_TEXT.questionNotFound);
  const [found] = await db
    .select({ question: questions, assignment: classAssignments })
    .from(questions)
    .innerJoin(classAssignments, and(eq(classAssignments.paperId, questions.paperId), eq(classAssignments.classId, row.id)))
    .where(eq(questions.id, questionId));
  if (!found) throw httpError(404, CLASSES_TEXT.questionNotFound);
  // The student's own rows, read as the student reads them (they may open the question: it is assigned to their class).
  const [answer, marked, attempts, overrides] = await Promise.all([
    getAnswer(db, student.userId, questionId),
    getFeedback(db, student.userId, questionId),
    attemptHistory(db, found.assignment, student.userId, questionId),
    overrideHistory(db, student.userId, questionId),
  ]);
  return {
    student,
    question: toQuestion(found.question, true),
    answer,
    feedback: marked,
    attempts,
    overrides,
  };
}
