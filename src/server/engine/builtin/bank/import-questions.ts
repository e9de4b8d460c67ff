import type { z } from 'zod';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { toBankDifficulty, topicFileSchema, type BankQuestionInput } from './schema';
import { parseGift, type GiftQuestion } from './parse-gift';
import { escapeHtml } from '../../text/html-entities';
import { slugify } from './match-text';
import { formatQuestionProblem, validateBankQuestion } from './validate-question';

/**
 * Turning an exchange file into one bank topic file: the bank's own JSON (a topic file, a bundle of
 * topic files from content:export, or a bare array of questions) or Moodle GIFT. Every question is
 * validated as the bank loader validates it (validate-question.ts: the schema, the rules across
 * fields, templates instantiated over 50 seeds); every problem is reported, all of a question's at
 * once, with the question's number, title or id, and what is wrong. A difficulty of 'challenging' or
 * 'difficult' is stored as 'hard' (toBankDifficulty, as drawing a paper reads it). Nothing is written
 * here: the caller writes `topicFile` when `errors` is empty.
 */

export type TopicFileInput = z.input<typeof topicFileSchema>;

export interface ImportError {
  /** 1-based question number in the source, absent for a problem with the file as a whole. */
  number?: number;
  /** GIFT ::title:: or the question id. */
  title?: string;
  line?: number;
  message: string;
}

export interface ImportOptions {
  subject?: string;
  topic?: string;
  description?: string;
  /** Difficulty for GIFT questions without a `// difficulty:` comment (any word toBankDifficulty reads). Default medium. */
  difficulty?: string;
  /** Ids already used elsewhere in the bank; an imported question may not reuse one. */
  existingIds?: Set<string>;
}

export interface ImportResult {
  topicFile: TopicFileInput | null;
  errors: ImportError[];
  /** How many questions the source held. */
  total: number;
}

/** 'Question 3 "Photon energy" (line 12): essay questions need ...' */
export function formatImportError(error: ImportError): string {
  if (error.number === undefined) return error.message;
  const title = error.title ? ` "${error.title}"` : '';
  const line = error.line ? ` (line ${error.line})` : '';
  return `Question ${error.number}${title}${line}: ${error.message}`;
}

function zodMessages(error: z.ZodError): string[] {
  return error.issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
}

function questionId(subject: string, topic: string, n: number): string {
  return `${slugify(subject)}-${slugify(topic)}-${String(n).padStart(2, '0')}`;
}

function checkIds(
  questions: { id?: unknown }[],
  existing: Set<string> | undefined,
  titleOf: (i: number) => string | undefined,
  numberOf: (i: number) => number = (i) => i + 1,
): ImportError[] {
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  questions.forEach((q, i) => {
    if (typeof q.id !== 'string') return;
    const first = seen.get(q.id);
    if (first !== undefined)
      errors.push({ number: i + 1, title: titleOf(i), message: `id ${q.id} is also used by question ${numberOf(first)}` });
    else if (existing?.has(q.id))
      errors.push({ number: i + 1, title: titleOf(i), message: `id ${q.id} is already used elsewhere in the bank` });
    seen.set(q.id, i);
  });
  return errors;
}

function finish(
  header: { subject?: string; topic?: string; description?: string },
  questions: BankQuestionInput[],
  errors: ImportError[],
  total: number,
): ImportResult {
  if (!header.subject) errors.unshift({ message: 'no subject: pass --subject' });
  if (!header.topic) errors.unshift({ message: 'no topic: pass --topic' });
  if (total === 0) errors.unshift({ message: 'the file holds no questions' });
  if (errors.length > 0 || !header.subject || !header.topic) return { topicFile: null, errors, total };
  const topicFile: TopicFileInput = {
    subject: header.subject,
    topic: header.topic,
    description: header.description?.trim() || `${header.topic} questions.`,
    questions,
  };
  const check = topicFileSchema.safeParse(topicFile);
  if (!check.success) return { topicFile: null, errors: zodMessages(check.error).map((message) => ({ message })), total };
  return { topicFile, errors: [], total };
}

