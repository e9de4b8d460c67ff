import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { topicFileSchema, type BankQuestion } from './schema';
import { checkQuestionShape, type QuestionValidation } from './question-shape';
import { editDistance } from '../../text/edit-distance';
import { matchToken, normaliseText, slugify, tokenise } from './match-text';

/**
 * The built-in question bank, read from content/<subject-slug>/<topic-slug>.json (resolved from the
 * repository root, not the working directory), validated file by file and question by question. A
 * broken question is left out and reported; a broken file is left out and reported; the rest loads.
 *
 * This module does not load mathjs: the server's bank (loadBank) checks each question's schema and
 * rules across fields only (question-shape.ts). The template check (instantiating each template over
 * seeds, mathjs) is readBank's in load-bank.ts, which content:import, content:stats, content:export
 * and the bank tests use; a template that still fails when a paper is drawn is skipped there
 * (draw-paper.ts). See docs/benchmarks.md, "PGlite's first start and the main thread's heavy modules".
 */

/** Checks one raw question of a topic file: a parsed question, or every problem found. */
export type QuestionValidator = (raw: unknown) => QuestionValidation;

export interface BankTopic {
  subject: string;
  topic: string;
  slug: string;
  description: string;
  /** Path relative to the repository root, e.g. 'content/physics/particles-radiation.json'. */
  file: string;
  questions: BankQuestion[];
}

export interface BankSubject {
  name: string;
  slug: string;
  topics: BankTopic[];
}

/** One problem found while loading: which file, which question, where in it, and what is wrong. */
export interface BankIssue {
  file: string;
  /** Position of the question in the file's `questions` array (0-based), when the issue is in a question. */
  questionIndex?: number;
  questionId?: string;
  /** zod path inside the file, e.g. 'questions.3.markScheme.1.numeric.value'. */
  path: string;
  message: string;
}

export interface Bank {
  /** Directory the bank was read from. */
  dir: string;
  subjects: BankSubject[];
  /** Every loaded question by id, with the topic it belongs to. */
  byId: Map<string, { question: BankQuestion; topic: BankTopic }>;
  issues: BankIssue[];
}

import { findRepoRoot } from '../../repo-root';

export function defaultContentDir(): string {
  return path.join(findRepoRoot(), 'content');
}

/** 'content/physics/x.json: question physics-x-03 (#4) at markScheme.1.text: Too small: expected ...' */
export function formatIssue(issue: BankIssue): string {
  const where: string[] = [];
  if (issue.questionIndex !== undefined) where.push(`question ${issue.questionId ?? '(no id)'} (#${issue.questionIndex + 1})`);
  if (issue.path) where.push(`at ${issue.path}`);
  return `${[issue.file, ...where].join(' ')}: ${issue.message}`;
}

/** Folders of content/ that hold no topic files: the exam boards' specifications (specification/specifications.ts). */
const NOT_TOPICS = new Set(['specifications']);

function listJsonFiles(dir: string, top = true): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!(top && NOT_TOPICS.has(name))) out.push(...listJsonFiles(full, false));
    } else if (name.endsWith('.json')) out.push(full);
  }
  return out;
}

function zodIssues(error: z.ZodError, prefix: (string | number)[]): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))].join('.'),
    message: issue.message,
  }));
}

/**
 * Reads every content/**\/*.json under `dir`, each question checked by `validate` (readBank in load-bank.ts
 * adds the template check). Never throws for bad content: see `issues`.
 */
