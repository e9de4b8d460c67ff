import { describe, expect, it } from 'vitest';
import { markAnswer } from './mark-answer';

// A calculation with a separate significant-figures mark, as a board writes it: M1 method, A1 the value (within 5%,
// any precision: 12 J earns it), B1 "answer given to 3 s.f." (the same value, at exactly 3 s.f.).
const scheme = [
  { id: 'm1', text: 'substitutes into E = ½mv²: ½ × 2.4 × 3.1²', kind: 'M', skill: 'calculation-method' },
  {
    id: 'a1',
    text: 'E = 11.5 J (awrt 11.5)',
    kind: 'A',
    depends_on: 'm1',
    skill: 'final-value',
    numeric: { value: 11.532, unit: 'J', tolerance: 0.05 },
  },
  {
    id: 'b1',
    text: 'answer given to 3 s.f.',
    kind: 'B',
    skill: 'significant-figures',
    numeric: { value: 11.532, unit: 'J', sigFigs: 3 },
  },
] as const;
const mark = (answer: string) =>
  markAnswer({
    questionText: 'A trolley of mass 2.4 kg moves at 3.1 m s⁻¹. Calculate its kinetic energy. Give your answer to 3 significant figures.',
    type: 'short_answer',
    totalMarks: 3,
    markScheme: scheme.map((p) => ({ ...p })),
    answer,
  });
const awarded = (answer: string) => mark(answer).markscheme_evaluation.map((e) => e.marks_awarded);

describe('a separate significant-figures mark (B1 with numeric.sigFigs)', () => {
  it('is earned by the right value at the right s.f.', () => {
    expect(awarded('E = ½ × 2.4 × 3.1² = 11.5 J')).toEqual([1, 1, 1]);
    expect(awarded('11.5 J')).toEqual([1, 1, 1]);
    expect(mark('E = 11.532 ≈ 11.5 J').markscheme_evaluation[2].justification).toBe(
      'Credited: your value "11.5 J" is given to 3 significant figures, as the mark scheme asks.',
    );
  });

  it('is not earned by the same value at the wrong s.f., which still earns the method and accuracy marks', () => {
    for (const answer of ['E = ½ × 2.4 × 3.1² = 11.532 J', 'E = ½ × 2.4 × 3.1² = 12 J', 'E = ½ × 2.4 × 3.1² = 11.53 J']) {
      const fb = mark(answer);
      expect(
        fb.markscheme_evaluation.map((e) => e.marks_awarded),
        answer,
      ).toEqual([1, 1, 0]);
      expect(fb.markscheme_evaluation[2].justification, answer).toMatch(
        /^Not credited: your value "[\d.]+ J" is right but given to [245] significant figures; this mark is for the answer to 3\.$/,
      );
      expect(fb.marks_awarded).toBe(2);
    }
  });

  it('is not earned by a wrong value, even one given to 3 s.f.', () => {
    const fb = mark('E = ½ × 2.4 × 3.1 = 3.72 J');
    expect(fb.markscheme_evaluation[1].marks_awarded).toBe(0);
    expect(fb.markscheme_evaluation[2].marks_awarded).toBe(0);
    expect(fb.markscheme_evaluation[2].justification).toBe(
      'Not credited: this mark is for the right value (11.5 J) given to 3 significant figures, and your answer does not give it.',
    );
    expect(fb.marks_awarded).toBeLessThanOrEqual(1);
  });

  it('is decided by the value alone: a blank answer or one with no number earns nothing', () => {
    expect(awarded('I used the kinetic energy formula with the mass and the speed.')[2]).toBe(0);
    expect(mark('').marks_awarded).toBe(0);
  });
});
