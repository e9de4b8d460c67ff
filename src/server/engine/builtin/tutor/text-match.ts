import type { MarkPoint } from '../../../../shared/mark-scheme';
import { htmlToText, mathsToText } from '../../text/html-to-text';
import { countSigFigs } from '../../text/sig-figs';
import { stemWord } from '../../text/stem';

/**
 * Small, dependency-free text tools for the tutor: plain text from question HTML, word stems,
 * numbers with significant figures, units, and checking one student statement against one
 * mark-scheme point. Deterministic and synchronous.
 */

const plainCache = new Map<string, string>();

/** HTML (with KaTeX maths) → plain text a person would read. */
export function plainText(html: string): string {
  const cached = plainCache.get(html);
  if (cached !== undefined) return cached;
  if (plainCache.size > 5000) plainCache.clear();
  const text = mathsToText(htmlToText(html));
  plainCache.set(html, text);
  return text;
}

/** Lower case, one kind of quote, dash and minus, single spaces. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

export const STOPWORDS = new Set(
  (
    'a an the and or but if then than so as of to in on at by for from with without into onto over under about ' +
    "is are was were be been being am do does did doing has have had having it its it's this that these those there " +
    'their they them he she his her we our you your i me my mine which who whom whose what when where why how ' +
    'can could may might must shall should will would not no nor also just very too more most some any each ' +
    'all both such only own same other another one ones own up down out off again further once here ' +
    'think thought guess maybe perhaps probably because since while whereas therefore hence thus ' +
    'explain describe state suggest calculate give show find determine identify outline evaluate discuss ' +
    'answer mark marks point points accept allow ignore use uses used using correct idea ideas ' +
    'e.g eg ie i.e etc ok okay yes yeah well like get gets got make makes made'
  ).split(/\s+/),
);

/** Words that say the opposite of what follows them. */
const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  "isn't",
  "aren't",
  "doesn't",
  "don't",
  "didn't",
  "won't",
  "can't",
  'cannot',
  "wasn't",
  "weren't",
  'neither',
  'nor',
  'without',
]);

/** Word forms that mean the same thing in a mark scheme, mapped to one canonical token. */
const SYNONYM_GROUPS: [string, string[]][] = [
  [
    'increase',
    [
      'increase',
      'increases',
      'increased',
      'increasing',
      'rise',
      'rises',
      'rose',
      'risen',
      'rising',
      'grow',
      'grows',
      'grew',
      'growing',
      'raise',
      'raises',
      'raised',
      'goes up',
      'go up',
      'went up',
    ],
  ],
  [
    'decrease',
    [
      'decrease',
      'decreases',
      'decreased',
      'decreasing',
      'fall',
      'falls',
      'fell',
      'fallen',
      'falling',
      'drop',
      'drops',
      'dropped',
      'dropping',
      'reduce',
      'reduces',
      'reduced',
      'reducing',
      'reduction',
      'decline',
      'declines',
      'declined',
      'goes down',
      'go down',
      'went down',
    ],
  ],
  ['greater', ['greater', 'larger', 'bigger', 'higher', 'more']],
  ['smaller', ['smaller', 'less', 'lower', 'fewer']],
  ['fast', ['fast', 'faster', 'quick', 'quicker', 'quickly', 'rapid', 'rapidly']],
  ['slow', ['slow', 'slower', 'slowly']],
  ['shape', ['shape', 'shapes', 'shaped', 'structure', 'conformation']],
];
const SYNONYMS = new Map<string, string>();
const SYNONYM_PHRASES: [RegExp, string][] = [];
for (const [canonical, forms] of SYNONYM_GROUPS)
  for (const form of forms) {
    if (form.includes(' ')) SYNONYM_PHRASES.push([new RegExp(`\\b${form}\\b`, 'g'), canonical]);
    else SYNONYMS.set(form, canonical);
  }

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/** Two stems match when equal, or when one is a close extension of the other ('complement' ~ 'complementari'). */
export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const c0 = a.charCodeAt(0);
  if (c0 !== b.charCodeAt(0) || hasDigit(a) || hasDigit(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 4 && long.startsWith(short) && long.length - short.length <= 3) return true;
  let prefix = 0;
  while (prefix < short.length && short[prefix] === long[prefix]) prefix++;
  return prefix >= 7;
}

