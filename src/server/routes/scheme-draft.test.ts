import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSchemeViewSchema, schemeDraftSchema } from '../../shared/mark-scheme-view';
import { WRITE_SCHEME_TEXT } from '../../shared/mark-scheme-view-text';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { questionImportResponseSchema } from '../../shared/question-import';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { createLlmEngine } from '../engine/llm/create-llm-engine';
import { messageText, startFakeLlmServer, type FakeLlmServer } from '../engine/llm/testing/fake-llm-server';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// POST /api/questions/{id}/markscheme/draft (issue 18): the school's AI provider drafts a mark scheme for an essay
// imported without one; nothing is saved until the owner saves the (edited) draft with the PUT. The provider is a
// fake OpenAI-compatible server on 127.0.0.1. PGlite here; the PostgreSQL pass runs this file again.
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/Physics/Energy</text></category></question>
  <question type="essay">
    <name><text>Renewables</text></name>
    <questiontext format="html"><text><![CDATA[<p>Evaluate the use of renewable energy sources for generating electricity.</p>]]></text></questiontext>
    <defaultgrade>6</defaultgrade>
    <responseformat>editor</responseformat>
  </question>
</quiz>
`;

const DRAFT = {
  points: [
    { text: 'renewables emit little carbon dioxide when generating', marks: 1, accept: ['low carbon'], reject: [] },
    { text: 'wind and solar supply is intermittent', marks: 1, accept: [], reject: ['always available'] },
    { text: 'storage or backup capacity is needed', marks: 1, accept: [], reject: [] },
  ],
  levels: [
    { level: 1, min_marks: 1, max_marks: 2, descriptor: 'states one or two relevant points' },
    { level: 2, min_marks: 3, max_marks: 4, descriptor: 'explains advantages and disadvantages' },
    { level: 3, min_marks: 5, max_marks: 6, descriptor: 'a balanced evaluation reaching a justified conclusion' },
  ],
};

let server: FakeLlmServer;
let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let essayId: string;
let paperId: string;

const inject = (app: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, who: typeof alice, payload?: object) =>
  app.app.inject({ method, url, headers: who.headers, ...(payload && { payload }) });
const draftUrl = () => `/api/questions/${essayId}/markscheme/draft`;

/** A course of `who`'s own with the essay imported into it; the essay's id and its paper's. */
async function importEssay(app: TestApp, who: typeof alice) {
  const courseId = (await inject(app, 'POST', '/api/courses/direct-create', who, { subject: 'Physics' })).json().id;
  const res = await inject(app, 'POST', `/api/courses/${courseId}/import`, who, { fileName: 'energy.xml', content: XML });
  expect(res.statusCode).toBe(201);
  const imported = questionImportResponseSchema.parse(res.json());
  expect(imported.report.imported.map((q) => [q.type, q.marks, q.needsScheme])).toEqual([['essay', 6, true]]);
  const questions = (await inject(app, 'GET', `/api/question-papers/${imported.paper!.id}/questions`, who)).json();
  return { questionId: questions[0].id as string, paperId: imported.paper!.id };
}

async function stillNeedsScheme() {
  const questions = (await inject(t, 'GET', `/api/question-papers/${paperId}/questions`, alice)).json();
  expect(questions[0]).toMatchObject({ needsScheme: true, totalMarks: 6 });
  expect((await inject(t, 'GET', `/api/questions/${essayId}/markscheme`, alice)).json()).toEqual([]);
}

beforeAll(async () => {
  server = await startFakeLlmServer({ status: 500, message: 'no reply set' });
  const engine = createLlmEngine({
    config: { provider: 'openai-compatible', model: 'fake-examiner', baseURL: server.baseURL, timeoutMs: 5000 },
    fallback: createBuiltinEngine(),
    maxRetries: 0,
    onFallback: () => undefined,
  });
  t = await buildTestApp({}, engine);
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  ({ questionId: essayId, paperId } = await importEssay(t, alice));
}, 300_000);
afterAll(async () => {
  await t.close();
  await server.close();
});

describe('drafting a mark scheme with the school’s AI provider', () => {
  it('gives the owner a draft in the form’s own format, worth the question’s marks, and saves nothing', async () => {
    server.respond({ content: JSON.stringify(DRAFT) });
    const res = await inject(t, 'POST', draftUrl(), alice);
    expect(res.statusCode).toBe(200);
    const draft = schemeDraftSchema.parse(res.json());
    expect(draft).toEqual({
      text: [
        'renewables emit little carbon dioxide when generating [1]',
        'accept: low carbon',
        'wind and solar supply is intermittent [1]',
        'reject: always available',
        'storage or backup capacity is needed [1]',
        'Level 1 (1-2 marks): states one or two relevant points',
        'Level 2 (3-4 marks): explains advantages and disadvantages',
        'Level 3 (5-6 marks): a balanced evaluation reaching a justified conclusion',
      ].join('\n'),
      totalMarks: 6,
      draftedBy: 'fake-examiner (OpenAI-compatible)',
    });
    // the model was told the question (delimited), its subject and the marks the scheme must give
    const request = server.requests.at(-1)!;
    expect(messageText(request, 'user')).toContain('<question>\nEvaluate the use of renewable energy sources');
    expect(messageText(request, 'user')).toContain('Subject: Physics');
    expect(messageText(request, 'system')).toContain('worth exactly 6 marks');
    await stillNeedsScheme();
  });

  it('saves the draft the owner edited and confirmed through the PUT, after which the essay is marked', async () => {
    server.respond({ content: JSON.stringify(DRAFT) });
    const { text } = schemeDraftSchema.parse((await inject(t, 'POST', draftUrl(), alice)).json());
    const edited = text.replace('storage or backup capacity is needed', 'storage, backup or interconnectors are needed');
    const saved = await inject(t, 'PUT', `/api/questions/${essayId}/markscheme`, alice, { text: edited });
    expect(saved.statusCode).toBe(200);
    const scheme = markSchemeViewSchema.parse(saved.json());
    expect(scheme.total_marks).toBe(6);
    expect(scheme.points.map((p) => p.text)).toEqual([
      'renewables emit little carbon dioxide when generating',
      'wind and solar supply is intermittent',
      'storage, backup or interconnectors are needed',
    ]);
    expect(scheme.levels.map((l) => [l.level, l.min_marks, l.max_marks])).toEqual([
      [1, 1, 2],
      [2, 3, 4],
      [3, 5, 6],
    ]);
    const questions = (await inject(t, 'GET', `/api/question-papers/${paperId}/questions`, alice)).json();
    expect(questions[0].needsScheme).toBeUndefined();
    expect(questions[0].totalMarks).toBe(6);
  });
});

describe('a draft that cannot be used, and callers who may not draft', () => {
  let second: { questionId: string; paperId: string };
  beforeAll(async () => {
    second = await importEssay(t, alice);
    essayId = second.questionId;
    paperId = second.paperId;
  });

  it('refuses a draft whose marks do not add up to the question’s: a clear 503, nothing saved', async () => {
    server.respond({ content: JSON.stringify({ points: DRAFT.points, levels: null }) });
    const res = await inject(t, 'POST', draftUrl(), alice);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'The mark scheme fake-examiner drafted cannot be used: it is worth 3 marks, but the question is worth 6. Nothing was saved: try again, or write the scheme yourself.',
    );
    await stillNeedsScheme();
  });

  it('says the provider could not draft when it fails, and saves nothing', async () => {
    server.respond({ status: 500, message: 'The model is down' });
    const res = await inject(t, 'POST', draftUrl(), alice);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'fake-examiner could not draft a mark scheme just now. Nothing was saved: try again, or write the scheme yourself.',
    );
    await stillNeedsScheme();
  });

  it('is 404 for another user, who never reaches the provider, and 401 without a session', async () => {
    server.respond({ content: JSON.stringify(DRAFT) });
    const before = server.requests.length;
    const other = await inject(t, 'POST', draftUrl(), bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PRACTICE_TEXT.questionNotFound);
    const missing = await inject(t, 'POST', '/api/questions/00000000-0000-4000-8000-000000000000/markscheme/draft', alice);
    expect(missing.statusCode).toBe(404);
    expect(server.requests.length).toBe(before);
    expect((await t.app.inject({ method: 'POST', url: draftUrl() })).statusCode).toBe(401);
    await stillNeedsScheme();
  });
});

describe('drafting without an AI provider (the built-in engine)', () => {
  let offline: TestApp;
  let carol: Awaited<ReturnType<typeof signUp>>;
  let dave: Awaited<ReturnType<typeof signUp>>;
  let questionId: string;
  beforeAll(async () => {
    offline = await buildTestApp();
    carol = await signUp(offline.app);
    dave = await signUp(offline.app);
    ({ questionId } = await importEssay(offline, carol));
  }, 300_000);
  afterAll(async () => offline.close());

  it('tells the owner, in a teacher’s words, that drafting needs the school’s AI provider (422), and others 404', async () => {
    const res = await inject(offline, 'POST', `/api/questions/${questionId}/markscheme/draft`, carol);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(WRITE_SCHEME_TEXT.draftOffline);
    expect(res.json().message).not.toMatch(/AI_PROVIDER|env|config/i);
    const other = await inject(offline, 'POST', `/api/questions/${questionId}/markscheme/draft`, dave);
    expect(other.statusCode).toBe(404);
  });
});
