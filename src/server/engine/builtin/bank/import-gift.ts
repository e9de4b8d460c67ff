import { z } from 'zod';
import {
  markGroupSchema,
  markLevelSchema,
  markPointSchema,
  schemeMaxMarks,
  type MarkGroup,
  type MarkPointInput,
} from '../../../../shared/mark-scheme';
import { markdownToHtml, SAFE_IMAGE_DATA_URL, sanitizeHtmlWithImages, sanitizeModelHtml } from '../../format-text';
import { escapeHtml } from '../../text/html-entities';
import { htmlToText } from '../../text/html-to-text';
import { checkIds, finish, questionId, type ImportError, type ImportOptions, type ImportResult } from './import-questions';
import { slugify } from './match-text';
import { parseGift, type CarriedScheme, type GiftChoice, type GiftQuestion, type ParsedGift } from './parse-gift';
import { toBankDifficulty, type BankQuestionInput } from './schema';
import { formatQuestionProblem, type QuestionProblem } from './question-shape';
import { validateBankQuestion } from './validate-question';

/**
 * Moodle GIFT → bank questions, every question type Moodle writes (docs/question-bank-format.md, "Moodle GIFT"):
 * multiple choice (one right option, or several with percentage weights: multiple response), true/false (a
 * two-option question), short answer (weighted alternatives, `*` wildcards), numerical (value:tolerance, ranges,
 * several weighted answers, wrong-answer feedback), matching (each pair a point), essay (needs a `// points:`
 * comment; without one, the in-app import stores it flagged "needs a mark scheme": `unmarkedEssays`), description items (skipped with a note), `$CATEGORY` (→ topic), `[html]`/`[markdown]`/`[plain]`.
 *
 * Partial by default: every question that can be imported is; each one changed on the way says how and why, each
 * one skipped says why. `strict: true` is all-or-nothing (any problem → nothing written), as before.
 */

export interface GiftImportOptions extends ImportOptions {
  /** All or nothing: any question with a problem and nothing is imported. */
  strict?: boolean;
  /**
   * The in-app import: an essay with no mark scheme in the file (no `// points:` comment, no carried scheme) comes
   * back in `unmarked`, to be stored flagged "needs a mark scheme", instead of being skipped. Topic files (the
   * command line's bank) cannot hold a question without a scheme, so content:import leaves this off.
   */
  unmarkedEssays?: boolean;
}

/** An essay imported without a mark scheme: its owner writes one before it can be marked. */
export interface UnmarkedEssay {
  number: number;
  title?: string;
  topic?: string;
  text: string;
  /** The file's grade (Moodle's defaultgrade), or 1. */
  marks: number;
  modelAnswer?: string;
  hints: string[];
  /** What was changed on the way (the file's own notes, e.g. a penalty not used). */
  changes: string[];
}

export const UNMARKED_ESSAY_NOTE = 'imported without a mark scheme: write one before it can be marked';

export interface ImportNote {
  number: number;
  title?: string;
  line?: number;
  message: string;
}

export interface GiftImportReport {
  imported: { number: number; title?: string; id: string; type: string; marks: number }[];
  /** Questions imported with a change (e.g. "matching: practised as a written answer, each pair a point"). */
  changed: ImportNote[];
  /** Questions not imported, with why. */
  skipped: ImportNote[];
}

export type GiftImportResult = ImportResult & { report: GiftImportReport; unmarked: UnmarkedEssay[] };

/** True for an essay the file gives no mark scheme: no `// points:` comment and no carried (Markwell) scheme. */
function hasNoScheme(q: GiftQuestion): boolean {
  return q.answer.kind === 'essay' && !q.scheme && !readComments(q.comments).values.get('points');
}

/** An essay with no scheme as a question to store flagged: sanitised text, the file's grade (or 1), its hints and model answer. */
function unmarkedEssay(q: GiftQuestion, topic: string | undefined): UnmarkedEssay {
  const { values, hints } = readComments(q.comments);
  const text = q.html ?? toHtml(q.text, q.format);
  if (!htmlToText(text).trim() && !/<img\b/.test(text)) throw new Error('the question has no text');
  const model = values.get('modelanswer');
  const allHints = [...hints, ...(q.generalFeedback ? [q.generalFeedback] : [])].map((h) => (LOOKS_HTML.test(h) ? sanitise(h) : h));
  const given = fileMarks(q);
  const marks = given !== undefined && given >= 1 ? Math.min(30, Math.round(given)) : 1;
  return {
    number: q.number,
    ...(q.title && { title: q.title }),
    ...(topic && { topic }),
    text,
    marks,
    ...(model && { modelAnswer: LOOKS_HTML.test(model) ? sanitise(model) : `<p>${escapeHtml(model)}</p>` }),
    hints: allHints,
    changes: [...(q.changes ?? []), ...giftImageNotes(q)],
  };
}