// ---------------------------------------------------------------- JSON

/** The question with a difficulty alias ('challenging', 'Hard') replaced by the bank value; anything else unchanged for the schema to judge. */
function withBankDifficulty(question: unknown): unknown {
  if (!question || typeof question !== 'object' || Array.isArray(question)) return question;
  const { difficulty } = question as { difficulty?: unknown };
  const mapped = toBankDifficulty(difficulty);
  return mapped && mapped !== difficulty ? { ...question, difficulty: mapped } : question;
}

/**
 * The bank's JSON exchange format: a topic file ({subject, topic, description, questions}), a bundle
 * ({subject, topics: [topic files]}, as content:export writes; --topic picks one) or an array of questions.
 */
export function importJson(source: string, options: ImportOptions = {}): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (error) {
    return { topicFile: null, errors: [{ message: `not valid JSON: ${(error as Error).message}` }], total: 0 };
  }
  let header: { subject?: string; topic?: string; description?: string } = {};
  let questions: unknown[];
  if (Array.isArray(raw)) questions = raw;
  else if (raw && typeof raw === 'object' && Array.isArray((raw as { topics?: unknown }).topics)) {
    const bundle = raw as { subject?: string; topics: { subject?: string; topic?: string; description?: string; questions?: unknown[] }[] };
    const wanted = options.topic?.toLowerCase();
    const matches = bundle.topics.filter((t) => !wanted || t.topic?.toLowerCase() === wanted || slugify(t.topic ?? '') === slugify(wanted));
    if (matches.length !== 1) {
      const names = bundle.topics.map((t) => `"${t.topic}"`).join(', ');
      return {
        topicFile: null,
        errors: [
          {
            message: wanted
              ? `no topic "${options.topic}" in the bundle; it has ${names}`
              : `the bundle has ${bundle.topics.length} topics (${names}); pass --topic to choose one`,
          },
        ],
        total: 0,
      };
    }
    header = { subject: matches[0].subject ?? bundle.subject, topic: matches[0].topic, description: matches[0].description };
    questions = Array.isArray(matches[0].questions) ? matches[0].questions : [];
  } else if (raw && typeof raw === 'object' && Array.isArray((raw as { questions?: unknown }).questions)) {
    const file = raw as { subject?: string; topic?: string; description?: string; questions: unknown[] };
    header = { subject: file.subject, topic: file.topic, description: file.description };
    questions = file.questions;
  } else {
    return {
      topicFile: null,
      errors: [
        { message: 'expected a topic file {subject, topic, description, questions}, a bundle {subject, topics} or an array of questions' },
      ],
      total: 0,
    };
  }
  header = {
    subject: options.subject ?? header.subject,
    topic: options.topic ?? header.topic,
    description: options.description ?? header.description,
  };

  const errors: ImportError[] = [];
  const valid: BankQuestionInput[] = [];
  const idOf = (i: number) => {
    const id = (questions[i] as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  };
  questions.forEach((q, i) => {
    const input = withBankDifficulty(q);
    const { question, problems } = validateBankQuestion(input);
    if (question) valid.push(input as BankQuestionInput);
    else for (const problem of problems) errors.push({ number: i + 1, title: idOf(i), message: formatQuestionProblem(problem) });
  });
  errors.push(...checkIds(questions as { id?: unknown }[], options.existingIds, idOf));
  return finish(header, valid, errors, questions.length);
}

// ---------------------------------------------------------------- GIFT

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

