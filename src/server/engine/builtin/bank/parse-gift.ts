/**
 * A hand-written parser for Moodle's GIFT format (https://docs.moodle.org/en/GIFT_format): questions
 * separated by blank lines; `// comment` lines; `::title::`; `[html]`/`[markdown]`/`[plain]`/`[moodle]`
 * text formats; `$CATEGORY: path`; answer blocks for multiple choice `{=right ~wrong}`, short answer
 * `{=a =b}`, numerical `{#3.14:0.01}` / `{#1..2}` / `{# =3.14:0.01 =%50%3.1:0.1}`, essay `{}`,
 * true/false `{T}` and matching `{=a -> b}`; per-answer `#feedback`, general `####feedback`, weights
 * `%50%`, wrong-answer feedback in numerical answers `{#3:2~#Wrong}`, true/false feedback `{T#wrong#right}`,
 * description items (text with no answer block), and "missing word" text after the answer block. As in Moodle, a blank line always ends a question. Escapes: \~ \= \# \{ \} \: \\ and \n.
 * The result is a syntax tree; turning it into bank questions is import-gift.ts's job.
 */

import type { MarkGroup, MarkLevel, MarkPointInput } from '../../../../shared/mark-scheme';

export interface GiftChoice {
  text: string;
  /** '=' answers are right; '~' answers are wrong unless their weight says otherwise. */
  correct: boolean;
  /** The %n% weight, when given. */
  weight?: number;
  feedback?: string;
}

export interface GiftNumericAnswer {
  value: number;
  /** Absolute tolerance (value:tolerance, or half of a min..max range). */
  tolerance: number;
  weight?: number;
  feedback?: string;
}

export type GiftAnswer =
  | { kind: 'essay' }
  | { kind: 'multiple_choice'; choices: GiftChoice[] }
  | { kind: 'short_answer'; answers: GiftChoice[] }
  | { kind: 'numerical'; answers: GiftNumericAnswer[]; wrongFeedback?: string }
  | { kind: 'true_false'; value: boolean; wrongFeedback?: string; rightFeedback?: string }
  | { kind: 'matching'; pairs: { left: string; right: string }[] }
  /** Text with no answer block: a Moodle "description" item, not a question. */
  | { kind: 'description' };

export interface GiftQuestion {
  /** 1-based position among the questions of the file. */
  number: number;
  /** 1-based line where the question (its first comment, title or text) starts. */
  line: number;
  title?: string;
  /** Comment lines directly above or inside the question, without the leading '//', trimmed. */
  comments: string[];
  /** The $CATEGORY in force, if any. */
  category?: string;
  format?: 'html' | 'markdown' | 'plain' | 'moodle';
  /** Question text, unescaped; a "missing word" question has '_____' where the answer block was. */
  text: string;
  answer: GiftAnswer;
  generalFeedback?: string;
  /** Set by other readers of the same tree (Moodle XML): the text as sanitised HTML (with its embedded images), used as is. */
  html?: string;
  /** What the reader changed on the way (e.g. a Moodle penalty Markwell does not use), for the report. */
  changes?: string[];
  /** The whole mark scheme a Markwell export carried with the question (Moodle XML), used instead of the derived one. */
  scheme?: CarriedScheme;
  /** The marks the file gives the question (Moodle's defaultgrade), reported when the bank's marks differ. */
  marks?: number;
  /** Moodle XML's shuffleanswers: the options are shown in an order of each student's own. */
  shuffle?: boolean;
}

/** A mark scheme as written with the question (points with every field, and the rules across them). */
export interface CarriedScheme {
  markScheme: MarkPointInput[];
  groups?: MarkGroup[];
  levels?: MarkLevel[];
  final_answer_full_marks?: boolean;
}

export interface GiftError {
  number: number;
  line: number;
  title?: string;
  message: string;
}

export interface ParsedGift {
  questions: GiftQuestion[];
  errors: GiftError[];
  /** Each $CATEGORY line with the comments directly above it (e.g. '// description: ...'). */
  categories: { name: string; comments: string[] }[];
}

const ESCAPABLE = new Set(['~', '=', '#', '{', '}', ':', '\\', 'n']);

/** Undoes GIFT escapes: \~ \= \# \{ \} \: \\ become the character, \n a newline; any other backslash stays. */
export function unescapeGift(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && ESCAPABLE.has(next)) {
      out += next === 'n' ? '\n' : next;
      i++;
    } else out += ch;
  }
  return out;
}

/** Escapes text for GIFT: backslashes first, then ~ = # { } :, newlines as \n. */
export function escapeGift(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/([~=#{}:])/g, '\\$1')
    .replace(/\r?\n/g, '\\n');
}

/** Index of the first unescaped occurrence of `needle` at or after `from`, or -1. */
function indexOfUnescaped(text: string, needle: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(needle, i)) return i;
  }
  return -1;
}

