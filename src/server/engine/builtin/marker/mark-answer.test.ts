import { describe, expect, it } from 'vitest';
import { CHECK_YOURSELF_BELOW, markPointSchema, type MarkPointInput } from '../../../../shared/mark-scheme';
import { checkFeatureNames, loadMarkerModel, markAnswer, MARKED_BY, withoutExamples } from './mark-answer';
import { parseTypedScheme } from '../../grading/typed-scheme';
import { analyseText } from './text';

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
    expect(fb.markscheme_evaluation[1].justification).toMatch(/^Credited: you wrote "[^"]*active site changes shape[^"]*"/);
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

  it('reads "you don’t have to be rewarded yourself" as denying the need, not the reward', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p1',
        text: 'vicarious reinforcement: learning from seeing a model rewarded for a behaviour',
        accept: ['vicarious reinforcement is learning from seeing someone else being rewarded'],
      },
    ];
    const question = 'Explain the role of vicarious reinforcement in social learning theory.';
    const markIt = (answer: string) =>
      markAnswer({ questionText: question, type: 'short_answer', totalMarks: 1, markScheme: scheme, answer }).markscheme_evaluation[0];
    for (const answer of [
      "You don't have to be rewarded yourself; watching a friend get a treat for tidying up makes you tidy up too.",
      'You need not be rewarded yourself; watching a friend get a treat for tidying up makes you tidy up too.',
    ])
      expect(markIt(answer).status, answer).not.toBe('CONTRADICTED');
    // a denial of the reward itself still denies it
    expect(markIt('The observer is not rewarded and the model is not rewarded either, so nothing is learnt.').status).not.toBe('COVERED');
  });

  it('ends a negation where a new subject starts: "because they can’t be seen they feel less guilty" is not "more guilty"', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p2',
        text: 'reduced private self-awareness / reduced fear of negative evaluation weakens normal social restraints',
        accept: [
          'reduced self-awareness means people pay less attention to their own standards of behaviour',
          'people feel less responsible for their actions because they cannot be identified',
        ],
      },
    ];
    const fb = markAnswer({
      questionText: 'Explain how deindividuation may lead to aggressive behaviour in crowds.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer:
        "Being masked lowers their self-awareness, so they pay less attention to their own values, and because they can't be picked out they feel less responsible.",
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('CONTRADICTED');
  });

  it('does not call "not X at all" the opposite of a point that says "less X"', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p1',
        text: 'people in crowds lose their sense of personal identity',
        accept: ['people in crowds feel anonymous and less like individuals'],
      },
    ];
    const fb = markAnswer({
      questionText: 'Explain how deindividuation may lead to aggressive behaviour in crowds.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'Stuck in a huge crowd you feel anonymous, like you are not an individual any more.',
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('CONTRADICTED');
  });

  it('reads "no rabbits born or dying" as agreeing with "no births or deaths"', () => {
    const scheme: MarkPointInput[] = [{ id: 'p3', text: 'no births, deaths, immigration or emigration between the two samples' }];
    const fb = markAnswer({
      questionText: 'Give the assumptions made when using mark-release-recapture to estimate the size of a population.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'Between the two catches the population stays closed: no rabbits born, dying, arriving or leaving.',
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('CONTRADICTED');
  });

  it('gives one statement one point: "more collisions per second" is not also "more successful collisions"', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'more molecules in the same volume', accept: ['the gas molecules are closer together'] },
      { id: 'p2', text: 'so collisions are more frequent', accept: ['more collisions per second'] },
      {
        id: 'p3',
        text: 'so there are more successful collisions (with energy ≥ Ea) per unit time',
        accept: ['more successful collisions per second', 'more collisions with enough energy to react each second'],
      },
    ];
    const markIt = (answer: string) =>
      markAnswer({
        questionText: 'Use collision theory to explain why increasing the pressure increases the rate of a reaction between two gases.',
        type: 'short_answer',
        totalMarks: 3,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation.map((e) => e.status);
    expect(markIt('Squashing the gas pushes the molecules closer together so there are more collisions per second.')).toEqual([
      'COVERED',
      'COVERED',
      'NOT_COVERED',
    ]);
    // said, it is earned
    expect(
      markIt(
        'Squashing the gas pushes the molecules closer together so there are more collisions per second, so more successful collisions per second.',
      ),
    ).toEqual(['COVERED', 'COVERED', 'COVERED']);
  });

  it('credits an example the scheme names where the question asks for one ("give one application")', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p3',
        text: 'application: strong magnetic fields (MRI scanners / particle accelerators) or power cables with no energy loss',
        accept: ['maglev trains use superconducting magnets', 'power cables with no energy loss'],
      },
    ];
    const markIt = (questionText: string, answer: string) =>
      markAnswer({ questionText, type: 'short_answer', totalMarks: 1, markScheme: scheme, answer }).markscheme_evaluation[0];
    const asked = 'What is a superconductor? Give one application of superconductors.';
    expect(markIt(asked, 'They are used in MRI scanners.').status).toBe('COVERED');
    expect(markIt(asked, 'Maglev trains.').status).toBe('COVERED');
    expect(markIt(asked, 'They are used in particle accelerators.').justification).toContain('"particle accelerators"');
    // an example denied, or one word of it, is not the example
    expect(markIt(asked, 'They are not used in MRI scanners.').status).not.toBe('COVERED');
    expect(markIt(asked, 'Scanners.').status).not.toBe('COVERED');
    // a question that does not ask for an example is not answered by naming one
    expect(markIt('Explain why superconductors are useful.', 'MRI scanners.').rule).not.toBe('accepted-wording');
  });

  it('lets a name the scheme gives in brackets ("IAA (auxin)") stand for the other in every wording', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'IAA (auxin) made in the tip diffused into the agar block', accept: ['IAA diffused from the tip into the agar'] },
      {
        id: 'p2',
        text: 'IAA diffused down into the shoot on that side only',
        accept: ['IAA moved into the shoot only on the side with the block'],
        reject: ['IAA spread evenly through the whole shoot'],
      },
    ];
    const markIt = (answer: string) =>
      markAnswer({
        questionText:
          'Shoot tips were placed on agar blocks; each block was then put on one side of a cut shoot in the dark. Explain the results.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation.map((e) => e.rule);
    expect(markIt('Auxin diffused from the tip into the agar. Auxin moved into the shoot only on the side with the block.')).toEqual([
      'accepted-wording',
      'accepted-wording',
    ]);
    expect(markIt('Auxin diffused from the tip into the agar. Then auxin spread evenly through the whole shoot.')[1]).toBe(
      'rejected-wording',
    );
  });

  it('reads "it was not light" as agreeing with "light was not the cause"', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p4',
        text: 'it happened in the dark, so the response was caused by IAA and not by light',
        accept: [
          'in the dark so light was not the cause',
          'the bending was not due to light',
          'shows the chemical alone causes the bending',
        ],
      },
    ];
    const fb = markAnswer({
      questionText:
        'In an experiment, the tips of some oat shoots were cut off and placed on agar blocks for two hours. Each agar block was then put on one side of a decapitated shoot, in the dark. The shoots curved away from the side with the block. Explain these results.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'It was in the dark so it was not light.',
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('CONTRADICTED');
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

  it('does not credit an accepted cause in a sentence that turns the claim round', () => {
    const lamp: MarkPointInput[] = [
      {
        id: 'p3',
        text: 'lamp resistance increases as the current increases because the filament gets hotter',
        accept: ['resistance increases', 'gets hotter'],
      },
    ];
    const q = { questionText: 'Explain the shape of the I-V characteristic of a filament lamp.' };
    const wrong = mark('The resistance of a filament lamp goes down when it gets hotter.', lamp, q);
    expect(wrong.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', rule: 'direction', marks_awarded: 0 });
    expect(wrong.markscheme_evaluation[0].justification).toContain('"The resistance of a filament lamp goes down"');
    expect(mark('The resistance of a filament lamp goes up when it gets hotter.', lamp, q).marks_awarded).toBe(1);
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
    expect(vague.markscheme_evaluation[0].justification).toBe(
      'Not credited: this point needs the word "denatured", "denature" or "denaturation", and your answer does not use it.',
    );
  });

  it('calls an answer "on the right lines" only when it shares more than a word of the point', () => {
    const unrelated = mark('People like enzymes.').markscheme_evaluation[0].justification;
    expect(unrelated).toBe(
      'Not credited: your answer does not make the point that hydrogen bonds in the enzyme break ("enzymes" alone is not enough).',
    );
    expect(unrelated).not.toContain('on the right lines');
    const near = mark('The hydrogen bonds in the enzyme stay intact.').markscheme_evaluation[0];
    expect(near.status).not.toBe('COVERED');
    expect(near.justification).toMatch(/on the right lines|disagrees|opposite/);
  });

  it('reads a reject with its roles: the comparison turned round is the right answer, not the rejected one', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'r',
        text: 'chlorine is a stronger oxidising agent than bromine',
        accept: ['chlorine oxidises bromide ions to bromine'],
        reject: ['bromine is a stronger oxidising agent than chlorine'],
      },
    ];
    const one = (answer: string) =>
      markAnswer({
        questionText: '<p>Explain why chlorine displaces bromine.</p>',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation[0];
    expect(one('Chlorine is a stronger oxidising agent than bromine.')).toMatchObject({ status: 'COVERED' });
    expect(one('Bromine is a stronger oxidising agent than chlorine.')).toMatchObject({ status: 'NOT_COVERED', rule: 'rejected-wording' });
    // a sentence with no role word keeps word order free: the passive still says the rejected thing
    const energy: MarkPointInput[] = [
      {
        id: 'e',
        text: 'mitochondria release energy for the cell',
        accept: ['respiration in mitochondria releases energy'],
        reject: ['mitochondria produce energy'],
      },
    ];
    const said = markAnswer({
      questionText: ENZYME_QUESTION,
      type: 'short_answer',
      totalMarks: 1,
      markScheme: energy,
      answer: 'Energy is produced by the mitochondria.',
    });
    expect(said.markscheme_evaluation[0]).toMatchObject({ status: 'NOT_COVERED', rule: 'rejected-wording' });
    // from … to: the conversion the other way round is not the rejected one
    const conversion: MarkPointInput[] = [
      {
        id: 'c',
        text: 'kinetic energy is transferred to elastic potential energy',
        reject: ['energy is converted from elastic potential to kinetic'],
      },
    ];
    const right = markAnswer({
      questionText: '<p>A ball hits a spring. Describe the energy transfer.</p>',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: conversion,
      answer: 'Energy is converted from kinetic to elastic potential energy as the spring is squashed.',
    });
    expect(right.markscheme_evaluation[0].rule).not.toBe('rejected-wording');
  });

  it('finds a rejected wording with "not" in it where the answer denies the same words, its subject said plainly', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'b',
        text: 'the benefit of the flood barrier exceeds its cost, so it should be built',
        accept: ['the barrier should be built because its benefits are greater than its costs'],
        reject: ['the barrier is not worth building'],
      },
    ];
    const one = (answer: string) =>
      markAnswer({
        questionText: '<p>Use cost-benefit analysis to decide whether the flood barrier should be built.</p>',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation[0];
    expect(one('The barrier is not worth building because it costs too much.')).toMatchObject({
      status: 'NOT_COVERED',
      rule: 'rejected-wording',
    });
    expect(one('The barrier is worth building, since its benefits are greater than its costs.').rule).not.toBe('rejected-wording');
    // a denial in part ("not always") is not the whole denial the scheme rejects ("never")
    const frustration: MarkPointInput[] = [
      {
        id: 'c',
        text: 'frustration does not always lead to aggression: it can lead to helplessness instead',
        reject: ['frustration never leads to aggression'],
      },
    ];
    const partly = (answer: string) =>
      markAnswer({
        questionText: '<p>Evaluate the frustration-aggression hypothesis.</p>',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: frustration,
        answer,
      }).markscheme_evaluation[0];
    expect(partly('Frustration does not always lead to aggression; some people become helpless.').rule).not.toBe('rejected-wording');
    expect(partly('Frustration never leads to aggression.')).toMatchObject({ status: 'NOT_COVERED', rule: 'rejected-wording' });
  });

  it('finds a rejected wording that names a study "et al." and one whose comparative stands after its noun', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'd',
        text: 'Dolan et al. found a positive correlation between testosterone and aggression',
        reject: ['Dolan et al. found a negative correlation between testosterone and aggression'],
      },
      {
        id: 's',
        text: 'squashing spreads the cells into a single layer so light passes through',
        reject: ['squashing makes the cells bigger so they are easier to see'],
      },
    ];
    const marked = markAnswer({
      questionText: '<p>Outline research into testosterone, and say why the root tip is squashed.</p>',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer:
        'Dolan et al. found a negative correlation between testosterone and aggression in offenders. Squashing makes the cells bigger so they are easier to see.',
    });
    expect(marked.markscheme_evaluation.map((e) => e.rule)).toEqual(['rejected-wording', 'rejected-wording']);
  });

  it('compares a rejected formula as mathematics: the inverted one is refused, the right one is not caught by its letters', () => {
    const scheme: MarkPointInput[] = [
      { id: 'l', text: 'L = E/m', accept: ['specific latent heat is the energy divided by the mass'], reject: ['L = m/E'] },
    ];
    const one = (answer: string) =>
      markAnswer({
        questionText: '<p>Write the equation for specific latent heat.</p>',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation[0];
    expect(one('L = m/E')).toMatchObject({ status: 'NOT_COVERED', rule: 'rejected-wording' });
    expect(one('The energy needed per kilogram, so L = E / m.')).toMatchObject({ status: 'COVERED' });
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

  it("gives a calculation's every mark to a correct final answer with no working, unless the question asks for working", () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'q = mcΔT = 100 × 4.18 × 6.5', kind: 'M' },
      { id: 'a1', text: 'q = 2717 J', kind: 'A', depends_on: 'm1', numeric: { value: 2717, unit: 'J' } },
      { id: 'm2', text: 'ΔH = -q / n = -2.717 / 0.050', kind: 'M' },
      { id: 'a2', text: 'ΔH = -54.3 kJ mol^-1', kind: 'A', depends_on: 'm2', numeric: { value: -54.3, unit: 'kJ mol^-1' } },
    ];
    const calc = (questionText: string, answer: string) =>
      markAnswer({ questionText, type: 'short_answer', totalMarks: 4, markScheme: scheme, answer }).marks_awarded;
    const question = '100 g of solution warms by 6.5 K when 0.050 mol reacts. Calculate the enthalpy change.';
    expect(calc(question, 'ΔH = −54.3 kJ mol⁻¹')).toBe(4);
    expect(calc(`${question} Show your working.`, 'ΔH = −54.3 kJ mol⁻¹')).toBeLessThan(4);
    // a wrong intermediate value the student states is not put right by the final answer
    expect(calc(question, 'q = 2500 J\nΔH = −54.3 kJ mol⁻¹')).toBeLessThan(4);
  });

  it('reads a power written as a superscript or with ^ as the same working', () => {
    const markStep = (text: string, answer: string) =>
      markAnswer({ questionText: 'Find it.', type: 'short_answer', totalMarks: 1, markScheme: [{ id: 'm', text, kind: 'method' }], answer })
        .markscheme_evaluation[0].status;
    expect(markStep('A = πd²/4', 'area = πd^2/4 = 2.38e-7 m2')).toBe('COVERED');
    expect(markStep('x = sin^-1(0.61)', 'x = sin⁻¹(0.61) = 36.7°')).toBe('COVERED');
    expect(markStep('A = πd²/4', 'area = πd^3/4')).not.toBe('COVERED');
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

  it('reads a value written as a fraction ("x = -2/3"), and still the numbers it is worked from', () => {
    const gradient: MarkPointInput[] = [{ id: 'a1', text: 'gradient = -2/3', kind: 'A', numeric: { value: -2 / 3 } }];
    const g = (answer: string) =>
      markAnswer({ questionText: 'Find the gradient of the line.', type: 'short_answer', totalMarks: 1, markScheme: gradient, answer })
        .marks_awarded;
    expect(g('the gradient is -2/3')).toBe(1);
    expect(g('m = −2 / 3')).toBe(1);
    expect(g('m = 2/3')).toBe(0);
    expect(g('m = -3/2')).toBe(0);
    // "0.05 / 0.025 = 2": the amount 0.05 is a step of its own
    const moles: MarkPointInput[] = [{ id: 'm1', text: 'n = 0.05 mol', kind: 'M', numeric: { value: 0.05 } }];
    const n = markAnswer({
      questionText: 'Find the concentration.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: moles,
      answer: 'c = 0.05 / 0.025 = 2',
    });
    expect(n.marks_awarded).toBe(1);
  });

  it('reads a power or a charge written as a superscript in HTML as one value and one unit', () => {
    const conc: MarkPointInput[] = [
      { id: 'a1', text: '[Fe2+] = 0.131 mol dm^-3', kind: 'A', numeric: { value: 0.131, unit: 'mol dm^-3' } },
    ];
    const c = (answer: string) =>
      markAnswer({
        questionText: 'Calculate the concentration of Fe2+ ions.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: conc,
        answer,
      }).marks_awarded;
    expect(c('<p>[Fe<sup>2+</sup>] = 0.131 mol dm<sup>−3</sup></p>')).toBe(1);
    expect(c('<p>[Fe<sup>2+</sup>] = 0.262 mol dm<sup>−3</sup></p>')).toBe(0);
  });

  it('tells very small values apart: a photon energy, and a force beside the electron charge the question gives', () => {
    const photon: MarkPointInput[] = [{ id: 'E', text: 'E = 3.98 × 10^-19 J', numeric: { value: 3.978e-19, unit: 'J' } }];
    const e = (answer: string) =>
      markAnswer({
        questionText: 'Calculate the energy of a photon of wavelength 500 nm.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: photon,
        answer,
      }).marks_awarded;
    expect(e('E = 3.98 × 10^-19 J')).toBe(1);
    expect(e('E = 5.0 × 10^-19 J')).toBe(0);
    expect(e('E = 6.63 × 10^-34 J')).toBe(0);
    const force: MarkPointInput[] = [{ id: 'F', text: 'F = 1.58 × 10^-12 N', kind: 'A', numeric: { value: 1.577e-12, unit: 'N' } }];
    const question =
      '<p>An electron (charge e = 1.60 × 10<sup>-19</sup> C) moves at 9.3 × 10<sup>6</sup> m s<sup>-1</sup> at right angles to a field of 1.06 T. Calculate the force on it.</p>';
    const f = (answer: string) => markAnswer({ questionText: question, type: 'short_answer', totalMarks: 1, markScheme: force, answer });
    expect(f('The force is 1.58 × 10^-12 N.').marks_awarded).toBe(1);
    expect(f('F = BQv = 1.06 × 1.60 × 10^-19 × 9.3 × 10^6 = 1.58 × 10^-12 N').marks_awarded).toBe(1);
    expect(f('The force is 2.4 × 10^-12 N.').marks_awarded).toBe(0);
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

describe('the built-in marker: an examiner’s scheme structure', () => {
  const enthalpyQuestion = '<p>Use mean bond enthalpies to calculate the enthalpy change of combustion of propane.</p>';
  const enthalpy: MarkPointInput[] = [
    { id: 'm1', text: 'bonds broken = 6494 kJ mol^-1', kind: 'M', numeric: { value: 6494, unit: 'kJ mol^-1', absTolerance: 1 } },
    { id: 'm2', text: 'bonds made = 7774 kJ mol^-1', kind: 'M', numeric: { value: 7774, unit: 'kJ mol^-1', absTolerance: 1 } },
    {
      id: 'a1',
      text: 'ΔH = bonds broken − bonds made = −1280 kJ mol^-1',
      kind: 'A',
      marks: 2,
      depends_on: 'm2',
      ecf: true,
      ecf_formula: 'm1 - m2',
      numeric: { value: -1280, unit: 'kJ mol^-1', absTolerance: 2 },
    },
  ];
  const markEnthalpy = (answer: string, rules = { final_answer_full_marks: true }) =>
    markAnswer({ questionText: enthalpyQuestion, type: 'short_answer', totalMarks: 4, markScheme: enthalpy, answer, rules });

  it('gives every mark to the correct final answer alone when the scheme says so, and labels nothing Contradicted', () => {
    const fb = markEnthalpy('-1.28 MJ/mol');
    expect(fb.marks_awarded).toBe(4);
    expect(fb.total_marks).toBe(4);
    for (const e of fb.markscheme_evaluation) {
      expect(e.status).toBe('COVERED');
      expect(e.marks_awarded).toBe(e.marks);
      expect(e.note).toBe('correct final answer: full marks');
      expect(e.justification).toContain('-1.28 MJ/mol');
    }
    expect(fb.qualitative_feedback).toContain('final answer, -1.28 MJ/mol, is correct');
  });

  it('without the scheme\'s final-answer rule, a calculation\'s right final value still earns its marks ("correct answer scores full marks")', () => {
    const fb = markEnthalpy('-1.28 MJ/mol', {} as never);
    expect(fb.marks_awarded).toBe(4);
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'COVERED', 'COVERED']);
    expect(fb.markscheme_evaluation[1].justification).toContain(
      'your value "-1.28 MJ/mol" is correct: a correct answer earns the method mark',
    );
  });

  it('where the scheme also has a statement, a right value earns the method marks before it, not the statement', () => {
    const fb = markAnswer({
      questionText: 'Calculate the enthalpy change of combustion of propane and state one assumption you make.',
      type: 'short_answer',
      totalMarks: 5,
      markScheme: [...enthalpy, { id: 'b1', text: 'mean bond enthalpies are averages over many compounds', kind: 'B' }],
      answer: '-1.28 MJ/mol',
    });
    expect(fb.marks_awarded).toBe(4);
    expect(fb.markscheme_evaluation[1].justification).toContain(
      'your value "-1.28 MJ/mol" is correct: a correct answer earns the method mark',
    );
    expect(fb.markscheme_evaluation[1].note).toBe('implied by a correct value');
    expect(fb.markscheme_evaluation[3].status).toBe('NOT_COVERED');
  });

  it('where the question asks for working, a right value with no method earns nothing (no M, no A), and missing working is not contradicted', () => {
    const fb = markAnswer({
      questionText: 'Show that the enthalpy change of combustion of propane is about −1300 kJ mol⁻¹, using mean bond enthalpies.',
      type: 'short_answer',
      totalMarks: 4,
      markScheme: enthalpy,
      answer: '-1.28 MJ/mol',
    });
    expect(fb.marks_awarded).toBe(0);
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['NOT_COVERED', 'NOT_COVERED', 'NOT_COVERED']);
    expect(fb.markscheme_evaluation[0].justification).toBe(
      'Not credited: your answer does not show this step (bonds broken = 6494 kJ mol^-1; the mark scheme has 6494 kJ mol^-1).',
    );
    expect(fb.markscheme_evaluation[2].justification).toContain('needs the method mark before it');
    expect(fb.markscheme_evaluation[2].note).toBe('needs the method mark m2');
  });

  it('gives the method marks to working whose final answer is wrong, and carries the error forward', () => {
    // bonds made wrong (7700), the subtraction done right with it: M1, then A2 by ECF
    const fb = markEnthalpy('Bonds broken = 6494 kJ mol-1. Bonds made = 7700 kJ mol-1. ΔH = 6494 - 7700 = -1206 kJ mol-1');
    const [m1, m2, a1] = fb.markscheme_evaluation;
    expect([m1.marks_awarded, m2.marks_awarded, a1.marks_awarded]).toEqual([1, 0, 2]);
    expect(a1.status).toBe('COVERED');
    expect(a1.note).toBe('ECF from your value of 7700 kJ mol-1');
    expect(a1.justification).toContain('-1206 kJ mol-1');
    expect(fb.marks_awarded).toBe(3);
    // a value that does not follow from the student's own earlier one earns nothing
    const wrong = markEnthalpy('Bonds broken = 6494 kJ mol-1. Bonds made = 7700 kJ mol-1. ΔH = -1500 kJ mol-1');
    expect(wrong.markscheme_evaluation[2].marks_awarded).toBe(0);
    expect(wrong.marks_awarded).toBe(1);
  });

  it('carries an error forward in proportion to the earlier value when no ecf_formula is given', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'moles of NaCl = 2.0 mol', kind: 'M', numeric: { value: 2, unit: 'mol' } },
      { id: 'a1', text: 'mass of NaCl = 117 g', kind: 'A', depends_on: 'm1', ecf: true, numeric: { value: 117, unit: 'g' } },
    ];
    const fb = markAnswer({
      questionText: 'Calculate the mass of sodium chloride formed (Mr 58.5).',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer: 'Moles = 2.4 mol, so the mass is 2.4 × 58.5 = 140.4 g',
    });
    expect(fb.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([0, 1]);
    expect(fb.markscheme_evaluation[1].note).toBe('ECF from your value of 2.4 mol');
    // without ecf the same answer earns nothing
    const strict = markAnswer({
      questionText: 'Calculate the mass of sodium chloride formed (Mr 58.5).',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme.map((p) => ({ ...p, ecf: false })),
      answer: 'Moles = 2.4 mol, so the mass is 2.4 × 58.5 = 140.4 g',
    });
    expect(strict.marks_awarded).toBe(0);
  });

  it('caps a "max N" group and says so', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'hydrogen bonds in the enzyme break', group: 'g' },
      { id: 'p2', text: 'active site changes shape', group: 'g' },
      { id: 'p3', text: 'substrate no longer fits the active site', group: 'g' },
      { id: 'p4', text: 'the optimum temperature of most human enzymes is about 37 °C' },
    ];
    const fb = markAnswer({
      questionText: ENZYME_QUESTION,
      type: 'short_answer',
      totalMarks: 3,
      markScheme: scheme,
      rules: { groups: [{ id: 'g', max: 2 }] },
      answer: 'The hydrogen bonds in the enzyme break, so the active site changes shape and the substrate no longer fits the active site.',
    });
    expect(fb.total_marks).toBe(3);
    expect(fb.marks_awarded).toBe(2);
    const [p1, p2, p3, p4] = fb.markscheme_evaluation;
    expect([p1.marks_awarded, p2.marks_awarded, p3.marks_awarded, p4.marks_awarded]).toEqual([1, 1, 0, 0]);
    expect(p3.status).toBe('COVERED');
    expect(p3.note).toBe('max 2 from this group');
    expect(p3.justification).toContain('at most 2 marks, already reached');
    expect(p4.note).toBeUndefined();
  });

  it('gives each point its marks and kind, and a multi-mark point all its marks', () => {
    const fb = markAnswer({
      questionText: 'Calculate the energy transferred.',
      type: 'short_answer',
      totalMarks: 3,
      markScheme: [
        { id: 'b1', text: 'energy = 18.1 kJ', marks: 2, numeric: { value: 18.1, unit: 'kJ' } },
        { id: 'b2', text: 'energy is transferred by heating', kind: 'B' },
      ],
      answer: 'E = 18.1 kJ',
    });
    expect(fb.markscheme_evaluation[0]).toMatchObject({ marks_awarded: 2, marks: 2, kind: 'B' });
    expect(fb.markscheme_evaluation[1]).toMatchObject({ marks_awarded: 0, marks: 1, kind: 'B' });
    expect(fb.marks_awarded).toBe(2);
  });

  const gasExchange: MarkPointInput[] = [
    { id: 'i1', text: 'alveoli give a large surface area' },
    { id: 'i2', text: 'the alveolar wall is one cell thick so the diffusion distance is short' },
    { id: 'i3', text: 'many capillaries around the alveoli' },
    { id: 'i4', text: 'ventilation keeps a steep concentration gradient' },
    { id: 'i5', text: 'blood flow removes oxygen and keeps the gradient' },
    { id: 'i6', text: 'oxygen diffuses from the alveoli into the blood' },
  ];
  const levels = [
    { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Some relevant features are stated, with little explanation.' },
    { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Several features are described and some are linked to diffusion.' },
    { level: 3, min_marks: 5, max_marks: 6, descriptor: 'Most features are explained and linked clearly to fast diffusion.' },
  ];
  const markEssay = (answer: string) =>
    markAnswer({
      questionText: '<p>Explain how the lungs are adapted for efficient gas exchange.</p>',
      type: 'essay',
      totalMarks: 6,
      markScheme: gasExchange,
      rules: { levels },
      answer,
    });

  it('marks an extended answer by levels, the points being indicative content', () => {
    const full = markEssay(
      'The alveoli give a large surface area. The alveolar wall is one cell thick, so the diffusion distance is short. ' +
        'There are many capillaries around the alveoli. Ventilation keeps a steep concentration gradient, and blood flow removes oxygen ' +
        'so the gradient is kept. Oxygen diffuses from the alveoli into the blood.',
    );
    expect(full.level).toMatchObject({ level: 3, min_marks: 5, max_marks: 6 });
    expect(full.level?.descriptor).toBe(levels[2].descriptor);
    expect(full.marks_awarded).toBeGreaterThanOrEqual(5);
    expect(full.total_marks).toBe(6);
    expect(full.markscheme_evaluation[0].note).toBe('Level 3: 5-6 marks');
    expect(full.qualitative_feedback).toContain('Level 3');

    const some = markEssay('There is a large surface area.');
    expect(some.level?.level).toBe(1);
    expect(some.marks_awarded).toBeGreaterThan(0);
    expect(some.marks_awarded).toBeLessThan(full.marks_awarded);
    expect(some.markscheme_evaluation[0].note).toBe(`Level ${some.level?.level}: ${some.level?.min_marks}-${some.level?.max_marks} marks`);

    const none = markEssay('I like football.');
    expect(none.marks_awarded).toBe(0);
    expect(none.level).toMatchObject({ level: 0 });
  });

  it('keeps a list of unconnected facts at the bottom of its level', () => {
    const linked = markEssay(
      'The alveoli give a large surface area. The alveolar wall is one cell thick so the diffusion distance is short. Many capillaries surround the alveoli.',
    );
    const listed = markEssay(
      'The alveoli give a large surface area. The alveolar wall is one cell thick. The diffusion distance is short. Many capillaries surround the alveoli.',
    );
    expect(listed.level?.level).toBe(linked.level?.level);
    expect(listed.marks_awarded).toBe(listed.level?.min_marks);
    expect(linked.marks_awarded).toBeGreaterThanOrEqual(listed.marks_awarded);
  });

  it('never gives more than the question is worth', () => {
    const fb = markAnswer({
      questionText: ENZYME_QUESTION,
      type: 'short_answer',
      totalMarks: 1,
      markScheme: ENZYME_SCHEME,
      rules: { groups: [{ id: 'g', max: 2 }] },
      answer: 'Hydrogen bonds break so the active site changes shape and the substrate no longer fits.',
    });
    expect(fb.total_marks).toBe(1);
    expect(fb.marks_awarded).toBe(1);
  });
});

