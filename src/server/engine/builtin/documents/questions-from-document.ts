import { markPointSchema, type MarkPoint } from '../../../../shared/mark-scheme';
import { engineError, type GeneratedPaper, type GeneratedQuestion } from '../../engine';
import { escapeHtml } from '../../text/html-entities';
import { createRandom } from '../bank/instantiate';
import {
  documentBlocks,
  documentHeadings,
  documentSentences,
  similarity,
  wordsOf,
  type DocumentSentence,
} from '../../documents/document-text';

export const BUILTIN_DOCUMENT_WRITER = 'the built-in question writer';

type Sentence = DocumentSentence;

type Candidate = GeneratedQuestion & {
  score: number;
  sentence: string;
  page: number;
  /** What the question asks about: a defined term, a process, else the words its stem is about. */
  subject?: string;
  /** The key concept it examines (the most specific one its subject names) and the first its subject names. */
  concept?: string | null;
  lead?: string | null;
};
type DefinitionCandidate = Candidate & { term: string; meaning: string; genus: string };

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

/**
 * Whole sentences of 6 to 60 words, each with the page it is on: words broken across lines joined
 * again, headings, lists and captions kept apart, repeated and near-repeated sentences dropped.
 */
export function splitSentences(pages: string[]): Sentence[] {
  return documentSentences(pages).filter((s) => {
    const n = s.text.split(/\s+/).length;
    return n >= 6 && n <= 60;
  });
}

/** Splits a clause into up to `max` examinable ideas (at commas, 'and', 'which', 'so'). */
function ideas(clause: string, max: number): string[] {
  const whole = clause.replace(/[.!?]$/, '').trim();
  // Split with the separators kept, so a piece too short to stand alone ("willing" of "willing and able")
  // stays with its neighbour as written: no word of the clause is lost and no point is cut mid-phrase.
  // 'and' parts two ideas when a new phrase follows ("many mitochondria and a large surface area"), never
  // a pair of words ("willing and able", "lock and key").
  const pieces = whole.split(
    /(,\s*(?:and\s+|which\s+)?|\s+and\s+(?=(?:a|an|the|its|their|it|they|then|so|this|these|those|some|many|more|less)\s+\w+)|;\s*|\s+which\s+|\s+so that\s+)/,
  );
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < pieces.length; i += 2) {
    current += pieces[i];
    const strong =
      contentWords(current).length >= 2 && !/\b(?:of|to|the|an?|and|or|by|with|in|on|for|from|as|than|like)$/i.test(current.trim());
    if (strong) {
      parts.push(current + (pieces[i + 1] ?? ''));
      current = '';
    } else current += pieces[i + 1] ?? '';
  }
  if (current) {
    if (parts.length) parts[parts.length - 1] += current;
    else parts.push(current);
  }
  const kept = parts.length <= max ? parts : [...parts.slice(0, max - 1), parts.slice(max - 1).join('')];
  const cleaned = kept
    .map((p) =>
      p
        .replace(/(?:,\s*(?:and|which)?|\s+and|;|\s+which|\s+so that)\s*$/i, '')
        .replace(/^(?:and|which|so that)\s+/i, '')
        .trim(),
    )
    .filter(Boolean);
  return cleaned.length ? cleaned : [whole];
}

function point(id: string, text: string, extra: Partial<MarkPoint> = {}): MarkPoint {
  return markPointSchema.parse({ id, text, ...extra });
}

function hintsFor(s: Sentence, name: string, nudge: string): string[] {
  return [`Look at page ${s.page} of ${name}.`, nudge];
}

/** "X is a/an/the …", "X are …", "X is defined as …", "X refers to …", "X means …": a sentence that says what X is. */
const DEFINITION =
  /^(?:(?:An?|The)\s+)?([A-Za-z][\w()'’-]*(?:\s+[\w()'’-]+){0,4}?)\s+(?:is|are)\s+(?:defined as\s+|known as\s+)?((?:an?|the)\s.+|[a-z]+(?:,\s*[a-z]+)*\s+(?:cells?|tissues?|molecules?|structures?|organelles?|processes|substances?)\b.+)$|^(?:(?:An?|The)\s+)?([A-Za-z][\w()'’-]*(?:\s+[\w()'’-]+){0,4}?)\s+(?:is defined as|refers to|means)\s+(.+)$/;

