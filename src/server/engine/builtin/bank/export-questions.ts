import type { MarkPoint } from '../../../../shared/mark-scheme';
import type { BankQuestion, TopicFile } from './schema';
import { escapeGift } from './parse-gift';
import { writeExactNumber } from '../../text/sig-figs';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';

/**
 * Exporting bank topics: as the bank's JSON exchange format (lossless; templates kept) or as Moodle
 * GIFT (templates instantiated for a seed; what GIFT cannot hold travels in `// key: value` comments
 * that import-gift.ts reads back: id, difficulty, hint, model answer, points, unit, and the scheme's
 * structure as `// scheme: {json}`).
 */

export interface ExportTopic {
  subject: string;
  topic: string;
  description: string;
  questions: BankQuestion[];
}

/** One topic as a topic file; several as a bundle {subject, topics}. */
export function exportJson(topics: ExportTopic[]): string {
  const files: TopicFile[] = topics.map((t) => ({
    subject: t.subject,
    topic: t.topic,
    description: t.description,
    questions: t.questions,
  }));
  const value = files.length === 1 ? files[0] : { subject: files[0]?.subject ?? '', topics: files };
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A comment value on one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function pointEntry(p: MarkPoint): string {
  const text = oneLine(p.text).replace(/;/g, '\\;');
  return p.marks > 1 ? `${text} [${p.marks}]` : text;
}

/** Absolute tolerance of a numeric point: absTolerance, or the relative tolerance (default 1%) of its value. */
function absoluteTolerance(p: MarkPoint): number {
  const numeric = p.numeric!;
  const value = Number(numeric.value);
  return numeric.absTolerance ?? Math.abs(value) * (numeric.tolerance ?? 0.01);
}

/** Fields of a point beyond its text and marks that GIFT cannot hold. */
const STRUCTURE_FIELDS = ['depends_on', 'ecf', 'ecf_formula', 'group', 'skill'] as const;
/** A point's wordings, which a question written as a GIFT essay cannot otherwise hold. */
const WORDING_FIELDS = ['accept', 'reject', 'required'] as const;

/**
 * The scheme's structure (kinds, dependencies, ECF, groups, skills, levels, the final-answer rule) as one JSON
 * comment, when it has any: Moodle ignores it, import-gift.ts reads it back. Undefined for a plain scheme.
 */
function schemeComment(q: ConcreteQuestion, asEssay: boolean): string | undefined {
  // a question written as an essay keeps its points' wordings too (a matching pair's accepted forms and required word)
  const wordings = asEssay ? WORDING_FIELDS : [];
  const structured =
    q.groups?.length ||
    q.levels?.length ||
    q.final_answer_full_marks ||
    q.markScheme.some((p) => p.kind !== 'B' || STRUCTURE_FIELDS.some((f) => p[f] !== undefined) || wordings.some((f) => p[f]?.length));
  if (!structured) return undefined;
  const points = q.markScheme.map((p) => ({
    id: p.id,
    ...(p.marks !== 1 && { marks: p.marks }),
    ...(p.kind !== 'B' && { kind: p.kind }),
    ...Object.fromEntries(STRUCTURE_FIELDS.filter((f) => p[f] !== undefined).map((f) => [f, p[f]])),
    ...Object.fromEntries(wordings.filter((f) => p[f]?.length).map((f) => [f, p[f]])),
  }));
  return JSON.stringify({
    points,
    ...(q.groups?.length && { groups: q.groups }),
    ...(q.levels?.length && { levels: q.levels }),
    ...(q.final_answer_full_marks && { final_answer_full_marks: true }),
  });
}

/** A two-option multiple-choice question whose options are True and False (how a true/false question is kept). */
export function isTrueFalse(q: Pick<ConcreteQuestion, 'type' | 'options' | 'correctAnswer'>): boolean {
  const o = q.options;
  return (
    q.type === 'multiple_choice' &&
    !!o &&
    Object.keys(o).length === 2 &&
    o.A?.trim().toLowerCase() === 'true' &&
    o.B?.trim().toLowerCase() === 'false' &&
    (q.correctAnswer === 'A' || q.correctAnswer === 'B')
  );
}

function giftQuestion(q: ConcreteQuestion): string {
  const comments = [`id: ${q.id}`, `difficulty: ${q.difficulty}`];
  // GIFT has no shuffleanswers of its own: Markwell carries it in a comment
  if (q.shuffle && q.options) comments.push('shuffle: true');
  let answer: string;
  const single = q.markScheme.length === 1 ? q.markScheme[0] : undefined;

  if (isTrueFalse(q)) {
    // a true/false question (two options, True and False) goes back as one, so it imports back the same
    answer = q.correctAnswer === 'A' ? 'TRUE' : 'FALSE';
  } else if (q.type === 'multiple_choice' && q.options && q.correctAnswer?.includes(',')) {
    // multiple response: each right option weighted by its point's share of the marks, each wrong one -100%
    const right = q.correctAnswer.split(',');
    const total = q.markScheme.reduce((n, p) => n + p.marks, 0) || right.length;
    const weight = (letter: string) => {
      const point = q.markScheme.find((p) => p.accept[0] === letter);
      return Number((((point?.marks ?? 1) / total) * 100).toFixed(5));
    };
    answer = Object.entries(q.options)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([letter, text]) => `~%${right.includes(letter) ? weight(letter) : -100}%${escapeGift(text)}`)
      .join(' ');
  } else if (q.type === 'multiple_choice' && q.options && q.correctAnswer) {
    answer = Object.entries(q.options)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([letter, text]) => `${q.correctAnswer!.split('|').includes(letter) ? '=' : '~'}${escapeGift(text)}`)
      .join(' ');
  } else if (q.type === 'short_answer' && single?.numeric && single.marks === 1 && typeof single.numeric.value === 'number') {
    if (single.numeric.unit) comments.push(`unit: ${single.numeric.unit}`);
    // read by Moodle: the value at full precision, in a notation it parses (never rounded for show)
    answer = `#${writeExactNumber(single.numeric.value)}:${writeExactNumber(absoluteTolerance(single))}`;
  } else if (q.type === 'short_answer' && single && single.marks === 1) {
    const accepted = [...new Set([single.text, ...single.accept])];
    answer = [...accepted.map((a) => `=${escapeGift(a)}`), ...single.reject.map((r) => `=%0%${escapeGift(r)}`)].join(' ');
  } else {
    // Everything GIFT cannot mark point by point travels as an essay with its points.
    if (q.type !== 'essay') comments.push(`type: ${q.type}`);
    // a question still waiting for its scheme keeps its marks (it imports back flagged, worth the same)
    if (q.markScheme.length === 0) comments.push(`marks: ${q.marks}`);
    else comments.push(`points: ${q.markScheme.map(pointEntry).join('; ')}`);
    answer = '';
  }
  if (answer !== '') comments.push(`points: ${q.markScheme.map(pointEntry).join('; ')}`);
  const scheme = schemeComment(q, answer === '' && q.markScheme.length > 0);
  if (scheme) comments.push(`scheme: ${scheme}`);
  for (const hint of q.hints) comments.push(`hint: ${oneLine(hint)}`);
  comments.push(`model answer: ${oneLine(q.modelAnswer)}`);
  // the question's own name as its title (the id when it has none; the id travels in its comment either way)
  const title = q.name?.replace(/\s*\n\s*/g, ' ').trim() || q.id;
  return [...comments.map((c) => `// ${c}`), `::${escapeGift(title)}::[html]${escapeGift(q.text)} {${answer}}`].join('\n');
}

function escapeCategory(name: string): string {
  return oneLine(name).replace(/\//g, '-');
}

/** Topics as GIFT, one $CATEGORY per topic; template questions instantiated for `seed`. */
export function exportGift(topics: ExportTopic[], seed = 1): string {
  const parts: string[] = [];
  for (const t of topics) {
    parts.push(`// description: ${oneLine(t.description)}\n$CATEGORY: ${escapeCategory(t.subject)}/${escapeCategory(t.topic)}`);
    for (const q of t.questions) parts.push(giftQuestion(instantiateQuestion(q, seed)));
  }
  return `${parts.join('\n\n')}\n`;
}
