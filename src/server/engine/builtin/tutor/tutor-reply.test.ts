import { beforeAll, describe, expect, it } from 'vitest';
import { markPointSchema, type Feedback, type MarkPointInput } from '../../../../shared/mark-scheme';
import { tutorGreeting } from '../../../services/subject-guess';
import type { QuestionForMarking, TutorTurn } from '../../engine';
import { warmUpMarker } from '../marker/mark-answer';
import { judgeAttempt } from './judge';
import { builtinTutorReply } from './tutor-reply';

// The tutor's judge is the marker: load its model once, before the first conversation.
beforeAll(() => warmUpMarker(), 180_000);

/** Small original A-Level-style questions. */
const points = (inputs: MarkPointInput[]) => inputs.map((p) => markPointSchema.parse(p));

const enzyme: QuestionForMarking = {
  text: '<p>Explain why an enzyme only catalyses one type of reaction, and why heating it to 70 °C stops it working.</p>',
  type: 'short_answer',
  totalMarks: 3,
  markScheme: points([
    {
      id: 'c1',
      text: 'active site has a specific shape that is complementary to the substrate',
      accept: ['substrate fits the active site'],
    },
    { id: 'c2', text: 'enzyme-substrate complexes form', accept: ['ES complex'], required: ['complex'] },
    {
      id: 'c3',
      text: 'high temperature breaks hydrogen bonds so the enzyme is denatured and the active site changes shape',
      accept: ['denatured', 'denatures'],
      reject: ['enzyme is killed'],
    },
  ]),
  modelAnswer:
    '<p>The active site has a specific shape complementary to only one substrate, so only that substrate binds and enzyme-substrate complexes form. At 70 °C hydrogen bonds break, the enzyme denatures and the active site changes shape.</p>',
  hints: [
    '<p>Think about the shape of the active site and what has to fit into it.</p>',
    '<p>What has to form between the enzyme and its substrate before the reaction happens?</p>',
    '<p>What happens to the bonds holding the tertiary structure together when it gets hot?</p>',
  ],
  subject: 'Biology',
};

const enzymeFeedback: Feedback = {
  marks_awarded: 1,
  total_marks: 3,
  qualitative_feedback: '<p>One point covered.</p>',
  markscheme_evaluation: [
    { point_id: 'c1', text: enzyme.markScheme[0].text, status: 'NOT_COVERED', justification: 'No mention of the active site.' },
    { point_id: 'c2', text: enzyme.markScheme[1].text, status: 'COVERED', justification: 'Complexes mentioned.' },
    { point_id: 'c3', text: enzyme.markScheme[2].text, status: 'CONTRADICTED', justification: 'Says the enzyme is killed.' },
  ],
};

const water: QuestionForMarking = {
  text: '<p>Explain why water, H<sub>2</sub>O, has a much higher boiling point than hydrogen sulfide, H<sub>2</sub>S.</p>',
  type: 'short_answer',
  totalMarks: 3,
  markScheme: points([
    {
      id: 'b1',
      text: 'hydrogen bonds form between water molecules',
      reject: ['covalent bonds break'],
      required: ['hydrogen bond|hydrogen bonding|h-bond'],
    },
    { id: 'b2', text: 'H2S has only weaker dipole-dipole and London forces', accept: ['van der Waals forces in H2S'] },
    { id: 'b3', text: 'more energy is needed to overcome the stronger intermolecular forces in water' },
  ]),
  modelAnswer:
    '<p>Oxygen is much more electronegative than sulfur, so water molecules form hydrogen bonds with each other; H<sub>2</sub>S only has weaker dipole-dipole and London forces. More energy is needed to overcome the stronger forces, so water boils at a higher temperature.</p>',
  hints: [
    '<p>Compare the electronegativity of oxygen and sulfur. Which kind of intermolecular force can water form that H<sub>2</sub>S cannot?</p>',
    '<p>Which forces are left between H<sub>2</sub>S molecules?</p>',
    '<p>Boiling means overcoming the forces between molecules. Which needs more energy?</p>',
  ],
};

