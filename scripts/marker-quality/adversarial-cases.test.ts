import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_SPLITS, ANSWER_KINDS, markAdversarialCase, readAdversarialCases, scoreAdversarial } from './adversarial-cases';

/**
 * The adversarial set (content/marker-cases/adversarial, issue 24) and the marker's agreement with the examiner on
 * its held-out split, which nobody tunes the marker on. Floors a little under the figures measured on 2026-11-27
 * (docs/benchmarks.md): a marker change that lowers them, or lets gaming answers and weak answers collect more
 * marks, fails here. The targets (exact 0.80, within one 0.95, over-credit 0.03, gaming 0.05) are not met yet.
 */
const FLOOR_HELD_OUT_EXACT = 0.57; // measured 0.587 at f9be07b; 0.582 at 5af1261; 0.502 at 2413b01; 0.422 before the rules of evidence
const FLOOR_HELD_OUT_WITHIN_ONE = 0.8; // measured 0.827; 0.818 at 2413b01; 0.720 before
const FLOOR_HELD_OUT_QWK = 0.75; // measured 0.780; 0.759 at 2413b01; 0.639 before
const CEILING_HELD_OUT_OVER_CREDIT = 0.12; // measured 0.100 of the question's marks; 0.124 at 2413b01; 0.174 before
const CEILING_HELD_OUT_GAMING_SHARE = 0.23; // measured 0.206 of the marks at f9be07b; 0.227 at 5af1261; 0.244 at 2413b01; 0.475 before

const cases = readAdversarialCases();

describe('the adversarial marking set', () => {
  it('is well-formed: 400+ answers to 100+ questions, typed schemes among them, every kind, both splits', () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(new Set(cases.map((c) => c.family)).size).toBeGreaterThanOrEqual(100);
    expect(new Set(cases.filter((c) => c.typed_scheme).map((c) => c.family)).size).toBeGreaterThanOrEqual(16);
    for (const kind of ANSWER_KINDS) expect(cases.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(10);
    for (const subject of ['Biology', 'Chemistry', 'Physics', 'Mathematics'])
      expect(cases.filter((c) => c.subject === subject).length, subject).toBeGreaterThanOrEqual(100);
    const heldOut = cases.filter((c) => c.split === 'held-out').length / cases.length;
    expect(heldOut).toBeGreaterThan(0.4);
    expect(heldOut).toBeLessThan(0.6);
    expect(ADVERSARIAL_SPLITS).toEqual(['tune', 'held-out']);
  });
});

describe('the marker on the held-out adversarial answers (not tuned on)', () => {
  it('agrees with the examiner at least as well as recorded, and gives weak and gaming answers no more than recorded', () => {
    const marked = cases.filter((c) => c.split === 'held-out').map(markAdversarialCase);
    expect(marked.filter((m) => m.error).map((m) => `${m.c.id}: ${m.error}`)).toEqual([]);
    const all = scoreAdversarial(marked).find((r) => r.split === 'held-out' && r.group === 'all')!;
    expect(all.exact).toBeGreaterThanOrEqual(FLOOR_HELD_OUT_EXACT);
    expect(all.withinOne).toBeGreaterThanOrEqual(FLOOR_HELD_OUT_WITHIN_ONE);
    expect(all.qwk).toBeGreaterThanOrEqual(FLOOR_HELD_OUT_QWK);
    expect(all.overCredit).toBeLessThanOrEqual(CEILING_HELD_OUT_OVER_CREDIT);
    expect(all.gamingShare).toBeLessThanOrEqual(CEILING_HELD_OUT_GAMING_SHARE);
  }, 180_000);
});
