import { and, desc, eq, sql } from 'drizzle-orm';
import type { Feedback } from '../../shared/mark-scheme';
import type { Answer, AnswerConflict, StoredFeedback } from '../../shared/practice';
import { selfAssessedMarksOf } from '../../shared/self-assessment-text';
import type { Db } from '../db/client';
import { inGroupCommit } from '../db/group-commit';
import { answers, disputes, feedback, questions, studyActivity } from '../db/schema';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import {
  applyOverrides,
  asShownToStudent,
  assignmentsOfStudent,
  checkSubmission,
  recordAttempt,
  refuseWhileWithheld,
  rulesOver,
  standingOverrides,
  startClock,
  withheldNow,
} from './assignment-rules';
import { isUuid } from './ids';
import { studentOfAssignedPaper } from './paper-access';
import { findQuestion, questionForMarking, type QuestionRow } from './questions';
import { recordReview } from './review';

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
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored feedback as GET /api/questions/{id}/feedback returns it (marks count self-assessed points: issue 24). */
export function toStoredFeedback(row: FeedbackRow): StoredFeedback {
  return {
    questionId: row.questionId,
    marks_awarded: row.marksAwarded,
    total_marks: row.totalMarks,
    qualitative_feedback: row.qualitativeFeedback,
    markscheme_evaluation: row.markschemeEvaluation,
    marked_by: row.markedBy ?? undefined,
    disagreements: row.disagreements,
    ...(row.level ? { level: row.level } : {}),
    createdAt: row.createdAt.toISOString(),
    evaluatedText: row.evaluatedText,
    self_assessments: row.selfAssessments,
    self_assessed_marks: selfAssessedMarksOf(row.selfAssessments),
    ...(row.teacherOverrides.length > 0 ? { teacher_overrides: row.teacherOverrides } : {}),
  };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function getAnswer(db: Db, ownerId: string, questionId: string): Promise<Answer | null> {
  await findQuestion(db, ownerId, questionId);
  const [row] = await db
    .select()
    .from(answers)
    .where(and(eq(answers.ownerId, ownerId), eq(answers.questionId, questionId)));
  return row ? toAnswer(row) : null;
}

type SaveInput = { questionId: string; text: string; submitted: boolean; timeSpentSeconds?: number; revision?: number };

/** A save is refused when it was based on an older revision, or (without one) is a draft over a submitted answer. */
export const STALE_SAVE_MESSAGE =
  'This answer was changed in another tab or on another device since this copy was loaded. Nothing was overwritten: merge the two versions and save again.';

export type SaveResult = { saved: Answer } | { conflict: AnswerConflict };

/**
 * Saves a draft or a submission, in order (decision 004, ordered saves). A save names the revision its text is
 * based on; the stored answer changes only if that is still the stored revision, or if the text is the same
 * (time only, or a submission of what is stored). Otherwise nothing is overwritten and the stored text and
 * revision come back as a conflict for the student to merge. A save without a revision (the spec's payload)
 * is applied as before (last write wins; a submitted answer stays submitted). Every change of text
 * and every submission bumps the revision. A submitted answer stays submitted when edited (§4). Active time
 * is added to the answer and to the day's study record even when the text is refused; a save that only
 * brings time leaves the answer's updatedAt and revision alone.
 */
export async function saveAnswer(db: Db, ownerId: string, input: SaveInput): Promise<SaveResult> {
  const drafted = input.submitted ? null : await saveDraftInOneStatement(db, ownerId, input);
  if (drafted) return { saved: drafted };
  const question = await findQuestion(db, ownerId, input.questionId);
  if (input.submitted) {
    // An assigned paper's rules (issue 30): a refused submission keeps the text as a draft, then says why.
    const refusal = await checkSubmission(db, ownerId, question, input.text).then(
      () => null,
      (error: unknown) => error,
    );
    if (refusal) {
      const kept = await saveAnswer(db, ownerId, { ...input, submitted: false });
      if ('conflict' in kept) return kept;
      throw refusal;
    }
  }
  if (question.access === 'student') await startClock(db, ownerId, question.paperId ?? '');
  const seconds = input.timeSpentSeconds ?? 0;
  return db.transaction(async (tx) => {
    const mine = and(eq(answers.ownerId, ownerId), eq(answers.questionId, question.id));
    // The row is locked until the transaction ends, so two saves cannot both pass the revision check.
    const lockStored = async () => (await tx.select().from(answers).where(mine).for('update'))[0];
    const now = new Date();
    let before = await lockStored();
    if (!before) {
      const [created] = await tx
        .insert(answers)
        .values({
          ownerId,
          questionId: question.id,
          text: input.text,
          submitted: input.submitted,
          timeSpentSeconds: seconds,
          revision: 1,
          submittedAt: input.submitted ? now : null,
        })
        .onConflictDoNothing({ target: [answers.ownerId, answers.questionId] })
        .returning();
      if (created) {
        await recordStudy(tx, ownerId, question, seconds, input.submitted);
        return { saved: toAnswer(created) };
      }
      before = await lockStored(); // another save created it a moment ago: order against that one
      if (!before) throw new Error('answer row vanished during save');
    }

    const sameText = before.text === input.text;
    // Without a revision (the spec's payload) a save cannot be ordered: it applies, and a submitted answer stays
    // submitted (§4 'Editing a submitted answer keeps it submitted'). Our client always sends its revision.
    const stale = input.revision !== undefined && input.revision !== before.revision;
    if (stale && !sameText) {
      // Refused, but the time was really spent studying.
      if (seconds > 0) {
        await tx
          .update(answers)
          .set({ timeSpentSeconds: sql`${answers.timeSpentSeconds} + ${seconds}` })
          .where(eq(answers.id, before.id));
        await recordStudy(tx, ownerId, question, seconds, false);
      }
      return { conflict: { message: STALE_SAVE_MESSAGE, text: before.text, revision: before.revision, submitted: before.submitted } };
    }

    const changed = input.submitted || !sameText;
    const [row] = await tx
      .update(answers)
      .set({
        text: input.text,
        submitted: before.submitted || input.submitted,
        timeSpentSeconds: sql`${answers.timeSpentSeconds} + ${seconds}`,
        revision: changed ? before.revision + 1 : before.revision,
        updatedAt: changed ? now : before.updatedAt,
        submittedAt: input.submitted ? now : before.submittedAt,
      })
      .where(eq(answers.id, before.id))
      .returning();
    await recordStudy(tx, ownerId, question, seconds, input.submitted && !before.submitted);
    return { saved: toAnswer(row) };
  });
}

/**
 * The autosave's common case in one statement (one round trip, one commit): a draft of an answer that exists,
 * on a question the student may answer (paper-access.ts), based on the stored revision (or without one, or with the stored text). The
 * text, time and revision change together, and the day's study record gets the seconds, exactly as the full
 * path below would do them. Anything else (a new answer, a stale draft, a question that is not the student's)
 * returns null and takes the full path, which decides it under a row lock.
 */
async function saveDraftInOneStatement(db: Db, ownerId: string, input: SaveInput): Promise<Answer | null> {
  if (!isUuid(input.questionId)) return null;
  const seconds = input.timeSpentSeconds ?? 0;
  const revision = input.revision ?? null;
  // On PGlite, autosaves arriving together share one commit (one fsync): decision 012.
  const result = await inGroupCommit(db, (tx) =>
    tx.execute(sql`
    with saved as (
      update answers a set
        text = ${input.text},
        time_spent_seconds = a.time_spent_seconds + ${seconds}::int,
        revision = case when a.text <> ${input.text} then a.revision + 1 else a.revision end,
        updated_at = case when a.text <> ${input.text} then now() else a.updated_at end
      from questions q
      where a.owner_id = ${ownerId} and a.question_id = ${input.questionId}
        and q.id = a.question_id and (q.owner_id = ${ownerId} or ${studentOfAssignedPaper(ownerId, sql`q.paper_id`)})
        and (${revision}::int is null or a.revision = ${revision}::int or a.text = ${input.text})
      returning a.id, a.question_id, a.owner_id, a.text, a.submitted, a.time_spent_seconds, a.revision, a.created_at, a.updated_at,
        q.course_id, q.paper_id
    ), studied as (
      insert into study_activity (owner_id, day, course_id, question_id, kind, seconds, questions_answered)
      select owner_id, ${today()}::date, course_id, question_id, case when paper_id is null then 'practice' else 'exam' end, ${seconds}::int, 0
      from saved where ${seconds}::int > 0
    )
    select * from saved`),
  );
  const [row] = (result as unknown as { rows: unknown[] }).rows as {
    id: string;
    question_id: string;
    owner_id: string;
    text: string;
    submitted: boolean;
    time_spent_seconds: number;
    revision: number;
    created_at: Date | string;
    updated_at: Date | string;
  }[];
  if (!row) return null;
  return {
    id: row.id,
    questionId: row.question_id,
    userId: row.owner_id,
    text: row.text,
    submitted: row.submitted,
    timeSpentSeconds: Number(row.time_spent_seconds),
    revision: Number(row.revision),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Active seconds and a first submission go to the day's study record (what the analytics read). */
async function recordStudy(
  tx: Tx,
  ownerId: string,
  question: { id: string; courseId: string; paperId: string | null },
  seconds: number,
  firstSubmission: boolean,
) {
  if (seconds <= 0 && !firstSubmission) return;
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

/** Marks an answer with the engine and keeps the result as the question's feedback (the server's own). */
export async function evaluateAnswer(db: Db, engine: Engine, ownerId: string, input: { questionId: string; answer: string }) {
  return recordMarking(db, ownerId, input, async (question) =>
    engine.evaluateAnswer({ question: await questionForMarking(db, question), answer: input.answer }),
  );
}

/**
 * Keeps a marking of the answer already made (a scanned class set's pages graded by Engine.gradePages, issue 26) as
 * evaluateAnswer keeps the engine's: the assignment's rules checked first, then the feedback, the attempt and the
 * review, exactly as for a typed answer.
 */
export async function recordEvaluation(db: Db, ownerId: string, input: { questionId: string; answer: string; feedback: Feedback }) {
  return recordMarking(db, ownerId, input, async () => input.feedback);
}

/** The answer's marking (`mark`, once the assignment's rules allow it) kept as the question's feedback, attempt and review. */
async function recordMarking(
  db: Db,
  ownerId: string,
  input: { questionId: string; answer: string },
  mark: (question: QuestionRow) => Promise<Feedback>,
): Promise<StoredFeedback> {
  const question = await findQuestion(db, ownerId, input.questionId);
  // An assigned paper's rules (issue 30): refused, the text is kept as a draft and the reason given.
  const submission = await checkSubmission(db, ownerId, question, input.answer).catch(async (error: unknown) => {
    await saveAnswer(db, ownerId, { questionId: question.id, text: input.answer, submitted: false });
    throw error;
  });
  const result = await mark(question);
  const stored = await storeEvaluation(db, ownerId, question, input.answer, result);
  if (submission) await recordAttempt(db, ownerId, submission, question.id, input.answer, result);
  // Every marking schedules the question's review from its marks (the Review page).
  await recordReview(db, ownerId, question.id, { marksAwarded: stored.marks_awarded, totalMarks: stored.total_marks });
  return stored;
}

/**
 * Stores an engine's marking of `text` as the student's feedback on the question. The student's disputes of
 * this same text stay shown with it ("You disagreed"), except the accepted ones: those points were re-marked.
 * Self-assessments of the previous marking are dropped: they judged points of a marking that is gone.
 */
export async function storeEvaluation(
  db: Db | Tx,
  ownerId: string,
  question: QuestionRow,
  text: string,
  result: Awaited<ReturnType<Engine['evaluateAnswer']>>,
): Promise<StoredFeedback> {
  const markerMarks = Math.min(Math.max(result.marks_awarded, 0), question.totalMarks);
  // A teacher's overrides of this student's marks stand through every re-mark (issue 30).
  const overrides = (await standingOverrides(db, ownerId, [question.id])).get(question.id) ?? [];
  const applied = applyOverrides({ marksAwarded: markerMarks, evaluation: result.markscheme_evaluation }, overrides, question.totalMarks);
  const marks = applied.marksAwarded;
  const kept = await db
    .select({ point_id: disputes.pointId, reason: disputes.reason, at: disputes.createdAt })
    .from(disputes)
    .where(
      and(
        eq(disputes.ownerId, ownerId),
        eq(disputes.questionId, question.id),
        eq(disputes.answerText, text),
        sql`${disputes.status} <> 'accepted'`,
      ),
    )
    .orderBy(desc(disputes.createdAt));
  const points = new Set(result.markscheme_evaluation.map((p) => p.point_id));
  const disagreements = kept
    .filter((d, i) => points.has(d.point_id) && kept.findIndex((e) => e.point_id === d.point_id) === i)
    .map((d) => ({ point_id: d.point_id, reason: d.reason, at: d.at.toISOString() }))
    .reverse();
  const values = {
    marksAwarded: marks,
    totalMarks: question.totalMarks,
    qualitativeFeedback: result.qualitative_feedback,
    markschemeEvaluation: applied.evaluation,
    markedBy: result.marked_by ?? null,
    level: result.level ?? null,
    evaluatedText: text,
    disagreements,
    // a new marking: the student's self-assessments were of the old one (issue 24)
    selfAssessments: [],
    // the base self-assessments add to (overrides included)
    markerMarksAwarded: marks,
    teacherOverrides: applied.notes,
  };
  const evaluatedAt = new Date();
  const [row] = await db
    .insert(feedback)
    .values({ ownerId, questionId: question.id, ...values, createdAt: evaluatedAt })
    .onConflictDoUpdate({ target: [feedback.ownerId, feedback.questionId], set: { ...values, createdAt: evaluatedAt } })
    .returning();
  return toStoredFeedback(row);
}

export async function getFeedback(db: Db, ownerId: string, questionId: string): Promise<StoredFeedback | null> {
  await findQuestion(db, ownerId, questionId);
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.ownerId, ownerId), eq(feedback.questionId, questionId)));
  return row ? toStoredFeedback(row) : null;
}

/** GET /api/questions/{id}/feedback: the caller's own feedback, held back on an assigned paper until released (issue 30). */
export async function getOwnFeedback(db: Db, ownerId: string, questionId: string): Promise<StoredFeedback | null> {
  const question = await findQuestion(db, ownerId, questionId);
  const stored = await getFeedback(db, ownerId, question.id);
  return stored && asShownToStudent(stored, await rulesOver(db, ownerId, question));
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

/**
 * The student disagrees with the marking of one point: shown with the answer, and kept as a dispute (one open
 * dispute per point: disagreeing again updates its reason and the answer it is about).
 */
export async function disagreeWithPoint(db: Db, ownerId: string, input: { questionId: string; pointId: string; reason: string }) {
  await refuseWhileWithheld(db, ownerId, await findQuestion(db, ownerId, input.questionId));
  const stored = await getFeedback(db, ownerId, input.questionId);
  if (!stored) throw httpError(409, 'This answer has not been evaluated yet. Submit it first.');
  const point = stored.markscheme_evaluation.find((p) => p.point_id === input.pointId);
  if (!point) {
    throw httpError(400, 'That point is not part of this mark scheme.');
  }
  const at = new Date();
  const disagreements = [
    ...stored.disagreements.filter((d) => d.point_id !== input.pointId),
    { point_id: input.pointId, reason: input.reason, at: at.toISOString() },
  ];
  const answerText = stored.evaluatedText ?? (await getAnswer(db, ownerId, input.questionId))?.text ?? '';
  return db.transaction(async (tx) => {
    await tx
      .insert(disputes)
      .values({
        ownerId,
        questionId: input.questionId,
        pointId: input.pointId,
        pointText: point.text,
        answerText,
        reason: input.reason,
        marksBefore: stored.marks_awarded,
        createdAt: at,
      })
      .onConflictDoUpdate({
        target: [disputes.ownerId, disputes.questionId, disputes.pointId],
        targetWhere: sql`status = 'open'`,
        set: { reason: input.reason, answerText, pointText: point.text, marksBefore: stored.marks_awarded, createdAt: at },
      });
    const [row] = await tx
      .update(feedback)
      .set({ disagreements })
      .where(and(eq(feedback.ownerId, ownerId), eq(feedback.questionId, input.questionId)))
      .returning();
    return toStoredFeedback(row);
  });
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
  // marks of assigned papers are held back until released (issue 30)
  const assigned = await assignmentsOfStudent(
    db,
    ownerId,
    rows.filter((r) => r.question.ownerId !== ownerId && r.question.paperId).map((r) => r.question.paperId as string),
  );
  return rows
    .map(({ answer, question, feedback: stored }) => {
      const withheld = question.ownerId !== ownerId && withheldNow(assigned.get(question.paperId ?? '') ?? null);
      return { answer, question, feedback: withheld ? null : stored };
    })
    .map(({ answer, question, feedback: f }) => ({
      ...toAnswer(answer),
      courseId: question.courseId,
      totalMarks: question.totalMarks,
      marksAwarded: f ? f.marksAwarded : null,
      score: f && f.totalMarks > 0 ? Math.round((1000 * f.marksAwarded) / f.totalMarks) / 10 : null,
    }));
}