const fallingBall: QuestionForMarking = {
  text: '<p>A ball of mass 0.50 kg is dropped from rest from a height of 12 m. Ignoring air resistance, calculate its speed just before it hits the ground. Take \\( g = 9.81 \\text{ m s}^{-2} \\). Give your answer to 3 significant figures.</p>',
  type: 'short_answer',
  totalMarks: 3,
  markScheme: points([
    {
      id: 'm1',
      text: 'loss of gravitational potential energy = gain in kinetic energy: mgh = ½mv²',
      kind: 'method',
      accept: ['mgh = 1/2mv^2', 'v^2 = 2gh', 'v = sqrt(2gh)'],
    },
    {
      id: 'a1',
      text: 'v = 15.3 m s^-1',
      marks: 2,
      kind: 'answer',
      numeric: { value: 15.344, tolerance: 0.005, unit: 'm s^-1', sigFigs: 3 },
    },
  ]),
  modelAnswer: '<p>mgh = ½mv², so v = √(2gh) = √(2 × 9.81 × 12) = 15.3 m s<sup>-1</sup>.</p>',
  hints: [
    '<p>Which energy store does the ball lose, and which does it gain as it falls?</p>',
    '<p>Set \\( mgh = \\tfrac{1}{2}mv^2 \\): the mass cancels, so \\( v = \\sqrt{2gh} \\).</p>',
    '<p>Substitute \\( g = 9.81 \\) and \\( h = 12 \\), then take the square root.</p>',
  ],
};

const perpendicular: QuestionForMarking = {
  text: '<p>Which of these is the gradient of a line perpendicular to \\( y = \\frac{2}{3}x + 1 \\)?</p>',
  type: 'multiple_choice',
  totalMarks: 1,
  options: { A: '\\( \\frac{2}{3} \\)', B: '\\( -\\frac{2}{3} \\)', C: '\\( \\frac{3}{2} \\)', D: '\\( -\\frac{3}{2} \\)' },
  correctAnswer: 'D',
  markScheme: points([{ id: 'b1', text: 'D: the negative reciprocal of 2/3 is -3/2', kind: 'answer', accept: ['option D'] }]),
  modelAnswer: '<p>Perpendicular gradients multiply to -1, so the gradient is -3/2: option D.</p>',
  hints: ['<p>Perpendicular gradients multiply to \\( -1 \\).</p>', '<p>Flip the fraction and change its sign.</p>'],
};

interface Extra {
  answer?: string | null;
  feedback?: Feedback | null;
}

/** Plays a conversation the way the tutor service does: greeting first, each reply appended to the history. */
function converse(question: QuestionForMarking, messages: string[], extra: Extra = {}): string[] {
  const history: TutorTurn[] = [{ role: 'assistant', content: tutorGreeting(question.text) }];
  const replies: string[] = [];
  for (const message of messages) {
    const reply = builtinTutorReply({ question, history: [...history], message, ...extra });
    expect(reply.by).toBe('the built-in tutor');
    replies.push(reply.content);
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.content });
  }
  return replies;
}

const last = (question: QuestionForMarking, messages: string[], extra: Extra = {}) => converse(question, messages, extra).at(-1)!;

const hintsIn = (question: QuestionForMarking, html: string) => (question.hints ?? []).filter((h) => html.includes(h));

