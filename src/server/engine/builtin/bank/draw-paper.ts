import { engineError, type EngineError, type SpecPointsChoice } from '../../engine';
import { toBankDifficulty, type BankDifficulty, type BankQuestion } from './schema';
import { findSubject, findTopic, loadBank, type Bank, type BankTopic } from './bank';
import { createRandom, hashSeed, instantiateQuestion, type ConcreteQuestion } from './instantiate';

/**
 * A practice paper drawn from the built-in bank: questions from the matched topic (or from across
 * the subject), the requested difficulty first and then its neighbours, question types and topics
 * mixed, no question twice, template questions with fresh values for every seed. Deterministic for a
 * given bank and seed.
 */

export interface DrawPaperInput {
  subject: string;
  /** Free text, matched with findTopic; absent, blank or unmatched means the whole subject. */
  topic?: string | null;
  /** easy, medium or hard; 'challenging' and 'difficult' mean hard. Anything else means medium. */
  difficulty: string;
  count: number;
  seed: number;
  /** Optional (weak points): topics to draw from when `topic` is not given; unmatched ones are left out. */
  topics?: string[];
  /** Optional (weak points): only questions with a mark-scheme point tagged with one of these skills, when the bank has any. */
  skills?: string[];
  /**
   * Optional (issue 31): only questions tagged with one of these points of the board's specification, from across
   * the subject (`topic` and `topics` are then ignored). The paper is titled with the points.
   */
  spec?: SpecPointsChoice;
  /**
   * Optional (issue 31): bank question ids the student has had already (their course's earlier papers). At the same
   * difficulty distance, new questions come first; seen ones only fill what is left.
   */
  seen?: string[];
}

export interface DrawnQuestion extends ConcreteQuestion {
  /** The bank question it came from (the same as `id`). */
  sourceId: string;
  /** The topic it came from. */
  topic: string;
}

export interface DrawnPaper {
  title: string;
  description: string;
  /** The bank topic the paper is on, 'AQA 3.1.4, 3.1.5' for specification points, or null for a paper across the subject. */
  topic: string | null;
  subject: string;
  /** The bank difficulty the questions were chosen for. */
  difficulty: BankDifficulty;
  /** The difficulty as asked for, lower-cased (e.g. 'challenging'). */
  requestedDifficulty: string;
  questions: DrawnQuestion[];
  /** How many questions were asked for. */
  requested: number;
  /** True when the bank had fewer suitable questions than asked for. */
  shortfall: boolean;
  /** Anything the student should read: a topic that did not match, fewer questions than asked for. */
  note?: string;
}

/** The engine error thrown for a subject the bank does not cover; `subjects` lists what it does cover. */
export type UnsupportedSubjectError = EngineError & { subjects: string[] };

/** The bank difficulty a paper is drawn at: as `toBankDifficulty` (the mapping import uses too), anything else medium. */
export function normaliseDifficulty(difficulty: string | null | undefined): BankDifficulty {
  return toBankDifficulty(difficulty) ?? 'medium';
}

const RANK: Record<BankDifficulty, number> = { easy: 0, medium: 1, hard: 2 };
const TYPE_ORDER: Record<BankQuestion['type'], number> = { multiple_choice: 0, short_answer: 1, essay: 2 };

interface Candidate {
  question: BankQuestion;
  topic: BankTopic;
  distance: number;
  /** 1 when the student has had the question already. */
  seen: number;
  /** Seeded tie-breaker. */
  order: number;
}

/**
 * Chooses up to `count` questions: questions the student has not had before, at the difficulty asked for or a
 * neighbouring one (the nearest first), before any repeat; a difficulty two levels away last. Then the least-used
 * topic, then type, then a seeded shuffle.
 */
