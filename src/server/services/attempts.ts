import { and, asc, eq, sql } from 'drizzle-orm';
import type { PaperResults } from '../../shared/attempts';
import type { Feedback } from '../../shared/mark-scheme';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { selfAssessedMarksOf } from '../../shared/self-assessment-text';
import type { Db } from '../db/client';
import { answers, courses, feedback, paperAttempts, questions } from '../db/schema';
import { isEngineError, type Difficulty, type Engine } from '../engine/engine';
import { httpError, isHttpError } from '../http-error';
import { assignmentOfStudent, lateness } from './assignment-rules';
import { evaluateAnswer, saveAnswer } from './answers';
import { findReadablePaper } from './paper-access';
import { round1 } from './paper-progress';
import { getPaper, storePaper, toQuestion } from './papers';

export const RETRY_ASSIGNED_MESSAGE = 'This paper was set by your teacher, so it cannot be retried here.';

/** Keeps the exam timer: the larger of the stored and the sent elapsed seconds (two devices never wind it back). */
export async function recordElapsed(db: Db, ownerId: string, paperId: string, elapsedSeconds: number): Promise<{ elapsedSeconds: number }> {
  const paper = await findReadablePaper(db, ownerId, paperId);
  const [row] = await db
    .insert(paperAttempts)
    .values({ ownerId, paperId: paper.id, elapsedSeconds })
    .onConflictDoUpdate({
      target: [paperAttempts.ownerId, paperAttempts.paperId],
      set: { elapsedSeconds: sql`greatest(${paperAttempts.elapsedSeconds}, ${elapsedSeconds}::int)`, updatedAt: new Date() },
    })
    .returning({ elapsedSeconds: paperAttempts.elapsedSeconds });
  return row;
}

/**
 * Finishes the paper: every answer with text that is not submitted, or was changed since it was marked, is
 * submitted and marked; questions without an answer score nothing. The attempt is then finished and its
 * results returned. Marking again after a failure is safe: what was marked stays marked.
 */
