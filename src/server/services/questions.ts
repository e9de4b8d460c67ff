import { and, asc, eq } from 'drizzle-orm';
import type { MarkPoint } from '../../shared/mark-scheme';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import type { MarkSchemePointView, MarkSchemeView } from '../../shared/mark-scheme-view';
import type { Db } from '../db/client';
import { courses, questionPapers, questions } from '../db/schema';
import type { QuestionForMarking } from '../engine/engine';
import { httpError } from '../http-error';
import { ASSIGNMENT_TEXT } from '../../shared/assignment-text';
import { assignmentOfStudent, hasSubmitted, withheldNow } from './assignment-rules';
import { findCourse } from './find-course';
import { findReadableQuestion, type PaperAccess } from './paper-access';
import { readMarkScheme, readSchemeRules, withQuestionVisibility } from './papers';

export type QuestionRow = typeof questions.$inferSelect;

/**
 * A question the user may open and answer (their own, or on a paper assigned to a class they are a student of:
 * paper-access.ts decides), or 404 whether it is missing or someone else's. Whoever opens it, the answers,
 * feedback and tutor messages read and written with it are the caller's own.
 */
export async function findQuestion(db: Db, ownerId: string, questionId: string): Promise<QuestionRow & { access: PaperAccess }> {
  return findReadableQuestion(db, ownerId, questionId);
}

/** GET /api/courses/{id}/questions: every question of the course, paper by paper. */
export async function listCourseQuestions(db: Db, ownerId: string, courseId: string) {
  await findCourse(db, ownerId, courseId);
  const rows = await db
    .select({ question: questions })
    .from(questions)
    .leftJoin(questionPapers, eq(questionPapers.id, questions.paperId))
    .where(and(eq(questions.courseId, courseId), eq(questions.ownerId, ownerId)))
    .orderBy(asc(questionPapers.createdAt), asc(questions.questionNumber));
  return withQuestionVisibility(
    db,
    ownerId,
    rows.map((r) => r.question),
  );
}

function toPointView(p: MarkPoint): MarkSchemePointView {
  return {
    id: p.id,
    text: p.text,
    marks: p.marks,
    kind: p.kind,
    ...(p.depends_on ? { depends_on: p.depends_on } : {}),
    ...(p.ecf ? { ecf: true } : {}),
    ...(p.group ? { group: p.group } : {}),
  };
}

/** GET /api/questions/{id}/markscheme: the points (the spec's shape), or with format 'scheme' the whole scheme. */
export async function getMarkScheme(
  db: Db,
  ownerId: string,
  questionId: string,
  format: 'points' | 'scheme' = 'points',
): Promise<MarkSchemePointView[] | MarkSchemeView> {
  const question = await findQuestion(db, ownerId, questionId);
  if (question.access === 'student') {
    // An assigned question's scheme: once the student has submitted and the feedback is released (issue 30).
    const assignment = await assignmentOfStudent(db, ownerId, question.paperId);
    const pastDue = assignment?.dueAt ? assignment.dueAt.getTime() <= Date.now() : false;
    if (withheldNow(assignment) || !(pastDue || (await hasSubmitted(db, ownerId, question.id)))) {
      throw httpError(403, ASSIGNMENT_TEXT.schemeWithheld);
    }
  }
  const points = (await readMarkScheme(db, question.id)).map(toPointView);
  if (format === 'points') return points;
  const rules = readSchemeRules(question.schemeRules);
  return {
    points,
    groups: rules.groups ?? [],
    final_answer_full_marks: rules.final_answer_full_marks ?? false,
    levels: rules.levels ?? [],
    total_marks: question.totalMarks,
  };
}

/**
 * Everything the engine needs to mark or tutor a question. A question still waiting for its mark scheme
 * (imported without one) is refused with a 422 rather than marked against nothing; an export reads it as it is.
 */
export async function questionForMarking(
  db: Db,
  question: QuestionRow,
  options: { withoutScheme?: boolean } = {},
): Promise<QuestionForMarking> {
  if (question.needsScheme && !options.withoutScheme) throw httpError(422, PRACTICE_TEXT.needsScheme);
  const [course] = await db.select({ subject: courses.subject }).from(courses).where(eq(courses.id, question.courseId));
  return {
    text: question.text,
    type: question.type,
    totalMarks: question.totalMarks,
    markScheme: await readMarkScheme(db, question.id),
    schemeRules: readSchemeRules(question.schemeRules),
    options: question.options,
    correctAnswer: question.correctAnswer,
    modelAnswer: question.modelAnswer,
    hints: question.hints,
    subject: course?.subject ?? null,
    topic: question.topic,
  };
}

/** GET /api/user/questions: every question the student has, across courses. */
export async function listUserQuestions(db: Db, ownerId: string) {
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.ownerId, ownerId))
    .orderBy(asc(questions.createdAt), asc(questions.questionNumber));
  return withQuestionVisibility(db, ownerId, rows);
}
