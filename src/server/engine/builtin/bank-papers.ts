import { randomInt } from 'node:crypto';
import { COURSE_TITLE_SUFFIX, QUESTION_COUNT } from '../../../shared/practice-text';
import { engineError, type GeneratedPaper, type SpecPointsChoice } from '../engine';
import { drawPaper } from './bank/draw-paper';
import { unknownTopicMessage, unsupportedSubjectMessage } from './bank-topics';
import { findSubject, findTopic } from './bank/bank';
import { toGeneratedPaper } from './bank/to-generated-paper';

/** The built-in engine's papers and courses, drawn from the question bank (loaded by the engine on first use). */

const BANK_LABEL = 'the built-in question bank';

/** In a student's words: which subjects work without an AI provider, and what other subjects need. */
function unsupportedSubject(subject: string): Error {
  return engineError('UNSUPPORTED_SUBJECT', unsupportedSubjectMessage(subject));
}

/** A paper's topic that matches none of the subject's: refused, never swapped for another (issue 13). */
function unknownTopic(subject: string, topic: string): Error {
  return engineError('UNSUPPORTED_SUBJECT', unknownTopicMessage(subject, topic));
}

export function paperFromBank(input: {
  subject: string;
  topic?: string | null;
  difficulty: string;
  count: number;
  seed?: number;
  topics?: string[];
  skills?: string[];
  spec?: SpecPointsChoice;
  seen?: string[];
}): GeneratedPaper {
  const subject = findSubject(input.subject)?.name;
  if (!subject) throw unsupportedSubject(input.subject);
  const drawn = drawPaper({
    subject,
    topic: input.topic ?? undefined,
    difficulty: input.difficulty,
    count: input.count,
    seed: input.seed ?? randomInt(2 ** 31),
    topics: input.topics,
    skills: input.skills,
    spec: input.spec,
    seen: input.seen,
  });
  return toGeneratedPaper(drawn, BANK_LABEL);
}

/** A subject's course: its canonical name and a first paper of the default length. */
export function courseFromBank({ subject, seed }: { subject: string; seed?: number }) {
  const canonical = findSubject(subject)?.name;
  if (!canonical) throw unsupportedSubject(subject);
  const paper = paperFromBank({ subject: canonical, difficulty: 'medium', count: QUESTION_COUNT.default, seed });
  return { title: `${canonical}${COURSE_TITLE_SUFFIX}`, subject: canonical, paper };
}

/** A paper on the topic asked for; a topic the subject lacks is refused, never swapped for another. */
export function topicPaperFromBank(input: Parameters<typeof paperFromBank>[0]): GeneratedPaper {
  const subject = findSubject(input.subject)?.name;
  const topic = input.spec ? undefined : input.topic?.trim();
  if (subject && topic && !findTopic(subject, topic)) throw unknownTopic(subject, topic);
  return paperFromBank(input);
}

/** The subject's canonical name in the bank, or the name as given when the bank lacks it. */
export function canonicalSubject(subject: string): string {
  return findSubject(subject)?.name ?? subject;
}