/**
 * "X are absorbed by active transport", "X is found in the nucleus", "X is used to…": a verb in the
 * passive or a state, not what X is. A definition says what X is ("the tissue that…", "dead, hollow cells").
 */
const PREDICATE =
  /^(?:not|also|only|often|usually|then|now|very|more|less|able|unable|likely|about|found|made|known|called|used|seen|given|taken|held|kept|built|shown|drawn|grown|bound|broken|driven|[a-z]+ed)\b(?:\s+(?:by|in|into|to|from|with|at|on|through|for|as|of|when|if|because|during|between|across)\b|$)/i;
/** Words that make a subject something other than a term: "This process", "Some cells", "Mineral ions such as nitrate". */
const NOT_A_TERM =
  /^(?:it|this|that|there|they|these|those|which|some|many|most|all|each|both|such|its|their|our|one|two|here|what|how|why|when|where)\b|\bsuch as\b|\b(?:may|can|must|will|is|are|was|were|has|have|had|does|do)\b/i;
/** What makes a meaning an evaluation rather than a definition: "the main reason", "a good example", "the most important". */
const NOT_A_MEANING =
  /^(?:an?|the)\s+(?:main|most|best|only|first|second|last|key|major|good|important|example|reason|result|same|largest|smallest)\b|^(?:an?|the|one of the)\s+(?:\w+\s+){0,2}(?:currently|widely|generally|accepted|best[- ]known|well[- ]known|popular|famous|favourite|usual|standard|traditional|longest|shortest|biggest|oldest|newest|simplest|hardest|easiest)\b/i;
/** A key-term list entry: "Cofactor: a non-protein substance …", "Denaturation – a permanent change …". */
const KEY_TERM = /^([A-Z][\w'’-]*(?:\s+[\w'’-]+){0,3})\s*(?::|\s[–—-])\s+((?:an?|the)\s.+|[a-z]+\s.+)$/;

/** The kind of thing a definition says its term is: its first noun ("the net movement of …" → "movement"). */
function genusOf(meaning: string): string {
  const words = meaning
    .replace(/^(?:an?|the)\s+/i, '')
    .toLowerCase()
    .split(/\s+/);
  const stop = words.findIndex(
    (w) => /^(?:of|that|which|who|where|in|by|with|from|for|to|when|made|found|used|,)$/.test(w) || /,$/.test(w),
  );
  const head = (stop < 0 ? words.slice(0, 3) : words.slice(0, Math.max(1, stop))).at(-1) ?? '';
  return head.replace(/[^a-z-]/g, '').replace(/(?<=[a-z]{3})(?:es|s)$/, '');
}

