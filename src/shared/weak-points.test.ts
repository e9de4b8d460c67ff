import { describe, expect, it } from 'vitest';
import { findingText, weakSkills, type SkillTally } from './weak-points';
import { MAX_FINDINGS, MIN_OPPORTUNITIES, WEAK_MISS_RATE } from './weak-points-text';

const tally = (skill: SkillTally['skill'], opportunities: number, missed: number, subject = 'Physics'): SkillTally => ({
  subject,
  skill,
  opportunities,
  missed,
});

describe('weak-point findings', () => {
  it(`says nothing below ${MIN_OPPORTUNITIES} opportunities, however many were missed`, () => {
    expect(weakSkills([tally('units', MIN_OPPORTUNITIES - 1, MIN_OPPORTUNITIES - 1)])).toEqual([]);
    expect(weakSkills([tally('units', MIN_OPPORTUNITIES, MIN_OPPORTUNITIES)])).toHaveLength(1);
  });

  it(`is a weak point from a miss rate of ${WEAK_MISS_RATE * 100}%`, () => {
    expect(weakSkills([tally('units', 10, 4)])).toHaveLength(1);
    expect(weakSkills([tally('units', 10, 3)])).toEqual([]);
  });

  it('lists the weakest first (miss rate, then more evidence), at most MAX_FINDINGS', () => {
    const found = weakSkills([tally('units', 10, 5), tally('definition', 5, 4), tally('evaluation', 20, 10), tally('recall', 6, 6)]);
    expect(found.map((f) => f.skill)).toEqual(['recall', 'definition', 'evaluation', 'units']);
    const many = weakSkills(Array.from({ length: 12 }, () => tally('units', 10, 9)));
    expect(many).toHaveLength(MAX_FINDINGS);
  });

  it('words a finding with its rate and its counts', () => {
    expect(findingText(tally('units', 20, 12))).toBe('You miss the units mark in 60% of the chances you had (12 of 20).');
    expect(findingText(tally('calculation-method', 7, 3))).toBe(
      'You miss method marks in calculations in 43% of the chances you had (3 of 7).',
    );
  });
});