function chooseQuestions(candidates: Candidate[], count: number): Candidate[] {
  const remaining = [...candidates];
  const chosen: Candidate[] = [];
  const typeUses = new Map<string, number>();
  const topicUses = new Map<string, number>();
  while (chosen.length < count && remaining.length > 0) {
    let bestIndex = 0;
    // A question two levels away only once nothing nearer is left; otherwise a new question before a repeat.
    const key = (c: Candidate) => [
      c.distance >= 2 ? 1 : 0,
      c.seen,
      c.distance,
      topicUses.get(c.topic.file) ?? 0,
      typeUses.get(c.question.type) ?? 0,
      c.order,
    ];
    for (let i = 1; i < remaining.length; i++) {
      const a = key(remaining[i]);
      const b = key(remaining[bestIndex]);
      const cmp = a.findIndex((v, j) => v !== b[j]);
      if (cmp !== -1 && a[cmp] < b[cmp]) bestIndex = i;
    }
    const [next] = remaining.splice(bestIndex, 1);
    chosen.push(next);
    typeUses.set(next.question.type, (typeUses.get(next.question.type) ?? 0) + 1);
    topicUses.set(next.topic.file, (topicUses.get(next.topic.file) ?? 0) + 1);
  }
  return chosen;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Draws a paper. Throws an UnsupportedSubjectError (an EngineError, code UNSUPPORTED_SUBJECT) when the bank has no such subject. */
export function drawPaper(input: DrawPaperInput, bank: Bank = loadBank()): DrawnPaper {
  const subject = findSubject(input.subject, bank);
  if (!subject) {
    const covered = bank.subjects.map((s) => s.name);
    const error = engineError(
      'UNSUPPORTED_SUBJECT',
      `The built-in question bank does not cover "${input.subject}" yet. It covers ${covered.join(', ') || 'no subjects'}.`,
    );
    throw Object.assign(error, { subjects: covered }) satisfies UnsupportedSubjectError;
  }
  const difficulty = normaliseDifficulty(input.difficulty);
  const requestedDifficulty = (input.difficulty ?? '').trim().toLowerCase() || difficulty;
  const count = Math.max(1, Math.floor(Number.isFinite(input.count) ? input.count : 1));
  const seed = Math.floor(Number.isFinite(input.seed) ? input.seed : 0);
  const spec = input.spec && input.spec.points.length > 0 ? input.spec : undefined;
  const askedTopic = spec ? '' : (input.topic?.trim() ?? '');
  const topic = askedTopic ? findTopic(subject.name, askedTopic, bank) : null;
  const listed = spec ? [] : [...new Set((input.topics ?? []).flatMap((t) => findTopic(subject.name, t, bank) ?? []))];
  const topics = topic ? [topic] : listed.length > 0 ? listed : subject.topics;
  const notes: string[] = [];
  if (askedTopic && !topic) {
    notes.push(`The bank has no ${subject.name} topic matching "${askedTopic}", so the questions come from across ${subject.name}.`);
  }

  const seen = new Set(input.seen ?? []);
  const random = createRandom(hashSeed(seed, subject.name, topic?.topic ?? ''));
  const chosenRefs = new Set(spec?.points.map((p) => p.ref));
  const onSpec = (question: BankQuestion) => !spec || (question.spec?.[spec.board] ?? []).some((ref) => chosenRefs.has(ref));
  const all: Candidate[] = topics.flatMap((t) =>
    t.questions.filter(onSpec).map((question) => ({
      question,
      topic: t,
      distance: Math.abs(RANK[question.difficulty] - RANK[difficulty]),
      seen: seen.has(question.id) ? 1 : 0,
      order: random(),
    })),
  );
  const skills = new Set(input.skills ?? []);
  const practising = skills.size > 0 ? all.filter((c) => c.question.markScheme.some((p) => p.skill && skills.has(p.skill))) : all;
  const candidates = practising.length > 0 ? practising : all;
  const questions: DrawnQuestion[] = [];
  for (const c of chooseQuestions(candidates, candidates.length)) {
    if (questions.length >= count) break;
    try {
      questions.push({ ...instantiateQuestion(c.question, seed), sourceId: c.question.id, topic: c.topic.topic });
    } catch (error) {
      // A template that cannot be instantiated is a content bug (caught by the bank tests); skip it here.
      console.warn(`[bank] skipped ${c.question.id}: ${(error as Error).message}`);
    }
  }
  questions.sort((a, b) => RANK[a.difficulty] - RANK[b.difficulty] || TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);

  const shortfall = questions.length < count;
  const specLabel = spec ? `${spec.boardName} ${spec.points.map((p) => p.ref).join(', ')}` : '';
  const scope = topic ? `on ${topic.topic}` : spec ? `on ${specLabel}` : `in ${subject.name}`;
  if (shortfall) {
    notes.push(`You asked for ${count} questions but the bank has ${questions.length} ${scope}; all ${questions.length} are included.`);
  }
  const offDifficulty = questions.filter((q) => q.difficulty !== difficulty).length;
  if (offDifficulty > 0 && questions.length > 0) {
    notes.push(
      `${offDifficulty} of the ${questions.length} questions are ${difficulty === 'medium' ? 'easier or harder' : difficulty === 'easy' ? 'harder' : 'easier'} than ${difficulty}, as the bank has too few ${difficulty} ones ${scope}.`,
    );
  }

  const title = topic
    ? `${subject.name}: ${topic.topic} (${capitalise(requestedDifficulty)})`
    : spec
      ? `${subject.name}: ${specLabel} (${capitalise(requestedDifficulty)})`
      : `${subject.name} mixed practice (${capitalise(requestedDifficulty)})`;
  const description = topic
    ? topic.description
    : spec
      ? `Specification points: ${spec.points.map((p) => `${p.ref} ${p.title}`).join('; ')}.`
      : `Questions from across ${subject.name}: ${[...new Set(questions.map((q) => q.topic))].sort().join(', ')}.`;

  return {
    title,
    description,
    topic: topic?.topic ?? (spec ? specLabel : null),
    subject: subject.name,
    difficulty,
    requestedDifficulty,
    questions,
    requested: count,
    shortfall,
    ...(notes.length > 0 && { note: notes.join(' ') }),
  };
}
