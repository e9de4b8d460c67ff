import { markPointSchema, type MarkPoint } from '../../../../shared/mark-scheme';
import { engineError, type GeneratedPaper, type GeneratedQuestion } from '../../engine';
import { escapeHtml } from '../../text/html-entities';
import { createRandom } from '../bank/instantiate';

export const BUILTIN_DOCUMENT_WRITER = 'the built-in question writer';

interface Sentence {
  text: string;
  page: number;
}

type Candidate = GeneratedQuestion & { score: number; sentence: string };

const STOP = new Set(
  'a an and are as at be been by can for from has have in into is it its of on or that the their there these this those to was were which with will would also than then they such may more most other some'.split(
    ' ',
  ),
);

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z][a-z-]+/g) ?? [];
}

function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length > 2 && !STOP.has(w));
}

/** Sentences of 6 to 60 words, each with the page it is on. */
export function splitSentences(pages: string[]): Sentence[] {
  const out: Sentence[] = [];
  pages.forEach((page, index) => {
    const clean = page.replace(/\s+/g, ' ').replace(/-\s+(?=[a-z])/g, '');
    for (const raw of clean.split(/(?<=[.!?])\s+(?=[A-Z(])/)) {
      const text = raw.trim();
      const n = text.split(' ').length;
      if (n >= 6 && n <= 60 && /[.!?]$/.test(text)) out.push({ text, page: index + 1 });
    }
  });
  return out;
}

/** Splits a clause into up to `max` examinable ideas (at commas, 'and', 'which', 'so'). */
function ideas(clause: string, max: number): string[] {
  const parts = clause
    .replace(/[.!?]$/, '')
    .split(/,\s*(?:and\s+|which\s+)?|\s+and\s+(?=\w+\s+\w+)|;\s*|\s+which\s+|\s+so that\s+/)
    .map((p) => p.trim())
    .filter((p) => contentWords(p).length >= 2);
  if (parts.length <= max) return parts.length ? parts : [clause.replace(/[.!?]$/, '')];
  return [...parts.slice(0, max - 1), parts.slice(max - 1).join(', ')];
}

function point(id: string, text: string, extra: Partial<MarkPoint> = {}): MarkPoint {
  return markPointSchema.parse({ id, text, ...extra });
}

function hintsFor(s: Sentence, name: string, nudge: string): string[] {
  return [`Look at page ${s.page} of ${name}.`, nudge];
}

const DEFINITION =
  /^(?:(?:An?|The)\s+)?([A-Za-z][\w\s()-]{1,48}?)\s+(?:is|are|refers to|is defined as|means|describes)\s+((?:an?|the)\s.+|[a-z].+)$/;
const CAUSE = /^(.{12,}?)\s*(?:,\s*)?\b(because|due to|as a result of|since)\b\s+(.{8,})$/i;
const EFFECT = /^(.{8,}?)\s+(causes|leads to|results in|produces|increases|decreases|reduces|prevents)\s+(.{6,})$/i;
const FIGURE =
  /(-?\d+(?:\.\d+)?)\s*(%|per cent|°C|K|kg|g|mg|km|m|cm|mm|nm|μm|s|ms|min|hours?|years?|J|kJ|W|kW|V|A|Ω|N|Pa|kPa|Hz|mol|dm3|cm3)?(?=[\s,.;)])/;

/**
 * "X are absorbed by active transport", "X is found in the nucleus", "X is used to…": a verb in the
 * passive or a state, not what X is. A definition says what X is ("the tissue that…", "dead, hollow cells").
 */
const PREDICATE =
  /^(?:not|also|only|often|usually|then|now|very|more|less|able|unable|likely|about|found|made|known|called|used|seen|given|taken|held|kept|built|shown|drawn|grown|bound|broken|driven|[a-z]+ed)\b(?:\s+(?:by|in|into|to|from|with|at|on|through|for|as|of|when|if|because|during|between|across)\b|$)/i;