export function readBankWith(dir: string, validate: QuestionValidator = checkQuestionShape): Bank {
  const root = path.dirname(dir);
  const issues: BankIssue[] = [];
  const byId = new Map<string, { question: BankQuestion; topic: BankTopic }>();
  const subjects = new Map<string, BankSubject>();

  for (const full of listJsonFiles(dir)) {
    const file = path.relative(root, full).split(path.sep).join('/');
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(full, 'utf8'));
    } catch (error) {
      issues.push({ file, path: '', message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    // The file's own fields first, with questions checked one at a time below.
    const header = topicFileSchema.omit({ questions: true }).safeParse(raw);
    const rawQuestions = (raw as { questions?: unknown })?.questions;
    if (!header.success) for (const i of zodIssues(header.error, [])) issues.push({ file, ...i });
    if (!Array.isArray(rawQuestions) || rawQuestions.length === 0) {
      issues.push({ file, path: 'questions', message: 'expected a non-empty array of questions' });
      continue;
    }
    if (!header.success) continue;

    const topic: BankTopic = {
      subject: header.data.subject.trim(),
      topic: header.data.topic.trim(),
      slug: path.basename(full, '.json'),
      description: header.data.description,
      file,
      questions: [],
    };
    rawQuestions.forEach((rawQuestion, questionIndex) => {
      const questionId = typeof (rawQuestion as { id?: unknown })?.id === 'string' ? (rawQuestion as { id: string }).id : undefined;
      const { question, problems } = validate(rawQuestion);
      if (!question) {
        for (const p of problems) issues.push({ file, questionIndex, questionId, ...p });
        return;
      }
      const existing = byId.get(question.id);
      if (existing) {
        issues.push({
          file,
          questionIndex,
          questionId,
          path: 'id',
          message: `duplicate id: ${question.id} is already used in ${existing.topic.file}`,
        });
        return;
      }
      topic.questions.push(question);
      byId.set(question.id, { question: question, topic });
    });
    if (topic.questions.length === 0) continue;

    const key = topic.subject.toLowerCase();
    const subject = subjects.get(key) ?? { name: topic.subject, slug: slugify(topic.subject), topics: [] };
    subjects.set(key, subject);
    const clash = subject.topics.find((t) => t.topic.toLowerCase() === topic.topic.toLowerCase());
    if (clash) {
      issues.push({ file, path: 'topic', message: `topic "${topic.topic}" is also defined in ${clash.file}; merged` });
      clash.questions.push(...topic.questions);
      for (const q of topic.questions) byId.set(q.id, { question: q, topic: clash });
    } else subject.topics.push(topic);
  }

  const sorted = [...subjects.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const s of sorted) s.topics.sort((a, b) => a.topic.localeCompare(b.topic));
  return { dir, subjects: sorted, byId, issues };
}

let cached: Bank | undefined;

/**
 * The bank from the repository's content/ folder, read once per process without instantiating templates
 * (no mathjs); problems are logged once.
 */
export function loadBank(): Bank {
  if (!cached) {
    cached = readBankWith(defaultContentDir());
    for (const issue of cached.issues) console.warn(`[question bank] ${formatIssue(issue)}`);
  }
  return cached;
}

/** Subject names in the bank, alphabetical. */
export function listSubjects(bank: Bank = loadBank()): string[] {
  return bank.subjects.map((s) => s.name);
}

/** Topic names of a subject (matched as findSubject does), alphabetical; [] for an unknown subject. */
export function listTopics(subject: string, bank: Bank = loadBank()): string[] {
  return findSubject(subject, bank)?.topics.map((t) => t.topic) ?? [];
}

/** Common ways of naming a subject, by the normalised canonical name. */
const SUBJECT_ALIASES: Record<string, string[]> = {
  mathematics: [
    'maths',
    'math',
    'mathematic',
    'pure maths',
    'pure mathematics',
    'pure math',
    'further maths',
    'further mathematics',
    'further math',
    'mechanics',
    'statistics',
    'stats',
    'calculus',
  ],
  biology: ['bio', 'biol', 'human biology', 'life science', 'life sciences'],
  chemistry: ['chem', 'chemical', 'chemistry'],
  physics: ['phys', 'physic'],
  'computer science': ['cs', 'comp sci', 'compsci', 'computing', 'computer', 'programming', 'coding', 'informatics'],
  economics: ['econ', 'econs'],
  psychology: ['psych'],
  geography: ['geog'],
  'english literature': ['english lit', 'eng lit', 'literature'],
};

function normaliseSubject(name: string): string {
  return normaliseText(name)
    .replace(/\b(a level|alevel|as level|a2|gcse|ib|level|aqa|ocr|edexcel|wjec|course|subject)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The bank subject a free-text name means: case-insensitive, tolerant of common short forms
 * ('Maths', 'Math', 'Bio', 'Chem', 'CS'), exam-board words ('AQA A-Level Biology') and small typos.
 */
export function findSubject(name: string, bank: Bank = loadBank()): BankSubject | null {
  const input = normaliseSubject(name);
  if (!input) return null;
  const candidates = bank.subjects.map((s) => ({ subject: s, norm: normaliseSubject(s.name) }));
  const aliasesOf = (norm: string) => [norm, ...(SUBJECT_ALIASES[norm] ?? [])];

  // 1. The name, its slug or a known alias.
  for (const c of candidates) {
    if (c.norm === input || c.subject.slug === slugify(name) || aliasesOf(c.norm).includes(input)) return c.subject;
  }
  // 2. A prefix of the name ('bio', 'chem', 'mathem'), at least three letters.
  if (input.length >= 3) {
    const prefixed = candidates.filter((c) => c.norm.startsWith(input));
    if (prefixed.length === 1) return prefixed[0].subject;
  }
  // 3. The name or an alias as a whole word inside a longer input ('biology paper 2', 'maths revision').
  const words = ` ${input} `;
  for (const c of candidates) {
    if (aliasesOf(c.norm).some((a) => a.length >= 3 && words.includes(` ${a} `))) return c.subject;
  }
  // 4. A small typo ('biolgy', 'chemisty', 'phsyics').
  let best: { subject: BankSubject; distance: number } | null = null;
  for (const c of candidates) {
    for (const a of aliasesOf(c.norm).filter((x) => x.length >= 5)) {
      const limit = a.length >= 6 ? 2 : 1;
      const d = editDistance(input, a, limit);
      if (d <= limit && (!best || d < best.distance)) best = { subject: c.subject, distance: d };
    }
  }
  return best?.subject ?? null;
}

interface TopicIndex {
  name: string[];
  description: string[];
  questions: string[];
}

const indexes = new WeakMap<BankTopic, TopicIndex>();

function indexTopic(topic: BankTopic): TopicIndex {
  let index = indexes.get(topic);
  if (!index) {
    const questionText = topic.questions.map((q) => `${q.text} ${q.markScheme.map((p) => p.text).join(' ')}`).join(' ');
    index = {
      name: [...new Set(tokenise(`${topic.topic} ${topic.slug.replace(/-/g, ' ')}`))],
      description: [...new Set(tokenise(topic.description))],
      questions: [...new Set(tokenise(questionText.replace(/\{\{[^}]*\}\}/g, ' ')))],
    };
    indexes.set(topic, index);
  }
  return index;
}

function bestMatch(token: string, doc: string[]): number {
  let best = 0;
  for (const d of doc) {
    const m = matchToken(token, d);
    if (m > best) best = m;
    if (best === 1) break;
  }
  return best;
}

/** Abbreviations and everyday names students type for topics, expanded before matching. */
const TOPIC_SYNONYMS: Record<string, string> = {
  shm: 'simple harmonic motion',
  emf: 'electromotive force emf',
  pd: 'potential difference',
  ecology: 'ecosystems populations',
  calculus: 'differentiation integration',
  stats: 'statistics',
  mechanics: 'mechanics forces motion',
  genetics: 'genetics inheritance',
};

/** How close a free-text topic is to one bank topic, 0..1: name words count most, then description, then question text. */
export function scoreTopic(text: string, topic: BankTopic): number {
  const expanded = normaliseText(text)
    .split(' ')
    .map((w) => (Object.hasOwn(TOPIC_SYNONYMS, w) ? TOPIC_SYNONYMS[w] : w))
    .join(' ');
  // The subject's own name says nothing about the topic ('organic chemistry' in Chemistry).
  const subjectWords = new Set(tokenise(topic.subject));
  const tokens = [...new Set(tokenise(expanded))].filter((t) => !subjectWords.has(t));
  if (tokens.length === 0) return 0;
  const index = indexTopic(topic);
  let total = 0;
  for (const token of tokens) {
    total += Math.max(bestMatch(token, index.name), 0.85 * bestMatch(token, index.description), 0.6 * bestMatch(token, index.questions));
  }
  return total / tokens.length;
}

/** Below this a topic is not "close" to the text. Half the words matching in question text is about 0.3. */
const TOPIC_THRESHOLD = 0.3;

/**
 * The bank topic of `subject` that best matches a free-text topic, by its name, description and
 * question text (stemmed words, prefixes and small typos); null when no topic is close.
 */
export function findTopic(subject: string, text: string, bank: Bank = loadBank()): BankTopic | null {
  const found = findSubject(subject, bank);
  if (!found || !text.trim()) return null;
  const exact = found.topics.find((t) => t.topic.toLowerCase() === text.trim().toLowerCase() || t.slug === slugify(text));
  if (exact) return exact;
  let best: { topic: BankTopic; score: number } | null = null;
  for (const topic of found.topics) {
    const score = scoreTopic(text, topic);
    if (!best || score > best.score) best = { topic, score };
  }
  return best && best.score >= TOPIC_THRESHOLD ? best.topic : null;
}