/** Words and numbers of a text in order, lower case, synonyms folded. */
export function wordsOf(text: string): string[] {
  let t = normaliseText(text);
  for (const [pattern, canonical] of SYNONYM_PHRASES) t = t.replace(pattern, canonical);
  const tokens = t.match(/[a-z]+(?:\d+[a-z]*)+|-?\d+(?:\.\d+)?|[a-z]+(?:'[a-z]+)?/g) ?? [];
  return tokens.map((token) => SYNONYMS.get(token) ?? token);
}

/** The content stems of a text: no stop words, stemmed, de-duplicated, in order. */
const stemCache = new Map<string, string[]>();

export function contentStems(text: string, ignore: readonly string[] = []): string[] {
  const key = ignore.length > 0 ? `${text}\u0000${ignore.join('\u0000')}` : text;
  const cached = stemCache.get(key);
  if (cached) return [...cached];
  if (stemCache.size > 5000) stemCache.clear();
  const stems = computeContentStems(text, ignore);
  stemCache.set(key, stems);
  return [...stems];
}

function computeContentStems(text: string, ignore: readonly string[]): string[] {
  const ignored = new Set<string>();
  for (const phrase of ignore) for (const w of wordsOf(phrase)) ignored.add(stemWord(w));
  const out: string[] = [];
  for (const word of wordsOf(text)) {
    if (STOPWORDS.has(word) || NEGATIONS.has(word) || word === 's' || word === 't') continue;
    const stem = /\d/.test(word) ? word.replace(/^-/, '') : stemWord(word);
    if (ignored.has(stem) || out.includes(stem)) continue;
    out.push(stem);
  }
  return out;
}

export function containsStem(stems: Iterable<string>, stem: string): boolean {
  for (const s of stems) if (stemsMatch(s, stem)) return true;
  return false;
}

/** Text for phrase matching: lower case, spaces kept only between word characters. */
function phraseForm(text: string): string {
  return normaliseText(plainText(text))
    .replace(/\s*([^a-z0-9\s])\s*/g, '$1')
    .replace(/\s+/g, ' ');
}

/** Whether `phrase` occurs in `text` as whole words (e.g. 'option d' but not the d in 'and'). */
export function containsPhrase(text: string, phrase: string): boolean {
  const hay = phraseForm(text);
  const needle = phraseForm(phrase);
  if (!needle) return false;
  let from = 0;
  for (;;) {
    const at = hay.indexOf(needle, from);
    if (at < 0) return false;
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    const edge = (c: string | undefined, inner: string | undefined) =>
      c === undefined || !/[a-z0-9]/.test(c) || !/[a-z0-9]/.test(inner ?? '');
    if (edge(before, needle[0]) && edge(after, needle[needle.length - 1])) return true;
    from = at + 1;
  }
}

export interface FoundNumber {
  value: number;
  raw: string;
  /** Fewest and most significant figures the written number can have (trailing zeros of an integer are ambiguous). */
  sigFigs: [number, number];
}

/** Numbers written in a message: 12, -0.50, 3.0 x 10^-4, 2.5e3, 1,200. */
export function extractNumbers(text: string): FoundNumber[] {
  const t = normaliseText(text).replace(/(\d),(\d{3})(?!\d)/g, '$1$2');
  const pattern = /(^|[\s(=:,;[]|[^\w.])(-?)(\d+(?:\.\d+)?|\.\d+)(?:\s*(?:x|×|\*)\s*10\s*\^?\s*\{?\s*(-?\+?\d+)\s*\}?|e([-+]?\d+))?/g;
  const out: FoundNumber[] = [];
  for (const m of t.matchAll(pattern)) {
    const sign = m[2] === '-' ? -1 : 1;
    const mantissa = m[3];
    const exponent = m[4] ?? m[5];
    const value = sign * Number(mantissa) * (exponent !== undefined ? 10 ** Number(exponent) : 1);
    if (!Number.isFinite(value)) continue;
    out.push({ value, raw: m[0].slice(m[1].length).trim(), sigFigs: countSigFigs(mantissa) });
  }
  return out;
}

const UNIT_ALIASES: Record<string, string[]> = {
  Ω: ['ohm', 'ohms', 'Ω'],
  ohm: ['ohm', 'ohms', 'Ω'],
  '°C': ['°c', 'oc', 'degrees c', 'degrees celsius', 'celsius', 'c'],
  '%': ['%', 'percent', 'per cent'],
};

/** Whether the message states the unit (each symbol of a compound unit such as 'kJ mol^-1'). */
export function unitPresent(message: string, unit: string): boolean {
  const lower = normaliseText(message);
  const alias = UNIT_ALIASES[unit];
  if (alias) return alias.some((a) => new RegExp(`(^|[^a-z])${escapeRegExp(a)}($|[^a-z])`).test(lower));
  const symbols = unit
    .split(/[\s/·.*]+/)
    .map((s) => s.replace(/\^?\{?-?\d+\}?$/, '').replace(/[-−]?\d+$/, ''))
    .filter(Boolean);
  if (symbols.length === 0) return true;
  return symbols.every((symbol) => {
    const options = UNIT_ALIASES[symbol] ?? [symbol];
    return options.some((s) => new RegExp(`(^|[^a-zA-Zµ])${escapeRegExp(s)}($|[^a-zA-Z])`, 'i').test(message));
  });
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A numeric point's expected value, when it is a number (a template expression is not). */
export function numericValue(point: MarkPoint): number | null {
  const v = point.numeric?.value;
  if (v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

function numericClose(found: number, target: number, point: MarkPoint): boolean {
  const tol = point.numeric?.absTolerance ?? Math.abs(target) * (point.numeric?.tolerance ?? 0.01);
  return Math.abs(found - target) <= tol + 1e-12 * Math.max(1, Math.abs(target));
}

export type Verdict = 'right' | 'partly' | 'not-yet';

export type CheckReason =
  | 'accept'
  | 'overlap'
  | 'numeric'
  | 'unit-missing'
  | 'sig-figs'
  | 'power-of-ten'
  | 'sign'
  | 'wrong-number'
  | 'reject'
  | 'negation'
  | 'required-missing'
  | 'some-overlap'
  | 'no-overlap';

export interface AttemptCheck {
  verdict: Verdict;
  reason: CheckReason;
  /** Words of the student's that matched the point (their own wording, for praise). */
  matchedWords: string[];
  /** How many key ideas of the point are still missing (0 when right). */
  missingKeys: number;
}

export interface MatchContext {
  /** Content stems of the question text: words the student can copy from the question prove little. */
  questionStems: string[];
}

function requiredSatisfied(message: string, messageStems: string[], entry: string): boolean {
  return entry.split('|').some((alt) => {
    if (containsPhrase(message, alt)) return true;
    const stems = contentStems(alt);
    return stems.length > 0 && stems.every((s) => containsStem(messageStems, s));
  });
}

/** Whether a negation comes just before a word of the point: 'is not complementary'. */
function negatesPoint(message: string, pointStems: string[]): boolean {
  const words = wordsOf(message);
  for (let i = 0; i < words.length; i++) {
    if (!NEGATIONS.has(words[i])) continue;
    for (let j = i + 1; j <= i + 3 && j < words.length; j++) {
      if (STOPWORDS.has(words[j])) continue;
      if (containsStem(pointStems, stemWord(words[j]))) return true;
    }
  }
  return false;
}

function hasNegation(text: string): boolean {
  return wordsOf(text).some((w) => NEGATIONS.has(w));
}

/**
 * Compare one statement of the student's with one mark-scheme point: right, partly right or not yet,
 * and why. Reject wordings first, then numbers (with tolerance, unit and significant figures),
 * then accepted wordings, then word overlap on stems where words the question already gives count less.
 */
export function checkAttempt(message: string, point: MarkPoint, ctx: MatchContext): AttemptCheck {
  const messageStems = contentStems(message);
  const none = (verdict: Verdict, reason: CheckReason, missingKeys = 1): AttemptCheck => ({
    verdict,
    reason,
    matchedWords: [],
    missingKeys,
  });

  for (const rejected of point.reject ?? []) if (containsPhrase(message, rejected)) return none('not-yet', 'reject');

  const target = numericValue(point);
  if (target !== null) {
    const numbers = extractNumbers(message);
    if (numbers.length > 0) {
      const hit = numbers.find((n) => numericClose(n.value, target, point));
      if (hit) {
        const unit = point.numeric?.unit;
        if (unit && !unitPresent(message, unit))
          return { verdict: 'partly', reason: 'unit-missing', matchedWords: [hit.raw], missingKeys: 1 };
        const sf = point.numeric?.sigFigs;
        if (sf && (sf < hit.sigFigs[0] || sf > hit.sigFigs[1]))
          return { verdict: 'partly', reason: 'sig-figs', matchedWords: [hit.raw], missingKeys: 1 };
        return { verdict: 'right', reason: 'numeric', matchedWords: [hit.raw], missingKeys: 0 };
      }
      const factors = [10, 100, 1000, 1e6, 0.1, 0.01, 0.001, 1e-6];
      const scaled = numbers.find((n) => factors.some((f) => numericClose(n.value * f, target, point)));
      if (scaled && target !== 0) return { verdict: 'partly', reason: 'power-of-ten', matchedWords: [scaled.raw], missingKeys: 1 };
      const flipped = numbers.find((n) => n.value !== 0 && numericClose(-n.value, target, point));
      if (flipped) return { verdict: 'partly', reason: 'sign', matchedWords: [flipped.raw], missingKeys: 1 };
      if (point.kind === 'answer') return none('not-yet', 'wrong-number');
    }
  }

  const pointStems = contentStems(point.text, point.ignore ?? []);
  if (negatesPoint(message, pointStems) && !hasNegation(point.text)) return none('not-yet', 'negation');

  for (const accepted of point.accept ?? []) {
    if (containsPhrase(message, accepted)) {
      if (hasNegation(message) && !hasNegation(accepted) && negatesPoint(message, contentStems(accepted)))
        return none('not-yet', 'negation');
      return { verdict: 'right', reason: 'accept', matchedWords: [accepted], missingKeys: 0 };
    }
  }

  let best: { keyCov: number; allCov: number; matched: string[]; missingKeys: number } | null = null;
  for (const alternative of [point.text, ...(point.accept ?? [])]) {
    const stems = contentStems(alternative, point.ignore ?? []);
    if (stems.length === 0) continue;
    const keys = stems.filter((s) => !containsStem(ctx.questionStems, s));
    const keySet = keys.length > 0 ? keys : stems;
    const matched = stems.filter((s) => containsStem(messageStems, s));
    const keyMatched = keySet.filter((s) => containsStem(messageStems, s));
    const candidate = {
      keyCov: keyMatched.length / keySet.length,
      allCov: matched.length / stems.length,
      matched,
      missingKeys: keySet.length - keyMatched.length,
    };
    if (!best || candidate.keyCov + candidate.allCov > best.keyCov + best.allCov) best = candidate;
  }
  if (!best) return none('not-yet', 'no-overlap');

  const matchedWords = wordsOf(message).filter((w) => !STOPWORDS.has(w) && best!.matched.some((s) => stemsMatch(s, stemWord(w))));
  const uniqueWords = [...new Set(matchedWords)];
  let verdict: Verdict = best.keyCov >= 0.6 && best.allCov >= 0.5 ? 'right' : best.keyCov > 0 || best.allCov >= 0.5 ? 'partly' : 'not-yet';
  let reason: CheckReason = verdict === 'right' ? 'overlap' : verdict === 'partly' ? 'some-overlap' : 'no-overlap';
  const required = point.required ?? [];
  if (verdict === 'right' && required.some((entry) => !requiredSatisfied(message, messageStems, entry))) {
    verdict = 'partly';
    reason = 'required-missing';
  }
  return { verdict, reason, matchedWords: uniqueWords, missingKeys: verdict === 'right' ? 0 : Math.max(1, best.missingKeys) };
}
