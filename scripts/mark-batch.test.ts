import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRepoRoot } from '../src/server/engine/repo-root';
import { markBatchLine } from './mark-batch';

const enzyme = {
  id: 'q1',
  question: 'Explain why the rate of an enzyme-controlled reaction falls at high temperature.',
  mark_scheme: [
    { id: 'p1', text: 'active site changes shape', accept: ['enzyme is denatured'] },
    { id: 'p2', text: 'substrate no longer fits the active site' },
  ],
  total_marks: 2,
  answer: 'Hydrogen bonds break, so the active site changes shape and the substrate no longer fits.',
};

describe('markBatchLine', () => {
  it('marks a good line point by point, in the output shape teachers get', () => {
    const out = markBatchLine(JSON.stringify(enzyme), 1);
    expect(out).toMatchObject({ id: 'q1', marks_awarded: 2, total_marks: 2 });
    if ('error' in out) throw new Error(out.error);
    expect(out.markscheme_evaluation.map((e) => [e.point_id, e.status])).toEqual([
      ['p1', 'COVERED'],
      ['p2', 'COVERED'],
    ]);
    expect(out.markscheme_evaluation[0].justification).toContain('active site changes shape');
    expect(out.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 1]);
    expect(Object.keys(out.markscheme_evaluation[0]).sort()).toEqual([
      'confidence',
      'evidence',
      'justification',
      'marks_awarded',
      'point_id',
      'rule',
      'status',
      'text',
    ]);
    expect(out.markscheme_evaluation[0].confidence).toBeGreaterThan(0);
    expect(out.markscheme_evaluation[0].evidence).toContain('active site');
    expect(out.qualitative_feedback).toContain('2 out of 2');
    expect(Object.keys(out).sort()).toEqual(['id', 'marks_awarded', 'markscheme_evaluation', 'qualitative_feedback', 'total_marks']);
  });

  it('gives a contradicting answer no mark for that point', () => {
    const out = markBatchLine(JSON.stringify({ ...enzyme, answer: 'The active site does not change shape.' }), 1);
    if ('error' in out) throw new Error(out.error);
    expect(out.markscheme_evaluation[0]).toMatchObject({ point_id: 'p1', status: 'CONTRADICTED' });
    expect(out.markscheme_evaluation[0].justification).toContain('does not change shape');
    expect(out.marks_awarded).toBeLessThan(2);
  });

  it('turns a bad line into an error line with its id and the reason', () => {
    expect(markBatchLine('{not json', 3)).toEqual({ id: null, line: 3, error: 'line 3: not valid JSON' });
    // a line cut short still reports its id when it can be read
    expect(markBatchLine('{"id": "q9", "question": "Define osmosis.", "answer": "water mov', 8)).toEqual({
      id: 'q9',
      line: 8,
      error: 'line 8: not valid JSON',
    });
    expect(markBatchLine('{"question": "x", "id": 12, "answer": ', 9)).toEqual({ id: 12, line: 9, error: 'line 9: not valid JSON' });
    const noScheme = markBatchLine(JSON.stringify({ ...enzyme, id: 'q2', mark_scheme: [] }), 4);
    expect(noScheme).toMatchObject({ id: 'q2' });
    expect('error' in noScheme && noScheme.error).toMatch(/^line 4: mark_scheme/);
    const noAnswer = markBatchLine(JSON.stringify({ ...enzyme, id: 7, answer: undefined }), 5);
    expect('error' in noAnswer && noAnswer.error).toMatch(/answer/);
    expect(noAnswer.id).toBe(7);
    const twice = markBatchLine(JSON.stringify({ ...enzyme, mark_scheme: [enzyme.mark_scheme[0], enzyme.mark_scheme[0]] }), 6);
    expect('error' in twice && twice.error).toContain('"p1" is used twice');
  });

  it('takes the total from the points when total_marks is missing, and refuses a total that does not add up', () => {
    const out = markBatchLine(JSON.stringify({ ...enzyme, total_marks: undefined }), 1);
    expect(out).toMatchObject({ total_marks: 2, marks_awarded: 2 });
    // a total that does not match the scheme is a broken scheme, not a cap
    const short = markBatchLine(JSON.stringify({ ...enzyme, total_marks: 1 }), 1);
    expect(short).toEqual({ id: 'q1', line: 1, error: 'line 1: marks (1) must equal the sum of the mark-scheme points (2)' });
  });
});

