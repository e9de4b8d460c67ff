import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { markGroupSchema, markLevelSchema, markPointSchema, questionTypeSchema } from '../../../../shared/mark-scheme';
import { markdownToHtml, sanitizeHtmlWithImages, SAFE_IMAGE_DATA_URL } from '../../format-text';
import { decodeEntities } from '../../text/html-entities';
import { htmlToText } from '../../text/html-to-text';
import type { GiftAnswer, GiftChoice, GiftNumericAnswer, GiftQuestion, ParsedGift } from './parse-gift';

/**
 * Moodle XML (https://docs.moodle.org/en/Moodle_XML_format), the format Moodle recommends for backups, read into
 * the same tree as GIFT (parse-gift.ts) so import-gift.ts turns both into bank questions the same way: multichoice
 * (single and multiple response, fractions as weights, per-answer feedback), truefalse, shortanswer (weighted
 * alternatives, `*` wildcards), numerical (value ± tolerance, several answers, units), matching, essay,
 * description (skipped with a note) and category questions (`$course$/top/Physics/Forces` → topic Forces).
 * Question text in html, moodle_auto_format, markdown or plain_text is sanitised; images embedded as base64
 * `<file>` elements are kept as data: URLs (PNG, JPEG, GIF, WebP up to IMAGE_MAX_BYTES); `<generalfeedback>`
 * becomes the model answer, `<hint>`s the hints. Other types (calculated, cloze…) are skipped with a reason.
 *
 * Nothing in the file is executed or fetched: a DOCTYPE (and so any entity declaration, internal or external)
 * is refused, only XML's five standard entities and character references are read.
 *
 * What Markwell's own export adds, in a `<!-- markwell: {json} -->` comment inside each question (Moodle
 * ignores comments): difficulty, type and the whole mark scheme (export-moodle-xml.ts).
 */

export interface ParsedMoodleXml extends ParsedGift {
  /** Problems with the file as a whole (not XML, not a Moodle quiz): nothing can be imported. */
  fileErrors: string[];
}

/** The largest embedded image kept, decoded. */
export const IMAGE_MAX_BYTES = 512 * 1024;

const UNSUPPORTED: Record<string, string> = {
  calculated: 'calculated',
  calculatedsimple: 'simple calculated',
  calculatedmulti: 'calculated multichoice',
  multianswer: 'embedded answers (Cloze)',
  ddwtos: 'drag and drop into text',
  gapselect: 'select missing words',
  ddimageortext: 'drag and drop onto image',
  ddmarker: 'drag and drop markers',
  randomsamatch: 'random short-answer matching',
  random: 'random',
  ordering: 'ordering',
};

/** A parsed element: attributes as strings, child elements as arrays, its own text under '#text'. */
type Node = { [key: string]: Node[] | string | undefined; '#text'?: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  commentPropName: '#comment',
  // every element is a list (a question has many <answer>s, most one <text>); attributes are strings
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  processEntities: true,
  htmlEntities: false,
  alwaysCreateTextNode: true,
});

const children = (node: Node | undefined, name: string): Node[] => {
  const value = node?.[name];
  return Array.isArray(value) ? value : [];
};
const child = (node: Node | undefined, name: string): Node | undefined => children(node, name)[0];
const attr = (node: Node | undefined, name: string): string | undefined => {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : undefined;
};

/** The text of an element: its own text (a <text> child is what Moodle writes; bare text is accepted too). */
function textOf(node: Node | string | undefined): string {
  if (typeof node === 'string') return node;
  if (!node) return '';
  const own = node['#text'];
  if (typeof own === 'string') return own;
  if (Array.isArray(own)) return (own as unknown[]).filter((t) => typeof t === 'string').join('');
  return '';
}
/** `<x><text>…</text></x>`, the way Moodle writes every text field, as a string (trimmed). */
const fieldText = (node: Node | undefined): string => textOf(child(node, 'text') ?? node).trim();
const valueOf = (node: Node | undefined, name: string): string | undefined => {
  const c = child(node, name);
  return c ? fieldText(c) : undefined;
};