describe('the built-in marker: negation and contradiction', () => {
  const bondQuestion =
    '<p>An enthalpy change calculated from mean bond enthalpies differs from one found from enthalpies of formation. Give a reason.</p>';
  const bond: MarkPointInput[] = [
    {
      id: 'p1',
      text: 'mean bond enthalpies are averages over many different compounds',
      accept: [
        'bond enthalpies are average values from a range of molecules',
        'the actual bond enthalpy in this molecule differs from the mean',
      ],
      required: ['mean|average'],
    },
  ];
  const markBond = (answer: string) =>
    markAnswer({ questionText: bondQuestion, type: 'short_answer', totalMarks: 1, markScheme: bond, answer }).markscheme_evaluation[0];

  it('never covers a point with an answer that states its opposite', () => {
    const exact = markBond('Mean bond enthalpies are exact values measured for this specific molecule.');
    expect(exact.status).toBe('CONTRADICTED');
    expect(exact.marks_awarded).toBe(0);
    expect(exact.justification).toContain('"exact"');
    expect(markBond('Mean bond enthalpies are not averages; they are measured for this molecule.').status).toBe('CONTRADICTED');
    expect(markBond('Bond enthalpies are averages taken over many different compounds.').status).toBe('COVERED');
    expect(markBond('The actual bond enthalpy in these molecules differs from the mean value.').status).toBe('COVERED');
  });

  it('does not cover a negated point', () => {
    const scheme: MarkPointInput[] = [{ id: 'p', text: 'a strong acid fully dissociates in water' }];
    const fb = markAnswer({
      questionText: 'What is a strong acid?',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: scheme,
      answer: 'A strong acid does not fully dissociate in water.',
    });
    expect(fb.markscheme_evaluation[0].status).toBe('CONTRADICTED');
    const gas: MarkPointInput[] = [
      { id: 'p', text: 'the reaction is exothermic', accept: ['heat energy is released to the surroundings'] },
    ];
    const endo = markAnswer({
      questionText: 'The temperature of the mixture rose. What does this show?',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: gas,
      answer: 'Heat energy is not released to the surroundings.',
    });
    expect(endo.markscheme_evaluation[0].status).not.toBe('COVERED');
  });

  it('never calls an answer about something else "contradicted": it shares no word with the point and flips none', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'work done per unit mass in bringing a (small test) mass from infinity to that point', required: ['infinity'] },
      { id: 'p2', text: 'potential is defined as zero at infinity', accept: ['zero at infinity', 'zero potential at infinity'] },
      {
        id: 'p3',
        text: 'gravity is attractive, so work is done by the field as a mass moves in from infinity, so potential is less than zero',
      },
    ];
    const fb = markAnswer({
      questionText: '<p>Define gravitational potential at a point, and explain why its value is negative everywhere near a planet.</p>',
      type: 'short_answer',
      totalMarks: 3,
      markScheme: scheme,
      answer: 'The resistance increases because the ions vibrate more, so electrons collide more often. I think the current goes up.',
    });
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['NOT_COVERED', 'NOT_COVERED', 'NOT_COVERED']);
    expect(fb.marks_awarded).toBe(0);
    // the same point is still contradicted by an answer that states its opposite
    const opposite = markAnswer({
      questionText: '<p>Where is gravitational potential defined as zero?</p>',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [scheme[1]],
      answer: 'Gravitational potential is not zero at infinity.',
    });
    expect(opposite.markscheme_evaluation[0].status).toBe('CONTRADICTED');
  });

  it('calls missing working "not covered", never "contradicted"', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: '3(−394) + 4(−286) − (−2220)', kind: 'M' },
      { id: 'a1', text: '−106 kJ mol^-1', kind: 'A', depends_on: 'm1', numeric: { value: -106, unit: 'kJ mol^-1', absTolerance: 0.5 } },
    ];
    for (const answer of ['The answer is -2220', 'I think it is exothermic']) {
      const fb = markAnswer({ questionText: 'Calculate ΔfH of propane.', type: 'short_answer', totalMarks: 2, markScheme: scheme, answer });
      expect(fb.markscheme_evaluation[0].status, answer).toBe('NOT_COVERED');
    }
    // the right value alone implies the method, unless the question asks for working
    const right = (questionText: string) =>
      markAnswer({ questionText, type: 'short_answer', totalMarks: 2, markScheme: scheme, answer: 'ΔH = -106 kJ mol-1' });
    expect(right('Calculate ΔfH of propane.').marks_awarded).toBe(2);
    expect(right('Show that ΔfH of propane is about -100 kJ mol-1.').markscheme_evaluation[0].status).toBe('NOT_COVERED');
  });
});

