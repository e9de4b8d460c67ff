import type { z } from 'zod';
import { toBankDifficulty, topicFileSchema, type BankQuestionInput } from './schema';
import { slugify } from './match-text';
import { jsonLineLocator } from './json-lines';
import { formatQuestionProblem, type QuestionProblem } from './question-shape';
import { validateBankQuestion } from './validate-question';

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

export function questionId(subject: string, topic: string, n: number): string {
  return `${slugify(subject)}-${slugify(topic)}-${String(n).padStart(2, '0')}`;
}

export function checkIds(
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

export function finish(
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
 * The path in the question a problem is about: its own path, or for a scheme rule (reported for the
 * question as a whole) the point, group or levels its sentence names.
 */
function problemPath(problem: QuestionProblem, question: unknown): (string | number)[] {
  if (problem.path) return problem.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const q = question && typeof question === 'object' ? (question as Record<string, unknown>) : {};
  const indexIn = (field: string, id: string) =>
    Array.isArray(q[field]) ? (q[field] as { id?: unknown }[]).findIndex((x) => x?.id === id) : -1;
  const point = /^point (\S+) /.exec(problem.message);
  if (point && indexIn('markScheme', point[1]) >= 0) return ['markScheme', indexIn('markScheme', point[1])];
  const group = /^group "([^"]*)"/.exec(problem.message);
  if (group && indexIn('groups', group[1]) >= 0) return ['groups', indexIn('groups', group[1])];
  if (/^levels? /.test(problem.message)) return ['levels'];
  if (/^marks \(/.test(problem.message)) return ['marks'];
  return [];
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
  // Where the questions sit in the file, for the line of each problem.
  let questionsAt: (string | number)[] = [];
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
    questionsAt = ['topics', bundle.topics.indexOf(matches[0]), 'questions'];
  } else if (raw && typeof raw === 'object' && Array.isArray((raw as { questions?: unknown }).questions)) {
    const file = raw as { subject?: string; topic?: string; description?: string; questions: unknown[] };
    header = { subject: file.subject, topic: file.topic, description: file.description };
    questions = file.questions;
    questionsAt = ['questions'];
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
  // A file on one line has no line worth naming.
  const lineOf = source.trim().includes('\n') ? jsonLineLocator(source) : () => undefined;
  questions.forEach((q, i) => {
    const input = withBankDifficulty(q);
    const { question, problems } = validateBankQuestion(input);
    if (question) valid.push(input as BankQuestionInput);
    else
      for (const problem of problems) {
        const line = lineOf([...questionsAt, i, ...problemPath(problem, q)]);
        errors.push({ number: i + 1, title: idOf(i), ...(line && { line }), message: formatQuestionProblem(problem) });
      }
  });
  errors.push(
    ...checkIds(questions as { id?: unknown }[], options.existingIds, idOf).map((e) => {
      const line = e.number ? lineOf([...questionsAt, e.number - 1, 'id']) : undefined;
      return line ? { ...e, line } : e;
    }),
  );
  return finish(header, valid, errors, questions.length);
}
