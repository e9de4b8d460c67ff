import { and, asc, eq, inArray } from 'drizzle-orm';
import { ASSIGNMENT_TEXT } from '../../shared/assignment-text';
import type { AssignmentSettingsInput, OverrideRequest, OverrideResponse, RemarkSummary } from '../../shared/assignments';
import { CLASSES_TEXT } from '../../shared/classes-text';
import type { PointEvaluation } from '../../shared/mark-scheme';
import { marksWithSelfAssessments } from '../../shared/self-assessment-text';
import type { Db } from '../db/client';
import { answers, assignmentAttempts, classAssignments, classMembers, feedback, markOverrides, questions, users } from '../db/schema';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { storeEvaluation } from './answers';
import { applyOverrides, countedMarks, overrideHistory, personName, standingOverrides, type AssignmentRow } from './assignment-rules';
import { checkedSettings } from './assignment-settings';
import { classAssignment, findClassStudent, findTaughtClass } from './classes';
import { isUuid } from './ids';
import { questionForMarking } from './questions';

/**
 * The teacher's side of assessment (issue 30): change an assignment's settings, release its feedback, change a
 * student's mark with a comment, and mark an assignment again after a scheme changes. Every call starts from a
 * class the caller teaches (404 otherwise), and reaches only that class's assignments and current students.
 */

type AttemptRow = typeof assignmentAttempts.$inferSelect;

async function findAssignment(db: Db, teacherId: string, classId: string, assignmentId: string): Promise<AssignmentRow> {
  const row = await findTaughtClass(db, teacherId, classId);
  if (!isUuid(assignmentId)) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  const [found] = await db
    .select()
    .from(classAssignments)
    .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, row.id)));
  if (!found) throw httpError(404, CLASSES_TEXT.assignmentNotFound);
  return found;
}

/** PATCH /api/classes/{id}/assignments/{assignmentId}: the due date and settings; what is not sent stays. */
export async function updateAssignment(
  db: Db,
  teacherId: string,
  classId: string,
  assignmentId: string,
  input: { dueAt?: string | null } & AssignmentSettingsInput,
) {
  const stored = await findAssignment(db, teacherId, classId, assignmentId);
  const settings = checkedSettings(input, stored);
  await db.update(classAssignments).set(settings).where(eq(classAssignments.id, stored.id));
  return classAssignment(db, stored.classId, stored.id);
}

/** POST /api/classes/{id}/assignments/{assignmentId}/release: the students see their marks, points and the scheme. */
export async function releaseAssignment(db: Db, teacherId: string, classId: string, assignmentId: string) {
  const stored = await findAssignment(db, teacherId, classId, assignmentId);
  if (!stored.releasedAt) await db.update(classAssignments).set({ releasedAt: new Date() }).where(eq(classAssignments.id, stored.id));
  return classAssignment(db, stored.classId, stored.id);
}

/** A question of a paper assigned to the class (404 otherwise). */
async function assignedQuestion(db: Db, classId: string, questionId: string) {
  if (!isUuid(questionId)) throw httpError(404, CLASSES_TEXT.questionNotFound);
  const [found] = await db
    .select({ question: questions })
    .from(questions)
    .innerJoin(classAssignments, and(eq(classAssignments.paperId, questions.paperId), eq(classAssignments.classId, classId)))
    .where(eq(questions.id, questionId));
  if (!found) throw httpError(404, CLASSES_TEXT.questionNotFound);
  return found.question;
}

/**
 * POST /api/classes/{id}/marks: the teacher sets a current student's mark on a question of an assigned paper (or
 * one point's), with a comment. Kept with who, when, before and after; the student's feedback shows the new mark
 * and the comment; every later re-mark applies it again (storeEvaluation).
 */
export async function overrideMark(db: Db, teacherId: string, classId: string, input: OverrideRequest): Promise<OverrideResponse> {
  const { classRow, student } = await findClassStudent(db, teacherId, classId, input.studentId);
  const question = await assignedQuestion(db, classRow.id, input.questionId);
  const pointId = input.pointId ?? null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(feedback)
      .where(and(eq(feedback.ownerId, student.userId), eq(feedback.questionId, question.id)))
      .for('update');
    let marksBefore: number | null = row ? row.marksAwarded : null;
    let point: PointEvaluation | undefined;
    if (pointId !== null) {
      if (!row) throw httpError(409, ASSIGNMENT_TEXT.overrideNoMarking);
      point = row.markschemeEvaluation.find((p) => p.point_id === pointId);
      if (!point) throw httpError(400, ASSIGNMENT_TEXT.overridePointNotInScheme);
      const max = point.marks ?? 1;
      if (input.marksAwarded > max) throw httpError(400, ASSIGNMENT_TEXT.overrideTooHigh(max));
      marksBefore = point.marks_awarded ?? (point.status === 'COVERED' ? max : 0);
    } else if (input.marksAwarded > question.totalMarks) {
      throw httpError(400, ASSIGNMENT_TEXT.overrideTooHigh(question.totalMarks));
    }
    const [saved] = await tx
      .insert(markOverrides)
      .values({
        classId: classRow.id,
        studentId: student.userId,
        questionId: question.id,
        pointId,
        marksBefore,
        marksAfter: input.marksAwarded,
        comment: input.comment.trim(),
        teacherId,
      })
      .returning();
    const notes = [...(row?.teacherOverrides ?? []).filter((n) => n.point_id !== pointId)];
    notes.push({ point_id: pointId, marks_awarded: saved.marksAfter, comment: saved.comment, at: saved.createdAt.toISOString() });
    let marksAwarded: number;
    if (!row) {
      // the answer was never marked here (handed in on paper, say): the teacher's mark stands alone
      marksAwarded = saved.marksAfter;
      await tx.insert(feedback).values({
        ownerId: student.userId,
        questionId: question.id,
        marksAwarded,
        totalMarks: question.totalMarks,
        qualitativeFeedback: saved.comment,
        markschemeEvaluation: [],
        markedBy: ASSIGNMENT_TEXT.markedByTeacher,
        markerMarksAwarded: marksAwarded,
        teacherOverrides: notes,
      });
    } else if (pointId === null) {
      marksAwarded = saved.marksAfter;
      await tx
        .update(feedback)
        .set({ marksAwarded, markerMarksAwarded: marksAwarded, selfAssessments: [], teacherOverrides: notes })
        .where(eq(feedback.id, row.id));
    } else {
      // the point changes, and the question's marks by the difference (the student's own check of it is superseded)
      const applied = applyOverrides(
        { marksAwarded: row.markerMarksAwarded ?? row.marksAwarded, evaluation: row.markschemeEvaluation },
        [saved],
        question.totalMarks,
      );
      const entries = row.selfAssessments.filter((e) => e.point_id !== pointId);
      marksAwarded = marksWithSelfAssessments(applied.marksAwarded, question.totalMarks, applied.evaluation, entries);
      await tx
        .update(feedback)
        .set({
          marksAwarded,
          markerMarksAwarded: applied.marksAwarded,
          markschemeEvaluation: applied.evaluation,
          selfAssessments: entries,
          teacherOverrides: notes,
        })
        .where(eq(feedback.id, row.id));
    }
    const [history] = (await overrideHistory(tx, student.userId, question.id)).filter((o) => o.id === saved.id);
    return { override: history, marksAwarded, totalMarks: question.totalMarks };
  });
}