describe('builtinTutorReply: where it starts', () => {
  it('starts from the points the marked answer missed, not the covered ones', () => {
    const reply = last(enzyme, ['Can you help me?'], { answer: 'The enzyme is killed but ES complexes form.', feedback: enzymeFeedback });
    expect(reply).toContain('1/3');
    expect(reply).toContain('2 mark-scheme points');
    expect(reply).toContain('point 1 of 2');
    // The first missed point is about the active site; its key words are not given away.
    expect(reply).toContain('active site');
    expect(reply).not.toMatch(/complementary/i);
  });

  it('without feedback, starts from what the student answer does not yet mention', () => {
    const reply = last(enzyme, ['hint please'], { answer: 'The active site is complementary to the substrate so it fits.' });
    expect(reply).toContain('2 of the 3 mark-scheme points still look missing');
    // The hint that fits the first missing point (the complexes), not the active-site hint.
    expect(hintsIn(enzyme, reply)).toEqual([enzyme.hints![1]]);
  });

  it('without an answer, works through every point in order', () => {
    const reply = last(enzyme, ['hi']);
    expect(reply).toContain('worth 3 marks');
    expect(reply).toContain('point 1 of 3');
  });

  it('when every point is covered, says so', () => {
    const covered: Feedback = {
      ...enzymeFeedback,
      marks_awarded: 3,
      markscheme_evaluation: enzymeFeedback.markscheme_evaluation.map((e) => ({ ...e, status: 'COVERED' })),
    };
    expect(last(enzyme, ['help'], { feedback: covered })).toContain('covers every point');
  });
});

describe('builtinTutorReply: one hint at a time', () => {
  it('gives the question hints one per reply, never repeating one, then the point with gaps', () => {
    const replies = converse(fallingBall, ['where do I start?', 'another hint', 'more help', "I'm still stuck"]);
    const given = replies.map((r) => hintsIn(fallingBall, r));
    for (const g of given.slice(0, 3)) expect(g.length).toBeLessThanOrEqual(1);
    const flat = given.flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect(flat.length).toBeGreaterThanOrEqual(2);
    expect(replies.some((r) => r.includes('fill in the gaps'))).toBe(true);
  });

  it('turns the missing point into a question rather than stating it', () => {
    const reply = last(water, ['help']);
    expect(reply).toMatch(/\?/);
    expect(reply).not.toContain('hydrogen bonds form between water molecules');
  });

  it('the fill-in-the-gaps nudge hides the key words', () => {
    const replies = converse(enzyme, ['hint', 'hint', 'hint']);
    const gaps = replies.find((r) => r.includes('fill in the gaps'))!;
    expect(gaps).toBeDefined();
    expect(gaps).toContain('c__________');
    expect(gaps).not.toMatch(/complementary|substrate/);
  });
});

