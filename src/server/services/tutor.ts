import { and, asc, eq } from 'drizzle-orm';
import { tutorGreeting } from './subject-guess';
import type { TutorMessage } from '../../shared/practice';
import type { Db } from '../db/client';
import { studyActivity, tutorMessages } from '../db/schema';
import type { Engine } from '../engine/engine';
import { getAnswer, getFeedback } from './answers';
import { ASSIGNMENT_TEXT } from '../../shared/assignment-text';
import { refuseWhileWithheld } from './assignment-rules';
import { findQuestion, questionForMarking } from './questions';

type MessageRow = typeof tutorMessages.$inferSelect;

function toMessage(row: MessageRow): TutorMessage {
  return { role: row.role, content: row.content, createdAt: row.createdAt.toISOString() };
}

/** The conversation about one question, oldest first; it opens with the greeting. */
export async function tutorHistory(db: Db, ownerId: string, questionId: string): Promise<TutorMessage[]> {
  const question = await findQuestion(db, ownerId, questionId);
  const rows = await db
    .select()
    .from(tutorMessages)
    .where(and(eq(tutorMessages.ownerId, ownerId), eq(tutorMessages.questionId, question.id)))
    .orderBy(asc(tutorMessages.createdAt), asc(tutorMessages.id));
  if (rows.length > 0) return rows.map(toMessage);
  return [{ role: 'assistant', content: tutorGreeting(question.text), createdAt: new Date().toISOString() }];
}

/**
 * §7 POST /api/tutor/message: the reply, stored with the student's message. With `onText` the engine may
 * stream the reply's raw text as it is written (an LLM does; the built-in tutor answers whole).
 */
export async function sendTutorMessage(
  db: Db,
  engine: Engine,
  ownerId: string,
  input: { questionId: string; message: string },
  onText?: (text: string) => void,
) {
  const question = await findQuestion(db, ownerId, input.questionId);
  // On an assigned paper whose feedback is held back, the tutor (which reads the scheme) waits too (issue 30).
  await refuseWhileWithheld(db, ownerId, question, ASSIGNMENT_TEXT.tutorWithheld);
  const history = await tutorHistory(db, ownerId, question.id);
  const [answer, feedback] = await Promise.all([getAnswer(db, ownerId, question.id), getFeedback(db, ownerId, question.id)]);
  const tutorInput = {
    question: await questionForMarking(db, question),
    answer: answer?.text ?? null,
    feedback,
    history: history.map((m) => ({ role: m.role, content: m.content })),
    message: input.message,
  };
  const reply = onText && engine.streamTutorReply ? await engine.streamTutorReply(tutorInput, onText) : await engine.tutorReply(tutorInput);
  const greetingStored = history.length > 1 || (await hasStoredMessages(db, ownerId, question.id));
  const base = Date.now();
  const at = (offset: number) => new Date(base + offset);
  await db
    .insert(tutorMessages)
    .values([
      ...(greetingStored
        ? []
        : [{ ownerId, questionId: question.id, role: 'assistant' as const, content: history[0].content, createdAt: at(0) }]),
      { ownerId, questionId: question.id, role: 'user' as const, content: input.message, createdAt: at(1) },
      { ownerId, questionId: question.id, role: 'assistant' as const, content: reply.content, createdAt: at(2) },
    ]);
  await db.insert(studyActivity).values({
    ownerId,
    day: new Date().toISOString().slice(0, 10),
    courseId: question.courseId,
    questionId: question.id,
    kind: 'tutor',
    seconds: 0,
    questionsAnswered: 0,
  });
  return { role: 'assistant' as const, content: reply.content, by: reply.by };
}

async function hasStoredMessages(db: Db, ownerId: string, questionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tutorMessages.id })
    .from(tutorMessages)
    .where(and(eq(tutorMessages.ownerId, ownerId), eq(tutorMessages.questionId, questionId)))
    .limit(1);
  return Boolean(row);
}
