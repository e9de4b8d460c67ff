import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markPointSchema, type MarkPointInput } from '../../../shared/mark-scheme';
import type { QuestionForMarking } from '../engine';
import { createLlmEngine } from './create-llm-engine';
import { createFakeFallbackEngine } from './testing/fake-fallback-engine';
import { messageText, requestedSchema, startFakeLlmServer, type FakeLlmServer } from './testing/fake-llm-server';

/** The LLM marker with an examiner's scheme: the prompt carries it, and the model's marks are held to it. */

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function setup() {
  const fallback = createFakeFallbackEngine();
  const engine = createLlmEngine({
    config: { provider: 'openai-compatible', model: 'fake-llama', baseURL: server.baseURL, timeoutMs: 2000 },
    fallback,
    maxRetries: 0,
  });
  return { engine, fallback };
}

const point = (input: MarkPointInput) => markPointSchema.parse(input);
type Said = [id: string, status: string, marks: number | null];
const reply = (points: Said[], level: { level: number; marks: number } | null = null) =>
  server.respond({
    content: JSON.stringify({
      points: points.map(([point_id, status, marks_awarded]) => ({ point_id, status, marks_awarded, justification: `decided ${status}` })),
      level,
      qualitative_feedback: 'Feedback.',
    }),
  });

const titration: QuestionForMarking = {
  text: '<p>25.0 cm³ of 0.100 mol dm⁻³ NaOH neutralises 20.0 cm³ of HCl. Calculate the concentration of the acid and explain why an indicator is needed.</p>',
  type: 'short_answer',
  totalMarks: 5,
  subject: 'Chemistry',
  markScheme: [
    point({ id: 'm1', text: 'moles NaOH = 0.0250 × 0.100 = 2.50 × 10⁻³ mol', kind: 'M' }),
    point({ id: 'a1', text: 'uses the 1:1 ratio: moles HCl = 2.50 × 10⁻³ mol', kind: 'A', depends_on: 'm1', ecf: true }),
    point({ id: 'b1', text: 'the indicator changes colour at the end point', group: 'why' }),
    point({ id: 'b2', text: 'the solutions are colourless', group: 'why' }),
    point({ id: 'b3', text: 'shows when the acid is just neutralised', group: 'why', marks: 2 }),
  ],
  schemeRules: { groups: [{ id: 'why', max: 2 }] },
};

const enthalpy: QuestionForMarking = {
  text: '<p>Calculate the enthalpy change of combustion of propane.</p>',
  type: 'short_answer',
  totalMarks: 3,
  markScheme: [
    point({ id: 'm1', text: 'bonds broken minus bonds made', kind: 'M' }),
    point({ id: 'm2', text: 'correct bond enthalpy values for C–H and O=O', kind: 'M' }),
    point({ id: 'a1', text: 'ΔH = −2220 kJ mol⁻¹', kind: 'A', depends_on: 'm1', numeric: { value: -2220, unit: 'kJ mol^-1' } }),
  ],
  schemeRules: { final_answer_full_marks: true },
};

