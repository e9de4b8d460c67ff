import { describe, expect, it } from 'vitest';
import { schemeIssues } from '../../src/shared/mark-scheme';
import { CATEGORIES, caseRules, markCase, quadraticWeightedKappa, readStructuredCases, scoreStructuredCases } from './structured-cases';

/**
 * The structured A-Level cases (content/marker-cases/structured) and the marker's agreement with the
 * examiner on the held-out half, which nobody tunes the marker on. Floors recorded from the figures
 * measured on 2026-11-24 (docs/benchmarks.md): a marker change that lowers them fails here.
 */
const FLOOR_HELD_OUT_EXACT = 0.6; // measured 0.636 (77 of 121) at 80f2aff
const FLOOR_HELD_OUT_QWK = 0.78; // measured 0.810 at 80f2aff

const cases = readStructuredCases();

describe('quadraticWeightedKappa', () => {
  it('is 1 for perfect agreement, 0 for chance-level and negative for systematic disagreement', () => {
    expect(quadraticWeightedKappa([0, 1, 2, 3], [0, 1, 2, 3])).toBe(1);
    expect(quadraticWeightedKappa([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(0, 10);
    expect(quadraticWeightedKappa([0, 1, 2, 3], [3, 2, 1, 0])).toBeLessThan(0);
    expect(quadraticWeightedKappa([2, 2], [2, 2])).toBeNaN();
  });

  it('weights a near miss less than a far one', () => {
    const gold = [0, 1, 2, 3, 4, 5, 6];
    const near = quadraticWeightedKappa(gold, [1, 1, 2, 3, 4, 5, 6]);
    const far = quadraticWeightedKappa(gold, [6, 1, 2, 3, 4, 5, 6]);
    expect(near).toBeGreaterThan(far);
  });
});

describe('the structured marking cases', () => {
  it('are well-formed: enough of each kind, every subject, unique ids, labels within the marks', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const cat of CATEGORIES) expect(cases.filter((c) => c.category === cat).length, cat).toBeGreaterThanOrEqual(15);
    for (const subject of ['Biology', 'Chemistry', 'Physics', 'Mathematics'])
      expect(cases.filter((c) => c.subject === subject).length, subject).toBeGreaterThanOrEqual(25);
    for (const c of cases) {
      expect(c.expected_marks, c.id).toBeLessThanOrEqual(c.total_marks);
      if (c.expected_points) {
        const sum = Object.values(c.expected_points).reduce((s, m) => s + m, 0);
        if (!c.levels && !c.groups) expect(sum, c.id).toBe(c.expected_marks);
        for (const id of Object.keys(c.expected_points))
          expect(
            c.mark_scheme.map((p) => p.id),
            c.id,
          ).toContain(id);
      }
    }
  });

  it('have sound schemes: every case passes schemeIssues with its total', () => {
    const problems = cases
      .map((c) => ({ id: c.id, issues: schemeIssues(c.mark_scheme, caseRules(c), c.total_marks) }))
      .filter((x) => x.issues.length);
    expect(problems).toEqual([]);
  });

  it('keep each question family in one split, about half the cases in each, every category in both', () => {
    const splitOf = new Map<string, string>();
    for (const c of cases) {
      expect(splitOf.get(c.family) ?? c.split, c.family).toBe(c.split);
      splitOf.set(c.family, c.split);
    }
    const heldOut = cases.filter((c) => c.split === 'held-out').length / cases.length;
    expect(heldOut).toBeGreaterThan(0.4);
    expect(heldOut).toBeLessThan(0.6);
    for (const cat of CATEGORIES)
      for (const split of ['tune', 'held-out'])
        expect(cases.filter((c) => c.category === cat && c.split === split).length, `${cat} ${split}`).toBeGreaterThanOrEqual(5);
  });

  it('are accepted by the batch command as they stand', () => {
    // One line per family is enough to prove the format; the agreement test below marks every held-out line.
    const perFamily = [...new Map(cases.map((c) => [c.family, c])).values()].filter((c) => c.split === 'tune');
    for (const c of perFamily) expect(markCase(c, c.line).error, c.id).toBeUndefined();
  }, 180_000); // the first marking loads the word vectors and model, slow on a busy machine
});

describe('the marker on the held-out structured cases (not tuned on)', () => {
  it('agrees with the examiner at least as well as recorded', () => {
    const heldOut = cases.filter((c) => c.split === 'held-out');
    const marked = heldOut.map((c) => markCase(c, c.line));
    expect(marked.filter((m) => m.error).map((m) => `${m.c.id}: ${m.error}`)).toEqual([]);
    const all = scoreStructuredCases(marked).find((r) => r.split === 'held-out' && r.group === 'all')!;
    expect(all.n).toBe(heldOut.length);
    expect(all.exact).toBeGreaterThanOrEqual(FLOOR_HELD_OUT_EXACT);
    expect(all.qwk).toBeGreaterThanOrEqual(FLOOR_HELD_OUT_QWK);
  }, 180_000);
});
