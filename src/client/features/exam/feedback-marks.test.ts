import { describe, expect, it } from 'vitest';
import { pointMarks } from './feedback-marks';

const evaluation = (kind?: 'M' | 'A' | 'B') => ({
  point_id: 'm2',
  text: 'solves their quadratic',
  status: 'COVERED',
  justification: 'Seen.',
  marks_awarded: 1,
  marks: 1,
  ...(kind && { kind }),
});

describe('pointMarks: the label beside a point', () => {
  it('labels a method mark that depends on an earlier method mark dM1, and other points by kind and marks', () => {
    expect(pointMarks(evaluation('M'), { id: 'm2', kind: 'M', depends_on: 'm1' }).label).toBe('dM1');
    expect(pointMarks(evaluation('M'), { id: 'm2', kind: 'M' }).label).toBe('M1');
    expect(pointMarks(evaluation('A'), { id: 'm2', kind: 'A', depends_on: 'm1' }).label).toBe('A1');
    expect(pointMarks(evaluation(), { id: 'm2', kind: 'M', depends_on: 'm1' }).label).toBe('dM1');
    expect(pointMarks(evaluation(), undefined).label).toBeNull();
  });
});