describe('a word the point says both ways', () => {
  it('is not denied by the answer saying it once with one of its polarities', () => {
    const mark = (answer: string) =>
      markAnswer({
        questionText:
          'Nadia and Joe have lived together for three years. Nadia works full-time, does nearly all the cooking and cleaning and organises their social life. Joe works part-time and spends most evenings gaming. Using equity theory, explain the relationship.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [
          {
            id: 'p1',
            text: "the relationship is inequitable: Nadia's ratio of rewards to costs is much lower than Joe's",
            accept: ['the relationship is inequitable because Nadia puts in far more than Joe but gets no more out'],
          },
        ],
        answer,
      }).markscheme_evaluation[0];
    const once = mark("Nadia does more work than Joe so it isn't equitable.");
    expect(once.status).not.toBe('CONTRADICTED');
    expect(once.justification).not.toContain('the other way round');
    // the point's denied word denied by the answer, the other one said: still no flip; the other said the other way: a flip
    expect(mark('Nadia puts in far more than Joe but gets no more out, so the relationship is inequitable.').status).toBe('COVERED');
  });
});

describe('a denial of what the point makes less of agrees with it', () => {
  const mark = (text: string, answer: string, questionText = 'Explain how insects limit water loss.') =>
    markAnswer({ questionText, type: 'short_answer', totalMarks: 1, markScheme: [{ id: 'p1', text }], answer }).markscheme_evaluation[0];

  it('"water doesn\'t evaporate" says what "reduces evaporation" says, and "not in the steep part" what "outside" says', () => {
    const cuticle = mark(
      'a waxy, waterproof cuticle reduces evaporation from the body surface',
      'They have a waxy cuticle which is waterproof so water doesnt evaporate from the surface.',
    );
    expect(cuticle.status).toBe('COVERED');
    const steep = mark(
      'phenolphthalein changes colour outside the steep part, so the colour change would not match the equivalence point',
      'Phenolphthalein changes between 8.2 and 10 which is not in the steep part, so it would change colour too early.',
      'Explain why phenolphthalein is not a suitable indicator for titrating ammonia with hydrochloric acid.',
    );
    expect(steep.status).not.toBe('CONTRADICTED');
  });

  it("still turns round a point where the answer makes less of it too, or denies the point's own verb", () => {
    const current = mark(
      'so less current flows for the same p.d., meaning higher resistance',
      'So less current does not flow for the same p.d., and the resistance is higher.',
      'Explain why the resistance of a metal wire increases as its temperature rises.',
    );
    expect(current.status).toBe('CONTRADICTED');
  });
});

