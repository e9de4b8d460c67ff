import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { findRepoRoot } from '../../src/server/engine/repo-root';
import { schemeRulesSchema } from '../../src/shared/mark-scheme';
import { batchLineSchema, markBatchLine } from '../mark-batch';

/**
 * Structured A-Level marking cases (content/marker-cases/structured/*.jsonl): whole questions with
 * real scheme structure (M/A/B marks, depends_on, ECF, "max N" groups, final-answer-full-marks,
 * levels), one student answer each, labelled with the mark an examiner would give. Each line is a
 * batch line exactly as `npm run mark` reads it, plus the labels. Written for this project.
 *
 * The cases are split by question family: `tune` may be looked at while changing the marker,
 * `held-out` may not (it is what we report as "not tuned on").
 */

export const CATEGORIES = [
  'max-from',
  'ecf',
  'm-a-dependency',
  'final-answer-only',
  'levels',
  'contradiction',
  'negation',
  'plain-b',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const SPLITS = ['tune', 'held-out'] as const;
export type Split = (typeof SPLITS)[number];

export const structuredCaseSchema = batchLineSchema.extend({
  id: z.string().min(1),
  total_marks: z.number().int().min(1),
  groups: schemeRulesSchema.shape.groups,
  final_answer_full_marks: schemeRulesSchema.shape.final_answer_full_marks,
  levels: schemeRulesSchema.shape.levels,
  /** Cases of one question (same scheme) share a family; a family lies wholly in one split. */
  family: z.string().min(1),
  subject: z.enum(['Biology', 'Chemistry', 'Physics', 'Mathematics']),
  category: z.enum(CATEGORIES),
  split: z.enum(SPLITS),
  /** What an A-Level examiner would award (/work/shared/MARK-SCHEMES.md conventions). */
  expected_marks: z.number().int().min(0),
  expected_points: z.record(z.string(), z.number().min(0)).optional(),
  why: z.string().optional(),
});
export type StructuredCase = z.infer<typeof structuredCaseSchema>;

export function structuredCasesDir(): string {
  return path.join(findRepoRoot(), 'content', 'marker-cases', 'structured');
}

/**
 * Every non-empty line of every .jsonl file in a folder, files in name order, each checked against a zod schema; a
 * line that does not match throws with its file and line number.
 */
export function readJsonlCases<T>(dir: string, schema: z.ZodType<T>): (T & { raw: string; file: string; line: number })[] {
  if (!fs.existsSync(dir)) return [];
  const out: (T & { raw: string; file: string; line: number })[] = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    fs.readFileSync(path.join(dir, name), 'utf8')
      .split('\n')
      .forEach((raw, i) => {
        if (!raw.trim()) return;
        const parsed = schema.safeParse(JSON.parse(raw));
        if (!parsed.success)
          throw new Error(`${name}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
        out.push({ ...parsed.data, raw, file: name, line: i + 1 });
      });
  }
  return out;
}

/** Every line of every file in the folder, validated; a bad line throws with its file and line. */
export function readStructuredCases(dir = structuredCasesDir()): (StructuredCase & { raw: string; file: string; line: number })[] {
  return readJsonlCases(dir, structuredCaseSchema);
}

/** The scheme rules of a case, in the shape schemeIssues and the marker take. */
export function caseRules(c: StructuredCase) {
  return {
    ...(c.groups ? { groups: c.groups } : {}),
    ...(c.final_answer_full_marks ? { final_answer_full_marks: true } : {}),
    ...(c.levels ? { levels: c.levels } : {}),
  };
}

export interface MarkedCase {
  c: StructuredCase;
  /** The marker's total, or null when the batch command refused the line. */
  predicted: number | null;
  error?: string;
  /** Point id → status and marks as the marker gave them, for the error list. */
  points: { id: string; status: string; marks_awarded?: number; note?: string }[];
}

/** Marks one case through the batch command's own code path (`npm run mark`), labels ignored. */
export function markCase(c: StructuredCase & { raw?: string }, lineNumber = 1): MarkedCase {
  const out = markBatchLine(c.raw ?? JSON.stringify(c), lineNumber);
  if ('error' in out) return { c, predicted: null, error: out.error, points: [] };
  return {
    c,
    predicted: out.marks_awarded,
    points: out.markscheme_evaluation.map((e) => {
      const extra = e as { marks_awarded?: number; note?: string };
      return { id: e.point_id, status: e.status, marks_awarded: extra.marks_awarded, note: extra.note };
    }),
  };
}

/**
 * Quadratic weighted kappa between two integer ratings of the same items, on the scale 0..max of
 * both. NaN when it is undefined (every rating the same value on both sides).
 */
export function quadraticWeightedKappa(gold: number[], pred: number[]): number {
  const n = gold.length;
  if (n === 0 || pred.length !== n) return Number.NaN;
  const k = Math.max(0, ...gold, ...pred) + 1;
  if (k < 2) return Number.NaN;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const histGold = new Array<number>(k).fill(0);
  const histPred = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) {
    observed[gold[i]][pred[i]]++;
    histGold[gold[i]]++;
    histPred[pred[i]]++;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = ((i - j) * (i - j)) / ((k - 1) * (k - 1));
      num += w * observed[i][j];
      den += (w * histGold[i] * histPred[j]) / n;
    }
  return den === 0 ? Number.NaN : 1 - num / den;
}

export interface AgreementRow {
  split: Split;
  group: string;
  n: number;
  exact: number;
  qwk: number;
  /** Mean of |marker − examiner| in marks. */
  meanAbsError: number;
  /** Marker above / below the examiner. */
  over: number;
  under: number;
}

function agreement(split: Split, group: string, marked: MarkedCase[]): AgreementRow {
  const gold = marked.map((m) => m.c.expected_marks);
  // A refused line counts as 0 marks awarded (the student would see no mark).
  const pred = marked.map((m) => Math.round(m.predicted ?? 0));
  const n = marked.length;
  const diffs = pred.map((p, i) => p - gold[i]);
  return {
    split,
    group,
    n,
    exact: n ? diffs.filter((d) => d === 0).length / n : Number.NaN,
    qwk: quadraticWeightedKappa(gold, pred),
    meanAbsError: n ? diffs.reduce((s, d) => s + Math.abs(d), 0) / n : Number.NaN,
    over: diffs.filter((d) => d > 0).length,
    under: diffs.filter((d) => d < 0).length,
  };
}

/** Agreement per split, per category and over all cases of the split. */
export function scoreStructuredCases(marked: MarkedCase[]): AgreementRow[] {
  const rows: AgreementRow[] = [];
  for (const split of SPLITS) {
    const inSplit = marked.filter((m) => m.c.split === split);
    for (const cat of CATEGORIES) {
      const sub = inSplit.filter((m) => m.c.category === cat);
      if (sub.length) rows.push(agreement(split, cat, sub));
    }
    rows.push(agreement(split, 'all', inSplit));
  }
  return rows;
}

export const SPLIT_TITLES: Record<Split, string> = {
  tune: 'tune — tuned on (the marker may have been adjusted to these)',
  'held-out': 'held-out — not tuned on',
};

/** The tables `npm run eval:marker` prints, one per split. */
export function formatAgreement(rows: AgreementRow[]): string {
  const f = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));
  const lines: string[] = [];
  for (const split of SPLITS) {
    lines.push(`\n${SPLIT_TITLES[split]}:\n`);
    lines.push('| category | answers | exact-mark agreement | QWK | mean abs error | marker over / under |');
    lines.push('|---|---|---|---|---|---|');
    for (const r of rows.filter((x) => x.split === split))
      lines.push(`| ${r.group} | ${r.n} | ${f(r.exact)} | ${f(r.qwk)} | ${f(r.meanAbsError)} | ${r.over} / ${r.under} |`);
  }
  return lines.join('\n');
}

/** One line per case the marker marks differently from the examiner. */
export function describeDisagreement(m: MarkedCase): string {
  const pts = m.points
    .map(
      (p) =>
        `${p.id}:${p.status === 'COVERED' ? '✓' : p.status === 'CONTRADICTED' ? '✗' : '–'}${p.marks_awarded !== undefined ? `(${p.marks_awarded})` : ''}`,
    )
    .join(' ');
  const got = m.error ? `error: ${m.error}` : `${m.predicted}`;
  const answer = m.c.answer.length > 90 ? `${m.c.answer.slice(0, 87)}...` : m.c.answer;
  return `- ${m.c.id} [${m.c.category}] examiner ${m.c.expected_marks}/${m.c.total_marks}, marker ${got} | ${pts} | "${answer}"`;
}
