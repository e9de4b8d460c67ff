import type { MarkPoint } from '../../../../shared/mark-scheme';
import { escapeHtml } from '../../text/html-entities';
import { stemWord } from '../../text/stem';
import { containsStem, contentStems, numericValue, plainText, STOPWORDS } from './tutor-text';

/**
 * Ways of talking about a mark-scheme point without giving it away: its theme (the words it shares
 * with the question), a guiding question, a fill-in-the-gaps version, and which of the question's
 * worked-step hints fit it.
 */

/** Words of a point, as written, in order (hyphenated words split: 'enzyme-substrate'). */
function displayWords(text: string): string[] {
  return plainText(text).split(/\s+/).filter(Boolean);
}

/** Words of a point as written (punctuation trimmed, hyphenated words split). */
function themeWords(text: string): string[] {
  return plainText(text)
    .split(/[\s\u2010-]+/)
    .map((w) => w.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ''))
    .filter(Boolean);
}

function bareWord(word: string): string {
  return word.toLowerCase().replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

function isContent(word: string): boolean {
  const w = word.toLowerCase();
  return /^[a-z][a-z0-9']*$/.test(w) && w.length >= 2 && !STOPWORDS.has(w);
}

/** Runs of consecutive words that satisfy `keep`, with a leading 'the' kept ('the active site'). */
function runsOf(words: string[], keep: (word: string) => boolean): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  words.forEach((word, i) => {
    if (keep(word)) {
      if (run.length === 0 && words[i - 1]?.toLowerCase() === 'the') run.push('the');
      run.push(word);
    } else if (run.length > 0 && word.toLowerCase() === 'of' && keep(words[i + 1] ?? '')) {
      run.push('of');
    } else {
      if (run.length > 0) runs.push(run);
      run = [];
    }
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

function stemOf(word: string): string {
  const w = word.toLowerCase();
  return /\d/.test(w) ? w : stemWord(w);
}

/**
 * The theme of a point: what it is about, not what it says. Preferably the runs of its words that
 * the question itself uses ('the enzyme'); otherwise, for a point of four or more content words,
 * the first two content words (usually its subject: 'active site').
 */
/** Words that name no topic on their own ("the small that helps answer the question"). */
const VAGUE_ALONE = new Set([
  'small',
  'large',
  'big',
  'high',
  'low',
  'more',
  'less',
  'few',
  'many',
  'some',
  'only',
  'same',
  'different',
  'new',
  'old',
  'first',
  'second',
  'one',
  'two',
  'each',
  'other',
  'most',
  'much',
  'very',
  'increase',
  'decrease',
  'change',
  'effect',
  'use',
  'used',
  'between',
  'across',
  'through',
  'within',
  'without',
  'against',
  'towards',
  'along',
  'increases',
  'decreases',
  'increased',
  'decreased',
  'makes',
  'gives',
  'always',
  'acts',
  'initially',
]);

export function themeOf(point: MarkPoint, questionStems: string[]): string | null {
  const words = themeWords(point.text);
  const fromQuestion = runsOf(words, (w) => isContent(w) && containsStem(questionStems, stemOf(w)))
    .map((r) => r.filter((w) => !VAGUE_ALONE.has(w.toLowerCase())))
    .filter((r) => r.some((w) => w !== 'the' && w !== 'of'))
    .map((r) => r.slice(0, 4).join(' '))
    .filter((phrase) => phrase !== 'the' && !VAGUE_ALONE.has(phrase));
  const unique = [...new Set(fromQuestion)].slice(0, 2);
  if (unique.length > 0) return unique.join(' and ');
  const content = words.filter(isContent);
  if (content.length < 4 || point.kind !== 'B') return null;
  const first = (runsOf(words, (w) => isContent(w) && !VAGUE_ALONE.has(w.toLowerCase()))[0] ?? []).filter((w) => w !== 'of').slice(0, 3);
  while (first.length > 0 && (first[first.length - 1] === 'the' || first.length > (first[0] === 'the' ? 3 : 2))) first.pop();
  return first.length > 0 && first.join(' ') !== 'the' ? first.join(' ') : null;
}

/** 'active site' → 'the active site' (each phrase of 'x and y'). */
function withArticle(theme: string): string {
  return theme
    .split(' and ')
    .map((phrase) => (/^(the|a|an)\s/.test(phrase) ? phrase : `the ${phrase}`))
    .join(' and ');
}

/** The quantity a numeric point is about: 'gradient m' in 'gradient m = 3'. */
function quantityOf(point: MarkPoint): string | null {
  const text = plainText(point.text);
  const eq = text.indexOf('=');
  if (eq <= 0) return null;
  const left = text.slice(0, eq).trim();
  const right = text.slice(eq + 1).trim();
  if (!/[a-zA-Z]/.test(left) || left.split(/\s+/).length > 6 || /\d/.test(left)) return null;
  // Only a value ('15.3 m s^-1'), not an expression ('2x + 5').
  if (!/^-?\d+(\.\d+)?(?![\w.])/.test(right) || /[+=]/.test(right)) return null;
  return left;
}

function numericAdvice(point: MarkPoint): string {
  const parts: string[] = [];
  if (point.numeric?.unit) parts.push('include the unit');
  if (point.numeric?.sigFigs) parts.push(`give it to ${point.numeric.sigFigs} significant figures`);
  return parts.length > 0 ? ` Remember to ${parts.join(' and ')}.` : '';
}

export interface PromptContext {
  questionStems: string[];
  isMultipleChoice: boolean;
  /** The question's command word, e.g. 'explain', when it has one. */
  commandWord: string | null;
}

/** Words that say which way a quantity changes, as verbs ('increases', 'falls'). */
const CHANGE_VERB = /^(increases|increased|decreases|decreased|rises|falls|drops|reduces|reduced|goes up|goes down)$/i;

/** Where a clause of a point ends, for finding the subject of a change ('so', 'because', punctuation). */
const CLAUSE_BREAK = /^(so|because|as|and|which|when|while|since|therefore|then|thus)$/i;

/** The first alternative of a point ('a / b': 'a'), its examiner's brackets dropped. */
export function firstWording(text: string): string {
  return plainText(text)
    .split(/\s+\/\s+|;\s+/)[0]
    .replace(/\s*\([^)]*\)/g, '')
    .trim();
}

/** 'lamp resistance increases as the current increases because…' → the lamp resistance, 'as the current increases'. */
function changeOf(text: string): { subject: string; condition: string | null } | null {
  // 'as her speed increases, air resistance increases': the change is in the main clause after the comma
  const main = /^(as|when|if)\s[^,]+,\s*(.+)$/i.exec(text);
  const clause = main ? main[2] : text;
  const condition = main ? text.slice(0, text.indexOf(',')).trim() : null;
  const words = clause.split(/\s+/);
  const at = words.findIndex((w, i) => CHANGE_VERB.test(w.replace(/[,.;:]$/, '')) || CHANGE_VERB.test(`${w} ${words[i + 1] ?? ''}`));
  if (at <= 0) return null;
  let start = at;
  while (start > 0 && !CLAUSE_BREAK.test(words[start - 1]) && !/[,;:]$/.test(words[start - 1])) start--;
  const subject = words
    .slice(start, at)
    .filter((w) => !/^(always|also|then|now|still)$/i.test(w))
    .join(' ');
  if (!subject || subject.split(' ').length > 5 || !/[a-z]{3}/i.test(subject) || /\d|=/.test(subject)) return null;
  const after = words.slice(at + 1).join(' ');
  const cond = condition ?? /^((?:as|when)\s[^,;]+?)(?=\s+because\b|\s+so\b|[,;]|$)/i.exec(after)?.[1] ?? null;
  return { subject, condition: cond };
}

/** Verbs a step of a practical method starts with ('measure the mass…'). */
const METHOD_VERB =
  /^(measure|record|use|place|put|insulate|plot|repeat|calculate|add|heat|time|weigh|wrap|stir|read|take|set up|connect|switch|keep|control|find)\b/i;

function withThe(phrase: string): string {
  return /^(the|a|an|her|his|its|their|this|each)\s/i.test(phrase) ? phrase : `the ${phrase}`;
}

/**
 * A question written for the point's own shape: a change ('What happens to the lamp resistance as the current
 * increases?'), a labelled part ('What about the diode in reverse bias?'), a step of a method, or a consequence.
 */
function naturalQuestion(point: MarkPoint, ctx: PromptContext, why: string): string | null {
  const text = firstWording(point.text);
  if (/^(so|therefore|hence|this means)\b/i.test(text)) return `And what follows from that?${why}`;
  const label = /^([A-Za-z][\w'’ -]{2,40}?)\s*:\s+\S/.exec(text);
  if (label && label[1].split(/\s+/).length <= 5 && !/^(yes|no)$/i.test(label[1]))
    return `What about ${escapeHtml(withThe(label[1].trim()))}? What happens there${ctx.commandWord === 'explain' ? ', and why' : ''}?`;
  if (METHOD_VERB.test(text)) {
    const purpose = /\b(?:to|for|so that)\s+((?:reduce|prevent|stop|make|get|give|ensure|keep|avoid|good|improve)\b[^/;]*)$/i.exec(text);
    return purpose
      ? `What else would you do in the method, to ${escapeHtml(purpose[1].replace(/^good\b/i, 'get good').trim())}?`
      : 'Which step of the method have you not described yet? What would you do, and why?';
  }
  const change = changeOf(text);
  if (change)
    return `What happens to ${escapeHtml(withThe(change.subject))}${change.condition ? ` ${escapeHtml(change.condition)}` : ''}${ctx.commandWord === 'explain' ? ', and why' : ''}?`;
  return null;
}

/** A Socratic question that steers the student to the point (HTML, escaped). */
export function guidingQuestion(point: MarkPoint, ctx: PromptContext): string {
  const theme = themeOf(point, ctx.questionStems);
  const t = theme ? escapeHtml(withArticle(theme)) : null;
  if (ctx.isMultipleChoice) return 'Before you look at the options, what answer would you expect, and why? Then which option matches it?';
  if (numericValue(point) !== null || (point.kind === 'A' && point.numeric)) {
    const quantity = quantityOf(point);
    return `${quantity ? `What value do you get for ${escapeHtml(quantity)}?` : 'What final value do you get?'} Show me the step that gets you there.${numericAdvice(point)}`;
  }
  if (point.kind === 'M')
    return t
      ? `Which equation or method links ${t}? Write that step down before you put numbers in.`
      : 'What is the method step here: which equation or rule do you need, and what goes into it?';
  if (point.kind === 'A') return t ? `What is your final result for ${t}?` : 'What is your final result, and how did you get it?';
  const why = ctx.commandWord === 'explain' ? ' Try to say <em>why</em>, not just what.' : '';
  const natural = naturalQuestion(point, ctx, why);
  if (natural) return natural;
  return t
    ? `What does your answer need to say about ${t}?${why}`
    : `There is one more idea a full answer needs. Re-read the question: which part of it have you not explained yet?${why}`;
}

/** What the point is about, for 'what does the mark scheme want?' — never its content. */
export function themeLabel(point: MarkPoint, ctx: PromptContext): string {
  const theme = themeOf(point, ctx.questionStems);
  const t = theme ? escapeHtml(withArticle(theme)) : null;
  if (ctx.isMultipleChoice) return 'choosing the correct option';
  if (point.numeric) {
    const extras = [
      point.numeric.unit ? 'with its unit' : '',
      point.numeric.sigFigs ? `to ${point.numeric.sigFigs} significant figures` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const quantity = quantityOf(point);
    return `${point.kind === 'M' ? 'a calculated value' : 'the final value'}${quantity ? ` of ${escapeHtml(quantity)}` : ''}${extras ? ` ${extras}` : ''}`;
  }
  if (point.kind === 'M') return t ? `a method step involving ${t}` : 'a method step (the equation or working)';
  if (point.kind === 'A') return t ? `the final result for ${t}` : 'the final result';
  return t ? `a point about ${t}` : 'a further point of explanation';
}

/**
 * The point with its key words reduced to a first letter and gaps ('is c____________ to the s________'),
 * numbers the question does not give replaced by '?'. Returns how many words were hidden.
 */
export function clozeOf(point: MarkPoint, questionText: string, questionStems: string[]): { html: string; hidden: number } {
  const questionNumbers = new Set(plainText(questionText).match(/\d+(?:\.\d+)?/g) ?? []);
  let hidden = 0;
  const words = displayWords(point.text).map((word) => {
    const bare = bareWord(word);
    if (/^\d+(\.\d+)?$/.test(bare) || /^-?\d/.test(word)) {
      const numbers = word.match(/\d+(?:\.\d+)?/g) ?? [];
      if (numbers.some((n) => !questionNumbers.has(n))) {
        hidden++;
        return word.replace(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g, '?');
      }
      return word;
    }
    // Hyphenated words are hidden part by part: 'enzyme-s________'.
    return word
      .split('-')
      .map((part) => {
        const bp = bareWord(part);
        if (!/^[a-z][a-z']*$/.test(bp) || bp.length < 3 || STOPWORDS.has(bp)) return part;
        if (containsStem(questionStems, stemWord(bp))) return part;
        hidden++;
        const at = part.toLowerCase().indexOf(bp);
        return part.slice(0, at + 1) + '_'.repeat(Math.min(bp.length - 1, 10)) + part.slice(at + bp.length);
      })
      .join('-');
  });
  return { html: escapeHtml(words.join(' ')), hidden };
}

/** How much a hint (HTML) is about a point: the number of the point's stems it shares. */
export function hintRelevance(hintHtml: string, point: MarkPoint): number {
  const hintStems = contentStems(plainText(hintHtml));
  const pointStems = contentStems([point.text, ...(point.accept ?? [])].join(' '), point.ignore ?? []);
  return pointStems.filter((s) => containsStem(hintStems, s)).length;
}

const COMMAND_WORDS = [
  'explain',
  'describe',
  'calculate',
  'suggest',
  'state',
  'evaluate',
  'discuss',
  'compare',
  'show',
  'determine',
  'find',
  'prove',
  'outline',
];

export function commandWordOf(questionText: string): string | null {
  const words =
    plainText(questionText)
      .toLowerCase()
      .match(/[a-z]+/g) ?? [];
  return words.find((w) => COMMAND_WORDS.includes(w)) ?? null;
}