/** Splits at unescaped occurrences of any of `markers`, keeping each marker at the start of its piece. */
function splitAtMarkers(text: string, markers: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[i + 1];
      i++;
      continue;
    }
    if (markers.includes(ch)) {
      if (current.trim()) pieces.push(current);
      current = ch;
    } else current += ch;
  }
  if (current.trim()) pieces.push(current);
  return pieces;
}

/** 'text#feedback' → ['text', 'feedback'], split at the first unescaped '#'. */
function splitFeedback(text: string): [string, string | undefined] {
  const at = indexOfUnescaped(text, '#');
  if (at === -1) return [text, undefined];
  return [text.slice(0, at), unescapeGift(text.slice(at + 1)).trim() || undefined];
}

/** '%50%rest' → [50, 'rest']. */
function splitWeight(text: string): [number | undefined, string] {
  const m = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
  return m ? [Number(m[1]), text.slice(m[0].length)] : [undefined, text];
}

function parseNumber(text: string): number {
  const t = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw new Error(`"${t}" is not a number`);
  return Number(t);
}

function parseNumericAnswer(raw: string): GiftNumericAnswer {
  const [weight, rest] = splitWeight(raw);
  const [body, feedback] = splitFeedback(rest);
  const text = unescapeGift(body).trim();
  if (!text) throw new Error('a numerical answer is empty');
  let answer: GiftNumericAnswer;
  const range = /^(.+?)\.\.(.+)$/.exec(text);
  if (range) {
    const min = parseNumber(range[1]);
    const max = parseNumber(range[2]);
    if (max < min) throw new Error(`the range ${text} has its maximum below its minimum`);
    answer = { value: (min + max) / 2, tolerance: (max - min) / 2 };
  } else {
    const [value, tolerance] = text.split(':');
    answer = { value: parseNumber(value), tolerance: tolerance === undefined ? 0 : Math.abs(parseNumber(tolerance)) };
  }
  return { ...answer, ...(weight !== undefined && { weight }), ...(feedback !== undefined && { feedback }) };
}

/** The inside of an answer block, without its general feedback. */
function parseAnswer(raw: string): GiftAnswer {
  const content = raw.trim();
  if (content === '') return { kind: 'essay' };
  if (content.startsWith('#')) {
    let body = content.slice(1).trim();
    // '~#feedback' (or '~value#feedback'): what a wrong answer is told, e.g. {#3:2~#Completely wrong}
    let wrongFeedback: string | undefined;
    const wrongAt = indexOfUnescaped(body, '~');
    if (wrongAt !== -1) {
      const wrong = body.slice(wrongAt + 1);
      body = body.slice(0, wrongAt).trim();
      wrongFeedback = splitFeedback(wrong)[1] ?? (unescapeGift(wrong).trim() || undefined);
    }
    const extra = wrongFeedback !== undefined ? { wrongFeedback } : {};
    if (indexOfUnescaped(body, '=') === -1) return { kind: 'numerical', answers: [parseNumericAnswer(body)], ...extra };
    const pieces = splitAtMarkers(body, '=');
    if (!pieces[0].startsWith('=')) throw new Error(`unexpected "${pieces[0].trim()}" before the first = in a numerical answer`);
    return { kind: 'numerical', answers: pieces.map((p) => parseNumericAnswer(p.slice(1))), ...extra };
  }
  const trueFalse = /^(T|F|TRUE|FALSE)\s*(#.*)?$/is.exec(content);
  if (trueFalse) {
    // {T#feedback for a wrong answer#feedback for a right one}
    const [wrongFeedback, rightFeedback] = (trueFalse[2] ?? '')
      .slice(1)
      .split(/(?<!\\)#/)
      .map((f) => unescapeGift(f).trim() || undefined);
    return {
      kind: 'true_false',
      value: trueFalse[1].toUpperCase().startsWith('T'),
      ...(wrongFeedback !== undefined && { wrongFeedback }),
      ...(rightFeedback !== undefined && { rightFeedback }),
    };
  }

  const pieces = splitAtMarkers(content, '=~');
  if (!pieces[0].startsWith('=') && !pieces[0].startsWith('~')) {
    // {1:SHORTANSWER:=…} is a gap of Moodle's embedded answers (Cloze), which a GIFT file cannot hold
    if (
      /^\s*\d*\s*:\s*(SHORTANSWER|SA|MW|SAC|MWC|NUMERICAL|NM|MULTICHOICE|MC|MCV|MCH|MCS|MCVS|MCHS|MULTIRESPONSE|MR|MRS)\s*:/i.test(content)
    )
      throw new Error(
        "Moodle's embedded answers (Cloze) questions cannot be imported: Markwell has no equivalent (write each gap as a question of its own)",
      );
    throw new Error(`answers must start with = or ~ (found "${unescapeGift(pieces[0]).trim().slice(0, 40)}")`);
  }
  if (pieces.some((p) => p.startsWith('=') && indexOfUnescaped(p, '->') !== -1)) {
    return {
      kind: 'matching',
      pairs: pieces.map((p) => {
        const at = indexOfUnescaped(p, '->');
        return { left: unescapeGift(p.slice(1, at)).trim(), right: unescapeGift(p.slice(at + 2)).trim() };
      }),
    };
  }
  const choices = pieces.map((p): GiftChoice => {
    const [weight, rest] = splitWeight(p.slice(1));
    const [body, feedback] = splitFeedback(rest);
    const text = unescapeGift(body).trim();
    if (!text) throw new Error('an answer is empty');
    return {
      text,
      correct: p.startsWith('=') || (weight !== undefined && weight >= 100),
      ...(weight !== undefined && { weight }),
      ...(feedback !== undefined && { feedback }),
    };
  });
  if (pieces.some((p) => p.startsWith('~'))) return { kind: 'multiple_choice', choices };
  return { kind: 'short_answer', answers: choices };
}

interface Block {
  line: number;
  comments: string[];
  lines: string[];
}

/** Splits the file into question blocks at blank lines (as Moodle does), separating comment lines. */
function splitBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  source.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '') {
      if (current) blocks.push(current);
      current = null;
      return;
    }
    current ??= { line: index + 1, comments: [], lines: [] };
    if (trimmed.startsWith('//')) current.comments.push(trimmed.slice(2).trim());
    else current.lines.push(line);
  });
  if (current) blocks.push(current);
  return blocks;
}