/** Words that make a subject something other than a term: "This process", "Some cells", "Mineral ions such as nitrate". */
const NOT_A_TERM =
  /^(?:it|this|that|there|they|these|those|which|some|many|most|all|each|both|such|its|their|our|one|two)\b|\bsuch as\b|\b(?:may|can|must|will)\b/i;

function definitionQuestion(s: Sentence, name: string): Candidate | null {
  const m = DEFINITION.exec(s.text);
  if (!m) return null;
  const term = m[1].trim();
  const meaning = m[2].trim();
  if (term.split(' ').length > 5 || contentWords(meaning).length < 3 || NOT_A_TERM.test(term) || PREDICATE.test(meaning)) return null;
  const parts = ideas(meaning, 2);
  return {
    text: `<p>According to <em>${escapeHtml(name)}</em>, what is meant by <strong>${escapeHtml(term)}</strong>?</p>`,
    type: 'short_answer',
    totalMarks: parts.length,
    markScheme: parts.map((p, i) => point(`p${i + 1}`, p)),
    modelAnswer: `${term} ${/ are /.test(s.text) ? 'are' : 'is'} ${meaning}`,
    hints: hintsFor(s, name, `Say what ${term} is, then what makes it different from similar ideas.`),
    score: 2,
    sentence: s.text,
    term,
    meaning,
  } as Candidate & { term: string; meaning: string };
}

function causeQuestion(s: Sentence, name: string): Candidate | null {
  const cause = CAUSE.exec(s.text);
  if (cause) {
    const effect = cause[1].replace(/^(?:This|It)\s+/i, '').trim();
    const reason = cause[3].replace(/[.!?]$/, '').trim();
    if (contentWords(effect).length < 2 || contentWords(reason).length < 2) return null;
    const parts = ideas(reason, 2);
    return {
      text: `<p>Explain why ${escapeHtml(effect.charAt(0).toLowerCase() + effect.slice(1).replace(/[.,]$/, ''))}.</p>`,
      type: 'short_answer',
      totalMarks: parts.length,
      markScheme: parts.map((p, i) => point(`p${i + 1}`, p)),
      modelAnswer: `${effect} ${cause[2].toLowerCase()} ${reason}.`,
      hints: hintsFor(s, name, 'Think about what happens first, and what it leads to.'),
      score: 2.5,
      sentence: s.text,
    };
  }
  const effect = EFFECT.exec(s.text);
  if (!effect) return null;
  const subject = effect[1].trim();
  if (contentWords(subject).length < 1 || subject.split(' ').length > 10) return null;
  const outcome = effect[3].replace(/[.!?]$/, '').trim();
  return {
    text: `<p>Describe the effect of ${escapeHtml(subject.charAt(0).toLowerCase() + subject.slice(1))}, as explained in <em>${escapeHtml(name)}</em>.</p>`,
    type: 'short_answer',
    totalMarks: 1,
    markScheme: [point('p1', `${effect[2].toLowerCase()} ${outcome}`)],
    modelAnswer: s.text,
    hints: hintsFor(s, name, 'Name what changes and in which direction.'),
    score: 2,
    sentence: s.text,
  };
}

/** A number that names something rather than measures it: "Figure 4.2", "Table 3", "page 12", "Chapter 5". */
const LABEL_BEFORE =
  /\b(?:figures?|fig\.?|tables?|chapters?|sections?|pages?|p\.|equations?|eq\.?|units?|questions?|steps?|parts?|appendix|graph|diagram|no\.?)\s*$/i;

/** The sentence's best number to ask for: a quantity with a unit first, else a plain number; never a label or a year. */
function findFigure(text: string): RegExpExecArray | null {
  const all = new RegExp(FIGURE.source, 'g');
  let plain: RegExpExecArray | null = null;
  for (let m = all.exec(text); m; m = all.exec(text)) {
    if (/^(19|20)\d\d$/.test(m[1]) || LABEL_BEFORE.test(text.slice(0, m.index))) continue;
    if (/[\d.]$/.test(text.slice(0, m.index))) continue; // the middle of a longer number
    if (m[2]) return m;
    plain ??= m;
  }
  return plain;
}

