import type { MarkPoint } from '../../../../shared/mark-scheme';
import type { QuestionForMarking } from '../../engine';
import { firstWording } from './point-prompts';
import { containsStem, contentStems, plainText } from './tutor-text';

/**
 * Which way a quantity goes, read from the mark scheme's own direction words: the answer to "does the
 * resistance go up or down when it gets hotter?", and the check that catches a student saying the
 * opposite ("it goes down"). Nothing is made up: the direction is the scheme point's.
 */

export type Direction = 'up' | 'down';

const UP =
  /^(increase[sd]?|increasing|rises?|rising|rose|up|higher|more|greater|larger|bigger|faster|longer|stronger|raised?|raises|strengthens?)$/i;
const DOWN =
  /^(decrease[sd]?|decreasing|falls?|falling|fell|down|lower|less|fewer|smaller|slower|shorter|weaker|reduced?|reduces|reducing|drops?|dropped|weakens?)$/i;

function directionOf(word: string): Direction | null {
  const w = word.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
  if (UP.test(w)) return 'up';
  if (DOWN.test(w)) return 'down';
  return null;
}

/** 'up or down', 'increase or decrease', 'higher or lower'…: the two words the student offers, up first. */
const PAIRS: [string, string][] = [
  ['go up', 'go down'],
  ['up', 'down'],
  ['increase', 'decrease'],
  ['rise', 'fall'],
  ['higher', 'lower'],
  ['more', 'less'],
  ['more', 'fewer'],
  ['bigger', 'smaller'],
  ['larger', 'smaller'],
  ['greater', 'smaller'],
  ['longer', 'shorter'],
  ['faster', 'slower'],
  ['stronger', 'weaker'],
];

export interface DirectionQuestion {
  up: string;
  down: string;
  /** The message without its direction words (what the question is about). */
  about: string;
}

/** "Does X go up or down…?", "Is X higher or lower…?": the pair asked about, or null. */
export function parseDirectionQuestion(message: string): DirectionQuestion | null {
  const text = message.toLowerCase();
  for (const [up, down] of PAIRS) {
    const a = new RegExp(`\\b${up}s?\\s+or\\s+(?:go(?:es)?\\s+)?${down.replace(/^go /, '')}s?\\b`);
    const b = new RegExp(`\\b${down}s?\\s+or\\s+(?:go(?:es)?\\s+)?${up.replace(/^go /, '')}s?\\b`);
    const m = a.exec(text) ?? b.exec(text);
    if (m) return { up, down, about: message.slice(0, m.index) + ' ' + message.slice(m.index + m[0].length) };
  }
  return null;
}

export interface SchemeDirection {
  point: MarkPoint;
  direction: Direction;
  /** The scheme's clause that says it ('lamp resistance increases'). */
  clause: string;
  score: number;
}

const BREAK = /^(so|because|as|and|which|when|while|since|therefore|but|whereas|if)$/i;

function stemsOf(words: string[]): string[] {
  return contentStems(words.join(' '));
}

/** Stems of a message that name what it is about (its direction words and 'goes' left out). */
export function subjectStems(text: string): string[] {
  const words = plainText(text)
    .split(/\s+/)
    .filter((w) => !directionOf(w) && !/^(go|goes|going|get|gets|getting|does|do|is|are|make|makes|said|say|think|it|i)$/i.test(w));
  const everyday = /\b(hot|hotter|heat(ed|ing)?|warm(er)?|cold(er)?|cool(er|ing)?)\b/i.test(text) ? ['temperature'] : [];
  return contentStems([...words, ...everyday].join(' '));
}

/**
 * The scheme's direction for what `about` names: each direction word of each point's wordings, scored
 * by the asked words in the clause before it (its subject) and in the whole wording.
 */
export function schemeDirection(question: QuestionForMarking, about: string[], also: string[] = []): SchemeDirection | null {
  if (about.length === 0) return null;
  let best: SchemeDirection | null = null;
  for (const point of question.markScheme) {
    for (const wording of [firstWording(point.text), ...(point.accept ?? []).map((a) => plainText(a))]) {
      const words = wording.split(/\s+/).filter(Boolean);
      const whole = stemsOf(words);
      const inWording = about.filter((a) => containsStem(whole, a)).length;
      words.forEach((word, i) => {
        const direction = directionOf(word);
        if (!direction) return;
        let start = i;
        while (start > 0 && !BREAK.test(words[start - 1]) && !/[,;:]$/.test(words[start - 1])) start--;
        // 'so it decreases': the subject is earlier in the wording, at its start ('terminal p.d. V = ε − Ir, so it decreases')
        const pronoun = /^(it|they|which|this|these|that)$/i.test(words[start] ?? '');
        const subject = stemsOf(pronoun ? words.slice(0, Math.min(6, i)) : words.slice(Math.max(start, i - 6), i));
        const inSubject = about.filter((a) => containsStem(subject, a)).length;
        if (inSubject + inWording === 0) return;
        // a comparative takes the word it grades ('less condensed'); a verb its object ('increases the time')
        let end = i + 1;
        if (/^(the|a|an)$/i.test(words[end] ?? '') && words[end + 1]) end += 2;
        else if (/^(more|less|higher|lower|greater|smaller|larger|longer|shorter|stronger|weaker)$/i.test(word) && words[end]) end += 1;
        if (pronoun) start = 0;
        const clause = words
          .slice(start, end)
          .join(' ')
          .replace(/\s*\([^)]*\)/g, '')
          .replace(/[,;:.]+$/, '');
        const extra = also.filter((a) => !about.includes(a) && containsStem(whole, a)).length;
        const score = inSubject * 2 + inWording + extra * 0.1 - i * 0.01;
        if (!best || score > best.score) best = { point, direction, clause, score };
      });
    }
  }
  return best;
}

/** What a direction question asks about, without its condition ('as the current increases'). */
export function askedAbout(about: string): { subject: string[]; all: string[] } {
  const subject = about.split(/\b(?:as|when|if|while|after|before)\b/i)[0];
  return { subject: subjectStems(subject), all: subjectStems(about) };
}

/** The direction a statement gives ('it goes down', 'the resistance decreases'), when it gives one: its last direction word. */
export function statedDirection(message: string): Direction | null {
  // the last one is the claim ('as her speed increases, the air resistance decreases')
  const words = plainText(message).split(/\s+/).reverse();
  for (const w of words) {
    const d = directionOf(w);
    if (d) return d;
  }
  return null;
}
