import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer, MARKED_BY } from './mark-answer';

const ENZYME_QUESTION = '<p>Explain why the rate of an enzyme-controlled reaction falls at high temperature.</p>';
const ENZYME_SCHEME: MarkPointInput[] = [
  { id: 'p1', text: 'hydrogen bonds in the enzyme break', accept: ['bonds holding the tertiary structure break'] },
  { id: 'p2', text: 'active site changes shape', accept: ['enzyme is denatured'] },
  { id: 'p3', text: 'substrate no longer fits the active site', accept: ['fewer enzyme-substrate complexes form'] },
];

function mark(answer: string, scheme = ENZYME_SCHEME, extra: Partial<Parameters<typeof markAnswer>[0]> = {}) {
  const total = scheme.reduce((s, p) => s + (p.marks ?? 1), 0);
  return markAnswer({ questionText: ENZYME_QUESTION, type: 'short_answer', totalMarks: total, markScheme: scheme, answer, ...extra });
}
const statuses = (answer: string, scheme = ENZYME_SCHEME, extra = {}) =>
  mark(answer, scheme, extra).markscheme_evaluation.map((e) => e.status);

describe('the built-in marker: words', () => {
  it('gives every point to a full answer, quoting the words that earned each', () => {
    const fb = mark(
      'At high temperature the hydrogen bonds in the enzyme break, so the active site changes shape and the substrate no longer fits.',
    );
    expect(fb.marks_awarded).toBe(3);
    expect(fb.markscheme_evaluation.every((e) => e.status === 'COVERED')).toBe(true);
    expect(fb.markscheme_evaluation[1].justification).toMatch(/^Covered: .*"[^"]*active site changes shape[^"]*"/);
    expect(fb.marked_by).toBe(MARKED_BY);
  });

  it('copes with inflections, synonyms and word order', () => {
    expect(statuses('The shape of the active site is changed.')[1]).toBe('COVERED');
    expect(statuses('Heat denatures the enzyme.')[1]).toBe('COVERED');
    expect(statuses('The substrate cannot fit into the active site any more.')[2]).toBe('COVERED');
  });

  it('contradicts a negated point and says which words deny it', () => {
    const fb = mark('The active site does not change shape.');
    expect(fb.markscheme_evaluation[1].status).toBe('CONTRADICTED');
    expect(fb.markscheme_evaluation[1].justification).toContain('"The active site does not change shape"');
    expect(fb.qualitative_feedback).toContain('Fix:');
  });

  it('does not give a point through an accepted wording to an answer that denies the point itself', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p1',
        text: 'the active site changes shape',
        accept: ['the enzyme is denatured', 'the active site is no longer complementary to the substrate'],
      },
    ];
    const denied = mark('The active site does not change shape, the enzyme just uses up the substrate faster so the rate drops.', scheme);
    expect(denied.markscheme_evaluation[0].status).toBe('CONTRADICTED');
    expect(denied.markscheme_evaluation[0].justification).toContain('does not change shape');
    expect(statuses('The active site is no longer complementary to the substrate.', scheme)).toEqual(['COVERED']);
    expect(statuses('The enzyme is denatured by the heat.', scheme)).toEqual(['COVERED']);
    const strongAcid: MarkPointInput[] = [
      { id: 'p1', text: 'a strong acid fully dissociates in aqueous solution', accept: ['a strong acid completely ionises in water'] },
    ];
    expect(statuses("A strong acid doesn't fully dissociate; it just releases its H+ ions more quickly.", strongAcid)).toEqual([
      'CONTRADICTED',
    ]);
  });

  it('contradicts an opposite direction ("decreases" where the scheme says "increases")', () => {
    const scheme: MarkPointInput[] = [{ id: 'r', text: 'the resistance of the wire increases' }];
    const fb = markAnswer({
      questionText: 'What happens to the resistance of a metal wire as it is heated?',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'The resistance decreases.',
    });
    expect(fb.markscheme_evaluation[0].status).toBe('CONTRADICTED');
    expect(fb.markscheme_evaluation[0].justification).toContain('"decreases"');
    expect(fb.marks_awarded).toBe(0);
  });

  it('reads a negation as denying one word, not the rest of the clause', () => {
    // "no longer fits" negates "fits", not "active site"
    expect(statuses('The hydrogen bonds break, the active site changes shape and the substrate no longer fits.')).toEqual([
      'COVERED',
      'COVERED',
      'COVERED',
    ]);
  });

  it('gives nothing for a blank, a vague or an unrelated answer', () => {
    for (const answer of ['', '   ', "I don't know", 'Photosynthesis takes place in the chloroplasts of leaf cells.']) {
      const fb = mark(answer);
      expect(fb.marks_awarded, answer).toBe(0);
      expect(
        fb.markscheme_evaluation.every((e) => e.status !== 'COVERED'),
        answer,
      ).toBe(true);
    }
    expect(mark('').qualitative_feedback).toContain('No answer was given');
  });

  it('says what is missing in the feedback', () => {
    const fb = mark('The enzyme is denatured.');
    expect(fb.marks_awarded).toBe(1);
    expect(fb.qualitative_feedback).toContain('To gain more marks, add:');
    expect(fb.qualitative_feedback).toContain('hydrogen bonds in the enzyme break');
  });

  it('honours reject and required terms', () => {
    const scheme: MarkPointInput[] = [
      { id: 'd', text: 'enzyme is denatured', reject: ['enzyme is killed'], required: ['denatured|denature|denaturation'] },
    ];
    const killed = markAnswer({
      questionText: ENZYME_QUESTION,
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'The enzyme is killed by the heat.',
    });
    expect(killed.markscheme_evaluation[0].status).toBe('NOT_COVERED');
    expect(killed.markscheme_evaluation[0].justification).toContain('rejects "enzyme is killed"');
    const vague = markAnswer({
      questionText: ENZYME_QUESTION,
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'The enzyme is broken.',
    });
    expect(vague.markscheme_evaluation[0].justification).toContain('does not mention "denatured"');
  });

  it('caps the marks at the total', () => {
    expect(
      mark('Hydrogen bonds break so the active site changes shape and the substrate no longer fits.', ENZYME_SCHEME, { totalMarks: 2 })
        .marks_awarded,
    ).toBe(2);
  });

  it('covers a formula written exactly as the scheme has it, however it is spaced', () => {
    const scheme: MarkPointInput[] = [{ id: 'm', text: 'tan^-1(3/4)', kind: 'method' }];
    const fb = markAnswer({
      questionText: 'Find the angle.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'tan θ = 3/4 so θ = tan^-1 (3/4) = 36.9°',
    });
    expect(fb.markscheme_evaluation[0].status).toBe('COVERED');
  });
});