describe("a point's link denied where the words that earn it start", () => {
  const mark = (text: string, answer: string) =>
    markAnswer({
      questionText: 'Name the two monosaccharides that make up maltose and lactose.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text }],
      answer,
    }).markscheme_evaluation[0];

  it('refuses "maltose is not made from glucose and glucose" for "maltose: glucose + glucose"', () => {
    const denied = mark('maltose: glucose + glucose', 'maltose is not made from glucose and glucose');
    expect(denied.status).toBe('CONTRADICTED');
    expect(denied.justification).toContain('which denies this point');
    expect(mark('maltose: glucose + glucose', 'maltose is made from glucose and glucose').status).toBe('COVERED');
  });

  it('leaves a point that itself denies, and a denial far from the start of the words, to the other rules', () => {
    expect(mark('maltose is not made from galactose', 'maltose is not made from galactose, only glucose').status).toBe('COVERED');
  });
});

describe('a line of prose is a statement of its own', () => {
  it('reads lines without full stops as sentences, and lines of working as the tokenizer reads them', () => {
    const sentences = (text: string) =>
      [
        ...new Set(
          analyseText(text)
            .tokens.filter((t) => t.content)
            .map((t) => t.sentence),
        ),
      ].length;
    expect(sentences('(a) the book pulls the Earth up\n(b) the book pushes down on the table')).toBe(2);
    expect(sentences('x = 2\ny = 3')).toBe(1);
    expect(sentences('The book pulls the Earth up. The book pushes down on the table.')).toBe(2);
  });

  it("does not read one part's word against another part's point ('pulling' in (a) is no opposite of (b)'s 'pushing')", () => {
    const fb = markAnswer({
      questionText:
        'A book rests on a table. (a) Name the Newton third-law partner of the weight of the book. (b) Name the partner of the normal contact force on the book.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'b1', text: '(a) the gravitational pull of the book on the Earth' },
        { id: 'b2', text: '(b) the book pushing down on the table (contact force of the book on the table)' },
      ],
      answer:
        '(a) the gravitational force the book exerts on the Earth, pulling the Earth up towards it\n(b) the book pressing down on the table top (contact force of the book on the table)',
    });
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'COVERED']);
  });
});

