import { and, eq } from 'drizzle-orm';
import type { StudentAnswer } from '../../shared/classes';
import { CHECK_YOURSELF_BELOW } from '../../shared/mark-scheme';
import type { StoredFeedback } from '../../shared/practice';
import type { SelfAssessRequest, TeacherSelfAssessmentRequest } from '../../shared/self-assessment';
import { marksWithSelfAssessments, SELF_ASSESSMENT_TEXT, type SelfAssessmentEntry } from '../../shared/self-assessment-text';
import type { Db } from '../db/client';
import { feedback } from '../db/schema';
import { httpError } from '../http-error';
import { toStoredFeedback } from './answers';
import { getStudentAnswer } from './classes';
import { refuseWhileWithheld } from './assignment-rules';
import { findQuestion } from './questions';

type FeedbackRow = typeof feedback.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Honest uncertainty (issue 24). A point the marker decided with confidence below CHECK_YOURSELF_BELOW may be
 * marked by the student themselves: 0 or the point's marks. The mark counts in the question's marks (the row's
 * `marks_awarded`, which results, analytics and the markbook sum) as the student gave it until the class teacher
 * overrides it. The marker's own total is kept in `marker_marks_awarded`, so the marks that count are always
 * worked out again from it and the list of self-assessments, never from an earlier sum.
 */

/** The student's feedback row on the question, locked until the transaction ends (a re-mark waits for it). */
async function lockFeedback(tx: Tx, ownerId: string, questionId: string): Promise<FeedbackRow> {
  const [row] = await tx
    .select()
    .from(feedback)
    .where(and(eq(feedback.ownerId, ownerId), eq(feedback.questionId, questionId)))
    .for('update');
  if (!row) throw httpError(409, SELF_ASSESSMENT_TEXT.notEvaluated);
  return row;
}

/** The point's marks as the stored marking has them (older feedback without figures: one mark). */
function pointMax(point: { marks?: number }): number {
  return point.marks ?? 1;
}

/** Writes the new list and the marks that follow from it. */
async function saveSelfAssessments(tx: Tx, row: FeedbackRow, entries: SelfAssessmentEntry[]): Promise<FeedbackRow> {
  const markerTotal = row.markerMarksAwarded ?? row.marksAwarded;
  const marks = marksWithSelfAssessments(markerTotal, row.totalMarks, row.markschemeEvaluation, entries);
  const [updated] = await tx
    .update(feedback)
    .set({ selfAssessments: entries, markerMarksAwarded: markerTotal, marksAwarded: marks })
    .where(eq(feedback.id, row.id))
    .returning();
  return updated;
}

/**
 * POST /api/questions/{id}/self-assessment: the owner of the feedback marks one point the marker was not sure of.
 * A question the caller may not open is a 404 (as every owner-scoped route); a point decided with confidence (or
 * of a levels-marked answer) is a 400, and so are marks other than 0..the point's marks. A later self-assessment
 * of the same point replaces the earlier one, until the teacher has confirmed or overridden it (then 409).
 */
export async function selfAssessPoint(db: Db, ownerId: string, questionId: string, input: SelfAssessRequest): Promise<StoredFeedback> {
  const question = await findQuestion(db, ownerId, questionId);
  await refuseWhileWithheld(db, ownerId, question);
  return db.transaction(async (tx) => {
    const row = await lockFeedback(tx, ownerId, question.id);
    const point = row.markschemeEvaluation.find((p) => p.point_id === input.point_id);
    if (!point) throw httpError(400, SELF_ASSESSMENT_TEXT.pointNotInScheme);
    if (row.level) throw httpError(400, SELF_ASSESSMENT_TEXT.levelsMarked);
    const confidence = point.confidence;
    if (confidence === undefined || confidence >= CHECK_YOURSELF_BELOW) throw httpError(400, SELF_ASSESSMENT_TEXT.confidentPoint);
    const max = pointMax(point);
    if (input.marks_awarded !== 0 && input.marks_awarded !== max) throw httpError(400, SELF_ASSESSMENT_TEXT.marksRange(max));
    // once the teacher has decided on the point, it is theirs: the student cannot undo an override by asking again
    if (row.selfAssessments.some((e) => e.point_id === input.point_id && e.teacher))
      throw httpError(409, SELF_ASSESSMENT_TEXT.teacherDecided);
    const entries = [
      ...row.selfAssessments.filter((e) => e.point_id !== input.point_id),
      { point_id: input.point_id, marks_awarded: input.marks_awarded, at: new Date().toISOString() },
    ];
    return toStoredFeedback(await saveSelfAssessments(tx, row, entries));
  });
}

/**
 * POST /api/classes/{id}/students/{userId}/answers/{questionId}/self-assessments/{pointId}: the class teacher
 * confirms the student's mark for a self-assessed point (it stays as the student gave it) or overrides it with
 * marks of their own (0..the point's marks). Who may: exactly who may open the answer in the markbook (the class's
 * teacher, a current student, a question of a paper assigned to the class: decision 011); anyone else gets a 404.
 */
export async function decideSelfAssessment(
  db: Db,
  teacherId: string,
  params: { classId: string; studentId: string; questionId: string; pointId: string },
  input: TeacherSelfAssessmentRequest,
): Promise<StudentAnswer> {
  const { student } = await getStudentAnswer(db, teacherId, params.classId, params.studentId, params.questionId);
  await db.transaction(async (tx) => {
    const row = await lockFeedback(tx, student.userId, params.questionId);
    const entry = row.selfAssessments.find((e) => e.point_id === params.pointId);
    const point = row.markschemeEvaluation.find((p) => p.point_id === params.pointId);
    if (!entry || !point) throw httpError(409, SELF_ASSESSMENT_TEXT.noSelfAssessment);
    const max = pointMax(point);
    let marks = entry.marks_awarded;
    if (input.decision === 'overridden') {
      if (input.marks_awarded === undefined) throw httpError(400, SELF_ASSESSMENT_TEXT.overrideMarksRequired);
      if (input.marks_awarded > max) throw httpError(400, `marks_awarded must be between 0 and ${max} for this point`);
      marks = input.marks_awarded;
    }
    const decided: SelfAssessmentEntry = {
      ...entry,
      teacher: { decision: input.decision, marks_awarded: marks, at: new Date().toISOString() },
    };
    await saveSelfAssessments(
      tx,
      row,
      row.selfAssessments.map((e) => (e.point_id === params.pointId ? decided : e)),
    );
  });
  return getStudentAnswer(db, teacherId, params.classId, params.studentId, params.questionId);
}