function figureQuestion(s: Sentence, name: string): Candidate | null {
  const m = findFigure(s.text);
  if (!m || contentWords(s.text).length < 4) return null;
  const unit = m[2] === 'per cent' ? '%' : m[2];
  const blanked = `${s.text.slice(0, m.index)}______${unit ? ` ${unit}` : ''}${s.text.slice(m.index + m[0].length)}`;
  const value = Number(m[1]);
  return {
    text: `<p>Complete the statement from <em>${escapeHtml(name)}</em>:</p><p>${escapeHtml(blanked)}</p>`,
    type: 'short_answer',
    totalMarks: 1,
    markScheme: [
      point('p1', `${m[1]}${unit ? ` ${unit}` : ''}`, {
        kind: 'answer',
        numeric: { value, tolerance: 0.001, ...(unit && unit !== '%' ? { unit } : {}) },
        accept: unit === '%' ? [`${m[1]} percent`, `${m[1]} per cent`] : [],
      }),
    ],
    modelAnswer: `${m[1]}${unit ? ` ${unit}` : ''}`,
    hints: hintsFor(s, name, 'The missing value is a number stated in the document.'),
    score: 1.5,
    sentence: s.text,
  };
}

const SEQUENCE = /\b(first|firstly|then|next|after(?:wards)?|finally|followed by)\b/gi;

function processQuestion(s: Sentence, name: string): Candidate | null {
  if ((s.text.match(SEQUENCE) ?? []).length < 2) return null;
  const steps = s.text
    .replace(/[.!?]$/, '')
    .split(SEQUENCE)
    .map((p) => p.replace(/^[,\s]+|[,\s]+$/g, '').replace(/,?\s+and$/i, ''))
    .filter((p) => p && !SEQUENCE.test(p) && contentWords(p).length >= 2);
  SEQUENCE.lastIndex = 0;
  // A lead-in ('During protein synthesis') sets the scene; it is not a stage.
  if (steps.length > 2 && /^(during|in|when|for|to)\b/i.test(steps[0])) steps.shift();
  if (steps.length < 2) return null;
  const marks = Math.min(steps.length, 4);
  return {
    text: `<p>Describe, in order, the stages of the process set out on page ${s.page} of <em>${escapeHtml(name)}</em> that begins: “${escapeHtml(s.text.split(' ').slice(0, 4).join(' '))}…”.</p>`,
    type: 'essay',
    totalMarks: marks,
    markScheme: steps.slice(0, marks).map((p, i) => point(`s${i + 1}`, p)),
    modelAnswer: steps.join('; then '),
    hints: hintsFor(s, name, 'List the stages one at a time, in the order they happen.'),
    score: 3,
    sentence: s.text,
  };
}

/** Term weights: words that are frequent in this document but not everywhere in it. */
function salience(sentences: Sentence[]): (text: string) => number {
  const df = new Map<string, number>();
  for (const s of sentences) for (const w of new Set(contentWords(s.text))) df.set(w, (df.get(w) ?? 0) + 1);
  const n = sentences.length;
  return (text) => {
    const ws = contentWords(text);
    if (ws.length === 0) return 0;
    const score = ws.reduce((sum, w) => {
      const d = df.get(w) ?? 1;
      return sum + (d > 1 ? Math.log(1 + d) : 0.3) * Math.log(1 + n / d);
    }, 0);
    return score / Math.sqrt(ws.length);
  };
}