export async function finishPaper(db: Db, engine: Engine, ownerId: string, paperId: string, input: { elapsedSeconds?: number }) {
  const paper = await findReadablePaper(db, ownerId, paperId);
  // An assigned paper past a due date (or time limit) its teacher refuses work after is not finished (issue 30).
  const assignment = paper.access === 'student' ? await assignmentOfStudent(db, ownerId, paper.id) : null;
  const refusal = assignment ? (await lateness(db, ownerId, assignment)).refusal : null;
  if (refusal) throw httpError(409, refusal);
  const rows = await paperRows(db, ownerId, paper.id);
  for (const { question, answer, mark } of rows) {
    const text = answer?.text ?? '';
    if (!text.trim()) continue;
    const current = answer?.submitted && mark && mark.evaluatedText === text;
    if (current) continue;
    try {
      await saveAnswer(db, ownerId, { questionId: question.id, text, submitted: true });
      // no mark scheme yet: the answer is kept (submitted), not marked, and the question is left out of the total
      if (question.needsScheme) continue;
      await evaluateAnswer(db, engine, ownerId, { questionId: question.id, answer: text });
    } catch (error) {
      // a question whose attempts are used keeps its counted attempt; the changed text stays a draft
      if (assignment && isHttpError(error) && error.statusCode === 409) continue;
      throw error;
    }
  }
  const now = new Date();
  const elapsed = input.elapsedSeconds ?? 0;
  await db
    .insert(paperAttempts)
    .values({ ownerId, paperId: paper.id, elapsedSeconds: elapsed, finishedAt: now })
    .onConflictDoUpdate({
      target: [paperAttempts.ownerId, paperAttempts.paperId],
      set: {
        elapsedSeconds: sql`greatest(${paperAttempts.elapsedSeconds}, ${elapsed}::int)`,
        finishedAt: sql`coalesce(${paperAttempts.finishedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      },
    });
  return paperResults(db, ownerId, paper.id);
}

/** The paper's questions with the caller's own answers and marks (the caller may open the paper: paper-access.ts). */
async function paperRows(db: Db, ownerId: string, paperId: string) {
  return db
    .select({ question: questions, answer: answers, mark: feedback })
    .from(questions)
    .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.ownerId, ownerId)))
    .leftJoin(feedback, and(eq(feedback.questionId, questions.id), eq(feedback.ownerId, ownerId)))
    .where(eq(questions.paperId, paperId))
    .orderBy(asc(questions.questionNumber));
}

/** The attempt's results: total and percentage, each question's marks with its feedback and time. */
export async function paperResults(db: Db, ownerId: string, paperId: string): Promise<PaperResults> {
  const paper = await getPaper(db, ownerId, paperId);
  const [rows, [attempt]] = await Promise.all([
    paperRows(db, ownerId, paper.id),
    db
      .select()
      .from(paperAttempts)
      .where(and(eq(paperAttempts.ownerId, ownerId), eq(paperAttempts.paperId, paper.id))),
  ]);
  // An assigned paper's marks and feedback are held back until released (issue 30): the answers show as submitted.
  const withheld = paper.assignment ? !paper.assignment.released : false;
  const results = rows.map(({ question, answer, mark: stored }) => {
    const mark = withheld ? null : stored;
    const markFeedback: Feedback | null = mark
      ? {
          marks_awarded: mark.marksAwarded,
          total_marks: mark.totalMarks,
          qualitative_feedback: mark.qualitativeFeedback,
          markscheme_evaluation: mark.markschemeEvaluation,
          ...(mark.markedBy ? { marked_by: mark.markedBy } : {}),
          ...(mark.level ? { level: mark.level } : {}),
        }
      : null;
    return {
      question: toQuestion(question, Boolean(answer?.submitted) && !withheld, ownerId),
      answerText: answer?.text ?? '',
      submitted: Boolean(answer?.submitted),
      marksAwarded: mark ? mark.marksAwarded : null,
      timeSpentSeconds: answer?.timeSpentSeconds ?? 0,
      feedback: markFeedback,
      ...(mark && mark.selfAssessments.length > 0
        ? { selfAssessments: mark.selfAssessments, selfAssessedMarks: selfAssessedMarksOf(mark.selfAssessments) }
        : {}),
      ...(question.needsScheme && { note: PRACTICE_TEXT.needsSchemeNote }),
    };
  });
  const totalMarks = rows.reduce((sum, r) => sum + (r.question.needsScheme ? 0 : r.question.totalMarks), 0);
  const marksAwarded = round1(results.reduce((sum, r) => sum + (r.marksAwarded ?? 0), 0));
  return {
    paper,
    finished: Boolean(attempt?.finishedAt),
    startedAt: attempt?.startedAt.toISOString() ?? null,
    finishedAt: attempt?.finishedAt?.toISOString() ?? null,
    elapsedSeconds: attempt?.elapsedSeconds ?? 0,
    marksAwarded,
    selfAssessedMarks: round1(results.reduce((sum, r) => sum + (r.selfAssessedMarks ?? 0), 0)),
    totalMarks,
    percentage: totalMarks > 0 ? round1((100 * marksAwarded) / totalMarks) : 0,
    answered: results.filter((r) => r.answerText.trim().length > 0).length,
    questionCount: results.length,
    retryPaperId: attempt?.retryPaperId ?? null,
    questions: results,
    ...(withheld ? { withheld: true } : {}),
  };
}

/**
 * "Retry": a fresh paper on the same topic, difficulty and length (template questions get fresh values). The
 * finished attempt keeps its results; asking again returns the paper already drawn.
 */
export async function retryPaper(db: Db, engine: Engine, ownerId: string, paperId: string) {
  const paper = await findReadablePaper(db, ownerId, paperId);
  // A paper assigned by a teacher is the teacher's: a student does not draw new papers into their course.
  if (paper.access !== 'owner') throw httpError(409, RETRY_ASSIGNED_MESSAGE);
  const [attempt] = await db
    .select()
    .from(paperAttempts)
    .where(and(eq(paperAttempts.ownerId, ownerId), eq(paperAttempts.paperId, paper.id)));
  if (attempt?.retryPaperId) return { paper: await getPaper(db, ownerId, attempt.retryPaperId) };
  const [course] = await db.select({ subject: courses.subject }).from(courses).where(eq(courses.id, paper.courseId));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(and(eq(questions.paperId, paper.id), eq(questions.ownerId, ownerId)));
  if (!course || n === 0) throw httpError(409, 'This paper has no questions to retry.');
  const ask = (topic: string | null) =>
    engine.generatePaper({ subject: course.subject, topic, difficulty: paper.difficultyLevel as Difficulty, count: n });
  // A paper whose topic the engine cannot draw again (one made from a PDF) is retried across its subject.
  const generated = await ask(paper.topic).catch((error: unknown) => {
    if (paper.topic && isEngineError(error) && error.code === 'UNSUPPORTED_SUBJECT') return ask(null);
    throw error;
  });
  if (generated.questions.length === 0) throw httpError(422, generated.note ?? 'No fresh questions could be drawn for this paper.');
  const retry = await db.transaction(async (tx) => {
    const row = await storePaper(tx, ownerId, paper.courseId, { ...generated, title: paper.title, description: paper.description ?? '' });
    await tx
      .insert(paperAttempts)
      .values({ ownerId, paperId: paper.id, retryPaperId: row.id })
      .onConflictDoUpdate({ target: [paperAttempts.ownerId, paperAttempts.paperId], set: { retryPaperId: row.id } });
    return row;
  });
  return { paper: await getPaper(db, ownerId, retry.id) };
}
