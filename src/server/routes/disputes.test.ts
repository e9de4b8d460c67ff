import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dispute } from '../../shared/disputes';
import { DISPUTES_TEXT } from '../../shared/disputes-text';
import { markSchemePoints } from '../db/schema';
import type { Engine } from '../engine/engine';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { relevantSentence } from '../services/disputes';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Disputes through the API, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. The marker here is a
 * plain one, so what is tested is the disputes' rules: a point is covered when the answer contains its
 * text or one of its accepted wordings, exactly, which is what accepting a dispute changes.
 */
const builtin = createBuiltinEngine();
let engineFails = false;
const engine: Engine = {
  ...builtin,
  async evaluateAnswer({ question, answer }) {
    if (engineFails) throw new Error('engine down in this test');
    const said = answer.toLowerCase();
    const evaluation = question.markScheme.map((p) => {
      const covered = [p.text, ...p.accept].some((w) => said.includes(w.toLowerCase()));
      return {
        point_id: p.id,
        text: p.text,
        status: covered ? 'COVERED' : 'NOT_COVERED',
        justification: covered ? 'Your answer makes this point.' : 'Your answer does not make this point.',
        marks_awarded: covered ? p.marks : 0,
        marks: p.marks,
        kind: p.kind,
      };
    });
    return {
      marks_awarded: evaluation.reduce((n, p) => n + p.marks_awarded, 0),
      total_marks: question.totalMarks,
      qualitative_feedback: 'Marked.',
      markscheme_evaluation: evaluation,
      marked_by: 'the test marker',
    };
  },
};

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
type Q = { id: string; type: string };
type Point = { id: string; text: string };
let questions: Q[];

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: object, who = alice) => t.app.inject({ method: 'POST', url, payload, headers: who.headers });

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  const course = (await post('/api/courses/direct-create', { title: 'Biology practice', subject: 'Biology' })).json();
  questions = ((await get(`/api/question-papers/${course.paper.id}/questions`)).json() as Q[]).filter((q) => q.type !== 'multiple_choice');
  expect(questions.length).toBeGreaterThanOrEqual(4);
});
afterAll(async () => {
  await t.close();
});

/**
 * An answer that uses two of a point's words in a sentence of its own, not the point's wording, and is not
 * credited with it: the first question not used yet (the paper is drawn at random) with such a point.
 */
const used = new Set<string>();
async function markedWithOwnWording() {
  const plainWords = (text: string) =>
    text
      .split(/\s+/)
      .map((w) => w.replace(/[.,;:()]+$/, ''))
      .filter((w) => /^[a-z]{3,}$/i.test(w));
  for (const q of questions.filter((x) => !used.has(x.id))) {
    const scheme = (await get(`/api/questions/${q.id}/markscheme`)).json() as Point[];
    // Only points with words of their own to borrow (not one that is only a formula or a value).
    for (const point of scheme.filter((p) => plainWords(p.text).length >= 2)) {
      const sentence = `In my own words, ${plainWords(point.text).slice(0, 2).join(' ')} matters here.`;
      const answer = `Xylophones hum quietly. ${sentence}`;
      await post('/api/answers/save', { questionId: q.id, text: answer, submitted: true });
      const feedback = (await post('/api/answers/evaluate', { questionId: q.id, answer })).json();
      if (feedback.markscheme_evaluation.find((p: { point_id: string }) => p.point_id === point.id)?.status !== 'NOT_COVERED') continue;
      used.add(q.id);
      return { q, point, answer, sentence, feedback };
    }
  }
  throw new Error('no question left with a point that a sentence borrowing its words does not earn');
}
let firstQuestion: Q;

const disputesOf = async (who = alice) => (await get('/api/disputes', who)).json() as Dispute[];