/** A multiple-choice question from definitions: the right meaning among three others from the document. */
function definitionChoices(defs: (Candidate & { term: string; meaning: string })[], name: string, random: () => number): Candidate[] {
  if (defs.length < 4) return [];
  return defs.slice(0, Math.min(3, defs.length)).map((def) => {
    const others = defs
      .filter((d) => d.term !== def.term)
      .sort(() => random() - 0.5)
      .slice(0, 3);
    const letters = ['A', 'B', 'C', 'D'];
    const pool = [def, ...others].sort(() => random() - 0.5);
    const options = Object.fromEntries(pool.map((d, i) => [letters[i], escapeHtml(d.meaning.replace(/[.!?]$/, ''))]));
    const correct = letters[pool.indexOf(def)];
    return {
      text: `<p>Which of these best describes <strong>${escapeHtml(def.term)}</strong>, as used in <em>${escapeHtml(name)}</em>?</p>`,
      type: 'multiple_choice' as const,
      totalMarks: 1,
      options,
      correctAnswer: correct,
      markScheme: [point('p1', `${correct}: ${def.meaning.replace(/[.!?]$/, '')}`)],
      modelAnswer: correct,
      hints: [`Look for where ${def.term} is defined in ${name}.`],
      score: 1.8,
      sentence: `${def.sentence} (choice)`,
    };
  });
}

/**
 * Real questions with mark schemes from a document's own text: definitions (what is meant by…, and a
 * multiple-choice version), causes and effects (explain why…), processes (describe in order…) and figures
 * (complete the statement, marked numerically). Deterministic for a seed.
 */
export function questionsFromDocument(input: {
  name: string;
  pages: string[];
  subject: string;
  count?: number;
  seed?: number;
}): GeneratedPaper {
  const count = input.count ?? 10;
  const sentences = splitSentences(input.pages);
  const weigh = salience(sentences);
  const random = createRandom(input.seed ?? 1);
  const candidates: Candidate[] = [];
  const definitions: (Candidate & { term: string; meaning: string })[] = [];
  for (const s of sentences) {
    for (const make of [definitionQuestion, processQuestion, causeQuestion, figureQuestion]) {
      const q = make(s, input.name);
      if (!q) continue;
      q.score *= weigh(s.text);
      candidates.push(q);
      if ('term' in q) definitions.push(q as Candidate & { term: string; meaning: string });
      break; // one question per sentence
    }
  }
  candidates.push(
    ...definitionChoices(
      definitions.sort((a, b) => b.score - a.score),
      input.name,
      random,
    ),
  );
  if (candidates.length === 0) {
    throw engineError(
      'BAD_INPUT',
      'No definitions, explanations, processes or figures could be found in this document to write questions from.',
    );
  }
  // Best first, but no more than half of one kind, so the paper mixes question types.
  candidates.sort((a, b) => b.score - a.score);
  const chosen: Candidate[] = [];
  const perType = new Map<string, number>();
  for (const c of candidates) {
    if (chosen.length >= count) break;
    const key = `${c.type}:${c.markScheme[0].numeric ? 'n' : 't'}`;
    if ((perType.get(key) ?? 0) >= Math.max(2, Math.ceil(count / 2))) continue;
    perType.set(key, (perType.get(key) ?? 0) + 1);
    chosen.push(c);
  }
  for (const c of candidates) if (chosen.length < count && !chosen.includes(c)) chosen.push(c);
  const topic = input.name.replace(/\.pdf$/i, '');
  return {
    title: `${input.subject}: questions from ${topic}`,
    description: `${chosen.length} questions written from the definitions, explanations and figures in ${input.name}.`,
    topic,
    difficultyLevel: 'medium',
    questions: chosen.map(({ score: _score, sentence: _sentence, ...q }) => {
      const { term: _t, meaning: _m, ...rest } = q as GeneratedQuestion & { term?: string; meaning?: string };
      return { ...rest, topic };
    }),
    generatedBy: BUILTIN_DOCUMENT_WRITER,
    note: chosen.length < count ? `The document had material for ${chosen.length} questions.` : undefined,
  };
}
