import { describe, expect, it } from 'vitest';
import { LABELS_3WAY } from './asag-data';
import { readMarkerCases, scoreMarkerCases } from './marker-cases';

/**
 * Our own A-Level answers labelled as an examiner would (content/marker-cases): the marker's agreement
 * with them must not fall below the floors (measured 2026-11-22: 2-way weighted-F1 0.787, 3-way macro-F1
 * 0.623 over 200 answers; docs/benchmarks.md). A marker change that lowers them fails here.
 */
const FLOOR_TWO_WAY_WEIGHTED_F1 = 0.76;
const FLOOR_THREE_WAY_MACRO_F1 = 0.6;

describe('the marker on our A-Level cases', () => {
  const cases = readMarkerCases();

  it('has well-formed cases with unique ids, every label in every subject', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const subject of ['Biology', 'Chemistry', 'Physics', 'Mathematics']) {
      for (const label of LABELS_3WAY)
        expect(cases.filter((c) => c.subject === subject && c.label === label).length, `${subject} ${label}`).toBeGreaterThan(5);
    }
  });

  it('agrees with the examiner labels at least as well as recorded', () => {
    const { scores } = scoreMarkerCases(cases);
    const all = scores.find((s) => s.group === 'all')!;
    expect(all.twoWay.n).toBe(cases.length);
    expect(all.twoWay.weightedF1).toBeGreaterThanOrEqual(FLOOR_TWO_WAY_WEIGHTED_F1);
    expect(all.threeWay.macroF1).toBeGreaterThanOrEqual(FLOOR_THREE_WAY_MACRO_F1);
  });
});
