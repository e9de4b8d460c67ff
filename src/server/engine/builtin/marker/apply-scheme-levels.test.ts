import { describe, expect, it } from 'vitest';
import { markPointSchema } from '../../../../shared/mark-scheme';
import { applyScheme, type PointOutcome } from './apply-scheme';

const points = ['enzyme molecules gain kinetic energy', 'more collisions per second', 'active site changes shape', 'enzyme denatured'].map(
  (text, i) => markPointSchema.parse({ id: `p${i + 1}`, text }),
);
const levels = [
  { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Some relevant points' },
  { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Points linked' },
  { level: 3, min_marks: 5, max_marks: 6, descriptor: 'A full, linked explanation' },
];
const judged = (confidence: number): PointOutcome => ({ status: 'COVERED', justification: '', rule: 'judged', confidence });
const missed: PointOutcome = { status: 'NOT_COVERED', justification: '' };
const mark = (outcomes: PointOutcome[], plainAnswer: string) =>
  applyScheme(points, outcomes, { levels }, 6, { plainAnswer, questionText: 'Explain the effect of temperature.', blank: false }).marks;

const ramble =
  'Enzymes are really important in the body and there are lots of different ones, like amylase in saliva and pepsin in the ' +
  'stomach, and scientists study them in labs with test tubes and water baths and they write down their results in tables. ' +
  'My teacher says they are proteins and they were discovered a long time ago, and some washing powders have them in too, ' +
  'which is why the packet says biological on it, and you can buy them in shops for making cheese and for brewing beer ' +
  'at home in big plastic buckets in the kitchen.';

describe('levels of response: what lifts an answer into Level 1', () => {
  it('gives nothing to a long answer whose only credited point is a guess of the model', () => {
    expect(mark([judged(0.52), missed, missed, missed], ramble)).toBe(0);
  });

  it('gives Level 1 to a short answer with one point, and to a long one whose point is clear', () => {
    const level1 = [1, 2];
    expect(level1).toContain(mark([judged(0.52), missed, missed, missed], 'The enzyme molecules move faster.'));
    // long is long for the marks: fifty words on a 6-mark question is a thin answer, not a ramble
    const thin =
      'When it gets hotter the enzyme molecules move faster and bump into the substrate more often, so the reaction is quicker. ' +
      'If it gets too hot then the reaction stops working because the enzyme is damaged and cannot do its job any more, ' +
      'so there is a best temperature.';
    expect(level1).toContain(mark([judged(0.52), missed, missed, missed], thin));
    expect(level1).toContain(mark([judged(0.8), missed, missed, missed], ramble));
    expect(mark([judged(0.52), judged(0.55), missed, missed], ramble)).toBeGreaterThanOrEqual(1);
  });
});