describe('markBatchLine: an examiner’s scheme structure', () => {
  const calc = {
    id: 'h1',
    question: 'Use mean bond enthalpies to calculate the enthalpy change of combustion of propane.',
    mark_scheme: [
      { id: 'm1', text: 'bonds broken = 6494 kJ mol^-1', kind: 'M', numeric: { value: 6494, unit: 'kJ mol^-1', absTolerance: 1 } },
      { id: 'm2', text: 'bonds made = 7774 kJ mol^-1', kind: 'M', numeric: { value: 7774, unit: 'kJ mol^-1', absTolerance: 1 } },
      {
        id: 'a1',
        text: 'ΔH = −1280 kJ mol^-1',
        kind: 'A',
        marks: 2,
        depends_on: 'm2',
        ecf: true,
        numeric: { value: -1280, unit: 'kJ mol^-1', absTolerance: 2 },
      },
    ],
    final_answer_full_marks: true,
    total_marks: 4,
    answer: '-1.28 MJ/mol',
  };
  const ok = (out: ReturnType<typeof markBatchLine>) => {
    if ('error' in out) throw new Error(out.error);
    return out;
  };

  it('gives a correct final answer every mark (final_answer_full_marks), with marks_awarded and note per point', () => {
    const out = ok(markBatchLine(JSON.stringify(calc), 1));
    expect(out).toMatchObject({ id: 'h1', marks_awarded: 4, total_marks: 4 });
    expect(out.markscheme_evaluation.map((e) => [e.point_id, e.status, e.marks_awarded, e.note])).toEqual([
      ['m1', 'COVERED', 1, 'correct final answer: full marks'],
      ['m2', 'COVERED', 1, 'correct final answer: full marks'],
      ['a1', 'COVERED', 2, 'correct final answer: full marks'],
    ]);
  });

  it('a correct value implies the M marks of its calculation; where the question asks for working, no M, no A (kind, depends_on)', () => {
    const implied = ok(markBatchLine(JSON.stringify({ ...calc, final_answer_full_marks: undefined }), 1));
    expect(implied.marks_awarded).toBe(4);
    for (const i of [0, 1])
      expect(implied.markscheme_evaluation[i]).toMatchObject({ status: 'COVERED', marks_awarded: 1, note: 'implied by a correct value' });
    const showThat = { ...calc, question: `Show that the enthalpy change is about -1300 kJ mol-1. ${calc.question}` };
    const out = ok(markBatchLine(JSON.stringify({ ...showThat, final_answer_full_marks: undefined }), 1));
    expect(out.marks_awarded).toBe(0);
    expect(out.markscheme_evaluation[2]).toMatchObject({ status: 'NOT_COVERED', marks_awarded: 0, note: 'needs the method mark m2' });
  });

  it('carries an error forward (ecf) and says from which value', () => {
    const out = ok(
      markBatchLine(
        JSON.stringify({
          ...calc,
          final_answer_full_marks: false,
          mark_scheme: calc.mark_scheme.map((p) => (p.id === 'a1' ? { ...p, ecf_formula: 'm1 - m2' } : p)),
          answer: 'Bonds broken = 6494 kJ mol-1, bonds made = 7700 kJ mol-1, so ΔH = 6494 - 7700 = -1206 kJ mol-1',
        }),
        1,
      ),
    );
    expect(out.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 0, 2]);
    expect(out.markscheme_evaluation[2].note).toBe('ECF from your value of 7700 kJ mol-1');
    expect(out.marks_awarded).toBe(3);
  });

  it('caps a group at its max (group, groups)', () => {
    const out = ok(
      markBatchLine(
        JSON.stringify({
          ...enzyme,
          mark_scheme: [
            { id: 'p1', text: 'hydrogen bonds break', group: 'any2' },
            { id: 'p2', text: 'active site changes shape', group: 'any2' },
            { id: 'p3', text: 'substrate no longer fits the active site', group: 'any2' },
          ],
          groups: [{ id: 'any2', max: 2 }],
          total_marks: 2,
        }),
        1,
      ),
    );
    expect(out.marks_awarded).toBe(2);
    expect(out.total_marks).toBe(2);
    expect(out.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 1, 0]);
    expect(out.markscheme_evaluation.every((e) => e.note === 'max 2 from this group')).toBe(true);
  });

  it('marks by levels and reports the level reached (levels)', () => {
    const out = ok(
      markBatchLine(
        JSON.stringify({
          id: 'e1',
          question: 'Explain how the lungs are adapted for efficient gas exchange.',
          type: 'essay',
          mark_scheme: [
            { id: 'i1', text: 'alveoli give a large surface area' },
            { id: 'i2', text: 'the alveolar wall is one cell thick so the diffusion distance is short' },
            { id: 'i3', text: 'many capillaries around the alveoli' },
            { id: 'i4', text: 'ventilation keeps a steep concentration gradient' },
          ],
          levels: [
            { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Some features stated.' },
            { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Features explained and linked to diffusion.' },
          ],
          answer: 'The alveoli give a large surface area, and the alveolar wall is one cell thick so the diffusion distance is short.',
        }),
        1,
      ),
    );
    expect(out.total_marks).toBe(4);
    expect(out.level).toMatchObject({ level: 2, min_marks: 3, max_marks: 4, descriptor: 'Features explained and linked to diffusion.' });
    expect(out.marks_awarded).toBeGreaterThanOrEqual(3);
    expect(out.markscheme_evaluation[0].note).toBe('Level 2: 3-4 marks');
  });

  it('refuses a broken scheme, listing every problem with the id and line, and marks nothing', () => {
    const broken = {
      id: 'bad1',
      question: 'x',
      answer: 'anything',
      total_marks: 5,
      mark_scheme: [
        { id: 'a1', text: 'value', kind: 'A', depends_on: 'nope' },
        { id: 'b1', text: 'one', group: 'g' },
        { id: 'b2', text: 'two', group: 'g' },
      ],
      groups: [{ id: 'g', max: 3 }],
    };
    const out = markBatchLine(JSON.stringify(broken), 7);
    expect(out).toMatchObject({ id: 'bad1', line: 7 });
    if (!('error' in out)) throw new Error('a broken scheme was marked');
    expect(out.error).toMatch(/^line 7: /);
    expect(out.error).toContain('point a1 depends_on "nope", which is not an M point of this scheme');
    expect(out.error).toContain('group "g" has max 3, above its points\' 2 marks');
    expect(Object.keys(out).sort()).toEqual(['error', 'id', 'line']);

    const sums = markBatchLine(JSON.stringify({ ...enzyme, id: 'bad2', total_marks: 5 }), 2);
    expect('error' in sums && sums.error).toContain('marks (5) must equal the sum of the mark-scheme points (2)');

    const overlapping = markBatchLine(
      JSON.stringify({
        ...enzyme,
        id: 'bad3',
        total_marks: undefined,
        levels: [
          { level: 1, min_marks: 1, max_marks: 3, descriptor: 'a' },
          { level: 2, min_marks: 3, max_marks: 4, descriptor: 'b' },
        ],
      }),
      3,
    );
    expect('error' in overlapping && overlapping.error).toContain('levels 1 and 2 overlap');

    // field errors and structural problems together
    const both = markBatchLine(
      JSON.stringify({ ...broken, id: 'bad4', mark_scheme: [...broken.mark_scheme, { id: 'm9', text: 'x', kind: 'Q' }] }),
      4,
    );
    expect('error' in both && both.error).toContain('mark_scheme.3.kind');
    expect('error' in both && both.error).toContain('depends_on "nope"');
  });
});

describe('npm run mark', () => {
  it('reads a jsonl file and writes one result line per input line, going on past bad lines (the command exactly as documented)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'markwell-mark-'));
    const file = path.join(dir, 'answers.jsonl');
    writeFileSync(file, [JSON.stringify(enzyme), 'oops', '', JSON.stringify({ ...enzyme, id: 'q3', answer: '' })].join('\n') + '\n');
    const root = findRepoRoot();
    // `npm run mark -- answers.jsonl > marks.jsonl`: the project's .npmrc keeps npm's banner out of stdout
    const result = spawnSync('npm', ['run', 'mark', '--', file], { cwd: root, encoding: 'utf8', timeout: 90_000 });
    expect(result.status).toBe(0);
    expect(result.stdout.startsWith('{')).toBe(true);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ id: 'q1', marks_awarded: 2 });
    expect(lines[1]).toEqual({ id: null, line: 2, error: 'line 2: not valid JSON' });
    expect(lines[2]).toMatchObject({ id: 'q3', marks_awarded: 0 });
    expect(result.stderr).toContain('2 answers marked, 1 lines with errors');
  }, 60_000);
});
