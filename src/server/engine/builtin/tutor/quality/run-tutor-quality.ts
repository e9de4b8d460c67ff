import { readFileSync } from 'node:fs';
import type { QuestionForMarking, TutorInput, TutorReply, TutorTurn } from '../../../engine';
import { loadBank } from '../../bank/bank';
import { markAnswer } from '../../marker/mark-answer';
import { markerInput } from '../judge';
import { plainText } from '../tutor-text';

/**
 * The tutor quality set (tutor-quality-set.json): scripted conversations over bank questions, each
 * student turn with what a good tutor's reply must and must not say. Any tutor can be held to it: the
 * built-in one in its test, an LLM provider's through `npm run eval:tutor`.
 */

export interface QualityTurn {
  student: string;
  must: string[];
  mustNot: string[];
}

export interface QualityConversation {
  id: string;
  kind: string;
  /** A bank question id (a question without a template, so it is the same every time). */
  question: string;
  answer?: string;
  /** The answer was marked: the tutor gets the marker's feedback on it (its structured decisions), as the service passes it. */
  marked?: boolean;
  turns: QualityTurn[];
}

export interface QualitySet {
  everyReplyMustNot: string[];
  conversations: QualityConversation[];
}

export interface ConversationResult {
  id: string;
  kind: string;
  passed: boolean;
  /** What went wrong, one line a broken expectation. */
  failures: string[];
  replies: string[];
}

export function loadTutorQualitySet(): QualitySet {
  return JSON.parse(readFileSync(new URL('./tutor-quality-set.json', import.meta.url), 'utf8')) as QualitySet;
}

/** A bank question as the tutor receives it (the scheme's rules included). */
export function bankQuestionForTutor(id: string): QuestionForMarking {
  const entry = loadBank().byId.get(id);
  if (!entry) throw new Error(`tutor quality set: no bank question ${id}`);
  const { question: q, topic } = entry;
  if (q.template) throw new Error(`tutor quality set: ${id} is a template; use a question without one`);
  return {
    text: q.text,
    type: q.type,
    totalMarks: q.marks,
    markScheme: q.markScheme,
    schemeRules: { groups: q.groups, final_answer_full_marks: q.final_answer_full_marks, levels: q.levels },
    options: q.options ?? null,
    correctAnswer: q.correctAnswer ?? null,
    modelAnswer: q.modelAnswer ?? null,
    hints: q.hints ?? null,
    subject: topic.subject,
    topic: topic.topic,
  };
}

function pattern(source: string): RegExp {
  return new RegExp(source, 'i');
}

/** Plays one conversation the way the tutor service does (each reply appended to the history) and checks every reply. */
export async function runConversation(
  conversation: QualityConversation,
  set: Pick<QualitySet, 'everyReplyMustNot'>,
  tutor: (input: TutorInput) => Promise<TutorReply> | TutorReply,
): Promise<ConversationResult> {
  const question = bankQuestionForTutor(conversation.question);
  const history: TutorTurn[] = [
    { role: 'assistant', content: "Hi! I'm your tutor for this question. Tell me your thinking, or ask for a hint." },
  ];
  const failures: string[] = [];
  const replies: string[] = [];
  const answer = conversation.answer ?? null;
  const feedback = conversation.marked && answer ? markAnswer(markerInput(question, answer)) : null;
  for (const [i, turn] of conversation.turns.entries()) {
    const reply = await tutor({ question, history: [...history], message: turn.student, answer, feedback });
    const text = plainText(reply.content).replace(/\s+/g, ' ');
    // A tutor never says the same thing twice in a row (a hint asked for again reveals more).
    if (i > 0 && text === replies[i - 1]) failures.push(`turn ${i + 1}: repeats the previous reply “${text}”`);
    replies.push(text);
    for (const must of turn.must) if (!pattern(must).test(text)) failures.push(`turn ${i + 1}: missing /${must}/ in “${text}”`);
    for (const not of [...turn.mustNot, ...set.everyReplyMustNot])
      if (pattern(not).test(text)) failures.push(`turn ${i + 1}: must not say /${not}/ in “${text}”`);
    history.push({ role: 'user', content: turn.student }, { role: 'assistant', content: reply.content });
  }
  return { id: conversation.id, kind: conversation.kind, passed: failures.length === 0, failures, replies };
}

/** Runs the whole set; the pass rate is the share of conversations with every reply as it should be. */
export async function runTutorQualitySet(
  tutor: (input: TutorInput) => Promise<TutorReply> | TutorReply,
  set: QualitySet = loadTutorQualitySet(),
): Promise<{ results: ConversationResult[]; passRate: number }> {
  const results: ConversationResult[] = [];
  for (const c of set.conversations) results.push(await runConversation(c, set, tutor));
  return { results, passRate: results.filter((r) => r.passed).length / Math.max(1, results.length) };
}
