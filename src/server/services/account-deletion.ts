import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { ACCOUNT_DATA_TEXT, classPapersCourseTitle, RECENT_SIGN_IN_MINUTES } from '../../shared/account-data';
import { AUTH_TEXT } from '../../shared/auth-text';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  analyticsActivity,
  analyticsAnswerFacts,
  analyticsSessions,
  analyticsTopicTotals,
  answers,
  authAttempts,
  classAssignments,
  classMembers,
  classes,
  courses,
  disputes,
  feedback,
  gradingResults,
  markSchemePoints,
  paperAttempts,
  questionPapers,
  questions,
  reviewCards,
  sessions,
  studyActivity,
  tutorMessages,
  users,
} from '../db/schema';
import { httpError } from '../http-error';
import { countAttempt, hashToken, type SessionCache } from './auth';
import { verifyPassword } from './passwords';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DeletionConfig = Pick<
  Config,
  | 'AUTH_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_PER_EMAIL'
  | 'AUTH_SIGNUP_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_WINDOW_MINUTES'
  | 'SESSION_TTL_DAYS'
>;

/*
 * DELETE /api/users/me (issue 25 item 4): what happens to each table of src/server/db/schema.ts when a user deletes
 * their account. Everything runs in one transaction; deleting the `users` row does most of it through the foreign
 * keys' ON DELETE CASCADE, and src/server/routes/account-deletion.test.ts proves on both databases that no row of any
 * table still holds the user's id or e-mail afterwards.
 *
 * | table                   | rows of the user                                  | how                                              |
 * |-------------------------|---------------------------------------------------|--------------------------------------------------|
 * | users                   | the account (e-mail, names, password hash)        | deleted                                          |
 * | sessions                | every session (also ended in this instance's cache) | cascade (user_id)                              |
 * | password_resets         | reset links and codes for the user                | cascade (user_id); codes they issued: issued_by set null |
 * | auth_attempts           | rate-limit counters whose key names the user's id or e-mail | deleted explicitly (no foreign key)    |
 * | courses, question_papers, questions, mark_scheme_points | their own courses and papers | cascade (owner_id)                |
 * | answers, feedback (self-assessments, teacher notes inside) | their answers and marking | cascade (owner_id)                 |
 * | disputes                | their disputes; a dispute they resolved as teacher | cascade; resolved_by set null                  |
 * | tutor_messages, study_activity, paper_attempts, review_cards | their own      | cascade (owner_id)                               |
 * | pdf_documents           | their documents, the file bytes included (stored in the row, `data`; no files on disk) | cascade |
 * | grading_results, practice_papers | their own (a teacher's grading, printed papers) | cascade (owner_id)                       |
 * | grading_results of a teacher attached to the user as student | detached: class_id and student_id cleared (the sheet stays the teacher's own; it leaves the markbook) | explicit update |
 * | analytics_answer_facts, analytics_topic_totals, analytics_activity, analytics_sessions | their summary | deleted explicitly (no foreign keys; the triggers empty most of it during the cascade) |
 * | class_members, class_removals | their memberships: every markbook loses them  | cascade (user_id)                                |
 * | assignment_attempts     | their submissions of assigned questions           | cascade (owner_id)                               |
 * | mark_overrides          | teachers' changes of their marks; changes they made as teacher | cascade (student_id, teacher_id)   |
 * | classes they teach      | no co-teachers exist in this schema, so there is no one to hand a class to: the class is archived and keeps its students (teacher_id set null). Each current student keeps their own answers to the class's papers: the papers are copied into a course of the student's own ("<class> (class papers)") with their answers, marking, disputes, tutor chat, review cards and exam timers, before the teacher's papers go. The students see the class as archived, with a notice saying why. | explicit, then set null |
 * | class_assignments, class assignments' attempts | of the teacher's papers    | cascade (paper_id)                               |
 * | classes left with neither a teacher nor a student | nobody's                 | deleted                                          |
 *
 * Nothing of the user is kept: no tombstone, no log line with their data (logs hold paths and statuses only).
 */

