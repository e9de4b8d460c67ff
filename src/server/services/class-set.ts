import { and, asc, eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import { CLASS_SET_TEXT } from '../../shared/class-set-text';
import { CLASSES_TEXT } from '../../shared/classes-text';
import type { GradingQuestion } from '../../shared/teacher';
import type { Db } from '../db/client';
import { classAssignments, classMembers, courses, practicePapers, questionPapers, questions, users } from '../db/schema';
import type { Difficulty, GeneratedPaper } from '../engine/engine';
import { toGradingQuestion } from '../engine/grading/grading-question';
import type { PaperCopy } from '../engine/render-practice-paper-pdf';
import { httpError } from '../http-error';
import { personName } from './assignment-rules';
import { findTaughtClass } from './classes';
import { isUuid } from './ids';
import { storePrintedPaper } from './practice-paper';
import { questionForMarking } from './questions';

type PaperRow = typeof questionPapers.$inferSelect;

/**
 * The printed paper of an assignment's class set: the assigned paper's questions as stored, kept for the teacher
 * under a paper code (the photo grader finds its schemes by that code). Printing again gives the same code while
 * the paper is unchanged; a changed paper (a scheme rewritten) gets a new code.
 */
async function classSetPaper(db: Db, teacherId: string, className: string, subject: string, paper: PaperRow) {
  const rows = await db.select().from(questions).where(eq(questions.paperId, paper.id)).orderBy(asc(questions.questionNumber));
  const gradingQuestions: GradingQuestion[] = [];
  for (const [i, row] of rows.entries()) {
    const q = await questionForMarking(db, row, { withoutScheme: true });
    gradingQuestions.push(toGradingQuestion(q, i + 1, `question:${row.id}`));
  }
  const title = `${paper.title} (class set, ${className})`;
  const earlier = await db
    .select({ code: practicePapers.code, questions: practicePapers.questions })
    .from(practicePapers)
    .where(and(eq(practicePapers.ownerId, teacherId), eq(practicePapers.title, title)));
  const same = earlier.find((p) => isDeepStrictEqual(p.questions, gradingQuestions));
  const topic = paper.topic?.trim() || paper.title;
  const code =
    same?.code ??
    (await storePrintedPaper(db, teacherId, {
      title,
      subject,
      topic,
      difficultyLevel: paper.difficultyLevel,
      questions: gradingQuestions,
      generatedBy: paper.generatedBy,
      note: null,
    }));
  return { code, questions: gradingQuestions, topic };
}

/** An assignment of a class the caller teaches, with its paper and subject: 404 for anyone else or another class's. */
async function taughtAssignment(db: Db, teacherId: string, classId: string, assignmentId: string) {
  const classRow = await findTaughtClass(db, teacherId, classId);
  if (!isUuid(assignmentId)) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  const [found] = await db
    .select({ paper: questionPapers, subject: courses.subject })
    .from(classAssignments)
    .innerJoin(questionPapers, eq(questionPapers.id, classAssignments.paperId))
    .leftJoin(courses, eq(courses.id, questionPapers.courseId))
    .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classRow.id)));
  if (!found) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  return { classRow, found };
}

/**
 * The paper code a class set of the assignment is printed under (the same code the PDF carries while the paper is
 * unchanged), for the teacher of the class only (404 otherwise): what an uploaded scan's pages are checked against.
 */
export async function classSetPaperCode(
  db: Db,
  teacherId: string,
  classId: string,
  assignmentId: string,
): Promise<{ classId: string; assignmentId: string; paperId: string; code: string }> {
  const { classRow, found } = await taughtAssignment(db, teacherId, classId, assignmentId);
  const printed = await classSetPaper(db, teacherId, classRow.name, found.subject ?? classRow.subject, found.paper);
  return { classId: classRow.id, assignmentId, paperId: found.paper.id, code: printed.code };
}

/**
 * GET /api/classes/{id}/assignments/{assignmentId}/class-set.pdf (issue 26): the assigned paper printed once per
 * current student of the class (by name), each copy from a new page with the student's name in a name box on every
 * page and a QR code of paper, student and page; the same questions and values in every copy. Only the class's
 * teacher (404 for anyone else); 409 when the class has no students.
 */
export async function classSetPdf(
  db: Db,
  teacherId: string,
  classId: string,
  assignmentId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const { classRow, found } = await taughtAssignment(db, teacherId, classId, assignmentId);
  const students = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(eq(classMembers.classId, classRow.id))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username));
  if (students.length === 0) throw httpError(409, CLASS_SET_TEXT.noStudents);
  const subject = found.subject ?? classRow.subject;
  const printed = await classSetPaper(db, teacherId, classRow.name, subject, found.paper);
  const paper: GeneratedPaper = {
    title: found.paper.title,
    description: '',
    topic: printed.topic,
    difficultyLevel: found.paper.difficultyLevel,
    generatedBy: found.paper.generatedBy ?? 'Markwell',
    questions: printed.questions.map((q) => ({
      text: q.text,
      type: q.type,
      totalMarks: q.totalMarks,
      markScheme: q.markScheme,
      hints: [],
      ...(q.options ? { options: q.options } : {}),
    })),
  };
  const copies: PaperCopy[] = students.map((s) => ({ studentId: s.userId, name: personName(s) }));
  // Loaded on first use: pdfkit and the QR code writer (about 30 MB resident) stay out of an idle server (issue 29).
  const { renderPracticePaperPdf } = await import('../engine/render-practice-paper-pdf');
  const pdf = await renderPracticePaperPdf(
    paper,
    { subject, difficultyLevel: found.paper.difficultyLevel as Difficulty, includeAnswers: false, includeMarkScheme: false },
    printed.code,
    copies,
  );
  return { filename: `${printed.code.toLowerCase()}-class-set.pdf`, pdf };
}