describe('the built-in marker: justifications a student understands', () => {
  it('says what was credited in the student’s own words, with their casing', () => {
    const fb = mark('At High Temperature the Active Site Changes Shape.');
    expect(fb.markscheme_evaluation[1].justification).toMatch(
      /^Credited: you wrote "[^"]*Active Site Changes Shape[^"]*", which makes this point/,
    );
  });

  it('says what is missing in plain words, never "mentions X but not Y"', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'ΔfH = Σ ΔcH(reactants) − Σ ΔcH(products)', kind: 'M' },
      { id: 'm2', text: '3(−394) + 4(−286) − (−2220)', kind: 'M' },
      { id: 'a1', text: '−106 kJ mol^-1', kind: 'A', numeric: { value: -106, unit: 'kJ mol^-1', absTolerance: 0.5 } },
    ];
    const fb = markAnswer({
      questionText: 'Calculate ΔfH of propane.',
      type: 'short_answer',
      totalMarks: 3,
      markScheme: scheme,
      answer: 'is -2220',
    });
    const texts = fb.markscheme_evaluation.map((e) => e.justification);
    for (const t of texts) expect(t).not.toMatch(/mentions .* but not/);
    expect(texts[1]).toBe('Not credited: your answer does not show this step (3(−394) + 4(−286) − (−2220)).');
    expect(texts[2]).toBe('Not credited: your value "-2220" is not the expected -106 kJ mol^-1.');
    const partial = mark('The hydrogen bonds break.').markscheme_evaluation[2].justification;
    expect(partial).toMatch(/^Not credited/);
    expect(partial).not.toMatch(/mentions .* but not/);
  });
});

