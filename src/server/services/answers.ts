import { and, desc, eq, sql } from 'drizzle-orm';
import type { Answer, StoredFeedback } from '../../shared/practice';
import type { Db } from '../db/client';
import { answers, feedback, questions, studyActivity } from '../db/schema';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { findQuestion, questionForMarking } from './questions';

type AnswerRow = typeof answers.$inferSelect;
type FeedbackRow = typeof feedback.$inferSelect;

function toAnswer(row: AnswerRow): Answer {
  return {
    id: row.id,
    questionId: row.questionId,
    userId: row.ownerId,
    text: row.text,
    submitted: row.submitted,
    timeSpentSeconds: row.timeSpentSeconds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toStoredFeedback(row: FeedbackRow): StoredFeedback {
  return {
    questionId: row.questionId,
    marks_awarded: row.marksAwarded,
    total_marks: row.totalMarks,
    qualitative_feedback: row.qualitativeFeedback,
    markscheme_evaluation: row.markschemeEvaluation,
    marked_by: row.markedBy ?? undefined,
    disagreements: row.disagreements,
    createdAt: row.createdAt.toISOString(),
    evaluatedText: row.evaluatedText,
  };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function getAnswer(db: Db, ownerId: string, questionId: string): Promise<Answer | null> {
  await findQuestion(db, ownerId, questionId);
  const [row] = await db.select().from(answers).where(and(eq(answers.ownerId, ownerId), eq(answers.questionId, questionId)));
  return row ? toAnswer(row) : null;
}

/**
 * Saves a draft or a submission. A submitted answer stays submitted when edited (§4). Active time since the
 * last save is added to the answer and to the day's study record; a save that only brings time leaves the
 * answer's updatedAt alone.
 */
export async function saveAnswer(
  db: Db,
  ownerId: string,
  input: { questionId: string; text: string; submitted: boolean; timeSpentSeconds?: number },
): Promise<Answer> {
  const question = await findQuestion(db, ownerId, input.questionId);
  const seconds = input.timeSpentSeconds ?? 0;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ submitted: answers.submitted, text: answers.text })
      .from(answers)
      .where(and(eq(answers.ownerId, ownerId), eq(answers.questionId, question.id)));
    const now = new Date();
    const changed = input.submitted || before?.text !== input.text;
    const [row] = await tx
      .insert(answers)
      .values({
        ownerId,
        questionId: question.id,
        text: input.text,
        submitted: input.submitted,
        timeSpentSeconds: seconds,
        submittedAt: input.submitted ? now : null,
      })
      .onConflictDoUpdate({
        target: [answers.ownerId, answers.questionId],
        set: {
          text: input.text,
          submitted: sql`${answers.submitted} or ${input.submitted}`,
          timeSpentSeconds: sql`${answers.timeSpentSeconds} + ${seconds}`,
          updatedAt: changed ? now : sql`${answers.updatedAt}`,
          submittedAt: input.submitted ? now : sql`${answers.submittedAt}`,
        },
      })
      .returning();
    const firstSubmission = input.submitted && !before?.submitted;
    if (seconds > 0 || firstSubmission) {
      await tx.insert(studyActivity).values({
        ownerId,
        day: today(),
        courseId: question.courseId,
        questionId: question.id,
        kind: question.paperId ? 'exam' : 'practice',
        seconds,
        questionsAnswered: firstSubmission ? 1 : 0,
      });
    }
    return toAnswer(row);
  });
}

/** Marks an answer with the engine and keeps the result as the question's feedback (the server's own). */
export async function evaluateAnswer(db: Db, engine: Engine, ownerId: string, input: { questionId: string; answer: string }) {
  const question = await findQuestion(db, ownerId, input.questionId);
  const result = await engine.evaluateAnswer({ question: await questionForMarking(db, question), answer: input.answer });
  const marks = Math.min(Math.max(result.marks_awarded, 0), question.totalMarks);
  const values = {
    marksAwarded: marks,
    totalMarks: question.totalMarks,
    qualitativeFeedback: result.qualitative_feedback,
    markschemeEvaluation: result.markscheme_evaluation,
    markedBy: result.marked_by ?? null,
    evaluatedText: input.answer,
  };
  const evaluatedAt = new Date();
  const [row] = await db
    .insert(feedback)
    .values({ ownerId, questionId: question.id, ...values, createdAt: evaluatedAt })
    .onConflictDoUpdate({
      target: [feedback.ownerId, feedback.questionId],
      set: { ...values, disagreements: sql`'[]'::jsonb`, createdAt: evaluatedAt },
    })
    .returning();
  return toStoredFeedback(row);
}

export async function getFeedback(db: Db, ownerId: string, questionId: string): Promise<StoredFeedback | null> {
  await findQuestion(db, ownerId, questionId);
  const [row] = await db.select().from(feedback).where(and(eq(feedback.ownerId, ownerId), eq(feedback.questionId, questionId)));
  return row ? toStoredFeedback(row) : null;
}

/**
 * POST /api/feedback/save (§4's last step). Marks are the server's: the evaluation already stored them,
 * so a client cannot award itself marks; this confirms and returns what is stored.
 */
export async function confirmFeedback(db: Db, ownerId: string, questionId: string): Promise<StoredFeedback> {
  const stored = await getFeedback(db, ownerId, questionId);
  if (!stored) throw httpError(409, 'This answer has not been evaluated yet. Submit it first.');
  return stored;
}

/** The student disagrees with the marking of one point: kept and shown with the answer. */
export async function disagreeWithPoint(db: Db, ownerId: string, input: { questionId: string; pointId: string; reason: string }) {
  const stored = await getFeedback(db, ownerId, input.questionId);
  if (!stored) throw httpError(409, 'This answer has not been evaluated yet. Submit it first.');
  if (!stored.markscheme_evaluation.some((p) => p.point_id === input.pointId)) {
    throw httpError(400, 'That point is not part of this mark scheme.');
  }
  const disagreements = [
    ...stored.disagreements.filter((d) => d.point_id !== input.pointId),
    { point_id: input.pointId, reason: input.reason, at: new Date().toISOString() },
  ];
  const [row] = await db
    .update(feedback)
    .set({ disagreements })
    .where(and(eq(feedback.ownerId, ownerId), eq(feedback.questionId, input.questionId)))
    .returning();
  return toStoredFeedback(row);
}

/** GET /api/user/answers: the student's answers with their marks, newest first. */
export async function listUserAnswers(db: Db, ownerId: string) {
  const rows = await db
    .select({ answer: answers, question: questions, feedback })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .leftJoin(feedback, and(eq(feedback.questionId, answers.questionId), eq(feedback.ownerId, answers.ownerId)))
    .where(eq(answers.ownerId, ownerId))
    .orderBy(desc(answers.updatedAt));
  return rows.map(({ answer, question, feedback: f }) => ({
    ...toAnswer(answer),
    courseId: question.courseId,
    totalMarks: question.totalMarks,
    marksAwarded: f ? f.marksAwarded : null,
    score: f && f.totalMarks > 0 ? Math.round((1000 * f.marksAwarded) / f.totalMarks) / 10 : null,
  }));
}
