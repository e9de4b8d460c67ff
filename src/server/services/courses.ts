import { and, desc, eq, sql } from 'drizzle-orm';
import { type Course } from '../../shared/practice';
import type { BoardId } from '../../shared/specification';
import { specificationsOf } from '../engine/specification/specifications';
import { setCourseBoard } from './specification';
import { COURSE_TITLE_SUFFIX } from '../../shared/practice-text';
import type { Db } from '../db/client';
import { answers, courses, feedback, questions } from '../db/schema';
import type { Engine } from '../engine/engine';
import { type CourseRow } from './find-course';
import { withheldQuestionIds } from './assignment-rules';
import { findReadableCourse, studentOfAssignedPaper, type PaperAccess } from './paper-access';
import { storePaper } from './papers';

type CourseProgress = NonNullable<Course['progress']>;

function toCourse(row: CourseRow, totalQuestions: number, progress?: CourseProgress): Course {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    totalQuestions,
    createdAt: row.createdAt.toISOString(),
    board: (row.board as BoardId | null) ?? null,
    ...(progress ? { progress } : {}),
  };
}

/** Answered questions (saved, non-blank) and the average mark of the marked ones, per course row. */
const answeredCount = sql<number>`(count(${answers.id}) filter (where btrim(${answers.text}) <> ''))::int`;
const averageScore = sql<number | null>`(avg(100.0 * ${feedback.marksAwarded} / nullif(${feedback.totalMarks}, 0)))::float8`;

function toProgress(answered: number, average: number | string | null): CourseProgress {
  return { answered: Number(answered), averageScore: average === null ? null : Math.round(Number(average) * 10) / 10 };
}

/**
 * The course's questions and the student's progress on them; a class student counts only the papers assigned to them,
 * and not the marks held back from them yet (decision 016): those answers count as answered, not marked.
 */
async function questionCount(db: Db, ownerId: string, courseId: string, access: PaperAccess) {
  const shownMarks = access === 'owner' ? undefined : sql`${feedback.questionId} not in (${withheldQuestionIds(ownerId)})`;
  const [row] = await db
    .select({ n: sql<number>`count(${questions.id})::int`, answered: answeredCount, average: averageScore })
    .from(questions)
    .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.ownerId, ownerId)))
    .leftJoin(feedback, and(eq(feedback.questionId, questions.id), eq(feedback.ownerId, ownerId), shownMarks))
    .where(and(eq(questions.courseId, courseId), access === 'owner' ? undefined : studentOfAssignedPaper(ownerId, questions.paperId)));
  return row;
}

/** The home page asks for the course list on every visit: one prepared query (built once per database). */
const listCoursesStatements = new WeakMap<Db, ReturnType<typeof prepareListCourses>>();
function prepareListCourses(db: Db) {
  return (
    db
      .select({ course: courses, n: sql<number>`count(${questions.id})::int`, answered: answeredCount, average: averageScore })
      .from(courses)
      .leftJoin(questions, and(eq(questions.ownerId, courses.ownerId), eq(questions.courseId, courses.id)))
      // One answer and one feedback per question and owner: the joins keep one row per question.
      .leftJoin(answers, and(eq(answers.ownerId, courses.ownerId), eq(answers.questionId, questions.id)))
      .leftJoin(feedback, and(eq(feedback.ownerId, courses.ownerId), eq(feedback.questionId, questions.id)))
      .where(eq(courses.ownerId, sql.placeholder('ownerId')))
      .groupBy(courses.id)
      .orderBy(desc(courses.createdAt))
      .prepare('list_courses')
  );
}

export async function listCourses(db: Db, ownerId: string): Promise<Course[]> {
  let statement = listCoursesStatements.get(db);
  if (!statement) listCoursesStatements.set(db, (statement = prepareListCourses(db)));
  const rows = await statement.execute({ ownerId });
  return rows.map((row) => toCourse(row.course, row.n, toProgress(row.answered, row.average)));
}

/** PATCH /api/courses/{id}: sets or clears the course's exam board (its owner only), and returns the course. */
export async function updateCourseBoard(db: Db, ownerId: string, courseId: string, board: BoardId | null): Promise<Course> {
  const row = await setCourseBoard(db, ownerId, courseId, board);
  return getCourse(db, ownerId, row.id);
}

export async function getCourse(db: Db, ownerId: string, courseId: string): Promise<Course> {
  const row = await findReadableCourse(db, ownerId, courseId);
  const counts = await questionCount(db, ownerId, row.id, row.access);
  return toCourse(row, counts.n, toProgress(counts.answered, counts.average));
}

/** Generates a course for a subject with its initial question paper, and stores both. */
export async function createCourse(db: Db, engine: Engine, ownerId: string, input: { title?: string; subject: string; board?: BoardId }) {
  const generated = await engine.generateCourse({ subject: input.subject });
  const title = input.title?.trim() || generated.title || `${generated.subject}${COURSE_TITLE_SUFFIX}`;
  // A board Markwell has no specification of for the subject is not kept (the course answers board: null).
  const board = input.board && specificationsOf(generated.subject).some((s) => s.board === input.board) ? input.board : null;
  const { course, paper } = await db.transaction(async (tx) => {
    const [course] = await tx.insert(courses).values({ ownerId, title, subject: generated.subject, board }).returning();
    const paper = await storePaper(tx, ownerId, course.id, generated.paper);
    return { course, paper };
  });
  const total = generated.paper.questions.length;
  return {
    ...toCourse(course, total),
    paper: {
      id: paper.id,
      courseId: paper.courseId,
      title: paper.title,
      description: paper.description,
      topic: paper.topic,
      difficultyLevel: paper.difficultyLevel,
      totalQuestions: total,
      createdAt: paper.createdAt.toISOString(),
      generatedBy: paper.generatedBy,
    },
    note: generated.paper.note ?? null,
  };
}