describe('the built-in marker: rules of evidence (issue 24)', () => {
  const one = (questionText: string, text: string, answer: string) =>
    markAnswer({ questionText, type: 'short_answer', totalMarks: 1, markScheme: [{ id: 'p1', text }], answer }).markscheme_evaluation[0];

  it('never gives a point to its opposite direction, and says which words say the opposite', () => {
    const q = 'Explain the shape of the I-V graph for a filament lamp.';
    const e = one(q, 'resistance increases because the filament gets hotter', 'The filament gets hotter and its resistance goes down.');
    expect(e.status).toBe('CONTRADICTED');
    expect(e.justification).toContain('its resistance goes down');
    expect(
      one('What must be done before reading the voltmeter?', 'the power supply is switched on', 'The power supply is switched off.').status,
    ).toBe('CONTRADICTED');
  });

  it('binds a direction to a sub-shell by its name ("the 3p sub-shell is lower in energy"), and to the noun before a name in brackets', () => {
    const q = 'Explain why the first ionisation energy of aluminium is lower than that of magnesium.';
    const point = '3p is higher in energy than 3s';
    expect(one(q, point, 'The 3p sub-shell is lower in energy than the 3s sub-shell, so the electron is harder to remove.').status).toBe(
      'CONTRADICTED',
    );
    expect(one(q, point, 'The 3p sub-shell is higher in energy than the 3s sub-shell, so less energy is needed to remove it.').status).toBe(
      'COVERED',
    );
    // "3s" that is not about electrons stays three seconds
    expect(one('How long did the ball take to fall?', 'the time taken is 3 s', 'It took 3s to fall.').status).not.toBe('CONTRADICTED');
    expect(
      one(
        'Explain why a skydiver reaches a terminal velocity.',
        'as her speed increases, air resistance (drag) increases',
        'As she speeds up the air resistance decreases, so she keeps accelerating.',
      ).status,
    ).toBe('CONTRADICTED');
  });

  it('does not give a point for one word that names nothing ("it makes you immune" for "memory cells are produced")', () => {
    const q = 'Explain how vaccination can give a person long-term protection against a disease.';
    const e = one(q, 'memory cells are produced', "It makes you immune to the disease so you don't catch it again.");
    expect(e).toMatchObject({ status: 'NOT_COVERED', rule: 'no-evidence' });
    expect(one(q, 'memory cells are produced', 'The vaccine makes the body produce memory cells.').status).toBe('COVERED');
  });

  it('reads "X is not when …" as denying the whole clause, though another clause says the same words', () => {
    const q = 'Explain how interference can cause forgetting.';
    const point = 'proactive interference is when old information disrupts the recall of new information';
    expect(
      one(
        q,
        point,
        'Proactive interference is not when old information disrupts the recall of new information, and retroactive interference is not when new information disrupts the recall of old information.',
      ).status,
    ).toBe('CONTRADICTED');
    expect(
      one(q, point, 'Proactive interference is when old information disrupts the recall of new information, not when new disrupts old.')
        .status,
    ).toBe('COVERED');
  });

  it('does not call a paraphrase or a word about something else "contradicted"', () => {
    expect(
      one('Give one safety precaution when using a laser.', 'never look into the beam', 'Never look directly into the laser beam.').status,
    ).toBe('COVERED');
    const e = one(
      'How is the current kept constant?',
      'keep the current constant',
      'Adjust a variable resistor so the ammeter reading stays the same.',
    );
    expect(e.status).not.toBe('CONTRADICTED');
  });

  it('gives nothing to a point stated with its opposite, or to the scheme with "not" inserted', () => {
    const q = 'What happens to the resistance of a thermistor as it warms up?';
    const both = one(q, 'the resistance decreases', 'The resistance increases or the resistance decreases.');
    expect(both.status).toBe('CONTRADICTED');
    expect(both.justification).toContain('a contradiction loses the mark');
    const osmosis = 'water moves by osmosis from high water potential to low water potential';
    const not = one(
      'Explain how water enters a root hair cell.',
      osmosis,
      'Water does not move by osmosis from high water potential to low water potential.',
    );
    expect(not.status).toBe('CONTRADICTED');
    // a word the point says both plainly and in a clause of its own denial ("gap … within the gap without changing") is
    // still denied where the answer denies it
    const kink = 'the kink creates a gap (discontinuity) in the MR curve, so MC can change within the gap without changing the price';
    const denied = one(
      'Explain why prices tend to be stable in an oligopoly, using the kinked demand curve.',
      kink,
      "The kink doesn't create a gap in the MR curve, so MC can't move without the profit-maximising price changing.",
    );
    expect(denied.status).toBe('CONTRADICTED');
  });

  it('does not credit an accepted wording in a clause that denies it, nor let prose deny a line of working', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'the cell has a partially permeable membrane', accept: ['partially permeable membrane'] },
      { id: 'p2', text: 'water moves by osmosis', accept: ['osmosis'] },
    ];
    const m = (answer: string) =>
      markAnswer({
        questionText: 'Explain how water enters a root hair cell.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation;
    const denied = m('The cell does not have a partially permeable membrane, so water moves by osmosis.');
    expect(denied[0]).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0, rule: 'direction' });
    expect(denied[1]).toMatchObject({ status: 'COVERED', marks_awarded: 1 });
    expect(m('Water moves by osmosis across a partially permeable membrane.')[0]).toMatchObject({ status: 'COVERED' });
    const worked = markAnswer({
      questionText: 'Find the frequency for a period of 0.5 s, and say whether it is audible.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'm1', text: 'f = 1/T', kind: 'M', accept: ['f = 1/T'] }],
      answer: 'f = 1/T = 1/0.5 = 2 Hz which is not audible',
    });
    expect(worked.markscheme_evaluation[0].status).toBe('COVERED');
  });

  it('gives a list of terms no statement point, and nothing at all where the question asks for reasoning', () => {
    const scheme = [
      { id: 'p1', text: 'water moves by osmosis from high water potential to low water potential' },
      { id: 'p2', text: 'osmosis' },
    ];
    const m = (questionText: string) =>
      markAnswer({
        questionText,
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer: 'osmosis, water potential, partially permeable membrane, high, low',
      });
    const named = m('Name the process by which water enters a root hair cell, and the direction it moves in.');
    expect(named.markscheme_evaluation.map((e) => e.status)).toEqual(['NOT_COVERED', 'COVERED']);
    expect(named.markscheme_evaluation[0].justification).toContain('a list of terms does not state this point');
    expect(m('Explain how water enters a root hair cell.').marks_awarded).toBe(0);
  });

  it('reads terms between slashes as a list too', () => {
    const slashed = markAnswer({
      questionText: 'Describe how you would carry out the emulsion test on a sample of food, and give the positive result.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'p1', text: 'shake the sample with ethanol', accept: ['add ethanol and shake', 'mix the food with ethanol'] },
        { id: 'p2', text: 'a milky white emulsion shows lipid is present', accept: ['a milky emulsion forms'] },
      ],
      answer: 'Emulsion test - ethanol / water / shake / lipid / milky / emulsion',
    });
    expect(slashed.marks_awarded).toBe(0);
    expect(slashed.markscheme_evaluation[0].rule).toBe('keyword-list');
  });

  it('gives a list of terms nothing where the question asks for a definition', () => {
    const define = (answer: string) =>
      markAnswer({
        questionText: 'Define the term rate of reaction.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: [
          { id: 'p1', text: 'the change in concentration (or amount) of a reactant or product' },
          { id: 'p2', text: 'per unit time', accept: ['per unit time', 'divided by the time taken'] },
        ],
        answer,
      }).marks_awarded;
    expect(define('rate, concentration, time, product')).toBe(0);
    expect(define('The change in concentration of a reactant or product per unit time.')).toBe(2);
  });

  it('keeps a levels-marked list of relevant terms at the bottom of Level 1, and an irrelevant one at 0', () => {
    const scheme: MarkPointInput[] = [
      { id: 'i1', text: 'alveoli give a large surface area for diffusion' },
      { id: 'i2', text: 'the alveolar wall is one cell thick so the diffusion distance is short' },
      { id: 'i3', text: 'ventilation keeps a steep concentration gradient' },
    ];
    const levels = [
      { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Features stated.' },
      { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Features explained and linked to diffusion.' },
    ];
    const m = (answer: string) =>
      markAnswer({
        questionText: 'Explain how the lungs are adapted for gas exchange.',
        type: 'essay',
        totalMarks: 4,
        markScheme: scheme,
        rules: { levels },
        answer,
      });
    const relevant = m('alveoli, surface area, diffusion, thin wall, concentration gradient, ventilation');
    expect(relevant.marks_awarded).toBe(1);
    expect(relevant.level?.level).toBe(1);
    expect(m('football, weekend, homework, holidays, television').marks_awarded).toBe(0);
  });

  it('compares formulas as mathematics: an inverted formula is no method, a rearranged one is', () => {
    const q = 'A satellite orbits just above the Earth (radius 6370 km, M = 6.0 × 10^24 kg). Find its orbital speed.';
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'v = √(GM/r)', kind: 'M' },
      { id: 'a1', text: 'v = 7.9 km/s', kind: 'A', depends_on: 'm1', numeric: { value: 7900, unit: 'm/s' } },
    ];
    const m = (answer: string) => markAnswer({ questionText: q, type: 'short_answer', totalMarks: 2, markScheme: scheme, answer });
    const inverted = m('v = GM/r = 6.67e-11 × 6e24 / 6.37e6 = 6.3e7 m/s');
    expect(inverted.marks_awarded).toBe(0);
    expect(inverted.markscheme_evaluation[0].justification).toContain('is not the same relation');
    // the wrong value quoted is the student's result, not a number put into the formula
    expect(inverted.markscheme_evaluation[1].justification).toContain('"6.3e7 m/s"');
    expect(m('v² = GM/r so v = 7.9 km/s').marks_awarded).toBe(2);
    // a number given in the question is not the student's answer
    const copied = m('The radius is 6370 km so v = 6370');
    expect(copied.marks_awarded).toBe(0);
    expect(copied.markscheme_evaluation[1].justification).not.toContain('6370');
  });

  it('checks the values of a typed scheme ("A1 t = 2.02 s"), and a correct value implies its method', () => {
    const typed = parseTypedScheme('M1 s = ut + ½at²\nA1 t = 2.02 s\nM1 x = u cos θ × t\nA1 x = 24.2 m');
    const q =
      'A ball is thrown at 15 m/s at 37° above the horizontal from a cliff 20 m high. Find the time of flight and the horizontal distance.';
    const m = (answer: string) =>
      markAnswer({ questionText: q, type: 'short_answer', totalMarks: 4, markScheme: typed.points, answer }).marks_awarded;
    expect(m('s = ut + ½at², so t = 4.08 s. x = u cos θ × t = 49 m')).toBe(2);
    expect(m('t = 7 s, x = 84 m')).toBe(0);
    expect(m('-20 = 15 sin37 t - 4.9t², so t = 2.02 s. x = 15 cos 37 × 2.02 = 24.2 m')).toBe(4);
  });

  it('credits no point by a stray letter', () => {
    const fb = markAnswer({
      questionText: 'Find the time of flight.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'uses t = d / v', kind: 'M' }],
      answer: 't',
    });
    expect(fb.marks_awarded).toBe(0);
  });
});

describe('the trained model and the features', () => {
  it('reads features by name: the shipped model was trained on the features computed today, and another list is refused', () => {
    const shipped = loadMarkerModel();
    expect(checkFeatureNames(shipped)).toBe(shipped);
    const swapped = [...shipped.featureNames];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(() => checkFeatureNames({ ...shipped, featureNames: swapped })).toThrow(
      /feature 0 is "softRecall" in the model, "exactRecall" here/,
    );
    expect(() => checkFeatureNames({ ...shipped, featureNames: swapped.slice(1) })).toThrow(/38 named, 39 computed/);
  });
});

describe("a step's own value and the method marks it implies", () => {
  // heating 0.17 kg of ice from -10 °C to water at 32 °C: three stages, each a method mark with its value, then the total
  const scheme: MarkPointInput[] = [
    { id: 'm1', text: 'warms the ice: 0.17 × 2100 × 10 = 3570 J', kind: 'M', numeric: { value: 3570, unit: 'J', tolerance: 0.02 } },
    { id: 'm2', text: 'melts the ice: 0.17 × 3.34 × 10^5 = 56800 J', kind: 'M', numeric: { value: 56780, unit: 'J', tolerance: 0.02 } },
    { id: 'm3', text: 'warms the water: 0.17 × 4200 × 32 = 22800 J', kind: 'M', numeric: { value: 22848, unit: 'J', tolerance: 0.02 } },
    { id: 'a1', text: 'total = 83200 J', kind: 'A', numeric: { value: 83198, unit: 'J', tolerance: 0.02 } },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText:
        'Calculate the energy needed to turn 0.17 kg of ice at -10 °C into water at 32 °C. (c of ice 2100 J kg^-1 K^-1, L 3.34 × 10^5 J kg^-1, c of water 4200 J kg^-1 K^-1)',
      type: 'short_answer',
      totalMarks: 4,
      markScheme: scheme,
      answer,
    });

  it('gives no method mark for a stage left out because a later stage is right', () => {
    const missing = mark('E = 0.17 x 334000 + 0.17 x 4200 x 32 = 56780 + 22848 = 79628 J');
    expect(missing.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([0, 1, 1, 0]);
  });

  it('still gives every mark to the correct total, working shown or not', () => {
    expect(mark('83 200 J').marks_awarded).toBe(4);
  });
});