/** Copies of a deleted teacher's assigned papers for one student, so that the student keeps their own work. */
async function keepStudentWork(tx: Tx, studentId: string, paperIds: string[], className: string, subject: string): Promise<void> {
  const worked = await tx
    .selectDistinct({ paperId: questions.paperId })
    .from(questions)
    .where(
      and(
        inArray(questions.paperId, paperIds),
        or(
          sql`exists (select 1 from ${answers} a where a.question_id = ${questions.id} and a.owner_id = ${studentId})`,
          sql`exists (select 1 from ${feedback} f where f.question_id = ${questions.id} and f.owner_id = ${studentId})`,
        ),
      ),
    );
  const papers = worked.map((w) => w.paperId).filter((id): id is string => id !== null);
  if (papers.length === 0) return;
  const [course] = await tx
    .insert(courses)
    .values({ ownerId: studentId, title: classPapersCourseTitle(className), subject })
    .returning({ id: courses.id });
  for (const paperId of papers) {
    const [paper] = await tx.select().from(questionPapers).where(eq(questionPapers.id, paperId));
    const [copy] = await tx
      .insert(questionPapers)
      .values({
        ownerId: studentId,
        courseId: course.id,
        title: paper.title,
        description: paper.description,
        topic: paper.topic,
        difficultyLevel: paper.difficultyLevel,
        generatedBy: paper.generatedBy,
      })
      .returning({ id: questionPapers.id });
    const newId = new Map<string, string>();
    for (const q of await tx.select().from(questions).where(eq(questions.paperId, paperId))) {
      const { id, createdAt: _created, ...rest } = q;
      const [made] = await tx
        .insert(questions)
        .values({ ...rest, ownerId: studentId, courseId: course.id, paperId: copy.id })
        .returning({ id: questions.id });
      newId.set(id, made.id);
      const points = await tx.select().from(markSchemePoints).where(eq(markSchemePoints.questionId, id));
      if (points.length)
        await tx.insert(markSchemePoints).values(points.map(({ id: _id, ...p }) => ({ ...p, ownerId: studentId, questionId: made.id })));
    }
    const old = [...newId.keys()];
    const to = (questionId: string) => newId.get(questionId) as string;
    const mine = <T extends typeof answers | typeof feedback | typeof disputes | typeof tutorMessages | typeof reviewCards>(table: T) =>
      and(eq(table.ownerId, studentId), inArray(table.questionId, old));
    // Answers first (the analytics triggers count the copies), then what hangs on them.
    const answerRows = await tx.select().from(answers).where(mine(answers));
    if (answerRows.length) await tx.insert(answers).values(answerRows.map(({ id: _id, ...r }) => ({ ...r, questionId: to(r.questionId) })));
    const feedbackRows = await tx.select().from(feedback).where(mine(feedback));
    if (feedbackRows.length)
      await tx.insert(feedback).values(feedbackRows.map(({ id: _id, ...r }) => ({ ...r, questionId: to(r.questionId) })));
    const disputeRows = await tx.select().from(disputes).where(mine(disputes));
    if (disputeRows.length)
      await tx.insert(disputes).values(disputeRows.map(({ id: _id, ...r }) => ({ ...r, questionId: to(r.questionId), resolvedBy: null })));
    const tutorRows = await tx.select().from(tutorMessages).where(mine(tutorMessages));
    if (tutorRows.length)
      await tx.insert(tutorMessages).values(tutorRows.map(({ id: _id, ...r }) => ({ ...r, questionId: to(r.questionId) })));
    const cardRows = await tx.select().from(reviewCards).where(mine(reviewCards));
    if (cardRows.length) await tx.insert(reviewCards).values(cardRows.map(({ id: _id, ...r }) => ({ ...r, questionId: to(r.questionId) })));
    for (const [from, into] of newId)
      await tx
        .update(studyActivity)
        .set({ questionId: into, courseId: course.id })
        .where(and(eq(studyActivity.ownerId, studentId), eq(studyActivity.questionId, from)));
    const [attempt] = await tx
      .select()
      .from(paperAttempts)
      .where(and(eq(paperAttempts.ownerId, studentId), eq(paperAttempts.paperId, paperId)));
    if (attempt) {
      const { id: _id, ...r } = attempt;
      await tx.insert(paperAttempts).values({ ...r, paperId: copy.id, retryPaperId: null });
    }
  }
}

/**
 * The classes the user teaches, before the account goes: archived (there are no co-teachers to hand them to), each
 * current student's work on the assigned papers copied into a course of their own (keepStudentWork).
 */
