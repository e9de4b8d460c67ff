import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { type Dispute } from '../../shared/disputes';
import { DISPUTES_TEXT } from '../../shared/disputes-text';
import type { Db } from '../db/client';
import { disputes, feedback, markSchemePoints, questions, users } from '../db/schema';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { storeEvaluation } from './answers';
import { isUuid } from './ids';
import { studentOfAssignedPaper } from './paper-access';
import { questionForMarking } from './questions';

type DisputeRow = typeof disputes.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

/**
 * Who may accept or reject a dispute: the question's owner. A student practising owns their questions; on a
 * paper assigned to a class the questions are the teacher's, and the teacher resolves a student's dispute
 * while the student is in a class the paper is assigned to (removing the student ends it). Nothing else
 * decides it: rows the resolver may not resolve are not even listed (see `resolvable`).
 */
export function mayResolve(resolverId: string, question: Pick<QuestionRow, 'ownerId'>): boolean {
  return question.ownerId === resolverId;
}

/** SQL: the dispute is the caller's own, or a current class student's on a question the caller owns. */
function visibleTo(userId: string) {
  return or(eq(disputes.ownerId, userId), and(eq(questions.ownerId, userId), studentOfAssignedPaper(disputes.ownerId, questions.paperId)));
}

function toDispute(row: DisputeRow, question: QuestionRow, viewerId: string, studentName: string | null = null): Dispute {
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
    studentName: row.ownerId === viewerId ? null : studentName,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}

/**
 * GET /api/disputes: the caller's own disputes and, for a teacher, their class students' disputes on the
 * papers assigned to them, newest first, each with its question, point, outcome and (for students') who.
 */
export async function listDisputes(db: Db, userId: string): Promise<Dispute[]> {
  const rows = await db
    .select({ dispute: disputes, question: questions, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(disputes)
    .innerJoin(questions, eq(questions.id, disputes.questionId))
    .innerJoin(users, eq(users.id, disputes.ownerId))
    .where(visibleTo(userId))
    .orderBy(desc(disputes.createdAt));
  return rows.map((r) => toDispute(r.dispute, r.question, userId, [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || r.email));
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
    .where(and(eq(disputes.id, disputeId), visibleTo(resolverId)));
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
  // The wording now earns the point for everyone who answered the question: a class teacher's upheld dispute
  // re-marks the other students' marked answers to it (their marks can only follow the scheme, as the
  // disputer's did).
  await remarkOthers(db, engine, question, dispute.ownerId);
  return toDispute(row, question, resolverId);
}

/** Re-marks every other marked answer to the question against its scheme as stored now. */
async function remarkOthers(db: Db, engine: Engine, question: QuestionRow, except: string): Promise<void> {
  const others = await db
    .select({ ownerId: feedback.ownerId, text: feedback.evaluatedText, marks: feedback.marksAwarded })
    .from(feedback)
    .where(and(eq(feedback.questionId, question.id), ne(feedback.ownerId, except)));
  if (others.length === 0) return;
  const marking = await questionForMarking(db, question);
  for (const other of others) {
    if (!other.text) continue;
    const result = await engine.evaluateAnswer({ question: marking, answer: other.text });
    if (result.marks_awarded === other.marks) continue;
    await storeEvaluation(db, other.ownerId, question, other.text, result);
  }
}