describe('the built-in marker: numbers', () => {
  const energy: MarkPointInput[] = [{ id: 'e', text: 'energy = 18.1 kJ', marks: 2, numeric: { value: 18.1, unit: 'kJ', sigFigs: 3 } }];
  const markEnergy = (answer: string) =>
    markAnswer({ questionText: 'Calculate the energy transferred.', type: 'short_answer', totalMarks: 2, markScheme: energy, answer });

  it('accepts the value in other units and prefixes (18.1 kJ = 18100 J)', () => {
    for (const answer of ['E = 18.1 kJ', '18100 J', 'energy = 1.81 × 10^4 J', '0.0181 MJ']) {
      const fb = markEnergy(answer);
      expect(fb.markscheme_evaluation[0].status, answer).toBe('COVERED');
      expect(fb.marks_awarded, answer).toBe(2);
    }
  });

  it('refuses a wrong value, a wrong unit, and the wrong number of significant figures, saying why', () => {
    expect(markEnergy('E = 21.4 kJ').markscheme_evaluation[0].justification).toContain('is not the expected 18.1 kJ');
    expect(markEnergy('E = 18.1 kg').markscheme_evaluation[0].justification).toContain('not in a unit of kJ');
    expect(markEnergy('E = 18.0736 kJ').markscheme_evaluation[0].justification).toContain('significant figures');
    expect(markEnergy('I could not work it out').markscheme_evaluation[0].status).toBe('NOT_COVERED');
  });

  it('allows the tolerance and no more', () => {
    const scheme: MarkPointInput[] = [{ id: 'v', text: 'v = 12 m s^-1', numeric: { value: 12, unit: 'm s^-1', tolerance: 0.02 } }];
    const m = (answer: string) =>
      markAnswer({ questionText: 'Find v.', type: 'short_answer', totalMarks: 1, markScheme: scheme, answer }).marks_awarded;
    expect(m('v = 12.2 m/s')).toBe(1);
    expect(m('v = 12.5 m/s')).toBe(0);
  });
});

describe('the built-in marker: multiple choice', () => {
  const options = { A: 'Mitochondrion', B: 'Ribosome', C: 'Nucleus', D: 'Golgi apparatus' };
  const scheme: MarkPointInput[] = [{ id: 'mc', text: 'B' }];
  const m = (answer: string) =>
    markAnswer({
      questionText: 'Which organelle makes proteins?',
      type: 'multiple_choice',
      totalMarks: 1,
      markScheme: scheme,
      answer,
      options,
      correctAnswer: 'B',
    });

  it('reads a letter however it is written, or the option text', () => {
    for (const answer of ['B', 'b', '(B)', 'Option B', 'The answer is B', 'Ribosome']) expect(m(answer).marks_awarded, answer).toBe(1);
  });

  it('names the chosen and the correct option when wrong', () => {
    const fb = m('C');
    expect(fb.marks_awarded).toBe(0);
    expect(fb.markscheme_evaluation[0].justification).toContain('chooses option C (Nucleus); the correct option is B (Ribosome)');
  });
});
