import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { SPECIFICATION_TEXT, type BoardId, type CourseSpecification } from '../../shared/specification';
import type { Db } from '../db/client';
import { courses, feedback, questions } from '../db/schema';
import type { SpecPointsChoice } from '../engine/engine';
import { questionsByPoint, specificationsOf, toBoard, type SpecificationFile } from '../engine/specification/specifications';
import { httpError } from '../http-error';
import { withheldQuestionIds } from './assignment-rules';
import { findCourse } from './find-course';
import { findReadableCourse, studentOfAssignedPaper } from './paper-access';

/**
 * A course's exam board and its specification (issue 31): the board's points, how many bank questions each has, and
 * the student's mastery of each from their marks on this course's questions drawn from the bank.
 */

function percent(awarded: number, total: number): number | null {
  return total > 0 ? Math.round((1000 * awarded) / total) / 10 : null;
}

/** The student's marks on the course's bank questions, by bank question id (marks held back from them left out). */
async function marksBySource(db: Db, userId: string, courseId: string, access: 'owner' | 'student') {
  const rows = await db
    .select({
      sourceId: questions.sourceId,
      marked: sql<number>`count(${feedback.id})::int`,
      awarded: sql<number>`coalesce(sum(${feedback.marksAwarded}), 0)::float8`,
      total: sql<number>`coalesce(sum(${feedback.totalMarks}), 0)::float8`,
    })
    .from(questions)
    .innerJoin(feedback, and(eq(feedback.questionId, questions.id), eq(feedback.ownerId, userId)))
    .where(
      and(
        eq(questions.courseId, courseId),
        isNotNull(questions.sourceId),
        access === 'owner'
          ? undefined
          : and(studentOfAssignedPaper(userId, questions.paperId), sql`${questions.id} not in (${withheldQuestionIds(userId)})`),
      ),
    )
    .groupBy(questions.sourceId);
  return new Map(rows.map((r) => [r.sourceId as string, { marked: Number(r.marked), awarded: Number(r.awarded), total: Number(r.total) }]));
}

export async function getCourseSpecification(db: Db, userId: string, courseId: string, askedBoard?: BoardId): Promise<CourseSpecification> {
  const course = await findReadableCourse(db, userId, courseId);
  const specs = specificationsOf(course.subject);
  const courseBoard = (course.board as BoardId | null) ?? null;
  const boardId = askedBoard ?? courseBoard;
  const spec = boardId ? specs.find((s) => s.board === boardId) : undefined;
  if (askedBoard && !spec) throw httpError(404, SPECIFICATION_TEXT.boardUnknown(course.subject, askedBoard));
  const base = { subject: course.subject, courseBoard, canChooseBoard: course.access === 'owner', boards: specs.map(toBoard) };
  if (!spec) return { ...base, board: null, sections: [] };

  const bySource = await marksBySource(db, userId, course.id, course.access);
  const byPoint = questionsByPoint(course.subject, spec.board);
  return {
    ...base,
    board: toBoard(spec),
    sections: spec.sections.map((section) => ({
      ref: section.ref,
      title: section.title,
      points: section.points.map((point) => {
        const ids = byPoint.get(point.ref) ?? [];
        let marked = 0;
        let awarded = 0;
        let total = 0;
        for (const id of ids) {
          const marks = bySource.get(id);
          if (!marks) continue;
          marked += marks.marked;
          awarded += marks.awarded;
          total += marks.total;
        }
        return {
          ref: point.ref,
          title: point.title,
          questions: ids.length,
          marked,
          marksAwarded: awarded,
          totalMarks: total,
          mastery: percent(awarded, total),
        };
      }),
    })),
  };
}

/** Sets (or clears) the course's exam board; only its owner may, and only a board Markwell has for the subject. */
export async function setCourseBoard(db: Db, ownerId: string, courseId: string, board: BoardId | null) {
  const course = await findCourse(db, ownerId, courseId);
  const specs = specificationsOf(course.subject);
  if (board && !specs.some((s) => s.board === board)) {
    throw httpError(
      422,
      specs.length === 0 ? SPECIFICATION_TEXT.noSpecification(course.subject) : SPECIFICATION_TEXT.boardUnknown(course.subject, board),
    );
  }
  const [row] = await db
    .update(courses)
    .set({ board })
    .where(and(eq(courses.id, course.id), eq(courses.ownerId, ownerId)))
    .returning();
  if (!row) throw httpError(404, PRACTICE_TEXT.courseNotFound);
  return row;
}

/** The points a paper is asked for, checked against the board's specification for the course's subject. */
export function chooseSpecPoints(subject: string, board: BoardId | null | undefined, refs: string[]): SpecPointsChoice {
  if (!board) throw httpError(422, SPECIFICATION_TEXT.boardNeeded);
  const spec: SpecificationFile | undefined = specificationsOf(subject).find((s) => s.board === board);
  if (!spec) throw httpError(422, SPECIFICATION_TEXT.boardUnknown(subject, board));
  const points = new Map(spec.sections.flatMap((s) => s.points.map((p) => [p.ref, p.title] as const)));
  const unique = [...new Set(refs.map((r) => r.trim()))];
  const unknown = unique.filter((r) => !points.has(r));
  if (unknown.length > 0) throw httpError(422, SPECIFICATION_TEXT.pointsUnknown(unknown));
  const byPoint = questionsByPoint(subject, board);
  if (unique.every((r) => (byPoint.get(r) ?? []).length === 0)) throw httpError(422, SPECIFICATION_TEXT.noQuestions);
  return { board, boardName: spec.boardName, points: unique.map((ref) => ({ ref, title: points.get(ref) as string })) };
}