async function archiveTaughtClasses(tx: Tx, teacherId: string): Promise<void> {
  const taught = await tx.select().from(classes).where(eq(classes.teacherId, teacherId));
  for (const c of taught) {
    const assigned = await tx
      .select({ paperId: classAssignments.paperId })
      .from(classAssignments)
      .innerJoin(questionPapers, eq(questionPapers.id, classAssignments.paperId))
      .where(and(eq(classAssignments.classId, c.id), eq(questionPapers.ownerId, teacherId)));
    const paperIds = assigned.map((a) => a.paperId);
    if (paperIds.length) {
      const members = await tx.select({ userId: classMembers.userId }).from(classMembers).where(eq(classMembers.classId, c.id));
      for (const m of members) await keepStudentWork(tx, m.userId, paperIds, c.name, c.subject);
    }
  }
  await tx
    .update(classes)
    .set({ archivedAt: sql`coalesce(${classes.archivedAt}, now())` })
    .where(eq(classes.teacherId, teacherId));
}

/** Passwords are stored as 'scrypt$...' (passwords.ts); an account made by the school's sign-in has none until one is set. */
const hasPassword = (passwordHash: string) => passwordHash.startsWith('scrypt$');

/**
 * The caller is the account's owner: the password is right, or, for an account without a password (made by signing in
 * with the school's provider), `password` is the account's e-mail address and this session was signed in within
 * RECENT_SIGN_IN_MINUTES (the provider checked who it is just now).
 */
async function confirmOwner(db: Db, user: typeof users.$inferSelect, token: string, password: string): Promise<boolean> {
  if (hasPassword(user.passwordHash)) return verifyPassword(password, user.passwordHash);
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), eq(sessions.tokenHash, hashToken(token))));
  const recent = session !== undefined && Date.now() - session.createdAt.getTime() <= RECENT_SIGN_IN_MINUTES * 60_000;
  if (!recent) throw httpError(400, ACCOUNT_DATA_TEXT.signInAgain);
  return user.email !== null && password.trim().toLowerCase() === user.email.toLowerCase();
}

/**
 * Deletes the account and everything it owns, in one transaction, once the owner is confirmed (confirmOwner: 400
 * otherwise, counted like a failed login for the account: too many, 429). The user's sessions end at once in this
 * instance (others within SESSION_CACHE_SECONDS, when their cache entry lapses and the session is found gone).
 */
export async function deleteAccount(
  db: Db,
  config: DeletionConfig,
  userId: string,
  token: string,
  password: string,
  cache?: SessionCache,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw httpError(401, AUTH_TEXT.invalidCredentials);
  await countAttempt(db, config, [{ key: `account-delete:${userId}`, max: config.AUTH_RATE_LIMIT_PER_EMAIL }]);
  if (!(await confirmOwner(db, user, token, password)))
    throw httpError(400, hasPassword(user.passwordHash) ? ACCOUNT_DATA_TEXT.passwordWrong : ACCOUNT_DATA_TEXT.emailWrong);

  const ended = await db.transaction(async (tx) => {
    await archiveTaughtClasses(tx, userId);
    // A teacher's graded sheet attached to this student leaves the markbook; the sheet itself is the teacher's.
    await tx.update(gradingResults).set({ classId: null, studentId: null, attachedAt: null }).where(eq(gradingResults.studentId, userId));
    const tokens = await tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    // The analytics summary has no foreign keys (schema.ts): whatever the triggers left of it goes too.
    await tx.delete(analyticsAnswerFacts).where(eq(analyticsAnswerFacts.ownerId, userId));
    await tx.delete(analyticsTopicTotals).where(eq(analyticsTopicTotals.ownerId, userId));
    await tx.delete(analyticsActivity).where(eq(analyticsActivity.ownerId, userId));
    await tx.delete(analyticsSessions).where(eq(analyticsSessions.ownerId, userId));
    // Rate-limit counters are keyed by text: 'password-change:<id>', 'login-device:<id> <device>', 'login-email:<e-mail>',
    // 'login-email-ip:<e-mail> <address>', ...
    const email = user.email;
    await tx
      .delete(authAttempts)
      .where(
        or(
          sql`strpos(${authAttempts.key}, ${userId}) > 0`,
          ...(email
            ? [sql`right(${authAttempts.key}, ${email.length + 1}) = ${`:${email}`}`, sql`strpos(${authAttempts.key}, ${`:${email} `}) > 0`]
            : []),
        ),
      );
    // A class left with neither its teacher nor any student is nobody's.
    await tx.delete(classes).where(
      and(
        isNull(classes.teacherId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(classMembers)
            .where(eq(classMembers.classId, classes.id)),
        ),
      ),
    );
    return tokens;
  });
  for (const { tokenHash } of ended) cache?.delete(tokenHash);
}
