import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import type { Db } from '../db/client';
import { courses, questionPapers, questions } from '../db/schema';
import { httpError } from '../http-error';
import { isUuid } from './ids';

/**
 * Who may open a question paper and its questions, and save, mark, tutor and finish their OWN answers on them
 * (issue 16). This file is the one place that decides it:
 * - 'owner': the paper's owner (a student practising, or a teacher with their own papers);
 * - 'student': a current student of a class the paper is assigned to. Removing the student (or the
 *   assignment) ends it at once: nothing is cached.
 * Either way a caller reads and writes only rows it owns (answers, feedback, tutor messages, attempts); the
 * access never reaches another user's work, and a teacher never sees students' work through it.
 */
export type PaperAccess = 'owner' | 'student';

/** SQL: `userId` (a value or a column) is a current student of a class that has the paper `paperId` (a column or value) assigned. */
export function studentOfAssignedPaper(userId: string | AnyPgColumn | SQL, paperId: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from class_assignments ca join class_members cm on cm.class_id = ca.class_id
    where ca.paper_id = ${paperId} and cm.user_id = ${userId})`;
}

type PaperRow = typeof questionPapers.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;
type CourseRow = typeof courses.$inferSelect;

/** A paper the user may open, with how they may; 404 'Question paper not found' otherwise. */
export async function findReadablePaper(db: Db, userId: string, paperId: string): Promise<PaperRow & { access: PaperAccess }> {
  if (!isUuid(paperId)) throw httpError(404, PRACTICE_TEXT.paperNotFound);
  const [row] = await db
    .select()
    .from(questionPapers)
    .where(and(eq(questionPapers.id, paperId), or(eq(questionPapers.ownerId, userId), studentOfAssignedPaper(userId, questionPapers.id))));
  if (!row) throw httpError(404, PRACTICE_TEXT.paperNotFound);
  return { ...row, access: row.ownerId === userId ? 'owner' : 'student' };
}

/** A question the user may open and answer, with how they may; 404 'Question not found' otherwise. */
export async function findReadableQuestion(db: Db, userId: string, questionId: string): Promise<QuestionRow & { access: PaperAccess }> {
  if (!isUuid(questionId)) throw httpError(404, PRACTICE_TEXT.questionNotFound);
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), or(eq(questions.ownerId, userId), studentOfAssignedPaper(userId, questions.paperId))));
  if (!row) throw httpError(404, PRACTICE_TEXT.questionNotFound);
  return { ...row, access: row.ownerId === userId ? 'owner' : 'student' };
}

/**
 * A course the user may open: their own, or (to show its title and subject around an assigned paper) the course
 * of a paper assigned to a class they are a student of. A student of a class reads nothing else of the course:
 * its paper and question lists stay its owner's (find-course.ts).
 */
export async function findReadableCourse(db: Db, userId: string, courseId: string): Promise<CourseRow & { access: PaperAccess }> {
  if (!isUuid(courseId)) throw httpError(404, PRACTICE_TEXT.courseNotFound);
  const assigned = sql`exists (select 1 from question_papers qp where qp.course_id = ${courses.id}
    and ${studentOfAssignedPaper(userId, sql`qp.id`)})`;
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), or(eq(courses.ownerId, userId), assigned)));
  if (!row) throw httpError(404, PRACTICE_TEXT.courseNotFound);
  return { ...row, access: row.ownerId === userId ? 'owner' : 'student' };
}
