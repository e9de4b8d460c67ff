import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultContentDir, formatIssue } from './bank';
import { readBank } from './load-bank';
import { hasPlaceholder, instantiateQuestion, type ConcreteQuestion } from './instantiate';
import { extractNumbers, statesValue } from './testing/extract-numbers';
import { exportGift } from './export-questions';
import { importGift } from './import-gift';
import { formatImportError } from './import-questions';
import { topicFileSchema } from './schema';

/**
 * The whole built-in bank, whatever content/ holds when the tests run: every file valid, every
 * template instantiable over many seeds, every model answer consistent with its numeric points.
 */

const SEEDS = 200;
const bank = readBank(defaultContentDir());
const root = path.dirname(bank.dir);

/** The topic files: every .json under content/ but the exam boards' specifications (specification.test.ts checks those). */
function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (dir === bank.dir && name === 'specifications') return [];
    return statSync(full).isDirectory()
      ? listFiles(full)
      : name.endsWith('.json')
        ? [path.relative(root, full).split(path.sep).join('/')]
        : [];
  });
}

const files = listFiles(bank.dir);
const questions = [...bank.byId.values()];
const templates = questions.filter((q) => q.question.template);

function texts(q: ConcreteQuestion): string[] {
  return [
    q.text,
    q.modelAnswer,
    ...q.hints,
    ...Object.values(q.options ?? {}),
    ...q.markScheme.flatMap((p) => [p.text, ...p.accept, ...p.reject, ...p.ignore, ...p.required]),
  ];
}

/** Everything wrong with one concrete question, as readable lines. */
function problemsOf(q: ConcreteQuestion): string[] {
  const problems: string[] = [];
  for (const t of texts(q)) if (hasPlaceholder(t)) problems.push(`leftover placeholder in "${t.slice(0, 80)}"`);
  for (const [name, value] of Object.entries(q.values ?? {})) {
    if (!Number.isFinite(value)) problems.push(`value ${name} is not finite (${value})`);
  }
  for (const point of q.markScheme) {
    if (!point.numeric) continue;
    const value = point.numeric.value;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      problems.push(`point ${point.id}: numeric value is not a finite number (${String(value)})`);
      continue;
    }
    if (!statesValue(q.modelAnswer, value, point.numeric)) {
      problems.push(
        `point ${point.id}: model answer does not state ${value}${point.numeric.unit ? ` ${point.numeric.unit}` : ''} ` +
          `(numbers in it: ${extractNumbers(q.modelAnswer).slice(0, 12).join(', ')})`,
      );
    }
  }
  if (q.type === 'multiple_choice' && !(q.correctAnswer && q.options?.[q.correctAnswer])) {
    problems.push(`correctAnswer ${q.correctAnswer} is not one of the options ${Object.keys(q.options ?? {}).join(', ')}`);
  }
  return problems;
}

describe('the question bank', () => {
  it('has content', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(questions.length).toBeGreaterThan(0);
  });

  it.each(files)('%s is valid (schema, unique ids)', (file) => {
    const issues = bank.issues.filter((i) => i.file === file).map(formatIssue);
    expect(issues).toEqual([]);
  });

  it('has no question ids used twice and every file in content/<subject-slug>/', () => {
    expect(bank.issues.filter((i) => i.message.startsWith('duplicate id')).map(formatIssue)).toEqual([]);
    for (const file of files) expect(file.split('/')).toHaveLength(3);
  });
});

describe('questions without a template', () => {
  const plain = questions.filter((q) => !q.question.template);
  it.each(plain.map((q) => [q.question.id, q] as const))(
    '%s has no placeholders, a valid answer and consistent numbers',
    (_id, { question }) => {
      expect(problemsOf(instantiateQuestion(question, 1))).toEqual([]);
    },
  );
});

describe('template questions', () => {
  it.each(templates.map((q) => [q.question.id, q] as const))(`%s instantiates over ${SEEDS} seeds`, (id, { question }) => {
    // Problems grouped by kind (numbers blanked), each with its first example and the seeds it happened for.
    const problems = new Map<string, { example: string; seeds: number[] }>();
    const note = (problem: string, seed: number) => {
      const key = problem.replace(/-?\d[\d.]*(e[+-]?\d+)?/g, '#').replace(/\(numbers in it:.*\)$/, '');
      const entry = problems.get(key) ?? { example: problem, seeds: [] };
      entry.seeds.push(seed);
      problems.set(key, entry);
    };
    const distinct = new Set<string>();
    for (let seed = 0; seed < SEEDS; seed++) {
      let concrete: ConcreteQuestion;
      try {
        concrete = instantiateQuestion(question, seed);
      } catch (error) {
        note((error as Error).message, seed);
        continue;
      }
      distinct.add(concrete.text);
      for (const p of problemsOf(concrete)) note(p, seed);
    }
    const report = [...problems.values()].map(
      ({ example, seeds }) => `${id}: ${seeds.length} of ${SEEDS} seeds, e.g. seed ${seeds[0]}: ${example}`,
    );
    expect(report).toEqual([]);
    // A template whose text never changes is not parametrised at all.
    expect(distinct.size).toBeGreaterThan(1);
  });
});

describe('GIFT export of the bank', () => {
  const topics = bank.subjects.flatMap((s) => s.topics);
  it.each(topics.map((t) => [t.file, t] as const))('%s exports to GIFT and imports back unchanged in what GIFT carries', (_file, topic) => {
    const result = importGift(exportGift([topic], 3));
    expect(result.errors.map(formatImportError)).toEqual([]);
    const back = topicFileSchema.parse(result.topicFile);
    expect(back.subject).toBe(topic.subject);
    expect(back.topic).toBe(topic.topic);
    const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
    const expected = topic.questions.map((q) => instantiateQuestion(q, 3));
    expect(
      back.questions.map((q) => [q.id, q.type, q.difficulty, q.marks, q.text, q.options, q.correctAnswer, q.markScheme.map((p) => p.text)]),
    ).toEqual(
      expected.map((q) => [
        q.id,
        q.type,
        q.difficulty,
        q.marks,
        q.text,
        q.options,
        q.correctAnswer,
        q.markScheme.map((p) => oneLine(p.text)),
      ]),
    );
  });
});
