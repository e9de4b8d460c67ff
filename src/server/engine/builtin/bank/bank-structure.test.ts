import { readFileSync } from 'node:fs';
import path from 'node:path';
import { all, create } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { SKILLS, type MarkPoint } from '../../../../shared/mark-scheme';
import { instantiateQuestion } from './instantiate';
import { defaultContentDir } from './bank';
import { readBank } from './load-bank';
import type { BankQuestion } from './schema';

/**
 * The bank uses the mark-scheme structure where a real A-Level scheme would (issue 12 item 5, issue 13
 * item 5): every point has a skill; calculations give full marks for a correct final value and carry
 * errors forward along their chains; Mathematics writes M/A/B marks with each A on its M; every 5-6 mark
 * extended answer in the sciences is marked by levels; "max N" groups cap more points than marks.
 * A failure names the question and what is missing.
 */

const math = create(all);
const bank = readBank(defaultContentDir());
/** Subjects whose long answers are essays of 6 to 25 marks, marked by three to five levels. */
const ESSAY_SUBJECTS = new Set(['Economics', 'Psychology']);
const entries = [...bank.byId.values()];
// (a named method to use asks for its working too: "use the substitution u = x²", "use integration by parts")
const SHOW_THAT = /show that|show your working|show clearly|show all|(?:use|using) (?:the substitution|integration by parts)/i;
const ECF_SEEDS = 20;

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ');
const numericPoints = (q: BankQuestion) => q.markScheme.filter((p) => p.numeric);

/** The point ids an ECF point's value is computed from: its formula's ids, or the nearest earlier numeric point. */
function ecfSources(q: BankQuestion, p: MarkPoint): string[] {
  if (!p.ecf) return [];
  if (p.ecf_formula) {
    const formula = p.ecf_formula.replace(/\{\{[^}]*\}\}/g, '');
    return q.markScheme.filter((o) => o !== p && new RegExp(`\\b${o.id}\\b`).test(formula)).map((o) => o.id);
  }
  const nums = numericPoints(q);
  const before = nums.slice(0, nums.indexOf(p));
  return before.length ? [before[before.length - 1].id] : [];
}

/** Every point the final value is computed from, following ECF links back. */
function chainOf(q: BankQuestion, final: MarkPoint): Set<string> {
  const seen = new Set<string>();
  const stack = [final];
  while (stack.length) {
    const p = stack.pop()!;
    for (const id of ecfSources(q, p)) {
      if (seen.has(id)) continue;
      seen.add(id);
      const next = q.markScheme.find((o) => o.id === id);
      if (next) stack.push(next);
    }
  }
  return seen;
}

function subjectOf(id: string): string {
  return bank.byId.get(id)!.topic.subject;
}

