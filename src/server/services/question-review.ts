import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { CLASSES_TEXT } from '../../shared/classes-text';
import type { CorrectTranscriptRequest, QuestionAnswers, ReviewStudentAnswer } from '../../shared/question-review';
import type { Db } from '../db/client';
import {
  answers,
  assignmentAttempts,
  classAssignments,
  classMembers,
  feedback,
  questionPapers,
  questions,
  transcriptCorrections,
  users,
} from '../db/schema';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { storeEvaluation } from './answers';
import { personName } from './assignment-rules';
import { findClassStudent, findTaughtClass } from './classes';
import { isUuid } from './ids';
import { questionForMarking } from './questions';

/**
 * Reviewing an assignment question by question (issue 26 item 5): the class's teacher sees every current student's
 * answer to one question with its marks and points, corrects the text a scanned answer was read as (the answer is
 * marked again with it, and the correction kept with who and when), and changes marks with the override call.
 */

type QuestionRow = typeof questions.$inferSelect;

/** The rows each student's review entry is made of, for these students and one question. */
async function entries(db: Db, question: QuestionRow, students: { userId: string; name: string }[]): Promise<ReviewStudentAnswer[]> {
  const ids = students.map((s) => s.userId);
  if (ids.length === 0) return [];
  const [answerRows, feedbackRows, corrections] = await Promise.all([
    db
      .select()
      .from(answers)
      .where(and(eq(answers.questionId, question.id), inArray(answers.ownerId, ids))),
    db
      .select()
      .from(feedback)
      .where(and(eq(feedback.questionId, question.id), inArray(feedback.ownerId, ids))),
    db
      .select({ c: transcriptCorrections, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(transcriptCorrections)
      .innerJoin(users, eq(users.id, transcriptCorrections.teacherId))
      .where(and(eq(transcriptCorrections.questionId, question.id), inArray(transcriptCorrections.studentId, ids)))
      .orderBy(desc(transcriptCorrections.createdAt)),
  ]);
  return students.map((s) => {
    const answer = answerRows.find((a) => a.ownerId === s.userId);
    const mark = feedbackRows.find((f) => f.ownerId === s.userId);
    const correction = corrections.find((c) => c.c.studentId === s.userId);
    return {
      studentId: s.userId,
      name: s.name,
      answer: mark?.evaluatedText ?? (answer?.text ? answer.text : null),
      marksAwarded: mark ? mark.marksAwarded : null,
      totalMarks: question.totalMarks,
      markedBy: mark?.markedBy ?? null,
      points: mark?.markschemeEvaluation ?? [],
      overridden: (mark?.teacherOverrides ?? []).length > 0,
      correction: correction ? { at: correction.c.createdAt.toISOString(), by: personName(correction) } : null,
    };
  });
}

/** An assignment of a class the caller teaches, and a question of its paper (404 otherwise, naming no id). */
async function assignmentQuestion(db: Db, teacherId: string, classId: string, assignmentId: string, questionId: string) {
  const classRow = await findTaughtClass(db, teacherId, classId);
  if (!isUuid(assignmentId)) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  const [assignment] = await db
    .select({ id: classAssignments.id, paperId: classAssignments.paperId, paperTitle: questionPapers.title })
    .from(classAssignments)
    .innerJoin(questionPapers, eq(questionPapers.id, classAssignments.paperId))
    .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classRow.id)));
  if (!assignment) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  if (!isUuid(questionId)) throw httpError(404, CLASSES_TEXT.questionNotFound);
  const [question] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.paperId, assignment.paperId)));
  if (!question) throw httpError(404, CLASSES_TEXT.questionNotFound);
  return { classRow, assignment, question };
}