describe('the final-answer rule and a wrong value stated on the way', () => {
  it('a correct final answer does not put right a wrong value stated for a quantity asked for on its own', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'λ = ln 2 / T½', kind: 'M' },
      { id: 'a1', text: 'λ = 0.0462 h^-1', kind: 'A', numeric: { value: 0.0462, unit: 'h^-1', tolerance: 0.02 } },
      { id: 'm2', text: 'A = A0 e^(−λt)', kind: 'M' },
      { id: 'a2', text: 'A = 445 kBq', kind: 'A', numeric: { value: 445, unit: 'kBq', tolerance: 0.02 } },
    ];
    const m = (answer: string) =>
      markAnswer({
        questionText:
          'A radioactive isotope has a half-life of 15 hours and an initial activity of 890 kBq. Calculate the decay constant and the activity after 15 hours.',
        type: 'short_answer',
        totalMarks: 4,
        markScheme: scheme,
        answer,
        rules: { final_answer_full_marks: true },
      });
    const wrongOnTheWay = m('λ = ln 2 / 15 = 0.5 h^-1. A = 890 × 0.5 = 445 kBq');
    expect(wrongOnTheWay.markscheme_evaluation.find((e) => e.point_id === 'a1')?.marks_awarded).toBe(0);
    expect(wrongOnTheWay.marks_awarded).toBe(3);
    expect(m('A = 445 kBq').marks_awarded).toBe(4);
  });

  it('a correct final answer does not earn a result the question asks for on its own, unless the scheme says so', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'k = ln 2 / t½', kind: 'M' },
      { id: 'a1', text: 'k = 0.0231 min^-1', kind: 'A', depends_on: 'm1', numeric: { value: 0.0231, tolerance: 0.02 } },
      { id: 'm2', text: 'N = N0 e^(−kt)', kind: 'M' },
      { id: 'a2', text: 'N = 60 g', kind: 'A', depends_on: 'm2', numeric: { value: 60, unit: 'g', tolerance: 0.02 } },
    ];
    const m = (questionText: string) =>
      markAnswer({
        questionText,
        type: 'short_answer',
        totalMarks: 4,
        markScheme: scheme,
        answer: '30 minutes is one half-life, so 120 / 2 = 60 g',
      });
    const both = m('A drug has a half-life of 30 minutes; 120 g is given. Calculate the rate constant and the mass left after 30 minutes.');
    expect(both.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([0, 0, 1, 1]);
    expect(m('A drug has a half-life of 30 minutes; 120 g is given. Calculate the mass left after 30 minutes.').marks_awarded).toBe(4);
  });
});

describe('hedges and stated opposites (checked by hand on answers not in any set)', () => {
  const STAGES: MarkPointInput[] = [
    { id: 'p1', text: 'the rate increases as temperature increases up to the optimum' },
    { id: 'p2', text: 'above the optimum the rate decreases because the enzyme is denatured' },
  ];
  const staged = (answer: string) =>
    markAnswer({
      questionText: '<p>Describe the effect of temperature on the rate of an enzyme-controlled reaction.</p>',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: STAGES,
      answer,
    });

  it('reads a change told in stages as two claims, not a contradiction (each stage against its own point)', () => {
    for (const answer of [
      'The rate increases with temperature, but it decreases above the optimum because the enzyme denatures.',
      'The rate increases with temperature up to the optimum, then it decreases because the enzyme is denatured.',
      'As temperature increases the rate increases until the optimum; above the optimum the rate decreases as the enzyme is denatured.',
    ])
      expect(
        staged(answer).markscheme_evaluation.map((e) => e.status),
        answer,
      ).toEqual(['COVERED', 'COVERED']);
  });

  it('still refuses the stages the wrong way round, and a direction stated both ways with no stage', () => {
    const reversed = staged('The rate decreases as temperature increases up to the optimum, then it increases above the optimum.');
    expect(reversed.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
    const both = staged('The rate increases with temperature and the rate decreases with temperature.');
    expect(both.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', rule: 'contradiction' });
  });

  it('reads "X decreases as Y increases" as two claims about two things (it was dropped as a gradient)', () => {
    const fb = staged('The rate decreases as the temperature goes up.');
    expect(fb.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
  });

  it('reads "X …, whereas Y …" clause by clause: each point against the clause that names its own word', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'excitatory neurotransmitters make the postsynaptic neuron more likely to fire, e.g. glutamate' },
      { id: 'p2', text: 'inhibitory neurotransmitters make the postsynaptic neuron less likely to fire, e.g. GABA' },
    ];
    const marked = (answer: string) =>
      markAnswer({
        questionText: '<p>Explain the difference between excitatory and inhibitory neurotransmitters.</p>',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation;
    expect(
      marked(
        'Excitatory neurotransmitters make the next neuron more likely to fire, whereas inhibitory ones make it less likely to fire.',
      ).map((e) => e.status),
    ).toEqual(['COVERED', 'COVERED']);
    // the two the wrong way round: the excitatory clause says the opposite of its point
    expect(
      marked(
        'Excitatory neurotransmitters make the next neuron less likely to fire, whereas inhibitory ones make it more likely to fire.',
      )[0],
    ).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
  });

  it('takes back a claim conceded the other way about the same thing: "constant, although they are always changing"', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p1', text: 'the concentrations of reactants and products stay constant' },
      { id: 'p2', text: 'the forward and reverse reactions happen at the same rate' },
    ];
    const mark2 = (answer: string) =>
      markAnswer({
        questionText: '<p>Describe a reaction at dynamic equilibrium.</p>',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      }).markscheme_evaluation[0];
    expect(
      mark2('The concentrations stay constant, although they are always changing. The forward and reverse reactions go at the same rate.'),
    ).toMatchObject({ status: 'CONTRADICTED', rule: 'contradiction' });
    // a concession that adds something else, or names its own condition, takes nothing back
    expect(
      mark2('The concentrations stay constant but they are not zero. The forward and reverse reactions go at the same rate.'),
    ).toMatchObject({
      status: 'COVERED',
    });
  });

  it('"it increases, or it might decrease" is a point stated with its opposite: the pronoun is about the same thing', () => {
    const fb = markAnswer({
      questionText: 'Explain what happens to the rate of photosynthesis when light intensity is increased at low light intensities.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'the rate of photosynthesis increases' }],
      answer: 'The rate of photosynthesis increases, or it might decrease, because light is limiting.',
    });
    expect(fb.markscheme_evaluation[0].status).toBe('CONTRADICTED');
    expect(fb.marks_awarded).toBe(0);
  });

  it('a point the answer denies in so many words is contradicted with confidence: the student is not asked to check it', () => {
    const e = markAnswer({
      questionText: ENZYME_QUESTION,
      type: 'short_answer',
      totalMarks: 3,
      markScheme: ENZYME_SCHEME,
      answer: 'The hydrogen bonds in the enzyme do not break and the active site does not change shape.',
    }).markscheme_evaluation;
    expect(e.slice(0, 2).map((x) => x.status)).toEqual(['CONTRADICTED', 'CONTRADICTED']);
    for (const x of e.slice(0, 2)) expect(x.confidence).toBeGreaterThanOrEqual(CHECK_YOURSELF_BELOW);
  });
});

describe('a stated opposite is about the point only where the answer says more of it', () => {
  it('does not read the bare word "students" as turning round "not every student has an equal chance of being picked"', () => {
    const e = markAnswer({
      questionText:
        'Priya asks 30 students in the library one morning how many hours they spend on social media. Evaluate her sampling method.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p1',
          text: 'opportunity (convenience) sample, not random, so likely to be biased',
          accept: ['not every student has an equal chance of being picked'],
        },
      ],
      answer: "Social media is a really big part of students' lives nowadays and lots of people spend hours on it every day.",
    }).markscheme_evaluation[0];
    expect(e.status).not.toBe('CONTRADICTED');
    expect(e.justification).not.toContain('says the opposite');
  });

  it('still reads a denial the student wrote as one, however little else of the point it says', () => {
    const e = markAnswer({
      questionText: 'Explain why plotting ln y against x gives a straight line when y = abˣ.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'ln y is linear in x with gradient ln b and intercept ln a' }],
      answer: 'You cannot get a straight line, because the log of an exponential still curves.',
    }).markscheme_evaluation[0];
    expect(e.status).toBe('CONTRADICTED');
  });

  it('still finds the opposite where the answer states the point turned round', () => {
    const e = markAnswer({
      questionText:
        'Priya asks 30 students in the library one morning how many hours they spend on social media. Evaluate her sampling method.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'not every student has an equal chance of being picked' }],
      answer: 'Every student has an equal chance of being picked, so the sample is fair.',
    }).markscheme_evaluation[0];
    expect(e.status).toBe('CONTRADICTED');
  });
});