/**
 * The marks the file gives a question: Moodle's defaultgrade (XML), a `// marks: N` comment (Markwell's GIFT export
 * writes one for a question still without a scheme), or "[N marks]" / "(N marks)" in the question's own text.
 */
export function fileMarks(q: GiftQuestion): number | undefined {
  if (q.marks !== undefined) return q.marks;
  const comment = readComments(q.comments).values.get('marks');
  if (comment && /^\d+(\.\d+)?$/.test(comment)) return Number(comment);
  const inText = /[[(]\s*(\d{1,2})\s*marks?\s*[\])]/i.exec(q.html ? htmlToText(q.html) : q.text);
  return inText ? Number(inText[1]) : undefined;
}

/**
 * Images a GIFT question's HTML names but cannot carry (GIFT holds no files: Moodle writes `@@PLUGINFILE@@/name`
 * for an image of its own), each said in the report rather than dropped without a word. Moodle XML's images are
 * read (and reported) by parse-moodle-xml.ts.
 */
function giftImageNotes(q: GiftQuestion): string[] {
  if (q.html !== undefined) return [];
  const notes: string[] = [];
  for (const m of q.text.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(["'])([^"']*)\1/gi)) {
    const plugin = /^@@PLUGINFILE@@\/(.*)$/.exec(m[2].trim());
    let name = plugin?.[1] ?? '';
    try {
      name = decodeURIComponent(name);
    } catch {
      // a name with a stray % stays as written
    }
    if (plugin)
      notes.push(`image ${name} left out: a GIFT file cannot carry images (export the question from Moodle as Moodle XML to keep it)`);
    else if (!/^data:/i.test(m[2].trim())) notes.push('an image that is not in the file (a web address) left out');
    else if (!SAFE_IMAGE_DATA_URL.test(m[2].trim())) notes.push('an embedded image left out: only PNG, JPEG, GIF and WebP images are kept');
  }
  return [...new Set(notes)];
}

/** `// key: value` comments (keys lower-cased, spaces and dashes removed); `hint` may repeat. */
function readComments(comments: string[]): { values: Map<string, string>; hints: string[] } {
  const values = new Map<string, string>();
  const hints: string[] = [];
  for (const c of comments) {
    const m = /^([a-zA-Z][a-zA-Z _-]*?)\s*:\s*(.*)$/.exec(c);
    if (!m) continue;
    const key = m[1].toLowerCase().replace(/[\s_-]/g, '');
    if (key === 'hint') hints.push(m[2].trim());
    else values.set(key, m[2].trim());
  }
  return { values, hints };
}

const LOOKS_HTML = /<\/?[a-zA-Z][^<>]*>/;

/** HTML without scripts, handlers or styles, written as the bank writes it (`<br>`, not `<br />`). */
function sanitise(html: string): string {
  return sanitizeModelHtml(html).replace(/<br \/>/g, '<br>');
}

/**
 * GIFT text as bank HTML, sanitised (no scripts, handlers or styles): HTML kept, Markdown converted, plain text escaped
 * in paragraphs. An image embedded as a data: URL (PNG, JPEG, GIF, WebP: what Markwell's GIFT export writes) is kept.
 */
function toHtml(text: string, format: GiftQuestion['format']): string {
  if (format === 'markdown') return markdownToHtml(text);
  if (format === 'html' || ((format === undefined || format === 'moodle') && LOOKS_HTML.test(text)))
    return sanitizeHtmlWithImages(text).replace(/<br \/>/g, '<br>');
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const plain = (html: string) => htmlToText(html);

/** '; '-separated points, `\;` for a literal semicolon, a trailing '[2]' for a two-mark point. */
export function parsePointsComment(text: string): { text: string; marks: number }[] {
  return text
    .split(/(?<!\\);/)
    .map((p) => p.replace(/\\;/g, ';').trim())
    .filter(Boolean)
    .map((p) => {
      const m = /^(.*?)\s*\[(\d+)\]$/.exec(p);
      return m ? { text: m[1], marks: Number(m[2]) } : { text: p, marks: 1 };
    });
}

function formatNumber(n: number): string {
  return String(Number(n.toPrecision(12)));
}

/**
 * Whole-number marks for percentage weights: the smallest total (1–10) at which every weight is a whole number
 * of marks, e.g. 100 and 50 → 2 and 1. Weights no total fits (e.g. 100 and 37) are rounded at 10.
 */
export function marksForWeights(weights: number[]): { total: number; marks: number[]; exact: boolean } {
  for (let total = 1; total <= 10; total++) {
    const marks = weights.map((w) => (w * total) / 100);
    if (marks.every((m) => m >= 1 - 1e-6 && Math.abs(m - Math.round(m)) < 0.02))
      return { total, marks: marks.map(Math.round), exact: true };
  }
  return { total: 10, marks: weights.map((w) => Math.max(1, Math.round(w / 10))), exact: false };
}

/** A Moodle short-answer pattern without its `*` wildcards, e.g. "photo*synthesis" → "photo synthesis". */
function withoutWildcards(text: string): string {
  return text.replace(/\*/g, ' ').replace(/\s+/g, ' ').trim();
}

interface Converted {
  question: BankQuestionInput;
  /** What was changed on the way, and why. */
  changes: string[];
}

/** One GIFT question as a bank question (not yet validated); throws with a readable message when it cannot be one. */
export function giftToBankQuestion(q: GiftQuestion, id: string, defaultDifficulty: string): Converted {
  let converted = convertQuestion(q, id, defaultDifficulty);
  const scheme = readComments(q.comments).values.get('scheme');
  if (scheme) converted = { ...converted, question: withScheme(converted.question, scheme) };
  // a carried scheme is the question's own (a Markwell export): nothing was changed in deriving one
  if (q.scheme) converted = { question: withCarriedScheme(converted.question, q.scheme), changes: [] };
  converted.changes.push(...giftImageNotes(q));
  const { marks } = converted.question;
  const given = fileMarks(q);
  if (given !== undefined && Math.abs(given - marks) > 1e-9)
    converted.changes.push(
      `worth ${marks} mark${marks === 1 ? '' : 's'} here (${formatNumber(given)} in the file): marks come from ${q.answer.kind === 'essay' ? 'the mark scheme' : 'the answers'}`,
    );
  return converted;
}

/** The whole scheme a Markwell export carried (Moodle XML): its points and rules replace the derived ones; marks recomputed. */
function withCarriedScheme(question: BankQuestionInput, scheme: CarriedScheme): BankQuestionInput {
  const { groups, levels, final_answer_full_marks, ...rest } = question;
  void groups;
  void levels;
  void final_answer_full_marks;
  const markScheme = scheme.markScheme.map((p) => markPointSchema.parse(p));
  const rules = { groups: scheme.groups, levels: scheme.levels, final_answer_full_marks: scheme.final_answer_full_marks };
  return {
    ...rest,
    markScheme,
    marks: schemeMaxMarks(markScheme, rules),
    ...(scheme.groups?.length && { groups: scheme.groups }),
    ...(scheme.levels?.length && { levels: scheme.levels }),
    ...(scheme.final_answer_full_marks && { final_answer_full_marks: true }),
  };
}

/**
 * The structure a `// scheme: {json}` comment carries (content:export writes it; Moodle ignores it): each point's
 * kind, dependencies, ECF, group and skill by id, the groups, levels and final-answer rule; marks recomputed.
 */
function withScheme(question: BankQuestionInput, json: string): BankQuestionInput {
  let scheme: unknown;
  try {
    scheme = JSON.parse(json);
  } catch {
    throw new Error('the // scheme: comment is not valid JSON');
  }
  const parsed = giftSchemeSchema.safeParse(scheme);
  if (!parsed.success)
    throw new Error(`the // scheme: comment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { points, groups, levels, final_answer_full_marks } = parsed.data;
  if (points.length !== question.markScheme.length)
    throw new Error(`the // scheme: comment has ${points.length} points; the question has ${question.markScheme.length}`);
  // only what the comment says: the schema's defaults (marks 1, kind B) must not overwrite the derived points
  const given = (scheme as { points: Record<string, unknown>[] }).points;
  // and the groups are the comment's alone: a derived cap's group ('g1' on every point) never outlives it
  const markScheme = question.markScheme.map(({ group: _derived, ...p }, i) => ({
    ...p,
    ...Object.fromEntries(Object.entries(points[i]).filter(([key]) => Object.hasOwn(given[i], key))),
  }));
  const rules = { groups, levels, final_answer_full_marks };
  const { groups: _derivedGroups, ...derived } = question;
  return {
    ...derived,
    markScheme,
    marks: schemeMaxMarks(markScheme, rules),
    ...(groups && { groups }),
    ...(levels && { levels }),
    ...(final_answer_full_marks && { final_answer_full_marks }),
  };
}

const giftSchemeSchema = z.object({
  points: z.array(
    markPointSchema
      .pick({
        id: true,
        marks: true,
        kind: true,
        depends_on: true,
        ecf: true,
        ecf_formula: true,
        group: true,
        skill: true,
        accept: true,
        reject: true,
        required: true,
      })
      .partial({ marks: true, kind: true }),
  ),
  groups: z.array(markGroupSchema).optional(),
  levels: z.array(markLevelSchema).optional(),
  final_answer_full_marks: z.boolean().optional(),
});

function convertQuestion(q: GiftQuestion, id: string, defaultDifficulty: string): Converted {
  const { values, hints: commentHints } = readComments(q.comments);
  const given = values.get('difficulty') ?? defaultDifficulty;
  const difficulty = toBankDifficulty(given);
  if (!difficulty)
    throw new Error(`difficulty "${given.toLowerCase()}" is not easy, medium or hard (or challenging or difficult, read as hard)`);
  const text = q.html ?? toHtml(q.text, q.format);
  const hints = [...commentHints];
  if (q.generalFeedback) hints.push(q.generalFeedback);
  const modelAnswerComment = values.get('modelanswer');
  const unit = values.get('unit');
  const changes: string[] = [];

  // A '// points:' comment on a one-point question names its point (content:export writes one).
  const points = values.get('points') ? parsePointsComment(values.get('points')!) : [];
  const pointText = (derived: string) => (points.length === 1 ? points[0].text : derived);
  const ownId = values.get('id') ?? id;
  // the question's own name (not the id Markwell's export writes as its title)
  const name = q.title && q.title !== ownId ? q.title.trim().slice(0, 255) : undefined;
  const base = { id: ownId, difficulty, text, ...(name && { name }) };
  const shuffle = q.shuffle || values.get('shuffle') === 'true' ? { shuffle: true } : {};
  const paragraph = (s: string) => (LOOKS_HTML.test(s) ? sanitise(s) : `<p>${escapeHtml(s)}</p>`);
  const hintText = (h: string) => (LOOKS_HTML.test(h) ? sanitise(h) : h);
  const hintsOr = (fallback: string) => (hints.length ? hints.map(hintText) : [fallback]);
  const letters = 'ABCDE';
  const optionFeedback = (choices: GiftChoice[], right: (c: GiftChoice) => boolean) =>
    choices.flatMap((c, i) => (c.feedback && !right(c) ? [`If you chose ${letters[i]}: ${c.feedback}`] : []));

  switch (q.answer.kind) {
    case 'description':
      throw new Error('a description item (text with no answer block), not a question: nothing to practise');
    case 'true_false': {
      const letter = q.answer.value ? 'A' : 'B';
      const right = q.answer.value ? 'True' : 'False';
      if (q.answer.wrongFeedback) hints.push(q.answer.wrongFeedback);
      return {
        question: {
          ...base,
          type: 'multiple_choice',
          marks: 1,
          options: { A: 'True', B: 'False' },
          correctAnswer: letter,
          markScheme: [{ id: 'b1', text: pointText(`${letter}: ${right}`), kind: 'B', accept: [letter, right] }],
          modelAnswer: paragraph(modelAnswerComment ?? `${right}.${q.answer.rightFeedback ? ` ${q.answer.rightFeedback}` : ''}`),
          hints: hintsOr('<p>Test the statement against what you know: is there a case where it fails?</p>'),
        },
        changes: ['true/false: practised as a two-option multiple-choice question (A True, B False)'],
      };
    }
    case 'matching': {
      // an item in HTML ([html] GIFT, or Moodle XML) is shown rendered (sanitised) and marked by its words
      const itemText = (s: string) => (LOOKS_HTML.test(s) ? plain(s).replace(/\s+/g, ' ').trim() : s);
      const itemHtml = (s: string) => (LOOKS_HTML.test(s) ? sanitise(s) : escapeHtml(s));
      const pairs = q.answer.pairs
        .filter((p) => itemText(p.left))
        .map((p) => ({ left: itemText(p.left), right: itemText(p.right), leftHtml: itemHtml(p.left) }));
      if (pairs.length < 2) throw new Error('a matching question needs at least two pairs');
      const rights = [...new Set(q.answer.pairs.map((p) => itemText(p.right)))].sort((a, b) => a.localeCompare(b));
      const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
      return {
        question: {
          ...base,
          type: 'short_answer',
          marks: pairs.length,
          text: `${text}<p>Match each item to one of: ${rights.map(escapeHtml).join('; ')}.</p>${list(pairs.map((p) => p.leftHtml))}`,
          markScheme: pairs.map((p, i) => ({
            id: `p${i + 1}`,
            text: `${p.left}: ${p.right}`,
            marks: 1,
            accept: [`${p.left} - ${p.right}`, `${p.left} = ${p.right}`, `${p.left} → ${p.right}`],
            required: [p.right],
          })),
          modelAnswer: `<p>${pairs.map((p) => `${escapeHtml(p.left)}: ${escapeHtml(p.right)}`).join('<br>')}</p>`,
          hints: hintsOr('<p>Start with the pair you are surest of, then narrow down the rest.</p>'),
        },
        changes: [`matching: practised as a written answer, each of the ${pairs.length} pairs a point (one mark each)`],
      };
    }
    case 'multiple_choice': {
      const choices = q.answer.choices;
      if (choices.length > 5) throw new Error(`multiple choice has ${choices.length} options; the bank allows at most 5 (A to E)`);
      const options = Object.fromEntries(choices.map((c, i) => [letters[i], c.text]));
      const correct = choices.flatMap((c, i) => (c.correct ? [i] : []));
      const positive = choices.flatMap((c, i) => (!c.correct && (c.weight ?? 0) > 0 ? [i] : []));
      if (correct.length === 0 && positive.length > 0) {
        // multiple response: each option with a positive weight is a point; the others are wrong (rejected)
        const weights = positive.map((i) => (choices[i].correct ? 100 : choices[i].weight!));
        const { marks, exact } = marksForWeights(weights);
        const wrongLetters = choices.flatMap((_c, i) => (positive.includes(i) ? [] : [letters[i]]));
        if (!exact) changes.push(`weights ${weights.map((w) => `${w}%`).join(', ')} rounded to whole marks (${marks.join(', ')})`);
        changes.push('multiple response: each right option is a point; a wrong option chosen cancels one right one');
        return {
          question: {
            ...base,
            type: 'multiple_choice',
            ...shuffle,
            marks: marks.reduce((n, m) => n + m, 0),
            options,
            correctAnswer: positive.map((i) => letters[i]).join(','),
            markScheme: positive.map((i, k) => ({
              id: `o${k + 1}`,
              text: `${letters[i]}: ${plain(choices[i].text)}`,
              marks: marks[k],
              kind: 'B' as const,
              accept: [letters[i]],
              reject: wrongLetters,
            })),
            modelAnswer: paragraph(
              modelAnswerComment ??
                `${positive.map((i) => letters[i]).join(' and ')}: ${positive.map((i) => plain(choices[i].text)).join('; ')}.`,
            ),
            hints: [
              ...hintsOr('<p>More than one option is right: judge each one on its own.</p>'),
              ...optionFeedback(choices, (c) => c.correct || (c.weight ?? 0) > 0).map(hintText),
            ],
          },
          changes,
        };
      }
      if (correct.length === 0) throw new Error('multiple choice has no correct option (mark it with =)');
      // one right option, or several fully right in a single-answer question: any one of them earns the mark, as in Moodle
      const right = correct.map((i) => letters[i]);
      const rightText = correct.map((i) => plain(choices[i].text)).join(' or ');
      const wrong = choices.flatMap((_c, i) => (correct.includes(i) ? [] : [letters[i]]));
      if (correct.length > 1) {
        changes.push(`${correct.length} options are fully right (${right.join(', ')}): any one of them earns the mark, as in Moodle`);
      }
      const only = choices[correct[0]];
      return {
        question: {
          ...base,
          type: 'multiple_choice',
          ...shuffle,
          marks: 1,
          options,
          correctAnswer: right.join('|'),
          markScheme: [
            {
              id: 'b1',
              text: pointText(`${right.join(' or ')}: ${rightText}`),
              kind: 'A',
              accept: right.flatMap((l) => [l, `option ${l}`]),
              ...(wrong.length > 0 && { reject: wrong }),
            },
          ],
          modelAnswer: paragraph(
            modelAnswerComment ??
              (correct.length > 1
                ? `Any one of ${right.join(' or ')}: ${correct.map((i) => plain(choices[i].text)).join('; ')}.`
                : `The answer is ${right[0]}: ${only.text}.${only.feedback ? ` ${only.feedback}` : ''}`),
          ),
          hints: [
            ...hintsOr('<p>Rule out the options you know are wrong, then compare the ones that are left.</p>'),
            ...optionFeedback(choices, (c) => c.correct).map(hintText),
          ],
        },
        changes,
      };
    }
    case 'short_answer': {
      const answers = q.answer.answers;
      const full = answers.filter((a) => a.weight === undefined || a.weight >= 100);
      const partial = answers.filter((a) => a.weight !== undefined && a.weight > 0 && a.weight < 100);
      const rejected = answers.filter((a) => a.weight !== undefined && a.weight <= 0);
      if (full.length === 0) throw new Error('short answer has no answer worth full marks');
      if (answers.some((a) => a.text.includes('*'))) changes.push('`*` wildcards removed: the marker judges the wording around them');
      const clean = (a: GiftChoice) => withoutWildcards(a.text);
      const reject = rejected.map(clean).filter(Boolean);
      if (partial.length === 0) {
        const point: MarkPointInput = {
          id: 'a1',
          text: pointText(clean(full[0])),
          kind: 'A',
          accept: full.map(clean),
          ...(reject.length > 0 && { reject }),
        };
        return {
          question: {
            ...base,
            type: 'short_answer',
            marks: 1,
            markScheme: [point],
            modelAnswer: paragraph(modelAnswerComment ?? clean(full[0])),
            hints: hintsOr('<p>Pick out the key term the question is asking for.</p>'),
          },
          changes,
        };
      }
      // weighted alternatives: the full answer earns every mark, a partial one its share; max = the full answer's
      const { total, marks, exact } = marksForWeights([100, ...partial.map((a) => a.weight!)]);
      if (!exact) changes.push(`weights rounded to whole marks out of ${total}`);
      const groups: MarkGroup[] = [{ id: 'g1', max: total }];
      return {
        question: {
          ...base,
          type: 'short_answer',
          marks: total,
          groups,
          markScheme: [
            {
              id: 'a1',
              text: pointText(clean(full[0])),
              marks: total,
              kind: 'B',
              group: 'g1',
              accept: full.map(clean),
              ...(reject.length > 0 && { reject }),
            },
            ...partial.map((a, k) => ({ id: `a${k + 2}`, text: clean(a), marks: marks[k + 1], kind: 'B' as const, group: 'g1' })),
          ],
          modelAnswer: paragraph(modelAnswerComment ?? clean(full[0])),
          hints: hintsOr('<p>Pick out the key term the question is asking for.</p>'),
        },
        changes,
      };
    }
    case 'numerical': {
      const answers = q.answer.answers;
      const full = answers.find((a) => a.weight === undefined || a.weight >= 100);
      if (!full) throw new Error('numerical question has no answer worth full marks');
      const partial = answers.filter((a) => a !== full && a.weight !== undefined && a.weight > 0 && a.weight < 100);
      if (q.answer.wrongFeedback) hints.push(q.answer.wrongFeedback);
      for (const a of answers) if (a.feedback && a !== full) hints.push(a.feedback);
      const show = (a: { value: number; tolerance: number }) =>
        `${formatNumber(a.value)}${unit ? ` ${unit}` : ''}${a.tolerance ? ` (± ${formatNumber(a.tolerance)})` : ''}`;
      const target = (a: { value: number; tolerance: number }) => ({ value: a.value, absTolerance: a.tolerance, ...(unit && { unit }) });
      const modelAnswer = paragraph(modelAnswerComment ?? `${formatNumber(full.value)}${unit ? ` ${unit}` : ''}`);
      const hintList = hintsOr('<p>Set out the calculation one step at a time and check the units.</p>');
      if (partial.length === 0) {
        return {
          question: {
            ...base,
            type: 'short_answer',
            marks: 1,
            markScheme: [{ id: 'a1', text: pointText(show(full)), kind: 'A', numeric: target(full) }],
            modelAnswer,
            hints: hintList,
          },
          changes,
        };
      }
      const { total, marks, exact } = marksForWeights([100, ...partial.map((a) => a.weight!)]);
      if (!exact) changes.push(`weights rounded to whole marks out of ${total}`);
      return {
        question: {
          ...base,
          type: 'short_answer',
          marks: total,
          groups: [{ id: 'g1', max: total }],
          markScheme: [
            { id: 'a1', text: pointText(show(full)), marks: total, kind: 'B', group: 'g1', numeric: target(full) },
            ...partial.map((a, k) => ({
              id: `a${k + 2}`,
              text: show(a),
              marks: marks[k + 1],
              kind: 'B' as const,
              group: 'g1',
              numeric: target(a),
            })),
          ],
          modelAnswer,
          hints: hintList,
        },
        changes,
      };
    }
    case 'essay': {
      if (!values.get('points')) {
        throw new Error(
          "needs a mark scheme: an essay question needs a '// points: a; b; c' comment listing the mark-scheme points (one mark each; 'b [2]' for two marks)",
        );
      }
      if (points.length === 0) throw new Error("the '// points:' comment lists no points");
      const type = values.get('type') === 'short_answer' ? 'short_answer' : 'essay';
      const sum = points.reduce((n, p) => n + p.marks, 0);
      // the file's grade below the points' sum caps them: any of the points, up to that many marks (a group)
      const given = fileMarks(q);
      const cap = given !== undefined && Number.isInteger(given) && given >= 1 && given < sum && !q.scheme ? given : undefined;
      if (cap)
        changes.push(
          `the points add up to ${sum}; the file's ${cap} mark${cap === 1 ? '' : 's'} cap them (any of the points, up to ${cap})`,
        );
      return {
        question: {
          ...base,
          type,
          marks: cap ?? sum,
          ...(cap && { groups: [{ id: 'g1', max: cap }] }),
          markScheme: points.map((p, i) => ({
            id: `p${i + 1}`,
            text: p.text,
            marks: Math.min(p.marks, cap ?? p.marks),
            ...(cap && { group: 'g1' }),
          })),
          modelAnswer: paragraph(modelAnswerComment ?? points.map((p) => `${p.text.replace(/[.\s]+$/, '')}.`).join(' ')),
          hints: hintsOr(`<p>Plan ${points.length} distinct points before you write: one for each mark.</p>`),
        },
        changes,
      };
    }
  }
}

function categoryParts(category: string): string[] {
  return category
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !/^\$\w+\$$/.test(p));
}

function lastCategorySegment(category: string): string {
  const parts = categoryParts(category);
  return parts[parts.length - 1] ?? '';
}

/** The categories of a GIFT file, as topic names, in order (a file may hold several: content:import writes one topic file each). */
export function giftTopics(source: string): string[] {
  return treeTopics(parseGift(source));
}

/** The categories of a parsed file (GIFT or Moodle XML), as topic names, in order. */
export function treeTopics(parsed: ParsedGift): string[] {
  const names = parsed.questions.map((q) => (q.category ? lastCategorySegment(q.category) : '')).filter(Boolean);
  return [...new Set(names)];
}

/**
 * A bank rule a teacher's question broke, in the teacher's words where the bank's own message names its fields: a
 * question whose text is (nearly) nothing, e.g. once unsafe HTML is removed (scripts, event handlers, web images).
 */
function describeImportProblem(problem: QuestionProblem): string {
  if (problem.path === 'text' && /too small/i.test(problem.message))
    return 'the question text is empty or too short (at least 10 characters, counted after scripts, event handlers and web images are removed)';
  return formatQuestionProblem(problem);
}

/** A GIFT file (or one of its categories, with `topic`) as one topic file. Ids are '<subject>-<topic>-NN' unless a `// id:` comment gives one. */
export function importGift(source: string, options: GiftImportOptions = {}): GiftImportResult {
  return importTree(parseGift(source), options);
}

/** A parsed file (GIFT, or Moodle XML read into the same tree) as one topic file, with its report. */
export function importTree(parsed: ParsedGift, options: GiftImportOptions = {}): GiftImportResult {
  const report: GiftImportReport = { imported: [], changed: [], skipped: [] };
  const unmarked: UnmarkedEssay[] = [];
  const errors: ImportError[] = parsed.errors.map((e) => ({ number: e.number, title: e.title, line: e.line, message: e.message }));
  let questions = parsed.questions;
  const total = parsed.questions.length + parsed.errors.length;

  const categories = [...new Set(questions.map((q) => q.category).filter((c): c is string => !!c))];
  let topic = options.topic;
  let subject = options.subject;
  if (topic) {
    const inCategory = questions.filter((q) => q.category && slugify(lastCategorySegment(q.category)) === slugify(topic!));
    if (inCategory.length > 0) questions = inCategory;
  } else if (categories.length === 1) {
    topic = lastCategorySegment(categories[0]) || undefined;
  } else if (categories.length > 1) {
    const message = `the file has ${categories.length} categories (${categories.join(', ')}); pass --topic to choose one`;
    return { topicFile: null, errors: [...errors, { message }], total, report, unmarked };
  }
  if (!subject && categories.length >= 1) {
    const parts = categoryParts(categories[0]);
    if (parts.length >= 2) subject = parts[parts.length - 2];
  }

  const chosenCategory = parsed.categories.find((c) => questions.some((q) => q.category === c.name));
  const description = options.description ?? (chosenCategory && readComments(chosenCategory.comments).values.get('description'));

  const out: BankQuestionInput[] = [];
  const sources: GiftQuestion[] = [];
  const notes: ImportNote[] = [];
  questions.forEach((q, i) => {
    if (q.answer.kind === 'description') {
      report.skipped.push({
        number: q.number,
        title: q.title,
        line: q.line,
        message: 'a description item (text with no answer block), not a question',
      });
      return;
    }
    const fail = (message: string) => errors.push({ number: q.number, title: q.title, line: q.line, message });
    if (options.unmarkedEssays && !options.strict && hasNoScheme(q)) {
      try {
        unmarked.push(unmarkedEssay(q, topic));
      } catch (error) {
        fail((error as Error).message);
      }
      return;
    }
    let converted: Converted;
    try {
      converted = giftToBankQuestion(q, questionId(subject ?? 'subject', topic ?? 'topic', i + 1), options.difficulty ?? 'medium');
    } catch (error) {
      fail((error as Error).message);
      return;
    }
    const { problems } = validateBankQuestion(converted.question);
    if (problems.length > 0) for (const problem of problems) fail(describeImportProblem(problem));
    else {
      out.push(converted.question);
      sources.push(q);
      for (const message of [...(q.changes ?? []), ...converted.changes])
        notes.push({ number: q.number, title: q.title, line: q.line, message });
    }
  });
  for (const e of checkIds(
    out,
    options.existingIds,
    () => undefined,
    (i) => sources[i].number,
  )) {
    const q = sources[e.number! - 1];
    errors.push({ ...e, number: q.number, title: q.title, line: q.line });
  }

  // Partial: a question with a problem is skipped (with why) and the rest are imported.
  let kept = out;
  let keptSources = sources;
  if (!options.strict) {
    const bad = new Set(errors.filter((e) => e.number !== undefined).map((e) => e.number));
    for (const e of errors)
      if (e.number !== undefined) report.skipped.push({ number: e.number, title: e.title, line: e.line, message: e.message });
    kept = out.filter((_, i) => !bad.has(sources[i].number));
    keptSources = sources.filter((s) => !bad.has(s.number));
    errors.splice(0, errors.length, ...errors.filter((e) => e.number === undefined));
    if (kept.length === 0 && unmarked.length === 0 && total > 0 && errors.length === 0)
      errors.push({ message: 'no question in the file could be imported' });
  }
  report.changed = notes.filter((n) => keptSources.some((s) => s.number === n.number));
  report.skipped.sort((a, b) => a.number - b.number);
  // a file whose only questions are essays to flag has no topic file to write (it would be empty)
  const result: ImportResult =
    kept.length === 0 && unmarked.length > 0 && !options.strict
      ? { topicFile: null, errors, total }
      : finish({ subject, topic, description }, kept, errors, total);
  if (result.topicFile)
    report.imported = kept.map((q, i) => ({
      number: keptSources[i].number,
      title: keptSources[i].title,
      id: q.id,
      type: q.type,
      marks: q.marks,
    }));
  return { ...result, report, unmarked };
}