/** A numeric field ('0.3333333', '100'), or undefined when absent or not a number. */
function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text.trim());
  return Number.isFinite(n) ? n : undefined;
}

/** Character references (&#169; &#xA9;): the only entities left in the text, since the parser reads only the five standard ones. */
function decodeCharRefs(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);/gi, (whole, code: string) => {
    const n = code[0].toLowerCase() === 'x' ? parseInt(code.slice(1), 16) : Number(code);
    return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
  });
}

type ImageFiles = Map<string, { dataUrl?: string; problem?: string }>;

/** The image type by its first bytes (never by its name): PNG, JPEG, GIF or WebP; anything else (SVG too) is not kept. */
function sniffImage(bytes: Buffer): string | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

/** The `<file name=… encoding="base64">` elements of a text field, by name, each a data: URL or why it is not kept. */
function readFiles(node: Node | undefined): ImageFiles {
  const files: ImageFiles = new Map();
  for (const file of children(node, 'file')) {
    const name = attr(file, 'name') ?? '';
    if (!name) continue;
    const encoding = (attr(file, 'encoding') ?? 'base64').toLowerCase();
    const base64 = textOf(file).replace(/\s+/g, '');
    if (encoding !== 'base64' || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
      files.set(name, { problem: `image ${name} left out: it is not base64` });
      continue;
    }
    const bytes = Buffer.from(base64, 'base64');
    const type = sniffImage(bytes);
    if (!type) files.set(name, { problem: `image ${name} left out: only PNG, JPEG, GIF and WebP images are kept` });
    else if (bytes.length > IMAGE_MAX_BYTES)
      files.set(name, {
        problem: `image ${name} left out: it is ${Math.ceil(bytes.length / 1024)} KB; the limit is ${IMAGE_MAX_BYTES / 1024} KB`,
      });
    else files.set(name, { dataUrl: `data:${type};base64,${bytes.toString('base64')}` });
  }
  return files;
}

