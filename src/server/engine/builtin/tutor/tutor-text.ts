import type { MarkPoint } from '../../../../shared/mark-scheme';
import { htmlToText, mathsToText } from '../../text/html-to-text';
import { stemWord } from '../../text/stem';
import { DECREASE_FORMS, INCREASE_FORMS, LESS_FORMS, MORE_FORMS } from '../../text/direction-words';

/**
 * Small, dependency-free text tools for the tutor: plain text from question HTML, word stems and
 * phrases, for talking about mark-scheme points. Whether an attempt earns a point is the marker's
 * decision (judge.ts), never these tools'.
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
  ['increase', [...INCREASE_FORMS, 'goes up', 'go up', 'went up']],
  ['decrease', [...DECREASE_FORMS, 'reduction', 'goes down', 'go down', 'went down']],
  ['greater', MORE_FORMS],
  ['smaller', LESS_FORMS],
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

/** A numeric point's expected value, when it is a number (a template expression is not). */
export function numericValue(point: MarkPoint): number | null {
  const v = point.numeric?.value;
  if (v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}
