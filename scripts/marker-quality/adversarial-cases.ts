import path from 'node:path';
import { z } from 'zod';
import { defaultContentDir, readBankWith } from '../../src/server/engine/builtin/bank/bank';
import { findRepoRoot } from '../../src/server/engine/repo-root';
import { parseTypedScheme } from '../../src/server/engine/grading/typed-scheme';
import { schemeIssues } from '../../src/shared/mark-scheme';
import { batchLineSchema, markBatchLine } from '../mark-batch';
import { quadraticWeightedKappa, readJsonlCases } from './structured-cases';

/**
 * The adversarial set (content/marker-cases/adversarial/*.jsonl, issue 24): answers written as students
 * write them, strong and weak, honest and gaming, to the bank's own questions and to typed schemes, each
 * labelled with the mark an A-Level examiner would give (../shared/MARK-SCHEMES.md). Split by question:
 * `tune` may be looked at while changing the marker; `held-out` is only ever scored.
 *
 * A line is a `npm run mark` batch line plus the labels. A typed-scheme line carries `typed_scheme` (the text
 * a teacher types on the grading page or in the "Needs a mark scheme" box) instead of `mark_scheme`.
 */

/** What kind of answer a line is: how students really write, and how they game a marker. */
export const ANSWER_KINDS = [
  // honest answers
  'strong',
  'paraphrase',
  'middling',
  'weak',
  'misconception',
  'opposite-direction',
  'wrong-value',
  'inverted-formula',
  'final-answer-only',
  // answers that game a marker: an examiner gives them (almost) nothing
  'keyword-list',
  'point-and-opposite',
  'not-inserted',
  'rambling',
  'question-copy',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** Honest but weak answers: their over-credit is reported. */
export const WEAK_KINDS: readonly AnswerKind[] = ['weak', 'misconception', 'opposite-direction', 'wrong-value', 'inverted-formula'];
/** Answers that game a marker: the share of the marks they collect is reported. */
export const GAMING_KINDS: readonly AnswerKind[] = ['keyword-list', 'point-and-opposite', 'not-inserted', 'rambling', 'question-copy'];

export const ADVERSARIAL_SPLITS = ['tune', 'held-out'] as const;

/** The bank's subjects, reported one by one. */
export const ADVERSARIAL_SUBJECTS = ['Biology', 'Chemistry', 'Economics', 'Mathematics', 'Physics', 'Psychology'] as const;

export const adversarialCaseSchema = batchLineSchema
  .extend({
    id: z.string().min(1),
    mark_scheme: batchLineSchema.shape.mark_scheme.optional(),
    /** A scheme as a teacher types it, one point a line ("M1 v = u + at", "A1 t = 2.02 s", "accept: …"). */
    typed_scheme: z.string().min(1).optional(),
    /** The bank question's id, or `typed-…` for a typed scheme: every answer to one question shares it. */
    family: z.string().min(1),
    subject: z.enum(ADVERSARIAL_SUBJECTS),
    split: z.enum(ADVERSARIAL_SPLITS),
    kind: z.enum(ANSWER_KINDS),
    /** What an A-Level examiner would award. */
    expected_marks: z.number().int().min(0),
    why: z.string().min(1),
  })
  .refine((c) => Boolean(c.mark_scheme) !== Boolean(c.typed_scheme), 'give exactly one of mark_scheme and typed_scheme');
export type AdversarialCase = z.infer<typeof adversarialCaseSchema>;

/**
 * The problems of a writer's file of cases (`case-skeleton.ts --check`), one a line ("line 3: …"); none when every line is a
 * case. It parses, it marks nothing.
 */
export function checkCaseLines(text: string): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  text
    .split('\n')
    .map((l) => l.trim())
    .forEach((line, i) => {
      if (!line) return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        problems.push(`line ${i + 1}: not JSON`);
        return;
      }
      const parsed = adversarialCaseSchema.safeParse(json);
      if (!parsed.success) {
        problems.push(`line ${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.') || 'line'} ${x.message}`).join('; ')}`);
        return;
      }
      const c = parsed.data;
      if (ids.has(c.id)) problems.push(`line ${i + 1}: id ${c.id} used before`);
      ids.add(c.id);
      if (c.total_marks !== undefined && c.expected_marks > c.total_marks)
        problems.push(`line ${i + 1}: expected_marks ${c.expected_marks} above total_marks ${c.total_marks}`);
    });
  return problems;
}

export function adversarialCasesDir(): string {
  return path.join(findRepoRoot(), 'content', 'marker-cases', 'adversarial');
}

/** The case as the batch command reads it: a typed scheme parsed as the grading page parses it. */
export function asBatchLine(c: AdversarialCase & { raw?: string; file?: string; line?: number }): Record<string, unknown> {
  const {
    typed_scheme,
    family: _f,
    subject: _s,
    split: _p,
    kind: _k,
    expected_marks: _e,
    why: _w,
    raw: _r,
    file: _n,
    line: _l,
    ...line
  } = c;
  if (!typed_scheme) return { ...line, ...(line.mark_scheme && { mark_scheme: withBankRejects(c.family, line.mark_scheme) }) };
  const typed = parseTypedScheme(typed_scheme);
  return {
    ...line,
    mark_scheme: typed.points,
    ...(typed.rules.levels ? { levels: typed.rules.levels } : {}),
    total_marks: line.total_marks ?? typed.totalMarks,
  };
}

let bank: ReturnType<typeof readBankWith> | undefined;

/**
 * A bank question's scheme as the app marks it today: each prose point (a B point without a value) that the bank still
 * words as the case does takes the bank's reject wordings, written since the case was (issue 31: the misconceptions an
 * examiner lists), so the set measures the marker with the rejects a student's answer meets.
 */
function withBankRejects(family: string, scheme: NonNullable<AdversarialCase['mark_scheme']>): AdversarialCase['mark_scheme'] {
  bank ??= readBankWith(defaultContentDir());
  const question = bank.byId.get(family)?.question;
  if (!question) return scheme;
  return scheme.map((point) => {
    const own = question.markScheme.find((p) => p.id === point.id);
    if (!own || own.numeric || (own.kind ?? 'B') !== 'B' || own.text !== point.text) return point;
    return { ...point, reject: own.reject ?? [] };
  });
}

/** Every line of every file, validated; a bad line or an unsound scheme throws with its file and line. */
export function readAdversarialCases(dir = adversarialCasesDir()): (AdversarialCase & { file: string; line: number })[] {
  const out = readJsonlCases(dir, adversarialCaseSchema);
  for (const c of out) {
    const where = `${c.file}:${c.line}`;
    const line = asBatchLine(c) as { mark_scheme: unknown[]; total_marks?: number; groups?: unknown; levels?: unknown };
    const issues = schemeIssues(line.mark_scheme, { groups: line.groups, levels: line.levels }, line.total_marks);
    if (issues.length) throw new Error(`${where}: ${issues.join('; ')}`);
    if (c.expected_marks > (line.total_marks ?? Infinity)) throw new Error(`${where}: expected_marks above total_marks`);
  }
  // a question family lies wholly in one split
  const splitOf = new Map<string, string>();
  for (const c of out) {
    const s = splitOf.get(c.family);
    if (s && s !== c.split) throw new Error(`${c.file}:${c.line}: family ${c.family} is in both splits`);
    splitOf.set(c.family, c.split);
  }
  return out;
}

export interface AdversarialMarked {
  c: AdversarialCase;
  /** The marker's total (0 when the batch command refused the line: the student would see no mark). */
  predicted: number;
  total: number;
  error?: string;
  points: { id: string; status: string; marks_awarded?: number }[];
}

/** Marks one case through the batch command's own code path (`npm run mark`), labels ignored. */
export function markAdversarialCase(c: AdversarialCase): AdversarialMarked {
  const line = asBatchLine(c);
  const out = markBatchLine(JSON.stringify(line), 1);
  const total = (line as { total_marks?: number }).total_marks ?? 0;
  if ('error' in out) return { c, predicted: 0, total, error: out.error, points: [] };
  return {
    c,
    predicted: Math.round(out.marks_awarded),
    total: out.total_marks,
    points: out.markscheme_evaluation.map((e) => ({ id: e.point_id, status: e.status, marks_awarded: e.marks_awarded })),
  };
}

export interface AdversarialRow {
  split: string;
  group: string;
  n: number;
  exact: number;
  withinOne: number;
  qwk: number;
  /** Weak answers: mean over-credit (marker above examiner) as a share of the question's marks. */
  overCredit: number;
  /** Gaming answers: the share of the available marks the marker gave them. */
  gamingShare: number;
}

function rowOf(split: string, group: string, marked: AdversarialMarked[]): AdversarialRow {
  const n = marked.length;
  const gold = marked.map((m) => m.c.expected_marks);
  const pred = marked.map((m) => m.predicted);
  const weak = marked.filter((m) => WEAK_KINDS.includes(m.c.kind));
  const gaming = marked.filter((m) => GAMING_KINDS.includes(m.c.kind));
  const gamingTotal = gaming.reduce((s, m) => s + m.total, 0);
  return {
    split,
    group,
    n,
    exact: n ? marked.filter((m) => m.predicted === m.c.expected_marks).length / n : Number.NaN,
    withinOne: n ? marked.filter((m) => Math.abs(m.predicted - m.c.expected_marks) <= 1).length / n : Number.NaN,
    qwk: quadraticWeightedKappa(gold, pred),
    overCredit: weak.length
      ? weak.reduce((s, m) => s + Math.max(0, m.predicted - m.c.expected_marks) / Math.max(1, m.total), 0) / weak.length
      : Number.NaN,
    gamingShare: gamingTotal ? gaming.reduce((s, m) => s + m.predicted, 0) / gamingTotal : Number.NaN,
  };
}

/** Rows per split: each subject, each kind, and all. */
export function scoreAdversarial(marked: AdversarialMarked[]): AdversarialRow[] {
  const rows: AdversarialRow[] = [];
  for (const split of ADVERSARIAL_SPLITS) {
    const inSplit = marked.filter((m) => m.c.split === split);
    for (const subject of ADVERSARIAL_SUBJECTS) {
      const sub = inSplit.filter((m) => m.c.subject === subject);
      if (sub.length) rows.push(rowOf(split, subject, sub));
    }
    for (const kind of ANSWER_KINDS) {
      const sub = inSplit.filter((m) => m.c.kind === kind);
      if (sub.length) rows.push(rowOf(split, `kind: ${kind}`, sub));
    }
    rows.push(rowOf(split, 'all', inSplit));
  }
  return rows;
}

export function formatAdversarial(rows: AdversarialRow[], splits: readonly string[] = ADVERSARIAL_SPLITS): string {
  const f = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));
  const lines: string[] = [];
  for (const split of splits) {
    lines.push(`\n${split === 'tune' ? 'tune — tuned on' : 'held-out — not tuned on'}:\n`);
    lines.push('| group | answers | exact | within one | QWK | weak over-credit | gaming share |');
    lines.push('|---|---|---|---|---|---|---|');
    for (const r of rows.filter((x) => x.split === split))
      lines.push(`| ${r.group} | ${r.n} | ${f(r.exact)} | ${f(r.withinOne)} | ${f(r.qwk)} | ${f(r.overCredit)} | ${f(r.gamingShare)} |`);
  }
  return lines.join('\n');
}

export function describeAdversarial(m: AdversarialMarked): string {
  const pts = m.points
    .map((p) => `${p.id}:${p.status === 'COVERED' ? '✓' : p.status === 'CONTRADICTED' ? '✗' : '–'}(${p.marks_awarded ?? 0})`)
    .join(' ');
  const answer = m.c.answer.length > 110 ? `${m.c.answer.slice(0, 107)}...` : m.c.answer;
  return `- ${m.c.id} [${m.c.kind}] examiner ${m.c.expected_marks}/${m.total}, marker ${m.error ? `error: ${m.error}` : m.predicted} | ${pts} | "${answer}"`;
}
