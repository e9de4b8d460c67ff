import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_SPLITS, ANSWER_KINDS, markAdversarialCase, readAdversarialCases, scoreAdversarial } from './adversarial-cases';

/**
 * The adversarial set (content/marker-cases/adversarial, issue 24) and the marker's agreement with the examiner on
 * its held-out split, which nobody tunes the marker on. Floors a little under the figures measured on 2026-11-27
 * (docs/benchmarks.md; the set grew by 310 answers to 50 new questions on 2026-11-28, written blind to the marker): a marker change that lowers them, or lets gaming answers and weak answers collect more
 * marks, fails here. The targets (exact 0.80, within one 0.95, over-credit 0.03, gaming 0.05) are not met yet.
 */
const FLOOR_HELD_OUT_EXACT = 0.6; // measured 0.610 on 2026-11-29 (467 answers, 60 sealed blind ones joined); 0.635 at 08dea6a (323 answers, with 25 new held-out families); 0.578 at a8e56bb; 0.587 at f9be07b; 0.582 at 5af1261; 0.502 at 2413b01; 0.422 before the rules of evidence
const FLOOR_HELD_OUT_WITHIN_ONE = 0.82; // measured 0.854 at 08dea6a; 0.827; 0.818 at 2413b01; 0.720 before
const FLOOR_HELD_OUT_QWK = 0.75; // measured 0.780; 0.759 at 2413b01; 0.639 before
const CEILING_HELD_OUT_OVER_CREDIT = 0.13; // measured 0.124 on 2026-11-29 evening, round 8's blind answers joined (0.100 of the question's marks before them); 0.124 at 2413b01; 0.174 before
const CEILING_HELD_OUT_GAMING_SHARE = 0.26; // measured 0.241 at 08dea6a with 25 new held-out families (0.178 on the first 296 answers); 0.206 of the marks at f9be07b; 0.227 at 5af1261; 0.244 at 2413b01; 0.475 before

// Economics and Psychology (issue 31 item 4): their own floors, a little under the first figures measured
const ESSAYS_FLOOR_EXACT = 0.53; // measured 0.552 on 2026-11-29 (210 answers, 30 sealed blind ones joined); 0.550 at ac0158e after 30 blind answers joined (sealed, 0.267 on them); 0.627 (126 held-out answers) at 08dea6a; 0.620 (71) at a8e56bb
const ESSAYS_FLOOR_WITHIN_ONE = 0.77; // measured 0.790 on 2026-11-30 after an eleventh blind round joined (its Economics held-out half 0.533 within one, first measured unseen); 0.831
const ESSAYS_FLOOR_QWK = 0.7; // measured 0.739 at 08dea6a; 0.642
const ESSAYS_CEILING_OVER_CREDIT = 0.12; // measured 0.093
const ESSAYS_CEILING_GAMING_SHARE = 0.14; // measured 0.103 at 08dea6a; 0.273

interface Floors {
  exact: number;
  withinOne: number;
  qwk: number;
  overCredit: number;
  gamingShare: number;
}

const SCIENCES = ['Biology', 'Chemistry', 'Mathematics', 'Physics'] as const;
const ESSAY_SUBJECTS = ['Economics', 'Psychology'] as const;

const cases = readAdversarialCases();

describe('the adversarial marking set', () => {
  it('is well-formed: 400+ answers to 100+ questions, typed schemes among them, every kind, both splits', () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(new Set(cases.map((c) => c.family)).size).toBeGreaterThanOrEqual(100);
    expect(new Set(cases.filter((c) => c.typed_scheme).map((c) => c.family)).size).toBeGreaterThanOrEqual(16);
    for (const kind of ANSWER_KINDS) expect(cases.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(10);
    for (const subject of SCIENCES) expect(cases.filter((c) => c.subject === subject).length, subject).toBeGreaterThanOrEqual(100);
    for (const subject of ESSAY_SUBJECTS) expect(cases.filter((c) => c.subject === subject).length, subject).toBeGreaterThanOrEqual(60);
    const heldOut = cases.filter((c) => c.split === 'held-out').length / cases.length;
    expect(heldOut).toBeGreaterThan(0.4);
    expect(heldOut).toBeLessThan(0.6);
    expect(ADVERSARIAL_SPLITS).toEqual(['tune', 'held-out']);
  });
});

describe('the marker on the held-out adversarial answers (not tuned on)', () => {
  const heldOut = (subjects: readonly string[]) => {
    const marked = cases.filter((c) => c.split === 'held-out' && subjects.includes(c.subject)).map(markAdversarialCase);
    expect(marked.filter((m) => m.error).map((m) => `${m.c.id}: ${m.error}`)).toEqual([]);
    return scoreAdversarial(marked).find((r) => r.split === 'held-out' && r.group === 'all')!;
  };

  /** Each figure at least its floor, over-credit and gaming share at most their ceilings. */
  const meetsFloors = (all: ReturnType<typeof heldOut>, f: Floors) => {
    expect(all.exact).toBeGreaterThanOrEqual(f.exact);
    expect(all.withinOne).toBeGreaterThanOrEqual(f.withinOne);
    expect(all.qwk).toBeGreaterThanOrEqual(f.qwk);
    expect(all.overCredit).toBeLessThanOrEqual(f.overCredit);
    expect(all.gamingShare).toBeLessThanOrEqual(f.gamingShare);
  };

  it('in the sciences and mathematics, agrees with the examiner at least as well as recorded, and gives weak and gaming answers no more than recorded', () => {
    meetsFloors(heldOut(SCIENCES), {
      exact: FLOOR_HELD_OUT_EXACT,
      withinOne: FLOOR_HELD_OUT_WITHIN_ONE,
      qwk: FLOOR_HELD_OUT_QWK,
      overCredit: CEILING_HELD_OUT_OVER_CREDIT,
      gamingShare: CEILING_HELD_OUT_GAMING_SHARE,
    });
  }, 180_000);

  it('in Economics and Psychology (essay subjects, measured since 2026-11-28), likewise against their own floors', () => {
    const all = heldOut(ESSAY_SUBJECTS);
    expect(all.n).toBeGreaterThanOrEqual(50);
    meetsFloors(all, {
      exact: ESSAYS_FLOOR_EXACT,
      withinOne: ESSAYS_FLOOR_WITHIN_ONE,
      qwk: ESSAYS_FLOOR_QWK,
      overCredit: ESSAYS_CEILING_OVER_CREDIT,
      gamingShare: ESSAYS_CEILING_GAMING_SHARE,
    });
  }, 180_000);
});
