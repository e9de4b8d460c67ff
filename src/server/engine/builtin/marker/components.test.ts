import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { componentsSwapped, componentTrig } from './components';
import { markAnswer } from './mark-answer';

describe('components of a vector', () => {
  it('reads which function each direction is resolved with, however it is written', () => {
    expect([...componentTrig('vertical: u = 18 sin 35°, a = −9.81')]).toEqual([['vertical', 'sin']]);
    expect([...componentTrig('Across: 20cos30 = 17.32 m/s    Up: 20sin30 = 10 m/s')]).toEqual([
      ['horizontal', 'cos'],
      ['vertical', 'sin'],
    ]);
    expect([...componentTrig('18 sin 35° vertically')]).toEqual([['vertical', 'sin']]);
    // said both ways: no reading; no direction named: none
    expect([...componentTrig('vertical: 18 sin 35\nvertical: 18 cos 35')]).toEqual([]);
    expect([...componentTrig('it speeds up because F cos θ grows')]).toEqual([]);
  });

  it('finds the functions exchanged, and nothing where the answer agrees', () => {
    const scheme = 'vertical: s = ut + ½at² with u = 18 sin 35°\nx = 18 cos 35° × t';
    expect(componentsSwapped(scheme, 'vertical component = 18 cos 35 = 14.7 m/s')).toEqual({
      direction: 'vertical',
      scheme: 'sin',
      answer: 'cos',
    });
    expect(componentsSwapped(scheme, 'vertical component = 18 sin 35 = 10.3 m/s')).toBeUndefined();
  });

  it('gives no method and no value to working with the components exchanged, though its final value is right', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'vertical: s = ut + ½at² with s = 0, u = 18 sin 35°, a = −9.81', kind: 'M' },
      { id: 'p2', text: 't = 2.10 s', kind: 'A', numeric: { value: 2.1, unit: 's' } },
      { id: 'p3', text: 'x = 18 cos 35° × t', kind: 'M' },
      { id: 'p4', text: 'x = 31.0 m (ecf from t)', kind: 'A', numeric: { value: 31, unit: 'm' } },
    ];
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'A ball is kicked at 18 m/s at 35° above the horizontal. Find the time of flight and the horizontal distance.',
        type: 'short_answer',
        totalMarks: 4,
        markScheme: scheme,
        answer,
      });
    const swapped = mark(
      'vertical component = 18 cos 35 = 14.7 m/s\nt = 2 × 14.7/9.81 = 3.01 s\nhorizontal component = 18 sin 35 = 10.3 m/s\nx = 10.3 × 3.01 = 31.0 m',
    );
    expect(swapped.marks_awarded).toBe(0);
    expect(swapped.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
    expect(swapped.markscheme_evaluation[0].justification).toContain('vertical component with cos');
    const right = mark(
      'vertical component = 18 sin 35 = 10.3 m/s\nt = 2 × 10.3/9.81 = 2.10 s\nhorizontal component = 18 cos 35 = 14.7 m/s\nx = 14.7 × 2.10 = 31.0 m',
    );
    expect(right.marks_awarded).toBe(4);
  });
});

describe('a step bound to a place', () => {
  it('is not made by the same working written for the other place (top and bottom of a vertical circle)', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'at the bottom: T − mg = mv²/r', kind: 'M', accept: ['T = mg + mv²/r'] },
      { id: 'm2', text: 'at the top: T + mg = mv²/r', kind: 'M', accept: ['T = mv²/r - mg'] },
    ];
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'A ball is whirled in a vertical circle on a string. Write equations for the tension at the top and at the bottom.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation;
    const swapped = mark('At the bottom T = mv²/r - mg\nAt the top T = mv²/r + mg');
    expect(swapped.map((e) => e.marks_awarded)).toEqual([0, 0]);
    // an accepted wording written for the other place
    const accepted = mark('At the top T = mg + mv²/r');
    expect(accepted[0]).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
    expect(accepted[0].justification).toContain('for the top');
    expect(mark('At the bottom T = mv²/r + mg\nAt the top T = mv²/r - mg').map((e) => e.status)).toEqual(['COVERED', 'COVERED']);
  });
});
