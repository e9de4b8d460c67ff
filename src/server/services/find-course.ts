import { and, eq } from 'drizzle-orm';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import type { Db } from '../db/client';
import { courses } from '../db/schema';
import { httpError } from '../http-error';
import { isUuid } from './ids';

export type CourseRow = typeof courses.$inferSelect;

/** The student's course, or 404 'Course not found' (whether it is missing or someone else's). */
export async function findCourse(db: Db, ownerId: string, courseId: string): Promise<CourseRow> {
  if (!isUuid(courseId)) throw httpError(404, PRACTICE_TEXT.courseNotFound);
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.ownerId, ownerId)));
  if (!row) throw httpError(404, PRACTICE_TEXT.courseNotFound);
  return row;
}
