import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSchemeViewSchema, markSchemePointViewSchema } from '../../shared/mark-scheme-view';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { markPointSchema, type MarkPointInput } from '../../shared/mark-scheme';
import type { Engine, GeneratedPaper, QuestionForMarking } from '../engine/engine';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { storePaper } from '../services/papers';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// A structured scheme stored through the same path as a generated paper, read back through the API
// (PGlite here; the PostgreSQL pass runs this file again with TEST_DATABASE_URL).
const seen: QuestionForMarking[] = [];
const builtin = createBuiltinEngine();
const engine: Engine = {
  ...builtin,
  evaluateAnswer: async (input) => {
    seen.push(input.question);
    return builtin.evaluateAnswer(input);
  },
};

const points = (list: MarkPointInput[]) => list.map((p) => markPointSchema.parse(p));
const paper: GeneratedPaper = {
  title: 'Structured schemes',
  description: 'Schemes with every rule',
  topic: 'energetics',
  difficultyLevel: 'medium',
  generatedBy: 'test',
  questions: [
    {
      text: '<p>Calculate the enthalpy change.</p>',
      type: 'short_answer',
      totalMarks: 3,
      hints: [],
      markScheme: points([
        { id: 'm1', text: 'q = mcΔT = 50 × 4.18 × 6.0', kind: 'M', accept: ['1254'] },
        { id: 'a1', text: 'ΔH = −50.2 kJ mol⁻¹', kind: 'A', depends_on: 'm1', ecf: true, numeric: { value: -50.2, unit: 'kJ mol^-1' } },
        { id: 'b1', text: 'negative sign: the reaction is exothermic', kind: 'B' },
      ]),
      schemeRules: { final_answer_full_marks: true },
    },
    {
      text: '<p>Give two properties of enzymes.</p>',
      type: 'short_answer',
      totalMarks: 2,
      hints: [],
      markScheme: points([
        { id: 'p1', text: 'proteins', group: 'g1' },
        { id: 'p2', text: 'specific to one substrate', group: 'g1' },
        { id: 'p3', text: 'lower activation energy', group: 'g1' },
      ]),
      schemeRules: { groups: [{ id: 'g1', max: 2 }] },
    },
    {
      text: '<p>Evaluate the use of renewable energy.</p>',
      type: 'essay',
      totalMarks: 6,
      hints: [],
      markScheme: points([
        { id: 'p1', text: 'renewables produce little CO2 in use' },
        { id: 'p2', text: 'intermittent supply needs storage' },
      ]),
      schemeRules: {
        levels: [
          { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Simple statements' },
          { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Some linked reasoning' },
          { level: 3, min_marks: 5, max_marks: 6, descriptor: 'A sustained, balanced evaluation' },
        ],
      },
    },
    {
      text: '<p>State Ohm’s law.</p>',
      type: 'short_answer',
      totalMarks: 1,
      hints: [],
      markScheme: points([{ id: 'p1', text: 'current is proportional to potential difference' }]),
      schemeRules: {},
    },
  ],
};

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let ids: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, engine);
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  const course = (
    await t.app.inject({ method: 'POST', url: '/api/courses/direct-create', headers: alice.headers, payload: { subject: 'Chemistry' } })
  ).json();
  const row = await t.database.db.transaction((tx) => storePaper(tx, alice.user.id, course.id, paper));
  const qs = (await t.app.inject({ method: 'GET', url: `/api/question-papers/${row.id}/questions`, headers: alice.headers })).json();
  ids = qs.map((q: { id: string }) => q.id);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });

describe('GET /api/questions/{id}/markscheme', () => {
  it('returns the spec’s array of points, now with marks, kind and the fields each point sets', async () => {
    const res = await get(`/api/questions/${ids[0]}/markscheme`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toEqual([
      { id: 'm1', text: 'q = mcΔT = 50 × 4.18 × 6.0', marks: 1, kind: 'M' },
      { id: 'a1', text: 'ΔH = −50.2 kJ mol⁻¹', marks: 1, kind: 'A', depends_on: 'm1', ecf: true },
      { id: 'b1', text: 'negative sign: the reaction is exothermic', marks: 1, kind: 'B' },
    ]);
    for (const p of body) expect(markSchemePointViewSchema.strict().safeParse(p).success).toBe(true);
    // Accepted wordings and numeric targets would give the answer away: they stay on the server.
    expect(res.body).not.toContain('1254');
    expect(res.body).not.toContain('numeric');
    const grouped = (await get(`/api/questions/${ids[1]}/markscheme`)).json();
    expect(grouped.map((p: { group?: string }) => p.group)).toEqual(['g1', 'g1', 'g1']);
  });

  it('with ?format=scheme returns the points and the rules: groups, final-answer rule, levels, total', async () => {
    const calc = (await get(`/api/questions/${ids[0]}/markscheme?format=scheme`)).json();
    expect(markSchemeViewSchema.parse(calc)).toEqual(calc);
    expect(calc).toMatchObject({ groups: [], final_answer_full_marks: true, levels: [], total_marks: 3 });
    expect(calc.points.map((p: { id: string }) => p.id)).toEqual(['m1', 'a1', 'b1']);

    const grouped = (await get(`/api/questions/${ids[1]}/markscheme?format=scheme`)).json();
    expect(grouped).toMatchObject({ groups: [{ id: 'g1', max: 2 }], final_answer_full_marks: false, levels: [], total_marks: 2 });

    const essay = (await get(`/api/questions/${ids[2]}/markscheme?format=scheme`)).json();
    expect(essay.levels).toEqual(paper.questions[2].schemeRules!.levels);
    expect(essay.total_marks).toBe(6);

    const plain = (await get(`/api/questions/${ids[3]}/markscheme?format=scheme`)).json();
    expect(plain).toEqual({
      points: [{ id: 'p1', text: 'current is proportional to potential difference', marks: 1, kind: 'B' }],
      groups: [],
      final_answer_full_marks: false,
      levels: [],
      total_marks: 1,
    });
    expect((await get(`/api/questions/${ids[3]}/markscheme?format=points`)).json()).toEqual(plain.points);
  });

  it('refuses an unknown format with a clear 400', async () => {
    const res = await get(`/api/questions/${ids[0]}/markscheme?format=xml`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('format must be points or scheme');
  });

  it('is the owner’s only: another student gets 404 in either format', async () => {
    for (const url of [`/api/questions/${ids[0]}/markscheme`, `/api/questions/${ids[2]}/markscheme?format=scheme`]) {
      const res = await get(url, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PRACTICE_TEXT.questionNotFound);
    }
  });
});

describe('the marker is given the stored rules', () => {
  it('passes schemeRules with the points to the engine', async () => {
    seen.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/answers/evaluate',
      headers: alice.headers,
      payload: { questionId: ids[2], answer: 'Renewables emit little CO2 but their supply is intermittent.' },
    });
    expect(res.statusCode).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].schemeRules).toEqual({ levels: paper.questions[2].schemeRules!.levels });
    expect(seen[0].markScheme.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('stores nothing for a scheme without rules', async () => {
    seen.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/answers/evaluate',
      headers: alice.headers,
      payload: { questionId: ids[3], answer: 'V = IR' },
    });
    expect(seen[0].schemeRules).toEqual({});
  });
});
