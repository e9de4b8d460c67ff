import { describe, expect, it } from 'vitest';
import { optionOrderFor, toQuestion } from './papers';

type Row = Parameters<typeof toQuestion>[0];

const row = (overrides: Partial<Row> = {}): Row => ({
  id: '6f1c1d9e-2b7a-4c43-9a55-0d1f8e0b7a11',
  ownerId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  courseId: 'c0a80101-0000-4000-8000-000000000001',
  paperId: null,
  questionNumber: 1,
  text: '<p>Which particle carries a negative charge?</p>',
  type: 'multiple_choice',
  totalMarks: 1,
  options: { A: 'electron', B: 'proton', C: 'neutron', D: 'photon' },
  correctAnswer: 'A',
  modelAnswer: null,
  hints: [],
  topic: null,
  sourceId: null,
  schemeRules: null,
  needsScheme: false,
  name: 'Carrier',
  shuffleOptions: true,
  createdAt: new Date(),
  ...overrides,
});

describe("a shuffled question's options (Moodle's shuffleanswers)", () => {
  const students = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

  it('are in an order of each student’s own: every option once, the same on every visit', () => {
    for (const s of students.slice(0, 5)) {
      const order = toQuestion(row(), false, s).optionOrder!;
      expect([...order].sort()).toEqual(['A', 'B', 'C', 'D']);
      expect(toQuestion(row(), false, s).optionOrder).toEqual(order);
    }
  });

  it('differ between students, and the right option is not always first', () => {
    const orders = students.map((s) => optionOrderFor(['A', 'B', 'C', 'D'], s, row().id).join(''));
    expect(new Set(orders).size).toBeGreaterThan(10);
    const firstLetters = new Set(orders.map((o) => o[0]));
    expect(firstLetters.size).toBe(4);
  });

  it('keep the file order for a question that is not shuffled, or with no viewer', () => {
    expect(toQuestion(row({ shuffleOptions: false }), false, students[0]).optionOrder).toBeUndefined();
    expect(toQuestion(row(), false).optionOrder).toBeUndefined();
  });
});