describe('disputes', () => {
  it('"I disagree" keeps its response and also records a dispute, one open dispute per point', async () => {
    const { q, point, answer, feedback } = await markedWithOwnWording();
    firstQuestion = q;
    const res = await post('/api/feedback/disagree', { questionId: q.id, pointId: point.id, reason: 'I said it differently.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().disagreements).toEqual([{ point_id: point.id, reason: 'I said it differently.', at: expect.any(String) }]);
    let list = (await disputesOf()).filter((d) => d.questionId === q.id);
    expect(list).toEqual([
      expect.objectContaining({
        pointId: point.id,
        pointText: point.text,
        answerText: answer,
        reason: 'I said it differently.',
        status: 'open',
        canResolve: true,
        marksBefore: feedback.marks_awarded,
        marksAfter: null,
        outcomeComment: null,
        resolvedAt: null,
      }),
    ]);
    expect(list[0].questionText.length).toBeGreaterThan(0);
    await post('/api/feedback/disagree', { questionId: q.id, pointId: point.id, reason: 'Second thoughts.' });
    list = (await disputesOf()).filter((d) => d.questionId === q.id);
    expect(list).toHaveLength(1);
    expect(list[0].reason).toBe('Second thoughts.');
  });

  it('re-marking the same text keeps the disagreement; other text does not show it, and the dispute stays listed', async () => {
    const { q, point, answer } = await markedWithOwnWording();
    await post('/api/feedback/disagree', { questionId: q.id, pointId: point.id, reason: 'Kept?' });
    const again = (await post('/api/answers/evaluate', { questionId: q.id, answer })).json();
    expect(again.disagreements).toEqual([{ point_id: point.id, reason: 'Kept?', at: expect.any(String) }]);
    expect((await get(`/api/questions/${q.id}/feedback`)).json().disagreements).toHaveLength(1);
    const other = (await post('/api/answers/evaluate', { questionId: q.id, answer: 'A different answer altogether.' })).json();
    expect(other.disagreements).toEqual([]);
    expect((await disputesOf()).some((d) => d.questionId === q.id && d.reason === 'Kept?')).toBe(true);
    // Back to the disputed text: shown again.
    expect((await post('/api/answers/evaluate', { questionId: q.id, answer })).json().disagreements).toHaveLength(1);
  });

  it('accepting adds the answer’s sentence to the point’s accepted wordings, re-marks and stores the new feedback', async () => {
    const { q, point, sentence, feedback } = await markedWithOwnWording();
    await post('/api/feedback/disagree', { questionId: q.id, pointId: point.id, reason: 'That is the same idea.' });
    const [dispute] = (await disputesOf()).filter((d) => d.questionId === q.id);
    const res = await post(`/api/disputes/${dispute.id}/resolve`, { accept: true, comment: 'Fair: creditworthy.' });
    expect(res.statusCode).toBe(200);
    const resolved = res.json() as Dispute;
    expect(resolved).toMatchObject({
      status: 'accepted',
      acceptedWording: sentence,
      outcomeComment: 'Fair: creditworthy.',
      canResolve: false,
    });
    expect(resolved.resolvedAt).toEqual(expect.any(String));
    expect(resolved.marksAfter).toBeGreaterThan(feedback.marks_awarded);

    const [row] = await t.database.db
      .select()
      .from(markSchemePoints)
      .where(and(eq(markSchemePoints.questionId, q.id), eq(markSchemePoints.pointKey, point.id)));
    expect((row.details as { accept: string[] }).accept).toContain(sentence);

    const after = (await get(`/api/questions/${q.id}/feedback`)).json();
    expect(after.markscheme_evaluation.find((p: { point_id: string }) => p.point_id === point.id).status).toBe('COVERED');
    expect(after.marks_awarded).toBe(resolved.marksAfter);
    // The point was corrected: no "You disagreed" on it any more; the dispute shows its outcome.
    expect(after.disagreements).toEqual([]);
    expect((await disputesOf()).find((d) => d.id === dispute.id)).toMatchObject({ status: 'accepted', marksAfter: resolved.marksAfter });

    const twice = await post(`/api/disputes/${dispute.id}/resolve`, { accept: false });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DISPUTES_TEXT.alreadyResolved);
  });

  it('accepts the wording the resolver gives, and a failing engine leaves the dispute open and the scheme unchanged', async () => {
    const { q, point, answer } = await markedWithOwnWording();
    await post('/api/feedback/disagree', { questionId: q.id, pointId: point.id, reason: '' });
    const [dispute] = (await disputesOf()).filter((d) => d.questionId === q.id);
    const wording = answer.slice(0, 12);
    engineFails = true;
    try {
      const failed = await post(`/api/disputes/${dispute.id}/resolve`, { accept: true, wording });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      engineFails = false;
    }
    expect((await disputesOf()).find((d) => d.id === dispute.id)?.status).toBe('open');
    const accepted = (await post(`/api/disputes/${dispute.id}/resolve`, { accept: true, wording })).json() as Dispute;
    expect(accepted.acceptedWording).toBe(wording);
    const [row] = await t.database.db
      .select()
      .from(markSchemePoints)
      .where(and(eq(markSchemePoints.questionId, q.id), eq(markSchemePoints.pointKey, point.id)));
    expect((row.details as { accept: string[] }).accept.filter((a) => a === wording)).toHaveLength(1);
  });

  it('rejecting stores the comment, changes no scheme, and the disagreement stays with the marked text', async () => {
    const q = firstQuestion;
    const [dispute] = (await disputesOf()).filter((d) => d.questionId === q.id);
    const before = await t.database.db.select().from(markSchemePoints).where(eq(markSchemePoints.questionId, q.id));
    const res = await post(`/api/disputes/${dispute.id}/resolve`, { accept: false, comment: 'The point needs the idea of fit.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', outcomeComment: 'The point needs the idea of fit.', acceptedWording: null });
    expect(await t.database.db.select().from(markSchemePoints).where(eq(markSchemePoints.questionId, q.id))).toEqual(before);
    const again = (await post('/api/answers/evaluate', { questionId: q.id, answer: dispute.answerText })).json();
    expect(again.disagreements.map((d: { point_id: string }) => d.point_id)).toEqual([dispute.pointId]);
    // A new disagreement on the same point after a rejection is a new dispute.
    await post('/api/feedback/disagree', { questionId: q.id, pointId: dispute.pointId, reason: 'Please look again.' });
    expect((await disputesOf()).filter((d) => d.questionId === q.id).map((d) => d.status)).toEqual(['open', 'rejected']);
  });

  it("another user's dispute is not found and unchanged; their list is empty", async () => {
    const [dispute] = (await disputesOf()).filter((d) => d.status === 'open');
    const res = await post(`/api/disputes/${dispute.id}/resolve`, { accept: true, wording: 'hijack wording' }, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DISPUTES_TEXT.notFound);
    expect(await disputesOf(bob)).toEqual([]);
    expect((await disputesOf()).find((d) => d.id === dispute.id)?.status).toBe('open');
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000']) {
      const missing = await post(`/api/disputes/${id}/resolve`, { accept: false });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(DISPUTES_TEXT.notFound);
    }
  });

  it('bad input is a 400 with a message and changes nothing', async () => {
    const [dispute] = (await disputesOf()).filter((d) => d.status === 'open');
    for (const body of [{}, { accept: 'yes' }, { accept: true, wording: 'x'.repeat(501) }, { accept: false, comment: 'y'.repeat(1001) }]) {
      const res = await post(`/api/disputes/${dispute.id}/resolve`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(/accept must be true or false|under 500|under 1000/);
    }
    expect((await disputesOf()).find((d) => d.id === dispute.id)?.status).toBe('open');
    expect((await get('/api/disputes', { ...alice, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
  });
});

describe('relevantSentence', () => {
  it('picks the sentence sharing most words with the point', () => {
    expect(
      relevantSentence(
        'Enzymes are proteins. The active site fits the substrate exactly! Heat denatures.',
        'active site complementary to substrate',
      ),
    ).toBe('The active site fits the substrate exactly!');
    expect(relevantSentence('One line only', 'unrelated point')).toBe('One line only');
    expect(relevantSentence('   ', 'anything')).toBe('');
  });
});
