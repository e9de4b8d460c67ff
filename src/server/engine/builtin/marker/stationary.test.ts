import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { naturesStated, natureSwapped } from './stationary';

describe('the nature of stationary points', () => {
  it('reads which point is a maximum and which a minimum, by its coordinates or its x value', () => {
    expect(naturesStated('(2, -4) is a minimum and (-2, 28) is a maximum').map((n) => [n.x, n.nature])).toEqual([
      [2, 'minimum'],
      [-2, 'maximum'],
    ]);
    expect(naturesStated('maximum at (−2, 28); min at x = 2').map((n) => [n.x, n.nature])).toEqual([
      [-2, 'maximum'],
      [2, 'minimum'],
    ]);
    expect(naturesStated('x = 2: d²y/dx² = 12 > 0 so it is a minimum').map((n) => [n.x, n.nature])).toEqual([[2, 'minimum']]);
    // a denial names no nature, and a nature after another point's coordinates belongs to that point
    expect(naturesStated('(2, -4) is not a maximum')).toEqual([]);
    // a nature ends its line: "so min" is not about the x value on the next line
    expect(naturesStated('at x = 2 its 12, >0 so min\nat x = -2 its -12, <0 so max').map((n) => [n.x, n.nature])).toEqual([
      [2, 'minimum'],
      [-2, 'maximum'],
    ]);
    expect(naturesStated('x = 2 gives y = -4, and (-2, 28) is a maximum').map((n) => n.x)).toEqual([-2]);
  });

  it('finds the natures the other way round, and nothing where they agree', () => {
    const scheme = '(2, -4) is a minimum and (-2, 28) is a maximum';
    expect(natureSwapped(scheme, 'so (2, -4) is a maximum and (-2, 28) is a minimum')?.said).toBe('(2, -4) is a maximum');
    expect(natureSwapped(scheme, 'x = 2: d²y/dx² = 12 > 0, so it is a minimum. (-2, 28) is a maximum.')).toBeUndefined();
    expect(natureSwapped('finds d²y/dx² = 6x', 'so (2, -4) is a maximum')).toBeUndefined();
    // a nature bound to the x value after it, and a point that is not about a curve's turning points
    expect(naturesStated('zero at x = 0 and maximum at x = ±A')).toEqual([]);
    expect(natureSwapped('kinetic energy is maximum at x = 0', 'KE is maximum at x = 0 and PE is minimum at x = 0')).toBeUndefined();
  });

  it('gives no mark for the natures swapped, though the answer repeats every word and number of the point', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'finds d²y/dx² = 6x and evaluates its sign at each point', kind: 'M' },
      { id: 'a1', text: '(2, -4) is a minimum and (-2, 28) is a maximum', kind: 'A', depends_on: 'm1' },
    ];
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'The curve y = x³ − 12x + 12 has stationary points at (2, −4) and (−2, 28). Determine the nature of each.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      });
    const swapped = mark(
      'd²y/dx² = 6x. At x = 2, d²y/dx² = 12 > 0 so (2, -4) is a maximum. At x = -2, d²y/dx² = -12 < 0 so (-2, 28) is a minimum.',
    );
    expect(swapped.markscheme_evaluation[1]).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0 });
    expect(swapped.markscheme_evaluation[1].justification).toContain('(2, -4) is a maximum');
    const right = mark(
      'd²y/dx² = 6x. At x = 2, d²y/dx² = 12 > 0 so (2, -4) is a minimum. At x = -2, d²y/dx² = -12 < 0 so (-2, 28) is a maximum.',
    );
    expect(right.marks_awarded).toBe(2);
  });
});
