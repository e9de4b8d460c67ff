import { describe, expect, it } from 'vitest';
import { checkCaseLines } from './adversarial-cases';

const CASE = {
  id: 'w-1',
  family: 'typed-test',
  subject: 'Physics',
  split: 'tune',
  kind: 'strong',
  question: 'Calculate the time.',
  typed_scheme: 'M1 t = d / v\nA1 t = 2.0 s',
  total_marks: 2,
  answer: 't = 10 / 5 = 2.0 s',
  expected_marks: 2,
  why: 'm1 yes | a1 yes',
};

describe("a writer's file of adversarial cases, checked before it is committed", () => {
  it('passes when every line is a case', () => {
    expect(checkCaseLines(`${JSON.stringify(CASE)}\n${JSON.stringify({ ...CASE, id: 'w-2' })}\n`)).toEqual([]);
  });

  it('names the line that is not JSON, misses a label, repeats an id or labels above the marks', () => {
    const { why: _why, ...unlabelled } = CASE;
    const lines = [
      JSON.stringify(CASE),
      '{"id": ',
      JSON.stringify({ ...unlabelled, id: 'w-3' }),
      JSON.stringify(CASE),
      JSON.stringify({ ...CASE, id: 'w-4', expected_marks: 3 }),
    ];
    const problems = checkCaseLines(lines.join('\n'));
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('line 2: not JSON');
    expect(problems[1]).toMatch(/^line 3: why /);
    expect(problems[2]).toBe('line 4: id w-1 used before');
    expect(problems[3]).toBe('line 5: expected_marks 3 above total_marks 2');
  });
});
