import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionImportResponseSchema } from '../../shared/question-import';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// Moodle fidelity through the API (issue 27 item 5): a Moodle XML file with every kind of question imported into a
// course, its shuffled options served in each student's own order, and its names written back on export.
const XML = readFileSync(path.join(import.meta.dirname, '../engine/builtin/bank/testing/every-kind.xml'), 'utf8');

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let paperId: string;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  const courseId = (
    await t.app.inject({ method: 'POST', url: '/api/courses/direct-create', headers: alice.headers, payload: { subject: 'Physics' } })
  ).json().id;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/import`,
    headers: alice.headers,
    payload: { fileName: 'electricity.xml', content: XML },
  });
  expect(res.statusCode).toBe(201);
  paperId = questionImportResponseSchema.parse(res.json()).paper!.id;
});
afterAll(async () => {
  await t.close();
});

type Served = { id: string; options: Record<string, string> | null; optionOrder?: string[]; totalMarks: number; needsScheme?: boolean };
const questionsOf = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/question-papers/${paperId}/questions`, headers: alice.headers })).json() as Served[];

describe('a Moodle XML file with every kind of question, through the API', () => {
  it('marks a single-answer question with two options at 100% right for either one, out of its one mark', async () => {
    const units = (await questionsOf())[1];
    const mark = async (answer: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/answers/evaluate',
          headers: alice.headers,
          payload: { questionId: units.id, answer },
        })
      ).json() as { marks_awarded: number; total_marks: number };
    expect(await mark('B')).toMatchObject({ marks_awarded: 1, total_marks: 1 });
    expect(await mark('A')).toMatchObject({ marks_awarded: 1, total_marks: 1 });
    expect(await mark('C')).toMatchObject({ marks_awarded: 0, total_marks: 1 });
  });

  it("serves a shuffled question's options in the student's own order, the same on every visit; the others in file order", async () => {
    const first = await questionsOf();
    const again = await questionsOf();
    const shuffled = first.filter((q) => q.optionOrder);
    expect(shuffled).toHaveLength(2);
    for (const q of shuffled) expect([...q.optionOrder!].sort()).toEqual(Object.keys(q.options!).sort());
    expect(again.map((q) => q.optionOrder)).toEqual(first.map((q) => q.optionOrder));
    expect(first.map((q) => q.totalMarks)).toEqual([1, 1, 2, 1, 1, 1, 3, 3, 4]);
    expect(first.at(-1)?.needsScheme).toBe(true);
  });

  it('exports every question under its own name, shuffling kept, and the GIFT export keeps the marks', async () => {
    const xml = await t.app.inject({ method: 'GET', url: `/api/question-papers/${paperId}/export?format=xml`, headers: alice.headers });
    expect(xml.statusCode).toBe(200);
    const names = [...xml.body.matchAll(/<name><text>([^<]*)<\/text><\/name>/g)].map((m) => m[1]);
    expect(names).toEqual([
      'Charge carrier in metals',
      'Units of charge',
      'Series circuit facts',
      'Insulators',
      'Symbol for resistance',
      'Current from charge',
      'Quantities and units',
      "Explain a lamp's resistance",
      'Safety of fuses',
    ]);
    expect(xml.body.match(/<shuffleanswers>true<\/shuffleanswers>/g)).toHaveLength(2);
    const gift = await t.app.inject({ method: 'GET', url: `/api/question-papers/${paperId}/export?format=gift`, headers: alice.headers });
    expect(gift.body).toContain('::Safety of fuses::');
    expect(gift.body).toContain('// marks: 4');
  });
});
