import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRepoRoot } from '../src/server/engine/builtin/bank/load-bank';
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
    expect(markBatchLine('{not json', 3)).toEqual({ id: null, error: 'line 3: not valid JSON' });
    // a line cut short still reports its id when it can be read
    expect(markBatchLine('{"id": "q9", "question": "Define osmosis.", "answer": "water mov', 8)).toEqual({
      id: 'q9',
      error: 'line 8: not valid JSON',
    });
    expect(markBatchLine('{"question": "x", "id": 12, "answer": ', 9)).toEqual({ id: 12, error: 'line 9: not valid JSON' });
    const noScheme = markBatchLine(JSON.stringify({ ...enzyme, id: 'q2', mark_scheme: [] }), 4);
    expect(noScheme).toMatchObject({ id: 'q2' });
    expect('error' in noScheme && noScheme.error).toMatch(/^line 4: mark_scheme/);
    const noAnswer = markBatchLine(JSON.stringify({ ...enzyme, id: 7, answer: undefined }), 5);
    expect('error' in noAnswer && noAnswer.error).toMatch(/answer/);
    expect(noAnswer.id).toBe(7);
    const twice = markBatchLine(JSON.stringify({ ...enzyme, mark_scheme: [enzyme.mark_scheme[0], enzyme.mark_scheme[0]] }), 6);
    expect('error' in twice && twice.error).toContain('"p1" is used twice');
  });

  it('takes the total from the points when total_marks is missing, and caps marks at the total', () => {
    const out = markBatchLine(JSON.stringify({ ...enzyme, total_marks: undefined }), 1);
    expect(out).toMatchObject({ total_marks: 2, marks_awarded: 2 });
    const capped = markBatchLine(JSON.stringify({ ...enzyme, total_marks: 1 }), 1);
    expect(capped).toMatchObject({ total_marks: 1, marks_awarded: 1 });
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
    expect(lines[1]).toEqual({ id: null, error: 'line 2: not valid JSON' });
    expect(lines[2]).toMatchObject({ id: 'q3', marks_awarded: 0 });
    expect(result.stderr).toContain('2 answers marked, 1 lines with errors');
  }, 60_000);
});