describe("a scheme's example illustrates its point", () => {
  const scheme = [
    { id: 'p1', text: 'the patient is taught relaxation techniques such as breathing exercises', marks: 1, required: ['relax|relaxation'] },
    { id: 'p2', text: 'a fear hierarchy is drawn up (e.g. from a picture of a spider to holding one)', marks: 1 },
  ];
  const mark = (questionText: string, answer: string) =>
    markAnswer({ questionText, type: 'short_answer', totalMarks: 2, markScheme: scheme, answer }).markscheme_evaluation.map(
      (e) => e.status,
    );

  it('is not needed to make the point', () => {
    expect(
      mark(
        'Describe how systematic desensitisation treats a phobia.',
        'The patient is taught relaxation techniques. Then a fear hierarchy is drawn up.',
      ),
    ).toEqual(['COVERED', 'COVERED']);
  });

  it('stays in a levels scheme, whose indicative content lists what an answer may say, and where an example is asked for', () => {
    const points = scheme.map((p) => markPointSchema.parse(p));
    const q = 'Describe how systematic desensitisation treats a phobia.';
    expect(withoutExamples(points, q, false)[0].accept).toContain('the patient is taught relaxation techniques');
    expect(withoutExamples(points, q, true)).toEqual(points);
    expect(withoutExamples(points, 'Give one example of a relaxation technique.', false)).toEqual(points);
  });

  it('does not make the point alone', () => {
    expect(mark('Describe how systematic desensitisation treats a phobia.', 'Breathing exercises.')[0]).not.toBe('COVERED');
  });
});

describe('a "show that" answered with what the question gives', () => {
  const SHOW_THAT =
    '<p>Given \\( y = 2^x \\), use logarithms and implicit differentiation to show that \\( \\dfrac{dy}{dx} = 2^x \\ln 2 \\).</p>';
  const LOGS: MarkPointInput[] = [
    { id: 'm1', text: 'takes logs: ln y = x ln 2', kind: 'M', accept: ['ln y = x ln 2'] },
    { id: 'a1', text: 'differentiates implicitly: (1/y) dy/dx = ln 2', kind: 'A', depends_on: 'm1', accept: ['(1/y) dy/dx = ln 2'] },
    { id: 'a2', text: 'dy/dx = y ln 2 = 2^x ln 2', kind: 'A', depends_on: 'm1', accept: ['dy/dx = y ln 2 = 2^x ln 2'] },
  ];
  const markShown = (answer: string) =>
    markAnswer({
      questionText: SHOW_THAT,
      type: 'short_answer',
      totalMarks: 3,
      markScheme: LOGS,
      answer,
      rules: { final_answer_full_marks: true },
    });

  it('earns nothing: each step must be seen', () => {
    for (const answer of ['dy/dx = 2^x ln 2', 'y = 2^x\ndy/dx = 2^x ln 2.']) {
      const fb = markShown(answer);
      expect(fb.marks_awarded).toBe(0);
      expect(fb.markscheme_evaluation.every((e) => e.status !== 'COVERED')).toBe(true);
    }
  });

  it('still earns the marks of the working shown', () => {
    const fb = markShown('ln y = x ln 2, so (1/y) dy/dx = ln 2, and dy/dx = y ln 2 = 2^x ln 2');
    expect(fb.marks_awarded).toBe(3);
  });
});

describe('the words quoted as not enough', () => {
  it('are words of the point or its listed paraphrases, never a word that only looks like one', () => {
    const feedback = markAnswer({
      questionText: 'Explain why the H–Cl bond is polar but the Cl–Cl bond is not.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p2', text: 'in Cl₂ both atoms have the same electronegativity, so the electrons are shared equally', kind: 'B' }],
      answer: 'At the negative electrode: O2 + 2H2O + 4e- → 4OH-',
    });
    const [point] = feedback.markscheme_evaluation;
    expect(point.status).toBe('NOT_COVERED');
    // "electrode" is not "electrons": the feedback does not tell the student it was "not enough" of the point
    expect(point.justification).not.toContain('electrode');
  });
});

describe('a point that offers either direction', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Explain how a stem cell becomes a red blood cell although every cell has the same genes.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p2',
          text: 'this is controlled by transcription factors / stimuli that switch genes on or off',
          accept: ['transcription factors switch genes on', 'stimuli activate transcription factors that bind to the promoter'],
        },
      ],
      answer,
    }).markscheme_evaluation[0];

  it('is not turned round by either direction ("switched off" for "on or off")', () => {
    for (const answer of [
      'Transcription factors switch some genes on and other genes off.',
      'Signals activate transcription factors which bind to the promoter regions of particular genes and switch them on (and other genes get switched off).',
    ]) {
      const point = mark(answer);
      expect(point.status, answer).toBe('COVERED');
    }
  });

  it('still needs the point made', () => {
    expect(mark('Every cell has the same genes, so nothing is switched off.').status).not.toBe('COVERED');
  });
});

describe('the same quantity given another value with "also"', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'A 120 µF capacitor discharges through a 450 kΩ resistor. Calculate the time constant.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', kind: 'B', text: 'time constant RC = 54.0 s', numeric: { value: 54, unit: 's' } }],
      answer,
    }).markscheme_evaluation[0];

  it('is two answers: the mark is lost', () => {
    const point = mark('The time constant is RC = 54.0 s, although the time constant is also 1/RC = 0.0185 s.');
    expect(point.status).toBe('CONTRADICTED');
    expect(point.justification).toContain('two answers');
  });

  it('not where the other value is of another quantity, or said before the answer', () => {
    expect(mark('The time constant is RC = 54.0 s. The capacitor also takes about 270 s to discharge fully.').status).toBe('COVERED');
    expect(mark('It is not 5.4 s. The time constant is also RC, which is 54.0 s.').status).toBe('COVERED');
  });

  it('a percentage beside a percentage', () => {
    const point = markAnswer({
      questionText: 'The amplitude of an oscillation falls from 12 cm to 7.3 cm. What percentage of the energy is lost?',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', kind: 'B', text: 'percentage lost = 63.0 %', numeric: { value: 63, unit: '%' } }],
      answer:
        'Energy goes as amplitude squared so (7.3/12)^2 = 0.370 and 63% is lost. But energy is also just proportional to amplitude so 39% is lost.',
    }).markscheme_evaluation[0];
    expect(point.status).toBe('CONTRADICTED');
  });
});

describe('a word of another part of speech with the same stem is another word', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText:
        "Jamie watches his older brother play football and sees their dad praise him. When Jamie tried on make-up, his dad said 'That's for girls.' Using social learning theory, explain Jamie's gender development.",
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        {
          id: 'p1',
          text: "modelling and identification: Jamie's brother is a same-sex role model whom Jamie identifies with, observes and imitates",
          accept: ['his brother is a same-gender model, so Jamie is likely to imitate his football playing'],
        },
        {
          id: 'p3',
          text: 'direct reinforcement: the dad discourages (punishes) gender-inappropriate behaviour such as make-up, so Jamie is less likely to repeat it',
          accept: ['being told that make-up is for girls makes Jamie less likely to repeat the behaviour'],
        },
      ],
      answer,
    }).markscheme_evaluation;

  it('"doesn\'t like" denies no "likely"', () => {
    for (const point of mark(
      'Jamie wants to play football because his brother does and he copies him. His dad doesnt like him wearing make up.',
    )) {
      expect(point.status, point.point_id).not.toBe('CONTRADICTED');
      expect(point.justification).not.toContain('denies "likely"');
    }
  });

  it('the same word denied still turns the point round', () => {
    const [p1] = mark('His brother is a same-gender model, so Jamie is not likely to imitate his football playing.');
    expect(p1.status).toBe('CONTRADICTED');
  });
});

describe("an accuracy point's exact value offered with another", () => {
  const mark = (answer: string, markScheme: MarkPointInput[]) =>
    markAnswer({ questionText: 'Solve log2(x + 6) - log2 x = 3.', type: 'short_answer', totalMarks: markScheme.length, markScheme, answer })
      .markscheme_evaluation;
  const one: MarkPointInput[] = [{ id: 'a1', kind: 'A', text: 'x = 6/7', accept: ['6/7', '0.857'] }];

  it('is two answers: "x = 6/7 or x = 3/4" loses the mark', () => {
    const [a1] = mark('(x + 6)/x = 8 so x = 6/7 or x = 3/4', one);
    expect(a1.status).toBe('CONTRADICTED');
    expect(a1.justification).toContain('two answers');
  });

  it('the value alone, or the other root the scheme gives too, keeps it', () => {
    expect(mark('(x + 6)/x = 8 so x = 6/7', one)[0].status).toBe('COVERED');
    const both = mark('x = 6/7 or x = 3/4', [...one, { id: 'a2', kind: 'A', text: 'x = 3/4', accept: ['3/4'] }]);
    expect(both.map((p) => p.status)).toEqual(['COVERED', 'COVERED']);
  });
});