function definitionQuestion(s: Sentence, name: string): DefinitionCandidate | null {
  const m = DEFINITION.exec(s.text);
  const k = m ? null : KEY_TERM.exec(s.text);
  if (!m && !k) return null;
  const written = m ? (m[1] ?? m[3]).trim() : k![1].trim();
  // A heading printed run-in with its paragraph ("Key terms A cofactor is …"): the term starts at its article.
  const runIn = /^\S.*?\s+((?:A|An|The)\s+)([a-z].*)$/.exec(written);
  const term = runIn ? runIn[2] : written;
  const meaning = (m ? (m[2] ?? m[4]) : k![2]).trim().replace(/[.!?]$/, '');
  const termWords = term.split(/\s+/);
  if (
    termWords.length > 5 ||
    contentWords(meaning).length < 3 ||
    NOT_A_TERM.test(term) ||
    PREDICATE.test(meaning) ||
    NOT_A_MEANING.test(meaning)
  )
    return null;
  // The same word twice ("Osmosis Osmosis") is a heading run into its paragraph, never a term.
  if (termWords.length > 1 && new Set(termWords.map((w) => w.toLowerCase())).size < termWords.length) return null;
  const parts = ideas(meaning, 2);
  return {
    text: `<p>According to <em>${escapeHtml(name)}</em>, what is meant by <strong>${escapeHtml(term)}</strong>?</p>`,
    type: 'short_answer',
    totalMarks: parts.length,
    markScheme: parts.map((p, i) => point(`p${i + 1}`, p)),
    modelAnswer:
      m && !runIn
        ? s.text
        : `${runIn ? runIn[1] : ''}${runIn ? term : capitalise(term)} ${/\s+are\s+/.test(s.text) ? 'are' : 'is'} ${meaning}.`,
    hints: hintsFor(s, name, `Say what ${term} is, then what makes it different from similar ideas.`),
    score: 2,
    subject: term,
    sentence: s.text,
    page: s.page,
    term,
    meaning,
    genus: genusOf(meaning),
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return /^(?:[A-Z][a-z]|An?\s)/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Verbs (and their like) that show a stretch of words is a clause, not a noun phrase. */
const FINITE_VERB =
  /\b(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|may|might|must|should|binds?|forms?|makes?|moves?|enters?|leaves?|passes|becomes?|contains?|carries|carry|uses?|needs?|allows?|helps?|gives?|takes?|absorbs?|releases?|produces?|causes?|increases|decreases|reduces)\b/i;

/** A noun phrase that can follow "the effect of": a few words, no verb, no clause. */
function isNounPhrase(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length >= 1 && words.length <= 8 && !FINITE_VERB.test(text) && !/[,;:]/.test(text) && !NOT_A_TERM.test(text);
}

const CAUSE = /^(.{12,}?)\s*(?:,\s*)?\b(because|due to|as a result of|since)\b\s+(.{8,})$/i;
const EFFECT = /^(.{3,}?)\s+(increases|decreases|reduces|raises|lowers|slows|speeds up)\s+(the\s+.{6,})$/i;

/** "Explain why X happens" from "X happens because Y": the clause before 'because' is a statement that reads as a question. */
function causeQuestion(s: Sentence, name: string): Candidate | null {
  const cause = CAUSE.exec(s.text);
  if (cause) {
    const effect = cause[1]
      .replace(/^(?:This|It)\s+(?=is|was|happens)/i, '')
      .replace(/[,;:]$/, '')
      .trim();
    const reason = cause[3].replace(/[.!?]$/, '').trim();
    // The clause must be a statement with a verb of its own ("root hair cells absorb water quickly"), not a fragment.
    if (contentWords(effect).length < 2 || contentWords(reason).length < 2 || (!FINITE_VERB.test(effect) && !/\b\w+s\b/.test(effect)))
      return null;
    if (/^(?:this|it|that|these|they|there)\b/i.test(effect) || /\b(?:and|or|but|which)$/i.test(effect)) return null;
    const parts = ideas(reason, 2);
    return {
      text: `<p>Explain why ${escapeHtml(lowerFirst(effect))}.</p>`,
      type: 'short_answer',
      totalMarks: parts.length,
      markScheme: parts.map((p, i) => point(`p${i + 1}`, p)),
      modelAnswer: `${capitalise(effect)} ${cause[2].toLowerCase()} ${reason}.`,
      hints: hintsFor(s, name, 'Think about what happens first, and what it leads to.'),
      score: 2.5,
      subject: effect,
      sentence: s.text,
      page: s.page,
    };
  }
  const effect = EFFECT.exec(s.text.replace(/[.!?]$/, ''));
  if (!effect) return null;
  const subject = effect[1].trim();
  const target = effect[3].replace(/\s+(?:and|so|which|because)\b.*$/i, '').trim();
  if (!isNounPhrase(subject) || !isNounPhrase(target.replace(/^the\s+/i, '')) || contentWords(subject).length < 1) return null;
  const direction = /increases|raises|speeds up/i.test(effect[2]) ? 'increases' : 'decreases';
  return {
    text: `<p>Describe the effect of ${escapeHtml(lowerFirst(subject))} on ${escapeHtml(target)}.</p>`,
    type: 'short_answer',
    totalMarks: 1,
    markScheme: [point('p1', `${effect[2].toLowerCase()} ${target}`, { accept: [`${target} ${direction}`] })],
    modelAnswer: s.text,
    hints: hintsFor(s, name, 'Name what changes and in which direction.'),
    score: 2,
    subject: `${subject} ${target}`,
    sentence: s.text,
    page: s.page,
  };
}

const FIGURE =
  /(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s*(%|per cent|°C|K|kg|g|mg|km|m|cm|mm|nm|μm|s|ms|min|hours?|years?|J|kJ|W|kW|V|A|Ω|N|Pa|kPa|Hz|mol|dm3|cm3)?(?=[\s,.;)])/;

/** A number that names something rather than measures it: "Figure 4.2", "Table 3", "page 12", "Chapter 5". */
const LABEL_BEFORE =
  /\b(?:figures?|fig\.?|tables?|chapters?|sections?|pages?|p\.|equations?|eq\.?|units?|questions?|steps?|parts?|appendix|graph|diagram|no\.?)\s*$/i;

/** The sentence's best number to ask for: a quantity with a unit first, else a plain number; never a label or a year. */
function findFigure(text: string): RegExpExecArray | null {
  const all = new RegExp(FIGURE.source, 'g');
  let plain: RegExpExecArray | null = null;
  for (let m = all.exec(text); m; m = all.exec(text)) {
    if (/^1\d\d\d$|^20\d\d$/.test(m[1]) || LABEL_BEFORE.test(text.slice(0, m.index))) continue;
    if (/[\d.]$/.test(text.slice(0, m.index))) continue; // the middle of a longer number
    if (m[2]) return m;
    plain ??= m;
  }
  return plain;
}

/**
 * A number no examiner asks for: one reading of a practical or a study (how often it was recorded, how
 * many took part, when it was published), not a fact of the subject ("pure water has a water potential of 0 kPa").
 */
const TRIVIA =
  /\b(?:every|recorded|measured|timed|experiments?|practicals?|study|studies|survey|trials?|tests?|participants|households|sample|published|proposed|described|put forward|discovered|was|were|in (?:1\d|20)\d\d)\b/i;

function figureQuestion(s: Sentence, name: string): Candidate | null {
  const m = findFigure(s.text);
  if (!m || contentWords(s.text).length < 4 || TRIVIA.test(s.text)) return null;
  const unit = m[2] === 'per cent' ? '%' : m[2];
  const blanked = `${s.text.slice(0, m.index)}______${unit ? ` ${unit}` : ''}${s.text.slice(m.index + m[0].length)}`;
  const value = Number(m[1].replace(/,/g, ''));
  return {
    text: `<p>Complete the statement from <em>${escapeHtml(name)}</em>:</p><p>${escapeHtml(blanked)}</p>`,
    type: 'short_answer',
    totalMarks: 1,
    markScheme: [
      point('p1', `${m[1]}${unit ? ` ${unit}` : ''}`, {
        kind: 'A',
        numeric: { value, tolerance: 0.001, ...(unit && unit !== '%' ? { unit } : {}) },
        accept: unit === '%' ? [`${m[1]} percent`, `${m[1]} per cent`] : [],
      }),
    ],
    modelAnswer: `${m[1]}${unit ? ` ${unit}` : ''}`,
    hints: hintsFor(s, name, 'The missing value is a number stated in the document.'),
    score: 1.5,
    subject: s.text,
    sentence: s.text,
    page: s.page,
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
  // A lead-in ('During protein synthesis') sets the scene and names the process; it is not a stage.
  let process: string | null = null;
  const lead = /^(?:during|in)\s+(.{3,40})$/i.exec(steps[0]);
  if (steps.length > 2 && lead) {
    process = lead[1];
    steps.shift();
  } else if (steps.length > 2 && /^(during|in|when|for|to)\b/i.test(steps[0])) steps.shift();
  process ??= s.heading && s.heading.split(/\s+/).length <= 6 ? s.heading.replace(/^[0-9.]+\s*/, '') : null;
  if (steps.length < 2 || !process || !isNounPhrase(process)) return null;
  const marks = Math.min(steps.length, 4);
  return {
    text: `<p>Describe, in order, the stages of ${escapeHtml(lowerFirst(process))}.</p>`,
    type: 'essay',
    totalMarks: marks,
    markScheme: steps.slice(0, marks).map((p, i) => point(`s${i + 1}`, p)),
    modelAnswer: `${steps.map((st, i) => (i === 0 ? capitalise(st) : st)).join('; then ')}.`,
    hints: hintsFor(s, name, 'List the stages one at a time, in the order they happen.'),
    score: 3,
    subject: process,
    sentence: s.text,
    page: s.page,
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

/** Whether two terms are the same idea ("osmosis" and "Osmosis", "enzyme" and "enzymes"). */
function sameTerm(a: string, b: string): boolean {
  const norm = (t: string) => t.toLowerCase().replace(/(?<=[a-z]{3})s$/, '');
  return norm(a) === norm(b);
}

/**
 * A multiple-choice question from a definition: "Which term is described by …?", the options the
 * defined term and three other terms of the document, of the same kind where it has them (other
 * processes for a process, other cells for a cell), then other defined terms, then its headings.
 */
function definitionChoices(defs: DefinitionCandidate[], headings: string[], name: string, random: () => number): Candidate[] {
  const out: Candidate[] = [];
  for (const def of defs.slice(0, 3)) {
    const pool: string[] = [];
    const add = (term: string) => {
      if (!sameTerm(term, def.term) && !pool.some((t) => sameTerm(t, term)) && term.split(/\s+/).length <= 4) pool.push(term);
    };
    const others = defs.filter((d) => !sameTerm(d.term, def.term));
    for (const d of others.filter((o) => o.genus === def.genus)) add(d.term);
    for (const d of others) add(d.term);
    for (const h of headings) if (isNounPhrase(h) && !SECTION_LABEL.test(h) && h.split(/\s+/).length <= 3 && /^[A-Z][a-z]/.test(h)) add(h);
    if (pool.length < 3) continue;
    const distractors = pool.slice(0, 3);
    const letters = ['A', 'B', 'C', 'D'];
    const shuffled = [def.term, ...distractors]
      .map((t) => ({ t, r: random() }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.t);
    const options = Object.fromEntries(shuffled.map((t, i) => [letters[i], escapeHtml(capitalise(t))]));
    const correct = letters[shuffled.indexOf(def.term)];
    out.push({
      text: `<p>According to <em>${escapeHtml(name)}</em>, which term is described below?</p><p>${escapeHtml(capitalise(def.meaning))}.</p>`,
      type: 'multiple_choice' as const,
      totalMarks: 1,
      options,
      correctAnswer: correct,
      markScheme: [point('p1', `${correct}: ${def.term}`, { accept: [correct, `option ${correct}`] })],
      modelAnswer: `${correct}: ${capitalise(def.term)} ${/\s+are\s+/.test(def.sentence) ? 'are' : 'is'} ${def.meaning}.`,
      hints: [`Look at page ${def.page} of ${name}.`, 'Which of the terms does the description define, rather than just mention?'],
      score: 1.8,
      subject: def.term,
      sentence: `${def.sentence} (choice)`,
      page: def.page,
    });
  }
  return out;
}

/** A heading that names a part of the notes, not an idea in them: "Key terms", "Summary", "What enzymes are". */
const SECTION_LABEL =
  /^(?:key (?:terms|words|ideas|points|facts)|glossary|summary|introduction|overview|contents|revision|notes|questions|exercises|answers|examples?|practice|recap|definitions|factors\b.*|what\b.*|how\b.*|why\b.*)$/i;

/** A word reduced to its stem, so "denatured" and "denaturation", "enzymes" and "enzyme" meet. */
function stemsOf(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w))
    .map((w) => w.replace(/(?<=[a-z]{3})s$/, '').slice(0, 6));
}

/** Where a concept's stems occur, in order, in a text's stems (-1 if they do not). */
function mentionAt(text: string[], concept: string[]): number {
  if (concept.length === 0) return -1;
  for (let i = 0; i + concept.length <= text.length; i++) if (concept.every((c, j) => text[i + j] === c)) return i;
  return -1;
}

interface Concept {
  name: string;
  stems: string[];
  /** How prominent it is: headings and key-term lists name it, the document defines it, sentences repeat it. */
  weight: number;
  /** How many sentences name it: the fewer, the more specific. */
  count: number;
}

/**
 * The document's key concepts: its defined terms, its headings that name an idea and its key-term list
 * entries, each weighted by how prominently and how often the document names it.
 */
function keyConcepts(pages: string[], sentences: Sentence[], definitions: DefinitionCandidate[]): Concept[] {
  const byKey = new Map<string, Concept>();
  const add = (name: string, weight: number) => {
    const clean = name
      .replace(/^[0-9.]+\s*/, '')
      .replace(/^(?:an?|the)\s+/i, '')
      .trim();
    const stems = stemsOf(clean);
    if (stems.length === 0 || stems.length > 4 || SECTION_LABEL.test(clean)) return;
    const key = stems.join(' ');
    const c = byKey.get(key) ?? { name: clean, stems, weight: 0, count: 0 };
    c.weight += weight;
    byKey.set(key, c);
  };
  for (const d of definitions) add(d.term, 1);
  for (const b of documentBlocks(pages)) {
    if (b.kind === 'heading' && isNounPhrase(b.text)) add(b.text, 2);
    if (b.kind === 'list-item') {
      const k = KEY_TERM.exec(b.text);
      if (k) add(k[1], 2);
    }
  }
  const sentenceStems = sentences.map((s) => stemsOf(s.text));
  for (const c of byKey.values()) {
    c.count = sentenceStems.filter((st) => mentionAt(st, c.stems) >= 0).length;
    c.weight += Math.log2(1 + c.count);
  }
  return [...byKey.values()];
}

/** The key concepts a candidate's subject names, and the one it examines: the most specific (then the first named). */
function placeConcept(c: Candidate, concepts: Concept[]): void {
  const text = stemsOf(c.subject ?? c.sentence);
  const named = concepts
    .map((k) => ({ k, at: mentionAt(text, k.stems) }))
    .filter((x) => x.at >= 0)
    // A concept inside a longer one named at the same place ("inhibitor" in "competitive inhibitor") is the longer one.
    .filter(
      (x, _, all) => !all.some((y) => y !== x && y.k.stems.length > x.k.stems.length && x.at >= y.at && x.at < y.at + y.k.stems.length),
    );
  named.sort((a, b) => a.at - b.at || b.k.stems.length - a.k.stems.length);
  c.lead = named[0] ? named[0].k.stems.join(' ') : null;
  const direct = c.type === 'multiple_choice' || /what is meant by|stages of/.test(c.text);
  if (direct && c.subject) {
    c.concept = stemsOf(c.subject).join(' ');
    c.lead = c.concept;
    return;
  }
  named.sort((a, b) => a.k.count - b.k.count || a.at - b.at);
  c.concept = named[0] ? named[0].k.stems.join(' ') : null;
}

/** Whether one concept is the other or part of it ("catalyst" and "homogeneous catalyst"). */
function within(a: string, b: string): boolean {
  return ` ${b} `.includes(` ${a} `) || ` ${a} `.includes(` ${b} `);
}

/** Two questions on one concept: the concept one examines is (or is part of) the other's, or what the other's subject leads with. */
function sameConcept(a: Candidate, b: Candidate): boolean {
  const of = (c: Candidate) => [c.concept, c.lead].filter((x): x is string => !!x);
  return of(a).some((x) => of(b).some((y) => within(x, y)));
}

/** Two questions too alike to set in one paper: the same source sentence, the same term, or near-identical wording. */
function tooAlike(a: Candidate, b: Candidate): boolean {
  if (sameConcept(a, b)) return true;
  if (a.type !== b.type) return false;
  if (a.sentence === b.sentence) return true;
  const ta = 'term' in a ? (a as DefinitionCandidate).term : null;
  const tb = 'term' in b ? (b as DefinitionCandidate).term : null;
  if (ta && tb && sameTerm(ta, tb)) return true;
  // Two questions on different key concepts differ whatever their shared wording ("what is meant by …").
  if (a.concept && b.concept) return false;
  return similarity(new Set(wordsOf(a.text)), new Set(wordsOf(b.text))) >= 0.8;
}

/**
 * Real questions with mark schemes from a document's own text: definitions (what is meant by…, and a
 * multiple-choice version), causes and effects (explain why…, describe the effect of…), processes
 * (describe in order…) and figures (complete the statement, marked numerically). Each mark scheme is
 * the passage's own words, with its page in the hints and the model answer. Deterministic for a seed.
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
  const headings = documentHeadings(input.pages).map((h) => h.text.replace(/^[0-9.]+\s*/, ''));
  const weigh = salience(sentences);
  const random = createRandom(input.seed ?? 1);
  const candidates: Candidate[] = [];
  const definitions: DefinitionCandidate[] = [];
  for (const s of sentences) {
    for (const make of [definitionQuestion, processQuestion, causeQuestion, figureQuestion]) {
      const q = make(s, input.name);
      if (!q) continue;
      q.score *= weigh(s.text);
      candidates.push(q);
      if ('term' in q) definitions.push(q as DefinitionCandidate);
      break; // one question per sentence
    }
  }
  candidates.push(
    ...definitionChoices(
      [...definitions].sort((a, b) => b.score - a.score),
      headings,
      input.name,
      random,
    ),
  );
  const concepts = keyConcepts(input.pages, sentences, definitions);
  const weightOf = new Map(concepts.map((k) => [k.stems.join(' '), k.weight]));
  for (const c of candidates) {
    placeConcept(c, concepts);
    // The document's main concepts (named in headings and key-term lists, defined, repeated) come before minor ones.
    c.score *= c.concept ? 1 + (weightOf.get(c.concept) ?? 0.5) : 0.75;
  }
  if (candidates.length === 0) {
    throw engineError(
      'BAD_INPUT',
      'No definitions, explanations, processes or figures could be found in this document to write questions from.',
    );
  }
  // Best first, no two alike, and no more than half of one kind, so the paper mixes question types.
  candidates.sort((a, b) => b.score - a.score);
  // One question per concept: a term asked as "what is meant by" is not asked again as a multiple choice,
  // so when one kind is full a concept can still come in as the other kind.
  const chosen: Candidate[] = [];
  const perType = new Map<string, number>();
  for (const c of candidates) {
    if (chosen.length >= count) break;
    if (chosen.some((u) => tooAlike(u, c))) continue;
    // Definitions asked as "what is meant by" up to a third of the paper; further terms come in as multiple choice.
    const key = /what is meant by/.test(c.text) ? 'definition' : `${c.type}:${c.markScheme[0].numeric ? 'n' : 't'}`;
    const cap = key === 'definition' ? Math.max(2, Math.floor(count / 3)) : Math.max(2, Math.ceil(count / 2));
    if ((perType.get(key) ?? 0) >= cap) continue;
    perType.set(key, (perType.get(key) ?? 0) + 1);
    chosen.push(c);
  }
  for (const c of candidates) if (chosen.length < count && !chosen.includes(c) && !chosen.some((u) => tooAlike(u, c))) chosen.push(c);
  const topic = input.name.replace(/\.pdf$/i, '');
  return {
    title: `${input.subject}: questions from ${topic}`,
    description: `${chosen.length} questions written from the definitions, explanations and figures in ${input.name}.`,
    topic,
    difficultyLevel: 'medium',
    questions: chosen.map((c) => {
      const { score: _score, sentence: _sentence, page, subject: _s, concept: _c, lead: _l, ...q } = c;
      const { term: _t, meaning: _m, genus: _g, ...rest } = q as GeneratedQuestion & { term?: string; meaning?: string; genus?: string };
      return { ...rest, modelAnswer: `${rest.modelAnswer ?? ''} (page ${page} of ${input.name})`.trim(), topic };
    }),
    generatedBy: BUILTIN_DOCUMENT_WRITER,
    note: chosen.length < count ? `The document had material for ${chosen.length} questions.` : undefined,
  };
}