/** GIFT text as bank HTML: HTML kept as it is, plain text escaped and put in paragraphs. */
function toHtml(text: string, format: GiftQuestion['format']): string {
  const looksHtml = /<\/?[a-zA-Z][^<>]*>/.test(text);
  if (format === 'html' || ((format === undefined || format === 'moodle') && looksHtml)) return text.trim();
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function stripHtml(text: string): string {
  return text
    .replace(/<\/?[a-zA-Z][^<>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

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

/** One GIFT question as a bank question (not yet validated); throws with a readable message. */
export function giftToBankQuestion(q: GiftQuestion, id: string, defaultDifficulty: string): BankQuestionInput {
  const { values, hints: commentHints } = readComments(q.comments);
  const given = values.get('difficulty') ?? defaultDifficulty;
  const difficulty = toBankDifficulty(given);
  if (!difficulty)
    throw new Error(`difficulty "${given.toLowerCase()}" is not easy, medium or hard (or challenging or difficult, read as hard)`);
  const text = toHtml(q.text, q.format);
  const hints = [...commentHints];
  if (q.generalFeedback) hints.push(q.generalFeedback);
  const modelAnswerComment = values.get('modelanswer');
  const unit = values.get('unit');

  // A '// points:' comment on a one-point question names its point (content:export writes one).
  const points = values.get('points') ? parsePointsComment(values.get('points')!) : [];
  const pointText = (derived: string) => (points.length === 1 ? points[0].text : derived);
  const base = { id: values.get('id') ?? id, difficulty, text };
  const paragraph = (s: string) => (/<\/?[a-zA-Z][^<>]*>/.test(s) ? s : `<p>${escapeHtml(s)}</p>`);

  switch (q.answer.kind) {
    case 'true_false':
      throw new Error('true/false questions are not supported: the bank needs at least three options; rewrite it as multiple choice');
    case 'matching':
      throw new Error('matching questions are not supported by the bank');
    case 'multiple_choice': {
      const choices = q.answer.choices;
      if (choices.length > 5) throw new Error(`multiple choice has ${choices.length} options; the bank allows at most 5 (A to E)`);
      const correct = choices.flatMap((c, i) => (c.correct ? [i] : []));
      if (correct.length === 0 && choices.some((c) => (c.weight ?? 0) > 0)) {
        throw new Error(
          'multiple-response questions (several options with partial weights) are not supported; the bank needs exactly one right option',
        );
      }
      if (correct.length === 0) throw new Error('multiple choice has no correct option (mark it with =)');
      if (correct.length > 1) throw new Error(`multiple choice has ${correct.length} correct options; the bank allows exactly one`);
      const letters = 'ABCDE';
      const letter = letters[correct[0]];
      const right = choices[correct[0]];
      return {
        ...base,
        type: 'multiple_choice',
        marks: 1,
        options: Object.fromEntries(choices.map((c, i) => [letters[i], c.text])),
        correctAnswer: letter,
        markScheme: [
          { id: 'b1', text: pointText(`${letter}: ${stripHtml(right.text)}`), kind: 'answer', accept: [letter, `option ${letter}`] },
        ],
        modelAnswer: paragraph(
          modelAnswerComment ?? `The answer is ${letter}: ${right.text}.${right.feedback ? ` ${right.feedback}` : ''}`,
        ),
        hints: hints.length ? hints : ['<p>Rule out the options you know are wrong, then compare the ones that are left.</p>'],
      };
    }
    case 'short_answer': {
      const accepted = q.answer.answers.filter((a) => a.weight === undefined || a.weight >= 100);
      const rejected = q.answer.answers.filter((a) => a.weight !== undefined && a.weight <= 0);
      if (accepted.length === 0) throw new Error('short answer has no answer worth full marks');
      const point: MarkPointInput = {
        id: 'a1',
        text: pointText(accepted[0].text),
        kind: 'answer',
        accept: accepted.map((a) => a.text),
        ...(rejected.length > 0 && { reject: rejected.map((a) => a.text) }),
      };
      return {
        ...base,
        type: 'short_answer',
        marks: 1,
        markScheme: [point],
        modelAnswer: paragraph(modelAnswerComment ?? accepted[0].text),
        hints: hints.length ? hints : ['<p>Pick out the key term the question is asking for.</p>'],
      };
    }
    case 'numerical': {
      const answer = q.answer.answers.find((a) => a.weight === undefined || a.weight >= 100);
      if (!answer) throw new Error('numerical question has no answer worth full marks');
      const value = formatNumber(answer.value);
      return {
        ...base,
        type: 'short_answer',
        marks: 1,
        markScheme: [
          {
            id: 'a1',
            text: pointText(`${value}${unit ? ` ${unit}` : ''}${answer.tolerance ? ` (± ${formatNumber(answer.tolerance)})` : ''}`),
            kind: 'answer',
            numeric: { value: answer.value, absTolerance: answer.tolerance, ...(unit && { unit }) },
          },
        ],
        modelAnswer: paragraph(modelAnswerComment ?? `${value}${unit ? ` ${unit}` : ''}`),
        hints: hints.length ? hints : ['<p>Set out the calculation one step at a time and check the units.</p>'],
      };
    }
    case 'essay': {
      if (!values.get('points')) {
        throw new Error(
          "essay questions need a '// points: a; b; c' comment listing the mark-scheme points (one mark each; 'b [2]' for two marks)",
        );
      }
      if (points.length === 0) throw new Error("the '// points:' comment lists no points");
      const type = values.get('type') === 'short_answer' ? 'short_answer' : 'essay';
      return {
        ...base,
        type,
        marks: points.reduce((n, p) => n + p.marks, 0),
        markScheme: points.map((p, i) => ({ id: `p${i + 1}`, text: p.text, marks: p.marks })),
        modelAnswer: paragraph(modelAnswerComment ?? points.map((p) => `${p.text.replace(/[.\s]+$/, '')}.`).join(' ')),
        hints: hints.length ? hints : [`<p>Plan ${points.length} distinct points before you write: one for each mark.</p>`],
      };
    }
  }
}

function lastCategorySegment(category: string): string {
  const parts = category
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !/^\$\w+\$$/.test(p));
  return parts[parts.length - 1] ?? '';
}

/** A GIFT file as one topic file. Ids are '<subject>-<topic>-NN' unless a `// id:` comment gives one. */
export function importGift(source: string, options: ImportOptions = {}): ImportResult {
  const parsed = parseGift(source);
  const errors: ImportError[] = parsed.errors.map((e) => ({ number: e.number, title: e.title, line: e.line, message: e.message }));
  let questions = parsed.questions;

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
    return { topicFile: null, errors: [...errors, { message }], total: parsed.questions.length + parsed.errors.length };
  }
  if (!subject && categories.length >= 1) {
    const parts = categories[0]
      .split('/')
      .map((p) => p.trim())
      .filter((p) => p && !/^\$\w+\$$/.test(p));
    if (parts.length >= 2) subject = parts[parts.length - 2];
  }

  const chosenCategory = parsed.categories.find((c) => questions.some((q) => q.category === c.name));
  const description = options.description ?? (chosenCategory && readComments(chosenCategory.comments).values.get('description'));

  const out: BankQuestionInput[] = [];
  const sources: GiftQuestion[] = [];
  questions.forEach((q, i) => {
    const fail = (message: string) => errors.push({ number: q.number, title: q.title, line: q.line, message });
    let question: BankQuestionInput;
    try {
      question = giftToBankQuestion(q, questionId(subject ?? 'subject', topic ?? 'topic', i + 1), options.difficulty ?? 'medium');
    } catch (error) {
      fail((error as Error).message);
      return;
    }
    const { problems } = validateBankQuestion(question);
    if (problems.length > 0) for (const problem of problems) fail(formatQuestionProblem(problem));
    else {
      out.push(question);
      sources.push(q);
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
  return finish({ subject, topic, description }, out, errors, parsed.questions.length + parsed.errors.length);
}
