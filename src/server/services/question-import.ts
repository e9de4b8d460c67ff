import type { QuestionImportRequest, QuestionImportResponse } from '../../shared/question-import';
import type { ImportFormat } from '../../shared/question-import-text';
import { IMPORT_TEXT, importFormatOf } from '../../shared/question-import-text';
import type { Db } from '../db/client';
import type { ToolRunner } from '../engine/tools/tool-calls';
import { httpError } from '../http-error';
import { findCourse } from './find-course';
import { and, asc, eq } from 'drizzle-orm';
import { courses, questionPapers, questions } from '../db/schema';
import { findPaper, getPaper, storePaper } from './papers';
import { questionForMarking } from './questions';

/**
 * A teacher's own questions (Moodle GIFT, Moodle XML or Markwell JSON) into a course of theirs: a preview (the report
 * only, nothing stored) or the import itself, which stores every importable question as one paper, owned by
 * the importer like any other, in one transaction (all of it or none of it).
 */
export async function importQuestions(
  db: Db,
  tools: ToolRunner,
  ownerId: string,
  courseId: string,
  input: QuestionImportRequest,
  options: { preview: boolean },
): Promise<QuestionImportResponse> {
  const course = await findCourse(db, ownerId, courseId);
  const format = input.format ?? importFormatOf(input.fileName, input.content);
  const { questions, report } = await tools.run('importQuestions', {
    format,
    source: input.content,
    subject: course.subject,
    strict: input.strict,
  });
  if (options.preview) return { report, paper: null };
  if (questions.length === 0 || report.errors.length > 0) throw httpError(422, report.errors[0] ?? IMPORT_TEXT.nothingToImport);
  const name = input.fileName.replace(/\.(gift|txt|json|xml)$/i, '').trim() || 'questions';
  const topics = [...new Set(questions.map((q) => q.topic).filter((t): t is string => Boolean(t)))];
  const row = await db.transaction((tx) =>
    storePaper(tx, ownerId, course.id, {
      title: `Imported: ${name}`,
      description: `${questions.length} question${questions.length === 1 ? '' : 's'} imported from ${input.fileName}.`,
      topic: topics.length === 1 ? topics[0] : null,
      difficultyLevel: 'medium',
      questions,
      generatedBy: `Imported from ${input.fileName}`,
    }),
  );
  return { report, paper: await getPaper(db, ownerId, row.id) };
}

/** One of the student's papers as a file to take elsewhere: GIFT or Moodle XML for Moodle (the scheme in comments) or JSON. */
export async function exportPaper(db: Db, tools: ToolRunner, ownerId: string, paperId: string, format: ImportFormat) {
  const paper = await findPaper(db, ownerId, paperId);
  const [course] = await db.select({ subject: courses.subject }).from(courses).where(eq(courses.id, paper.courseId));
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.paperId, paper.id), eq(questions.ownerId, ownerId)))
    .orderBy(asc(questions.questionNumber));
  const topic = paper.topic?.trim() || paper.title;
  const file = await tools.run('exportQuestions', {
    format,
    subject: course?.subject ?? 'Questions',
    topic,
    description: paper.description?.trim() || paper.title,
    difficulty: paper.difficultyLevel,
    questions: await Promise.all(
      rows.map(async (q) => ({
        ...(await questionForMarking(db, q, { withoutScheme: true })),
        id: `q${q.questionNumber}`,
        name: q.name,
        shuffleOptions: q.shuffleOptions,
      })),
    ),
  });
  return { ...file, filename: `${fileBase(paper.title, 'paper')}.${file.extension}` };
}

/** A file name from a title: 'Physics A-Level Practice' → 'physics-a-level-practice'. */
function fileBase(title: string, fallback: string): string {
  return (
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || fallback
  );
}

/**
 * GET /api/courses/{id}/export: every question of one of the user's courses, paper by paper, as one file. GIFT and
 * Moodle XML write one category per topic (a question's own, else its paper's), so the file imports back with its
 * topics; JSON is one topic file named after the course. 404 for anyone else's course; 422 for a course with no
 * question yet.
 */
export async function exportCourse(db: Db, tools: ToolRunner, ownerId: string, courseId: string, format: ImportFormat) {
  const course = await findCourse(db, ownerId, courseId);
  const rows = await db
    .select({ question: questions, paperTopic: questionPapers.topic })
    .from(questions)
    .leftJoin(questionPapers, eq(questionPapers.id, questions.paperId))
    .where(and(eq(questions.courseId, course.id), eq(questions.ownerId, ownerId)))
    .orderBy(asc(questionPapers.createdAt), asc(questionPapers.id), asc(questions.questionNumber));
  if (rows.length === 0) throw httpError(422, IMPORT_TEXT.nothingToExport);
  const file = await tools.run('exportQuestions', {
    format,
    subject: course.subject,
    topic: course.title,
    description: `Every question of the course ${course.title}.`,
    difficulty: 'medium',
    byTopic: true,
    questions: await Promise.all(
      rows.map(async ({ question, paperTopic }, i) => ({
        ...(await questionForMarking(db, question, { withoutScheme: true })),
        topic: question.topic?.trim() || paperTopic?.trim() || null,
        id: `q${i + 1}`,
        name: question.name,
        shuffleOptions: question.shuffleOptions,
      })),
    ),
  });
  return { ...file, filename: `${fileBase(course.title, 'course')}.${file.extension}` };
}