/** Parses a GIFT file into questions and per-question syntax errors. */
export function parseGift(source: string): ParsedGift {
  const questions: GiftQuestion[] = [];
  const errors: GiftError[] = [];
  const categories: ParsedGift['categories'] = [];
  let category: string | undefined;
  let number = 0;

  for (const block of splitBlocks(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))) {
    let body = block.lines.join('\n').trim();
    const categoryLine = /^\$CATEGORY:\s*(.*)$/im.exec(body);
    if (categoryLine && body.startsWith('$CATEGORY')) {
      category = categoryLine[1].trim();
      body = body.slice(categoryLine[0].length).trim();
      categories.push({ name: category, comments: block.comments });
      if (!body) continue;
    }
    if (!body) continue; // comments only
    number++;
    let title: string | undefined;
    const fail = (message: string) => errors.push({ number, line: block.line, ...(title !== undefined && { title }), message });

    if (body.startsWith('::')) {
      const end = indexOfUnescaped(body, '::', 2);
      if (end === -1) {
        fail('the title is not closed with ::');
        continue;
      }
      title = unescapeGift(body.slice(2, end)).trim();
      body = body.slice(end + 2).trim();
    }
    let format: GiftQuestion['format'];
    const formatMatch = /^\[(html|markdown|plain|moodle)\]/i.exec(body);
    if (formatMatch) {
      format = formatMatch[1].toLowerCase() as GiftQuestion['format'];
      body = body.slice(formatMatch[0].length);
    }

    const open = indexOfUnescaped(body, '{');
    if (open === -1) {
      // As in Moodle: text without an answer block is a description item (an instruction or a passage), not a question.
      questions.push({
        number,
        line: block.line,
        ...(title !== undefined && { title }),
        comments: block.comments,
        ...(category !== undefined && { category }),
        ...(format !== undefined && { format }),
        text: unescapeGift(body).trim(),
        answer: { kind: 'description' },
      });
      continue;
    }
    const close = indexOfUnescaped(body, '}', open + 1);
    if (close === -1) {
      fail('the answer block is not closed with }');
      continue;
    }
    const inner = body.slice(open + 1, close);
    const nested = indexOfUnescaped(inner, '{');
    if (nested !== -1) {
      fail('a { inside the answer block must be escaped as \\{');
      continue;
    }
    const after = body.slice(close + 1).trim();
    if (indexOfUnescaped(after, '{') !== -1) {
      fail('more than one answer block: a question has exactly one {…} (escape literal braces as \\{ and \\})');
      continue;
    }
    const before = unescapeGift(body.slice(0, open)).trim();
    const text = after ? `${before} _____ ${unescapeGift(after)}`.trim() : before;

    const feedbackAt = indexOfUnescaped(inner, '####');
    const generalFeedback = feedbackAt === -1 ? undefined : unescapeGift(inner.slice(feedbackAt + 4)).trim() || undefined;
    let answer: GiftAnswer;
    try {
      answer = parseAnswer(feedbackAt === -1 ? inner : inner.slice(0, feedbackAt));
    } catch (error) {
      fail((error as Error).message);
      continue;
    }
    if (!text) {
      fail('the question has no text');
      continue;
    }
    questions.push({
      number,
      line: block.line,
      ...(title !== undefined && { title }),
      comments: block.comments,
      ...(category !== undefined && { category }),
      ...(format !== undefined && { format }),
      text,
      answer,
      ...(generalFeedback !== undefined && { generalFeedback }),
    });
  }
  return { questions, errors, categories };
}