describe('builtinTutorReply: checking attempts', () => {
  it('says right and moves on to the next missing point', () => {
    const replies = converse(enzyme, ['help', 'the active site has a complementary shape to the substrate'], { feedback: enzymeFeedback });
    expect(replies[1]).toMatch(/right|Spot on|That's it|Exactly/);
    expect(replies[1]).toContain('point 2 of 2');
  });

  it('never says "partly right": an attempt earns the point or it does not, and the tutor stays on an unearned point', () => {
    const reply = last(enzyme, ['help', 'is it something to do with the substrate?'], { feedback: enzymeFeedback });
    expect(reply).not.toMatch(/partly/i);
    expect(reply).not.toContain('point 2 of 2');
  });

  it('says not yet for a wrong idea, and says it is wrong ("the opposite", or a misconception put right) exactly when the marker finds a contradiction', () => {
    expect(last(enzyme, ['help', 'it is like a lock'])).toContain('Not yet');
    const onHeating = {
      feedback: {
        ...enzymeFeedback,
        markscheme_evaluation: enzymeFeedback.markscheme_evaluation.map((e) => ({
          ...e,
          status: e.point_id === 'c3' ? 'NOT_COVERED' : 'COVERED',
        })),
      },
    };
    expect(last(enzyme, ['help', 'the enzyme is killed'], onHeating)).toContain('Not yet');
    const negated = 'there are no hydrogen bonds between water molecules';
    const reply = last(water, ['help', negated]);
    expect(reply).toContain('Not yet');
    // (the marker reads "no hydrogen bonds" as the point denied: the tutor names it a misconception and says what is true)
    const contradicted = judgeAttempt(water, negated).contradicted.has('b1');
    expect(/opposite|misconception/.test(reply)).toBe(contradicted);
    if (contradicted) expect(reply).toContain('In fact, hydrogen bonds form between water molecules');
  });

  it('agrees with the marker on every attempt (one judge)', () => {
    const attempts = ['v = 15.3 m/s', 'v = 15.3', 'v = 15.34 m/s', 'v = 153 m/s', 'v = 12.1 m/s', 'v = 15.3 m s^-1'];
    for (const attempt of attempts) {
      const reply = last(fallingBall, ['help', 'v^2 = 2gh', attempt]);
      const judgement = judgeAttempt(fallingBall, attempt);
      const earned = judgement.covered.has('a1') || judgement.full;
      expect(/full answer|earns the mark-scheme point/.test(reply), attempt).toBe(earned);
      expect(reply.includes('Not yet'), attempt).toBe(!earned);
      expect(reply).not.toMatch(/partly/i);
    }
    expect(last(fallingBall, ['help', 'mgh = 1/2 mv^2', 'v = 15.3 m/s'])).toContain(
      "That's the full answer: 3/3. Want to try a similar question?",
    );
  });

  it('credits a statement that earns a later point, says so, and never loops back to a finished point', () => {
    const reply = last(water, ['help', 'H2S has only weak London forces']);
    expect(reply).toContain('earns the mark-scheme point');
    expect(reply).not.toContain('Back to');
    const replies = converse(water, ['help', 'H2S has only weak London forces', 'hydrogen bonds between water molecules']);
    expect(replies[2]).toContain('earns the mark-scheme point <em>hydrogen bonds form between water molecules</em>');
    expect(replies[2]).toContain('point 3 of 3');
  });

  it('checks a multiple-choice pick with the marker: a wrong letter is not right, whatever the reason given', () => {
    expect(last(perpendicular, ['help', 'is it B?'])).toContain("B isn't the right option");
    const reasoned = last(perpendicular, ['I think it is B because the gradients are the same']);
    expect(reasoned).toContain("B isn't the right option");
    expect(reasoned).toContain('“the gradients are the same”');
    expect(reasoned).not.toMatch(/partly|right lines/i);
    expect(last(perpendicular, ['help', 'D'])).toContain("That's the full answer: 1/1");
  });

  it('follows the scheme it is given: a wording accepted after a dispute earns the point in the tutor at once', () => {
    const attempt = 'the substrate slots in like a key into its lock';
    const before = last(enzyme, ['help', attempt]);
    const accepted: QuestionForMarking = {
      ...enzyme,
      markScheme: enzyme.markScheme.map((p) => (p.id === 'c1' ? { ...p, accept: [...p.accept, attempt] } : p)),
    };
    const after = last(accepted, ['help', attempt]);
    expect(judgeAttempt(accepted, attempt).covered.has('c1')).toBe(true);
    expect(after).toContain('earns the mark-scheme point');
    expect(before.includes('earns the mark-scheme point')).toBe(judgeAttempt(enzyme, attempt).covered.has('c1'));
  });

  it('escapes the student text it echoes', () => {
    const reply = last(enzyme, ['help', '<img src=x onerror=alert(1)> the substrate <script>alert(1)</script>']);
    expect(reply).not.toMatch(/<img|<script/i);
  });
});

describe('builtinTutorReply: the full answer', () => {
  const showsWorkedAnswer = (html: string) => html.includes(enzyme.modelAnswer!) && enzyme.markScheme.every((p) => html.includes(p.text));

  it('gives a stronger hint on the first request and the worked answer on the second', () => {
    const [first, second] = converse(enzyme, ['just tell me', 'please give me the answer']);
    expect(showsWorkedAnswer(first)).toBe(false);
    expect(first).toContain('ask me again');
    expect(first).toMatch(/stronger hint/);
    expect(showsWorkedAnswer(second)).toBe(true);
  });

  it('counts an earlier request even with other messages in between', () => {
    const replies = converse(enzyme, ['show the answer', 'hint', 'what is the answer?']);
    expect(showsWorkedAnswer(replies[1])).toBe(false);
    expect(showsWorkedAnswer(replies[2])).toBe(true);
  });

  it('gives it after three unsuccessful tries on the same point, not before', () => {
    const replies = converse(enzyme, ['help', 'it gets hot', 'it melts', 'it stops']);
    expect(replies.slice(0, 3).some(showsWorkedAnswer)).toBe(false);
    expect(showsWorkedAnswer(replies[3])).toBe(true);
    expect(replies[3]).toContain('3 tries');
  });

  it('does not count questions or empty remarks as tries', () => {
    const replies = converse(enzyme, ['help', 'why?', 'what is an enzyme?', 'so what now?', 'it melts']);
    expect(replies.some(showsWorkedAnswer)).toBe(false);
    expect(replies[4]).toContain('Not yet');
  });

  it('shows the correct option of a multiple-choice question', () => {
    const reply = last(perpendicular, ['give me the answer', 'give me the answer']);
    expect(reply).toContain('The correct option is <strong>D</strong>');
  });
});

describe('builtinTutorReply: meta questions', () => {
  it('says how many points the mark scheme has and their themes without giving them away', () => {
    const reply = last(enzyme, ['What does the mark scheme want?'], { feedback: enzymeFeedback });
    expect(reply).toContain('3 points for 3 marks');
    expect(reply.match(/<li>/g)).toHaveLength(3);
    expect(reply).toContain('you have this');
    for (const secret of ['complementary', 'denatured', 'hydrogen bonds', 'complexes form']) expect(reply).not.toContain(secret);
    const calc = last(fallingBall, ['what is the examiner looking for?']);
    expect(calc).toContain('a method step');
    expect(calc).toContain('with its unit and to 3 significant figures');
    expect(calc).not.toContain('15.3');
  });

  it('answers how many marks from totalMarks', () => {
    expect(last(fallingBall, ['How many marks is this worth?'])).toContain('worth 3 marks');
    expect(last(enzyme, ['how many marks?'], { feedback: enzymeFeedback })).toContain('scored 1/3');
  });

  it('closes briefly and encouragingly on thanks', () => {
    const reply = last(enzyme, ['help', 'the active site is complementary to the substrate', 'thanks!'], { feedback: enzymeFeedback });
    expect(reply).toMatch(/^<p>You're welcome/);
    expect(reply).toContain('1 of the 2');
    expect(reply.length).toBeLessThan(300);
  });
});

describe('builtinTutorReply: state comes from the history only', () => {
  it('is deterministic', () => {
    const input = {
      question: enzyme,
      history: [{ role: 'assistant' as const, content: 'Hi!' }],
      message: 'hint',
      feedback: enzymeFeedback,
    };
    expect(builtinTutorReply(input)).toEqual(builtinTutorReply(input));
  });

  it('replays earlier student turns, whoever wrote the assistant turns', () => {
    // The same student turns with different (e.g. LLM-written) assistant turns give the same state.
    const history: TutorTurn[] = [
      { role: 'assistant', content: 'Hello from another engine.' },
      { role: 'user', content: 'just tell me' },
      { role: 'assistant', content: '<p>Something else entirely.</p>' },
    ];
    const reply = builtinTutorReply({ question: enzyme, history, message: 'just tell me' });
    expect(reply.content).toContain(enzyme.modelAnswer);
  });

  it('a new conversation starts afresh', () => {
    const fresh = builtinTutorReply({ question: enzyme, history: [], message: 'just tell me' });
    expect(fresh.content).not.toContain(enzyme.modelAnswer);
  });

  it('copes with a question without a mark scheme or hints', () => {
    const bare: QuestionForMarking = { text: '<p>Discuss the causes of the war.</p>', type: 'essay', totalMarks: 10, markScheme: [] };
    const replies = converse(bare, ['help', 'it was about money', 'give me the answer', 'give me the answer', 'how many marks?']);
    expect(replies[4]).toContain('worth 10 marks');
    for (const r of replies) expect(r.length).toBeGreaterThan(0);
  });
});
