import { and, desc, eq, sql } from 'drizzle-orm';
import { DISPUTES_TEXT, type Dispute } from '../../shared/disputes';
import type { Db } from '../db/client';
import { disputes, feedback, markSchemePoints, questions } from '../db/schema';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { storeEvaluation } from './answers';
import { isUuid } from './ids';
import { questionForMarking } from './questions';

type DisputeRow = typeof disputes.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

/**
 * Who may accept or reject a dispute: today the question's owner (in this app the student owns the questions
 * they practise). A class teacher of the student's class joins this rule later; nothing else decides it.
 */
export function mayResolve(resolverId: string, question: Pick<QuestionRow, 'ownerId'>): boolean {
  return question.ownerId === resolverId;
}

function toDispute(row: DisputeRow, question: QuestionRow, viewerId: string): Dispute {
  return {
    id: row.id,
    questionId: row.questionId,
    courseId: question.courseId,
    paperId: question.paperId,
    questionText: question.text,
    pointId: row.pointId,
    pointText: row.pointText,
    answerText: row.answerText,
    reason: row.reason,
    status: row.status,
    outcomeComment: row.outcomeComment,
    acceptedWording: row.acceptedWording,
    marksBefore: row.marksBefore,
    marksAfter: row.marksAfter,
    totalMarks: question.totalMarks,
    canResolve: row.status === 'open' && mayResolve(viewerId, question),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}

/** GET /api/disputes: the student's disputes, newest first, each with its question, point and outcome. */
export async function listDisputes(db: Db, ownerId: string): Promise<Dispute[]> {
  const rows = await db
    .select({ dispute: disputes, question: questions })
    .from(disputes)
    .innerJoin(questions, eq(questions.id, disputes.questionId))
    .where(eq(disputes.ownerId, ownerId))
    .orderBy(desc(disputes.createdAt));
  return rows.map((r) => toDispute(r.dispute, r.question, ownerId));
}

const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string) => new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 2));

/** The sentence of the answer that shares most words with the point: the student's own wording of it. */
export function relevantSentence(answer: string, pointText: string): string {
  const sentences = answer
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const pointWords = wordsOf(pointText);
  let best = '';
  let bestScore = -1;
  for (const sentence of sentences) {
    const score = [...wordsOf(sentence)].filter((w) => pointWords.has(w)).length;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best.slice(0, 500).trim();
}

/**
 * Accepts or rejects a dispute. Rejecting stores the comment. Accepting adds the wording (the one given, or
 * the answer's sentence closest to the point) to the point's accepted wordings for that question, re-marks
 * the answer the feedback is about with the engine, and stores the new feedback; the re-mark happens before
 * anything is written, so a failing engine leaves the dispute open and the scheme unchanged. 404 for a
 * dispute the resolver may not resolve; 409 when it is already resolved.
 */
export async function resolveDispute(
  db: Db,
  engine: Engine,
  resolverId: string,
  disputeId: string,
  input: { accept: boolean; comment?: string; addWording?: string },
): Promise<Dispute> {
  if (!isUuid(disputeId)) throw httpError(404, DISPUTES_TEXT.notFound);
  const [found] = await db
    .select({ dispute: disputes, question: questions })
    .from(disputes)
    .innerJoin(questions, eq(questions.id, disputes.questionId))
    .where(eq(disputes.id, disputeId));
  if (!found || !mayResolve(resolverId, found.question)) throw httpError(404, DISPUTES_TEXT.notFound);
  const { dispute, question } = found;
  if (dispute.status !== 'open') throw httpError(409, DISPUTES_TEXT.alreadyResolved);
  const comment = input.comment?.trim() || null;
  const resolved = { outcomeComment: comment, resolvedBy: resolverId, resolvedAt: new Date() };
  const claim = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0], set: Partial<DisputeRow>) => {
    const [row] = await tx
      .update(disputes)
      .set(set)
      .where(and(eq(disputes.id, dispute.id), eq(disputes.status, 'open')))
      .returning();
    if (!row) throw httpError(409, DISPUTES_TEXT.alreadyResolved);
    return row;
  };

  if (!input.accept) {
    const row = await db.transaction((tx) => claim(tx, { ...resolved, status: 'rejected' }));
    return toDispute(row, question, resolverId);
  }

  const wording = input.addWording?.trim() || relevantSentence(dispute.answerText, dispute.pointText);
  if (!wording) throw httpError(400, DISPUTES_TEXT.noWording);
  const marking = await questionForMarking(db, question);
  const point = marking.markScheme.find((p) => p.id === dispute.pointId);
  if (!point) throw httpError(409, DISPUTES_TEXT.pointGone);
  const accepted = point.accept.some((a) => a.toLowerCase() === wording.toLowerCase()) ? point.accept : [...point.accept, wording];
  // The answer the student now sees marked (the disputed one if nothing was marked since).
  const [current] = await db
    .select({ text: feedback.evaluatedText })
    .from(feedback)
    .where(and(eq(feedback.ownerId, dispute.ownerId), eq(feedback.questionId, question.id)));
  const text = current?.text ?? dispute.answerText;
  const result = await engine.evaluateAnswer({
    question: { ...marking, markScheme: marking.markScheme.map((p) => (p.id === point.id ? { ...p, accept: accepted } : p)) },
    answer: text,
  });

  const row = await db.transaction(async (tx) => {
    const claimed = await claim(tx, { ...resolved, status: 'accepted', acceptedWording: wording });
    const [stored] = await tx
      .select()
      .from(markSchemePoints)
      .where(and(eq(markSchemePoints.questionId, question.id), eq(markSchemePoints.pointKey, point.id)))
      .for('update');
    if (!stored) throw httpError(409, DISPUTES_TEXT.pointGone);
    const storedAccept = (stored.details as { accept?: unknown }).accept;
    const before = Array.isArray(storedAccept) ? storedAccept.filter((a): a is string => typeof a === 'string') : [];
    if (!before.some((a) => a.toLowerCase() === wording.toLowerCase())) {
      await tx
        .update(markSchemePoints)
        .set({ details: sql`jsonb_set(${markSchemePoints.details}, '{accept}', ${JSON.stringify([...before, wording])}::jsonb)` })
        .where(eq(markSchemePoints.id, stored.id));
    }
    const remarked = await storeEvaluation(tx, dispute.ownerId, question, text, result);
    const [done] = await tx.update(disputes).set({ marksAfter: remarked.marks_awarded }).where(eq(disputes.id, claimed.id)).returning();
    return done;
  });
  return toDispute(row, question, resolverId);
}