const essay: QuestionForMarking = {
  text: '<p>Evaluate the use of mean bond enthalpies.</p>',
  type: 'essay',
  totalMarks: 6,
  markScheme: [
    point({ id: 'p1', text: 'mean values are averages over many compounds' }),
    point({ id: 'p2', text: 'the real value depends on the molecule' }),
    point({ id: 'p3', text: 'data assume gaseous species' }),
  ],
  schemeRules: {
    levels: [
      { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Simple statements' },
      { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Linked reasoning about one limitation' },
      { level: 3, min_marks: 5, max_marks: 6, descriptor: 'A balanced evaluation with a conclusion' },
    ],
  },
};

describe('the marking prompt carries the scheme', () => {
  it('gives marks, M/A/B, dependencies, ECF, group caps, the final-answer rule and levels with descriptors', async () => {
    const { engine } = setup();
    reply([
      ['m1', 'COVERED', 1],
      ['a1', 'COVERED', 1],
      ['b1', 'COVERED', 1],
      ['b2', 'NOT_COVERED', 0],
      ['b3', 'NOT_COVERED', 0],
    ]);
    await engine.evaluateAnswer({ question: titration, answer: 'moles = 2.5e-3, so [HCl] = 0.125' });
    const system = messageText(server.requests[0], 'system');
    expect(system).toContain('id "m1" (M, 1 mark): moles NaOH');
    expect(system).toContain('id "a1" (A, 1 mark): uses the 1:1 ratio');
    expect(system).toContain('accuracy mark: earned only if the method mark "m1" is earned');
    expect(system).toContain("ECF allowed: credit a value or conclusion that follows correctly from the student's own earlier wrong value");
    expect(system).toContain('id "b3" (B, 2 marks)');
    expect(system).toContain('in group "why": at most 2 marks from this group\'s points');
    expect(system).toContain('group "why" gives at most 2 marks');
    expect(system).toContain('M is a method mark');
    const schema = requestedSchema(server.requests[0]) as { required: string[] };
    expect(schema.required).toEqual(['points', 'level', 'qualitative_feedback']);

    reply([['m1', 'COVERED', 1]]);
    await engine.evaluateAnswer({ question: enthalpy, answer: 'broken − made = −2220' });
    const calc = messageText(server.requests[1], 'system');
    expect(calc).toContain('Final-answer rule: a correct final value earns every mark of the question');
    expect(calc).not.toContain('id "a1"'); // the value is the built-in marker's to check

    reply([['p1', 'COVERED', null]], { level: 1, marks: 2 });
    await engine.evaluateAnswer({ question: essay, answer: 'They are averages.' });
    const levels = messageText(server.requests[2], 'system');
    expect(levels).toContain('marked by levels of response. The points above are indicative content');
    expect(levels).toContain('Level 2 (3-4 marks): Linked reasoning about one limitation');
    expect(levels).toContain('Level 3 (5-6 marks): A balanced evaluation with a conclusion');
  });
});

describe('the model’s marks are held to the scheme', () => {
  it('gives a dependent method mark (dM1) nothing without the method mark it depends on, and its A mark falls with it', async () => {
    const { engine } = setup();
    const quadratic: QuestionForMarking = {
      text: '<p>Find where the line y = x + 1 meets the circle x² + y² = 13.</p>',
      type: 'short_answer',
      totalMarks: 3,
      subject: 'Mathematics',
      markScheme: [
        point({ id: 'm1', text: 'substitutes y = x + 1 into the circle: x² + (x + 1)² = 13', kind: 'M' }),
        point({ id: 'm2', text: 'solves their quadratic', kind: 'M', depends_on: 'm1' }),
        point({ id: 'a1', text: 'the points (2, 3) and (-3, -2)', kind: 'A', depends_on: 'm2' }),
      ],
    };
    reply([
      ['m1', 'NOT_COVERED', 0],
      ['m2', 'COVERED', 1],
      ['a1', 'COVERED', 1],
    ]);
    const feedback = await engine.evaluateAnswer({ question: quadratic, answer: 'x² + x - 6 = 0 so x = 2 or x = -3: (2, 3) and (-3, -2)' });
    const byId = Object.fromEntries(feedback.markscheme_evaluation.map((e) => [e.point_id, e]));
    expect(byId.m2).toMatchObject({ marks_awarded: 0, note: 'Needs the method mark m1 first' });
    expect(byId.a1).toMatchObject({ marks_awarded: 0, note: 'Needs the method mark m2 first' });
    expect(feedback.marks_awarded).toBe(0);

    reply([
      ['m1', 'COVERED', 1],
      ['m2', 'COVERED', 1],
      ['a1', 'NOT_COVERED', 0],
    ]);
    const withM1 = await engine.evaluateAnswer({ question: quadratic, answer: 'x² + (x + 1)² = 13, 2x² + 2x - 12 = 0, x = 2 or -3' });
    expect(withM1.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 1, 0]);
  });

  it('clamps each point to its marks, gives an A point nothing without its M, caps groups and recomputes the total', async () => {
    const { engine } = setup();
    reply([
      ['m1', 'NOT_COVERED', 1], // marks on a point it says is not covered: none
      ['a1', 'COVERED', 5], // above its 1 mark, and its M point was not earned
      ['b1', 'COVERED', 1],
      ['b2', 'COVERED', 1],
      ['b3', 'COVERED', 9], // above its 2 marks; the group caps it anyway
    ]);
    const feedback = await engine.evaluateAnswer({ question: titration, answer: 'HCl is 0.125 mol dm-3; the indicator changes colour.' });
    const byId = Object.fromEntries(feedback.markscheme_evaluation.map((e) => [e.point_id, e]));
    expect(byId.m1).toMatchObject({ status: 'NOT_COVERED', marks_awarded: 0, marks: 1, kind: 'M' });
    expect(byId.a1).toMatchObject({ status: 'COVERED', marks_awarded: 0, marks: 1, note: 'Needs the method mark m1 first' });
    expect(byId.b1).toMatchObject({ marks_awarded: 1, note: 'max 2 from this group' });
    expect(byId.b2).toMatchObject({ marks_awarded: 1, note: 'max 2 from this group' });
    expect(byId.b3).toMatchObject({ marks_awarded: 0, marks: 2, note: 'max 2 from this group' });
    expect(feedback.marks_awarded).toBe(2);
    expect(feedback.total_marks).toBe(5);
  });

  it('keeps partial marks on a multi-mark point and awards an A point with its M', async () => {
    const { engine } = setup();
    reply([
      ['m1', 'COVERED', 1],
      ['a1', 'COVERED', 1],
      ['b1', 'NOT_COVERED', 0],
      ['b2', 'CONTRADICTED', 1],
      ['b3', 'COVERED', 1],
    ]);
    const feedback = await engine.evaluateAnswer({
      question: titration,
      answer: 'moles = 2.50e-3; 1:1 so 2.50e-3 mol HCl; shows neutralisation',
    });
    expect(feedback.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 1, 0, 0, 1]);
    expect(feedback.marks_awarded).toBe(3);
  });

  it('applies the final-answer rule on the built-in marker’s verdict, whatever the model says of the working', async () => {
    const { engine, fallback } = setup();
    reply([
      ['m1', 'NOT_COVERED', 0],
      ['m2', 'NOT_COVERED', 0],
    ]);
    const feedback = await engine.evaluateAnswer({ question: enthalpy, answer: '-2220 kJ/mol' });
    expect(fallback.calls.map((c) => c.method)).toEqual(['evaluateAnswer']);
    expect(feedback.marks_awarded).toBe(3);
    expect(feedback.markscheme_evaluation.map((e) => [e.point_id, e.marks_awarded])).toEqual([
      ['m1', 1],
      ['m2', 1],
      ['a1', 1],
    ]);
    expect(feedback.markscheme_evaluation[0].note).toBe('Full marks for the correct final answer');
    expect(feedback.qualitative_feedback).toContain('The final answer is correct, which earns every mark.');

    // A wrong final value: the working keeps what it earns, and the A point needs its M.
    reply([
      ['m1', 'COVERED', 1],
      ['m2', 'NOT_COVERED', 0],
    ]);
    const wrong = await engine.evaluateAnswer({ question: enthalpy, answer: 'broken − made = −2000 kJ/mol' });
    expect(wrong.marks_awarded).toBe(1);
    expect(wrong.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 0, 0]);
  });

  it('applies the final-answer rule on the model’s verdict only when the built-in marker could not check the value', async () => {
    const { engine, fallback } = setup();
    fallback.failing.add('evaluateAnswer');
    reply([
      ['m1', 'NOT_COVERED', 0],
      ['m2', 'NOT_COVERED', 0],
      ['a1', 'COVERED', 1],
    ]);
    const feedback = await engine.evaluateAnswer({ question: enthalpy, answer: '-2220 kJ/mol' });
    expect(messageText(server.requests.at(-1)!, 'system')).toContain(
      'Final-answer rule: a correct final value (point "a1") earns every mark',
    );
    expect(feedback.marks_awarded).toBe(3);
    expect(feedback.marked_by).toBe('fake-llama (OpenAI-compatible)');
  });

  it('holds a level to its range, and reads a level the scheme lacks from the indicative content covered', async () => {
    const { engine } = setup();
    const three: Said[] = [
      ['p1', 'COVERED', null],
      ['p2', 'COVERED', null],
      ['p3', 'NOT_COVERED', null],
    ];
    reply(three, { level: 2, marks: 9 });
    const high = await engine.evaluateAnswer({ question: essay, answer: 'Averages, and they depend on the molecule.' });
    expect(high.marks_awarded).toBe(4);
    expect(high.level).toEqual({ level: 2, min_marks: 3, max_marks: 4, descriptor: 'Linked reasoning about one limitation' });
    expect(high.markscheme_evaluation.every((e) => e.marks_awarded === 0 && e.marks === 0)).toBe(true);
    expect(high.qualitative_feedback).toContain('Level 2 (3-4 marks): Linked reasoning about one limitation.');

    reply(three, { level: 2, marks: 0 });
    expect((await engine.evaluateAnswer({ question: essay, answer: 'Averages; depends on the molecule.' })).marks_awarded).toBe(3);

    reply(three, { level: 7, marks: 12 }); // no level 7: two of three points covered, 4 of 6 marks, level 2
    const derived = await engine.evaluateAnswer({ question: essay, answer: 'Averages; depends on the molecule.' });
    expect(derived).toMatchObject({ marks_awarded: 4, level: { level: 2 } });

    reply(three, { level: 0, marks: 5 });
    const none = await engine.evaluateAnswer({ question: essay, answer: 'Bonds.' });
    expect(none).toMatchObject({ marks_awarded: 0, level: { level: 0, max_marks: 0 } });
  });
});