describe('mark-scheme structure in the bank', () => {
  it('gives every point a skill', () => {
    const missing = entries.flatMap(({ question: q }) =>
      q.markScheme.filter((p) => !p.skill || !SKILLS.includes(p.skill)).map((p) => `${q.id} ${p.id}`),
    );
    expect(missing).toEqual([]);
  });

  it('writes point kinds as M, A or B in every file (no legacy method/answer/content)', () => {
    const legacy: string[] = [];
    for (const { topic } of new Map(entries.map((e) => [e.topic.file, e])).values()) {
      const raw = JSON.parse(readFileSync(path.join(path.dirname(bank.dir), topic.file), 'utf8')) as {
        questions: { id: string; markScheme: { id: string; kind?: string }[] }[];
      };
      for (const q of raw.questions)
        for (const p of q.markScheme)
          if (p.kind !== undefined && !['M', 'A', 'B'].includes(p.kind)) legacy.push(`${q.id} ${p.id}: ${p.kind}`);
    }
    expect(legacy).toEqual([]);
  });

  it('marks Mathematics with M/A/B: every A point depends on an M point before it (a scheme of B marks only has none)', () => {
    const problems: string[] = [];
    for (const { question: q } of entries) {
      if (subjectOf(q.id) !== 'Mathematics' || q.type === 'multiple_choice') continue;
      if (!q.markScheme.some((p) => p.kind === 'M') && q.markScheme.some((p) => p.kind !== 'B'))
        problems.push(`${q.id}: A marks but no M point`);
      q.markScheme.forEach((p, i) => {
        if (p.kind !== 'A') return;
        const m = q.markScheme.findIndex((o) => o.id === p.depends_on);
        if (m < 0 || m > i || q.markScheme[m].kind !== 'M') problems.push(`${q.id} ${p.id}: depends_on ${String(p.depends_on)}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('gives full marks for a correct final value in every calculation whose final value depends on every other answer, unless it asks to show working', () => {
    const problems: string[] = [];
    let calculations = 0;
    for (const { question: q } of entries) {
      const last = q.markScheme[q.markScheme.length - 1];
      const isCalculation = q.type !== 'multiple_choice' && Boolean(last.numeric);
      if (q.final_answer_full_marks && !isCalculation) problems.push(`${q.id}: final_answer_full_marks without a numeric final point`);
      if (!isCalculation) continue;
      calculations++;
      const showThat = SHOW_THAT.test(plain(q.text));
      if (showThat && q.final_answer_full_marks) problems.push(`${q.id}: asks to show working but has final_answer_full_marks`);
      const chain = chainOf(q, last);
      const otherAnswers = q.markScheme.filter((p) => p !== last && p.numeric && p.kind === 'A');
      const oneAnswer = otherAnswers.every((p) => chain.has(p.id));
      if (!showThat && oneAnswer && !q.final_answer_full_marks) problems.push(`${q.id}: a calculation without final_answer_full_marks`);
    }
    expect(calculations).toBeGreaterThan(90);
    expect(problems).toEqual([]);
  });

  it('carries errors forward correctly: each ECF formula gives the point’s own value from the earlier values', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { question } of entries) {
      if (!question.markScheme.some((p) => p.ecf)) continue;
      const seeds = question.template ? ECF_SEEDS : 1;
      for (let seed = 0; seed < seeds; seed++) {
        const q = instantiateQuestion(question, seed);
        q.markScheme.forEach((p, i) => {
          if (!p.ecf) return;
          const earlier = q.markScheme.slice(0, i).filter((o) => o.numeric);
          if (!p.numeric || earlier.length === 0) {
            problems.push(`${q.id} ${p.id}: ECF needs a numeric point after an earlier numeric point`);
            return;
          }
          if (!p.ecf_formula) return;
          const scope = Object.fromEntries(earlier.map((o) => [o.id, Number(o.numeric!.value)]));
          let value: number;
          try {
            value = Number(math.evaluate(p.ecf_formula, scope));
          } catch (error) {
            problems.push(`${q.id} ${p.id} (seed ${seed}): ${p.ecf_formula}: ${(error as Error).message}`);
            return;
          }
          const target = Number(p.numeric.value);
          const tolerance = p.numeric.absTolerance ?? Math.abs(target) * (p.numeric.tolerance ?? 0.01);
          checked++;
          if (!(Math.abs(value - target) <= tolerance + 1e-9))
            problems.push(`${q.id} ${p.id} (seed ${seed}): ${p.ecf_formula} gives ${value}, not ${target}`);
        });
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('marks every extended answer by levels of response with its own descriptors: 5-6 marks in the sciences (three levels), 6 marks or more in Economics and Psychology (three to five)', () => {
    const problems: string[] = [];
    const topDescriptors = new Map<string, string>();
    for (const { question: q } of entries) {
      const essays = ESSAY_SUBJECTS.has(subjectOf(q.id));
      const extended =
        q.type === 'essay' && (essays ? q.marks >= 6 : (q.marks === 5 || q.marks === 6) && subjectOf(q.id) !== 'Mathematics');
      if (!extended) {
        if (q.levels?.length && !(essays && q.type === 'essay' && q.marks >= 4))
          problems.push(`${q.id}: levels on a question that is not an extended answer`);
        continue;
      }
      const levels = q.levels ?? [];
      const [fewest, most] = essays ? [3, 5] : [3, 3];
      if (levels.length < fewest || levels.length > most) problems.push(`${q.id}: ${levels.length} levels, not ${fewest}-${most}`);
      else if (levels[levels.length - 1].max_marks !== q.marks)
        problems.push(`${q.id}: top level ends at ${levels[levels.length - 1].max_marks}, not ${q.marks}`);
      for (const l of levels) if (l.descriptor.length < 80) problems.push(`${q.id} level ${l.level}: descriptor too short`);
      const top = levels[levels.length - 1]?.descriptor ?? '';
      if (topDescriptors.has(top)) problems.push(`${q.id}: same top descriptor as ${topDescriptors.get(top)}`);
      topDescriptors.set(top, q.id);
      if (q.markScheme.length < 4) problems.push(`${q.id}: only ${q.markScheme.length} points of indicative content`);
    }
    expect(topDescriptors.size).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('states the true critical value of S wherever a template gives one for a one-tailed sign test at p ≤ 0.05', () => {
    // the largest S with P(X ≤ S) ≤ 0.05 for X ~ B(N, 0.5)
    const critical = (n: number) => {
      let cumulative = 0;
      let choose = 1;
      let s = -1;
      for (let k = 0; k <= n; k++) {
        cumulative += choose / 2 ** n;
        if (cumulative > 0.05) break;
        s = k;
        choose = (choose * (n - k)) / (k + 1);
      }
      return s;
    };
    const problems: string[] = [];
    let checked = 0;
    for (const { question } of entries) {
      if (!question.template?.computed?.cv || !/sign test/i.test(question.text)) continue;
      for (let seed = 0; seed < 30; seed++) {
        const q = instantiateQuestion(question, seed);
        const n = Number(q.values?.N);
        const cv = Number(q.values?.cv);
        checked++;
        if (cv !== critical(n)) problems.push(`${q.id} (seed ${seed}): N = ${n} has critical value ${critical(n)}, not ${cv}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect([...new Set(problems)]).toEqual([]);
  });

  it('uses "max N" groups only where more creditworthy points are listed than the group gives marks', () => {
    const problems: string[] = [];
    let groups = 0;
    for (const { question: q } of entries) {
      for (const g of q.groups ?? []) {
        groups++;
        const sum = q.markScheme.filter((p) => p.group === g.id).reduce((n, p) => n + p.marks, 0);
        if (sum <= g.max) problems.push(`${q.id} group ${g.id}: max ${g.max} does not cap its ${sum} marks`);
      }
    }
    expect(groups).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