/**
 * POST /api/classes/{id}/assignments/{assignmentId}/remark: after the teacher edits a scheme, every current student's
 * attempts (and latest answer) on the assignment's questions are marked again; overrides stand. Returns the counted
 * marks that changed.
 */
export async function remarkAssignment(
  db: Db,
  engine: Engine,
  teacherId: string,
  classId: string,
  assignmentId: string,
): Promise<RemarkSummary> {
  const assignment = await findAssignment(db, teacherId, classId, assignmentId);
  const paperQuestions = await db
    .select()
    .from(questions)
    .where(eq(questions.paperId, assignment.paperId))
    .orderBy(asc(questions.questionNumber));
  const students = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(eq(classMembers.classId, assignment.classId));
  const questionIds = paperQuestions.map((q) => q.id);
  const summary: RemarkSummary = { remarked: 0, changed: [] };
  if (questionIds.length === 0) return summary;
  for (const student of students) {
    const [attempts, feedbackRows, answerRows, overrides] = await Promise.all([
      db
        .select()
        .from(assignmentAttempts)
        .where(and(eq(assignmentAttempts.ownerId, student.userId), eq(assignmentAttempts.assignmentId, assignment.id)))
        .orderBy(asc(assignmentAttempts.number)),
      db
        .select()
        .from(feedback)
        .where(and(eq(feedback.ownerId, student.userId), inArray(feedback.questionId, questionIds))),
      db
        .select()
        .from(answers)
        .where(and(eq(answers.ownerId, student.userId), inArray(answers.questionId, questionIds), eq(answers.submitted, true))),
      standingOverrides(db, student.userId, questionIds),
    ]);
    for (const question of paperQuestions) {
      if (question.needsScheme) continue;
      const mine = attempts.filter((a) => a.questionId === question.id);
      const mark = feedbackRows.find((f) => f.questionId === question.id);
      const answer = answerRows.find((a) => a.questionId === question.id);
      const standing = overrides.get(question.id) ?? [];
      const before = countedMarks(assignment, mine, mark, standing, question.totalMarks).marksAwarded;
      const forMarking = await questionForMarking(db, question);
      const remarked: AttemptRow[] = [];
      for (const attempt of mine) {
        const result = await engine.evaluateAnswer({ question: forMarking, answer: attempt.text });
        const values = {
          marksAwarded: Math.min(Math.max(result.marks_awarded, 0), question.totalMarks),
          totalMarks: question.totalMarks,
          markschemeEvaluation: result.markscheme_evaluation,
        };
        await db.update(assignmentAttempts).set(values).where(eq(assignmentAttempts.id, attempt.id));
        remarked.push({ ...attempt, ...values });
        summary.remarked += 1;
      }
      // the student's latest marked text is their feedback: marked again (overrides re-applied by storeEvaluation)
      const latestText = mark?.evaluatedText ?? (answer ? answer.text : null);
      let newMark: { marksAwarded: number; evaluatedText: string | null } | undefined = mark;
      if (latestText !== null && mark && mark.markedBy !== ASSIGNMENT_TEXT.markedByTeacher) {
        const result = await engine.evaluateAnswer({ question: forMarking, answer: latestText });
        const stored = await storeEvaluation(db, student.userId, question, latestText, result);
        newMark = { marksAwarded: stored.marks_awarded, evaluatedText: latestText };
        if (mine.length === 0) summary.remarked += 1;
      }
      const after = countedMarks(assignment, remarked, newMark, standing, question.totalMarks).marksAwarded;
      if (after !== before) {
        summary.changed.push({
          studentId: student.userId,
          name: personName(student),
          questionId: question.id,
          label: `Q${question.questionNumber}`,
          before,
          after,
        });
      }
    }
  }
  return summary;
}