const LOOKS_HTML = /<\/?[a-zA-Z][^<>]*>/;
const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])([^"']*)\2/gi;

/**
 * A text field as sanitised HTML: `@@PLUGINFILE@@/name` images replaced by their embedded files (data: URLs),
 * everything else reduced to simple tags (no scripts, handlers, styles or links; no image from elsewhere).
 * `changes` gets a note for every image left out.
 */
function fieldHtml(node: Node | undefined, changes: string[]): { html: string; format: GiftQuestion['format'] } {
  const raw = fieldText(node);
  const format = formatOf(attr(node, 'format'));
  if (format === 'plain') return { html: plainToHtml(decodeCharRefs(raw)), format };
  if (format === 'markdown') return { html: markdownToHtml(decodeCharRefs(raw)), format };
  if (format === 'moodle' && !LOOKS_HTML.test(raw)) return { html: plainToHtml(decodeCharRefs(raw)), format };
  const files = readFiles(node);
  const withImages = raw.replace(IMG_SRC, (_whole, start: string, quote: string, src: string) => {
    const m = /^@@PLUGINFILE@@\/(.*)$/.exec(src.trim());
    if (!m) {
      if (!SAFE_IMAGE_DATA_URL.test(src)) changes.push('an image that is not in the file (a web address) left out');
      return `${start}${quote}${src}${quote}`;
    }
    let name = m[1];
    try {
      name = decodeURIComponent(name);
    } catch {
      // a name with a stray % stays as written
    }
    const file = files.get(name) ?? files.get(m[1]);
    if (!file) changes.push(`image ${name} left out: it is not embedded in the file`);
    else if (file.problem) changes.push(file.problem);
    return `${start}${quote}${file?.dataUrl ?? ''}${quote}`;
  });
  return { html: sanitizeHtmlWithImages(withImages).replace(/<br \/>/g, '<br>'), format };
}

function formatOf(format: string | undefined): GiftQuestion['format'] {
  switch ((format ?? 'html').toLowerCase()) {
    case 'plain_text':
      return 'plain';
    case 'markdown':
      return 'markdown';
    case 'moodle_auto_format':
      return 'moodle';
    default:
      return 'html';
  }
}

function plainToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escape(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A short text (an option, an answer, feedback) as plain text: HTML reduced to its words, entities decoded, characters kept. */
function plainField(node: Node | undefined): string {
  const raw = fieldText(node);
  const format = formatOf(attr(node, 'format'));
  if (format === 'plain' || (format === 'moodle' && !LOOKS_HTML.test(raw))) return decodeCharRefs(raw).trim();
  const text = raw
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\s*br\b[^>]*>|<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, ' ')
    .replace(/<\/?(sub|sup|em|strong|b|i|u|span|code)(\s[^>]*)?>/gi, '')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** A field as one line of (sanitised) HTML for a `key: value` entry: feedback, hints. Empty when the field is. */
function oneLineHtml(node: Node | undefined, changes: string[]): string {
  if (!node || !fieldText(node)) return '';
  const { html } = fieldHtml(node, changes);
  return htmlToText(html).trim() ? html.replace(/\s*\n\s*/g, ' ').trim() : '';
}

/** Feedback on one answer, as plain text (it becomes a hint such as "If you chose B: …"). */
const feedbackOf = (answer: Node): string | undefined => plainField(child(answer, 'feedback')) || undefined;

const markwellSchema = z.object({
  difficulty: z.string().optional(),
  type: questionTypeSchema.optional(),
  /** Empty for a question exported while it still needs a mark scheme: it comes back flagged the same. */
  markScheme: z.array(markPointSchema).optional(),
  groups: z.array(markGroupSchema).optional(),
  levels: z.array(markLevelSchema).optional(),
  final_answer_full_marks: z.boolean().optional(),
});
type Markwell = z.infer<typeof markwellSchema>;

/** The `<!-- markwell: {json} -->` comment Markwell's export writes in a question, if any. */
function readMarkwell(question: Node): Markwell | undefined {
  const comments = question['#comment'];
  const list = Array.isArray(comments) ? comments : comments === undefined ? [] : [comments];
  for (const c of list) {
    const text = typeof c === 'string' ? c : textOf(c);
    const m = /^\s*markwell:\s*([\s\S]*?)\s*$/.exec(text);
    if (!m) continue;
    let json: unknown;
    try {
      json = JSON.parse(m[1]);
    } catch {
      throw new Error('the <!-- markwell: --> comment is not valid JSON');
    }
    const parsed = markwellSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(`the <!-- markwell: --> comment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return parsed.data;
  }
  return undefined;
}

/** A scheme point as a `points:` entry (import-gift.ts's parsePointsComment reads it). */
const pointEntry = (p: { text: string; marks?: number }) => {
  const text = p.text.replace(/\s*\n\s*/g, ' ').replace(/;/g, '\\;');
  return (p.marks ?? 1) > 1 ? `${text} [${p.marks}]` : text;
};

const isFull = (fraction: number) => fraction >= 99.99;

/**
 * The grader information of an essay (where Moodle teachers keep the mark scheme) as points: each list item, or
 * else each line or paragraph, one point; "[2]", "[2 marks]" or "(2 marks)" at its end its marks. A heading line
 * ("Mark scheme (3 marks):", anything ending in a colon) is not a point. Markwell's own export writes it this way.
 */
export function graderPoints(node: Node | undefined): { text: string; marks: number }[] {
  const raw = fieldText(node);
  if (!raw) return [];
  const format = formatOf(attr(node, 'format'));
  const html = format === 'html' || (format === 'moodle' && LOOKS_HTML.test(raw)) ? raw : '';
  const items = html && /<li\b/i.test(html) ? [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => m[1]) : undefined;
  const pieces = items ?? (html ? html.split(/<\s*br\b[^>]*>|<\/\s*(?:p|div|h[1-6])\s*>/i) : decodeCharRefs(raw).split(/\n/));
  const words = (piece: string) =>
    html
      ? decodeEntities(piece.replace(/<[^>]*>/g, ' '))
          .replace(/\s+/g, ' ')
          .trim()
      : piece.replace(/\s+/g, ' ').trim();
  return pieces
    .map(words)
    .map((t) => t.replace(/^(?:[-*•]|\d+[.)])\s+/, ''))
    .filter((t) => t && !/:$/.test(t))
    .map((t) => {
      const m = /^(.*?)\s*[[(]\s*(\d{1,2})(?:\s*marks?)?\s*[\])]\.?$/i.exec(t);
      return m && m[1] && Number(m[2]) >= 1 ? { text: m[1], marks: Number(m[2]) } : { text: t, marks: 1 };
    })
    .filter((p) => p.text.length >= 2)
    .slice(0, 30);
}

function multichoice(question: Node, changes: string[]): GiftAnswer {
  const single = (valueOf(question, 'single') ?? 'true').toLowerCase() !== 'false' && valueOf(question, 'single') !== '0';
  const answers = children(question, 'answer');
  const choices: GiftChoice[] = answers.map((a) => {
    const fraction = numberOf(attr(a, 'fraction')) ?? 0;
    const text = plainField(a);
    if (!text) throw new Error('an option is empty');
    const feedback = feedbackOf(a);
    // several fully right options are all kept (import-gift.ts: any one of them earns the mark, correctAnswer "A|C")
    return { text, correct: single && isFull(fraction), weight: fraction, ...(feedback && { feedback }) };
  });
  if (choices.length < 2) throw new Error('multiple choice needs at least two options');
  if (single) {
    const partial = choices.filter((c) => !c.correct && (c.weight ?? 0) > 0);
    if (choices.some((c) => c.correct) && partial.length > 0)
      changes.push(`partial credit for ${partial.map((c) => `"${c.text}" (${c.weight}%)`).join(', ')} not kept: one option is right`);
  }
  return { kind: 'multiple_choice', choices };
}

function truefalse(question: Node): GiftAnswer {
  const answers = children(question, 'answer');
  const right = answers.find((a) => isFull(numberOf(attr(a, 'fraction')) ?? 0));
  if (!right) throw new Error('true/false has no answer worth full marks');
  const value = plainField(right).toLowerCase() === 'true';
  const wrong = answers.find((a) => a !== right);
  const rightFeedback = feedbackOf(right);
  const wrongFeedback = wrong && feedbackOf(wrong);
  return { kind: 'true_false', value, ...(wrongFeedback && { wrongFeedback }), ...(rightFeedback && { rightFeedback }) };
}

function shortanswer(question: Node, changes: string[]): GiftAnswer {
  if (valueOf(question, 'usecase') === '1') changes.push("case-sensitive in Moodle: Markwell's marker ignores case");
  const answers = children(question, 'answer').map((a): GiftChoice => {
    const fraction = numberOf(attr(a, 'fraction')) ?? 0;
    return { text: plainField(a), correct: isFull(fraction), weight: fraction };
  });
  const kept = answers.filter((a) => a.text);
  if (kept.length === 0) throw new Error('short answer has no answers');
  return { kind: 'short_answer', answers: kept };
}

function numerical(question: Node, comments: string[], changes: string[]): GiftAnswer {
  const answers: GiftNumericAnswer[] = [];
  let wrongFeedback: string | undefined;
  for (const a of children(question, 'answer')) {
    const text = plainField(a);
    const fraction = numberOf(attr(a, 'fraction')) ?? 0;
    const feedback = feedbackOf(a);
    if (text === '*') {
      // Moodle's "any other answer": what a wrong answer is told
      wrongFeedback = feedback;
      continue;
    }
    const value = numberOf(text);
    if (value === undefined) throw new Error(`"${text.slice(0, 40)}" is not a number`);
    const tolerance = Math.abs(numberOf(valueOf(a, 'tolerance')) ?? 0);
    if (fraction <= 0) {
      if (feedback) wrongFeedback ??= feedback;
      continue;
    }
    answers.push({ value, tolerance, weight: fraction, ...(feedback && { feedback }) });
  }
  if (answers.length === 0) throw new Error('numerical question has no answers');
  const units = children(child(question, 'units'), 'unit').map((u) => ({
    name: valueOf(u, 'unit_name') ?? '',
    multiplier: numberOf(valueOf(u, 'multiplier')) ?? 1,
  }));
  const base = units.find((u) => u.name && u.multiplier === 1) ?? units.find((u) => u.name);
  if (base) {
    comments.push(`unit: ${base.name}`);
    const others = units.filter((u) => u !== base && u.name);
    if (others.length) changes.push(`only the unit ${base.name} kept (not ${others.map((u) => u.name).join(', ')})`);
  }
  return { kind: 'numerical', answers, ...(wrongFeedback && { wrongFeedback }) };
}

function matching(question: Node): GiftAnswer {
  const pairs = children(question, 'subquestion').map((s) => ({ left: plainField(s), right: plainField(child(s, 'answer')) }));
  if (pairs.filter((p) => p.left && p.right).length < 2) throw new Error('a matching question needs at least two pairs');
  return { kind: 'matching', pairs: pairs.filter((p) => p.right) };
}

/** Category paths as GIFT writes them: `$course$/top/Physics/Forces` → `Physics/Forces`. */
function categoryPath(text: string): string {
  const parts = text
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !/^\$\w+\$$/.test(p));
  if (parts[0]?.toLowerCase() === 'top') parts.shift();
  return parts.join('/');
}

/** The 1-based line of each `<question` tag, in order (CDATA sections and comments set aside). */
function questionLines(source: string): number[] {
  const blanked = source.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
  const lines: number[] = [];
  const pattern = /<question\b/g;
  let line = 1;
  let last = 0;
  for (let m = pattern.exec(blanked); m; m = pattern.exec(blanked)) {
    for (let i = last; i < m.index; i++) if (blanked.charCodeAt(i) === 10) line++;
    last = m.index;
    lines.push(line);
  }
  return lines;
}

/** Reads a Moodle XML file into questions (the GIFT tree), per-question problems and file-level problems. */
export function parseMoodleXml(input: string): ParsedMoodleXml {
  const source = input.replace(/^\uFEFF/, '');
  const empty: ParsedMoodleXml = { questions: [], errors: [], categories: [], fileErrors: [] };
  if (/<!DOCTYPE|<!ENTITY/i.test(source))
    return { ...empty, fileErrors: ['the file has a DOCTYPE or entity declaration, which a Moodle XML file never needs: refused'] };
  const valid = XMLValidator.validate(source);
  if (valid !== true) return { ...empty, fileErrors: [`not well-formed XML (line ${valid.err.line}): ${valid.err.msg}`] };
  let doc: Node;
  try {
    doc = parser.parse(source) as Node;
  } catch (error) {
    return { ...empty, fileErrors: [`not well-formed XML: ${(error as Error).message}`] };
  }
  const quiz = child(doc, 'quiz');
  if (!quiz) return { ...empty, fileErrors: ['not a Moodle XML question file: its root element must be <quiz>'] };

  const out: ParsedMoodleXml = { ...empty };
  const lines = questionLines(source);
  const all = children(quiz, 'question');
  const lineOf = (i: number) => (lines.length === all.length ? lines[i] : 0);
  let category: string | undefined;
  let number = 0;
  all.forEach((question, index) => {
    const type = (attr(question, 'type') ?? '').toLowerCase();
    const line = lineOf(index);
    if (type === 'category') {
      category = categoryPath(valueOf(question, 'category') ?? '') || undefined;
      const info = plainField(child(question, 'info'));
      if (category) out.categories.push({ name: category, comments: info ? [`description: ${info}`] : [] });
      return;
    }
    number++;
    const title = valueOf(question, 'name') || undefined;
    const fail = (message: string) => out.errors.push({ number, line, ...(title && { title }), message });
    if (!type) return fail('a <question> without a type');
    if (Object.hasOwn(UNSUPPORTED, type))
      return fail(`Moodle's ${UNSUPPORTED[type]} questions ("${type}") cannot be imported: Markwell has no equivalent`);

    const changes: string[] = [];
    const comments: string[] = [];
    try {
      const markwell = readMarkwell(question);
      const textNode = child(question, 'questiontext');
      const { html, format } = fieldHtml(textNode, changes);
      let answer: GiftAnswer;
      switch (type) {
        case 'description':
          answer = { kind: 'description' };
          break;
        case 'multichoice':
          answer = multichoice(question, changes);
          break;
        case 'truefalse':
          answer = truefalse(question);
          break;
        case 'shortanswer':
          answer = shortanswer(question, changes);
          break;
        case 'numerical':
          answer = numerical(question, comments, changes);
          break;
        case 'match':
        case 'matching':
          answer = matching(question);
          break;
        case 'essay':
          answer = { kind: 'essay' };
          break;
        default:
          return fail(`"${type}" questions cannot be imported: Markwell has no equivalent`);
      }
      if (!htmlToText(html).trim() && !/<img\b/.test(html)) return fail('the question has no text');

      const idnumber = valueOf(question, 'idnumber');
      if (idnumber && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(idnumber)) comments.push(`id: ${idnumber}`);
      if (markwell?.difficulty) comments.push(`difficulty: ${markwell.difficulty}`);
      if (markwell?.type === 'short_answer' && answer.kind === 'essay') comments.push('type: short_answer');
      if (!!markwell?.markScheme?.length && answer.kind === 'essay')
        comments.push(`points: ${markwell.markScheme.map(pointEntry).join('; ')}`);
      else if (answer.kind === 'essay' && !markwell) {
        // where Moodle teachers keep the mark scheme: the grader information, one point per item or line
        const points = graderPoints(child(question, 'graderinfo'));
        if (points.length > 0) {
          comments.push(`points: ${points.map(pointEntry).join('; ')}`);
          changes.push(`mark scheme read from the grader information (${points.length} point${points.length === 1 ? '' : 's'})`);
        }
      }
      for (const hint of children(question, 'hint')) {
        const h = oneLineHtml(hint, changes);
        if (h) comments.push(`hint: ${h}`);
      }
      const general = oneLineHtml(child(question, 'generalfeedback'), changes);
      if (general) comments.push(`model answer: ${general}`);

      const penalty = numberOf(valueOf(question, 'penalty'));
      if (penalty && penalty > 0 && answer.kind !== 'description')
        changes.push(
          `Moodle's penalty for each wrong try (${Number((penalty * 100).toFixed(1))}%) is not used: Markwell marks an answer once`,
        );
      const grade = numberOf(valueOf(question, 'defaultgrade'));
      const shuffleText = (valueOf(question, 'shuffleanswers') ?? '').toLowerCase();
      // Moodle's own default is to shuffle; a file that says nothing keeps its order (the order the teacher wrote)
      const shuffle = answer.kind === 'multiple_choice' && (shuffleText === '1' || shuffleText === 'true');

      out.questions.push({
        number,
        line,
        ...(title && { title }),
        comments,
        ...(category && { category }),
        format,
        text: htmlToText(html),
        html,
        answer,
        changes: [...new Set(changes)],
        ...(!!markwell?.markScheme?.length && {
          scheme: {
            markScheme: markwell.markScheme,
            ...(markwell.groups && { groups: markwell.groups }),
            ...(markwell.levels && { levels: markwell.levels }),
            ...(markwell.final_answer_full_marks && { final_answer_full_marks: true }),
          },
        }),
        ...(grade !== undefined && grade > 0 && answer.kind !== 'description' && { marks: grade }),
        ...(shuffle && { shuffle: true }),
      });
    } catch (error) {
      fail((error as Error).message);
    }
  });
  if (all.length === 0) out.fileErrors.push('the file holds no <question> elements');
  return out;
}