/** GET /api/classes/{id}/assignments/{assignmentId}/questions/{questionId}/answers: every current student's answer. */
export async function questionAnswers(
  db: Db,
  teacherId: string,
  classId: string,
  assignmentId: string,
  questionId: string,
): Promise<QuestionAnswers> {
  const { classRow, assignment, question } = await assignmentQuestion(db, teacherId, classId, assignmentId, questionId);
  const [paperQuestions, members] = await Promise.all([
    db
      .select({ id: questions.id, number: questions.questionNumber })
      .from(questions)
      .where(eq(questions.paperId, assignment.paperId))
      .orderBy(asc(questions.questionNumber)),
    db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.userId))
      .where(eq(classMembers.classId, classRow.id)),
  ]);
  const students = members.map((m) => ({ userId: m.userId, name: personName(m) })).sort((a, b) => a.name.localeCompare(b.name));
  return {
    paperTitle: assignment.paperTitle,
    question: { id: question.id, number: question.questionNumber, text: question.text, totalMarks: question.totalMarks },
    questions: paperQuestions,
    students: await entries(db, question, students),
  };
}

/**
 * POST /api/classes/{id}/students/{userId}/answers/{questionId}/transcript: the teacher writes what a current
 * student's answer really says (a scanned page read wrongly). The answer becomes that text, is marked again (the
 * teacher's overrides stand), the student's latest attempt on the assignment follows, and the correction is kept.
 */
export async function correctTranscript(
  db: Db,
  engine: Engine,
  teacherId: string,
  classId: string,
  studentId: string,
  questionId: string,
  input: CorrectTranscriptRequest,
): Promise<ReviewStudentAnswer> {
  const { classRow, student } = await findClassStudent(db, teacherId, classId, studentId);
  if (!isUuid(questionId)) throw httpError(404, CLASSES_TEXT.questionNotFound);
  const [found] = await db
    .select({ question: questions, assignmentId: classAssignments.id })
    .from(questions)
    .innerJoin(classAssignments, and(eq(classAssignments.paperId, questions.paperId), eq(classAssignments.classId, classRow.id)))
    .where(eq(questions.id, questionId));
  if (!found) throw httpError(404, CLASSES_TEXT.questionNotFound);
  const question = found.question;
  const text = input.text;
  // marked first: a question that cannot be marked (no scheme yet) changes nothing
  const result = await engine.evaluateAnswer({ question: await questionForMarking(db, question), answer: text });
  const [before] = await db
    .select()
    .from(answers)
    .where(and(eq(answers.ownerId, student.userId), eq(answers.questionId, question.id)));
  const [marked] = await db
    .select({ evaluatedText: feedback.evaluatedText })
    .from(feedback)
    .where(and(eq(feedback.ownerId, student.userId), eq(feedback.questionId, question.id)));
  const now = new Date();
  if (before) {
    await db
      .update(answers)
      .set({ text, submitted: true, revision: before.revision + 1, updatedAt: now, submittedAt: before.submittedAt ?? now })
      .where(eq(answers.id, before.id));
  } else {
    await db.insert(answers).values({ ownerId: student.userId, questionId: question.id, text, submitted: true, submittedAt: now });
  }
  await storeEvaluation(db, student.userId, question, text, result);
  // the attempt the scan recorded (the latest) is the corrected one: the markbook counts the new marking
  const [latest] = await db
    .select({ id: assignmentAttempts.id })
    .from(assignmentAttempts)
    .where(
      and(
        eq(assignmentAttempts.ownerId, student.userId),
        eq(assignmentAttempts.assignmentId, found.assignmentId),
        eq(assignmentAttempts.questionId, question.id),
      ),
    )
    .orderBy(desc(assignmentAttempts.number))
    .limit(1);
  if (latest) {
    await db
      .update(assignmentAttempts)
      .set({
        text,
        marksAwarded: Math.min(Math.max(result.marks_awarded, 0), question.totalMarks),
        totalMarks: question.totalMarks,
        markschemeEvaluation: result.markscheme_evaluation,
      })
      .where(eq(assignmentAttempts.id, latest.id));
  }
  await db.insert(transcriptCorrections).values({
    classId: classRow.id,
    studentId: student.userId,
    questionId: question.id,
    textBefore: marked?.evaluatedText ?? before?.text ?? null,
    textAfter: text,
    teacherId,
  });
  const [entry] = await entries(db, question, [student]);
  return entry;
}
