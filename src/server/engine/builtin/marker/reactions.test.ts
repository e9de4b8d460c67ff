import { describe, expect, it } from 'vitest';
import { markAnswer } from './mark-answer';
import { compareReactions, findReactions, isCoefficient } from './reactions';

const one = (text: string) => {
  const [r] = findReactions(text);
  expect(r, text).toBeDefined();
  return r;
};

describe('chemical equations read as chemistry', () => {
  it('reads each side of every arrow as species with coefficients, whatever the scripts, states and dots', () => {
    const r = one('In the end 2Fe³⁺(aq) + 2I⁻(aq) → 2Fe²⁺(aq) + I₂(aq) happens.');
    expect(r.text).toBe('2Fe3+(aq) + 2I-(aq) → 2Fe2+(aq) + I2(aq)');
    expect([...r.left]).toEqual([
      ['Fe3+', 2],
      ['I-', 2],
    ]);
    expect([...r.right]).toEqual([
      ['Fe2+', 2],
      ['I2', 1],
    ]);
    expect([...one('•CH₃ + Cl₂ → CH₃Cl + Cl•').left.keys()]).toEqual(['CH3', 'Cl2']);
    expect([...one('H2 -> 2H+ + 2e').right]).toEqual([
      ['H+', 2],
      ['e-', 2],
    ]);
    expect(one('the equilibrium CH3COOH ⇌ CH3COO- + H+ shifts').reversible).toBe(true);
    expect(findReactions('negative: H2 → 2H+ + 2e-\npositive: O2 + 4H+ + 4e- → 2H2O')).toHaveLength(2);
  });

  it('reads no equation in mathematics or words', () => {
    expect(findReactions('as x → ∞, e^-x → 0 so y → 2')).toEqual([]);
    expect(findReactions('glucose → ethanol and carbon dioxide')).toEqual([]);
  });

  it('calls a multiple or a reordering the same, the sides swapped reversed, unbalanced or other species different', () => {
    const scheme = one('2Fe³⁺ + 2I⁻ → 2Fe²⁺ + I₂');
    expect(compareReactions(scheme, one('2I- + 2Fe3+ → I2 + 2Fe2+'))).toBe('same');
    expect(compareReactions(scheme, one('4Fe3+ + 4I- → 4Fe2+ + 2I2'))).toBe('same');
    expect(compareReactions(scheme, one('I2 + 2Fe2+ → 2I- + 2Fe3+'))).toBe('reversed');
    expect(compareReactions(scheme, one('Fe3+ + 2I- → Fe2+ + I2'))).toBe('different');
    expect(compareReactions(scheme, one('H2 → 2H+ + 2e-'))).toBe('unrelated');
  });
});

describe('the marker on an equation point', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Write the equation for the reaction of iron(III) ions with iodide ions.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: '2Fe³⁺ + 2I⁻ → 2Fe²⁺ + I₂', marks: 1 }],
      answer,
    }).markscheme_evaluation[0];

  it('credits the balanced equation however written, and not an unbalanced one or the reverse', () => {
    expect(mark('2I- + 2Fe3+ → I2 + 2Fe2+')).toMatchObject({ status: 'COVERED', rule: 'formula-same' });
    expect(mark('Fe3+ + 2I- → Fe2+ + I2')).toMatchObject({ status: 'NOT_COVERED', rule: 'formula-different' });
    expect(mark('I2 + 2Fe2+ → 2I- + 2Fe3+')).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
  });

  it("quotes the equation of the answer most like the scheme's", () => {
    const fb = markAnswer({
      questionText: 'Write equations to show how chlorine radicals destroy ozone.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p2', text: 'ClO• + O₃ → 2O₂ + Cl•', marks: 1 }],
      answer: 'Cl + O3 → ClO + O2. Then ClO + O3 → O2 + Cl.',
    }).markscheme_evaluation[0];
    expect(fb.status).toBe('NOT_COVERED');
    expect(fb.justification).toContain('"ClO + O3 → O2 + Cl"');
  });

  it('reads a verb for the arrow, and its denial', () => {
    expect(mark('2Fe3+ + 2I- forms 2Fe2+ + I2')).toMatchObject({ status: 'COVERED', rule: 'formula-same' });
    expect(mark('2Fe3+ + 2I- does not form 2Fe2+ + I2')).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
    expect(findReactions('It makes H2O')).toEqual([]);
  });
});

describe('a labelled point said under the other label', () => {
  const brine = (answer: string) =>
    markAnswer({
      questionText: 'Give the half-equation at each electrode when brine is electrolysed.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'p1', text: 'positive electrode: 2Cl⁻ → Cl₂ + 2e⁻', kind: 'B', accept: ['2Cl- → Cl2 + 2e-'] },
        { id: 'p2', text: 'negative electrode: 2H₂O + 2e⁻ → H₂ + 2OH⁻', kind: 'B', accept: ['2H2O + 2e- → H2 + 2OH-'] },
      ],
      answer,
    }).markscheme_evaluation.map((p) => `${p.point_id} ${p.status}`);

  it('is the wrong way round: the equations at the electrodes exchanged earn neither', () => {
    expect(brine('positive electrode: 2Cl- → Cl2 + 2e-\nnegative electrode: 2H2O + 2e- → H2 + 2OH-')).toEqual(['p1 COVERED', 'p2 COVERED']);
    expect(brine('negative electrode: 2Cl- → Cl2 + 2e-\npositive electrode: 2H2O + 2e- → H2 + 2OH-')).toEqual([
      'p1 CONTRADICTED',
      'p2 CONTRADICTED',
    ]);
    // without labels the equations are the points
    expect(brine('2Cl- → Cl2 + 2e-\n2H2O + 2e- → H2 + 2OH-')).toEqual(['p1 COVERED', 'p2 COVERED']);
  });
});

describe('an equation written only to be denied', () => {
  it('is read as denied before ("is not …") or after ("… does not happen")', () => {
    expect(findReactions('The overall equation is not 2H2 + O2 → 2H2O here').map((r) => r.denied)).toEqual([true]);
    expect(findReactions('I2 + 2Cl- → 2I- + Cl2 does not happen, iodine is too weak').map((r) => r.denied)).toEqual([true]);
    expect(findReactions('It is 2H2 + O2 → 2H2O, which happens at the electrodes').map((r) => r.denied)).toEqual([undefined]);
  });

  it('says the opposite of the point, even where the equation is an accepted wording', () => {
    const displace = (answer: string) =>
      markAnswer({
        questionText: 'Chlorine water is added to potassium iodide solution. Write the ionic equation.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [{ id: 'p1', text: 'Cl₂ + 2I⁻ → 2Cl⁻ + I₂', kind: 'B', accept: ['Cl2 + 2I- → 2Cl- + I2'] }],
        answer,
      }).markscheme_evaluation[0].status;
    expect(displace('Cl2 + 2I- → 2Cl- + I2')).toBe('COVERED');
    expect(displace('Cl2 + 2I- → 2Cl- + I2 does not happen, because iodide cannot be oxidised by chlorine.')).toBe('CONTRADICTED');
    expect(displace('The equation is not Cl2 + 2I- → 2Cl- + I2, as there is no reaction.')).toBe('CONTRADICTED');
  });
});

describe("an equation's numbers are coefficients, not values the student states", () => {
  // the number where it stands alone (after a space or at the start), not inside a formula ("Cl2")
  const at = (text: string, number: string) => {
    const start = (' ' + text).indexOf(' ' + number);
    return { start, end: start + number.length };
  };

  it.each([
    ['O2 + 2H2O + 4e- → 4OH-', '4'],
    ['O₂ + 2H₂O + 4e⁻ → 4OH⁻', '4'],
    ['Fe → Fe³⁺ + 3e⁻', '3'],
    ['2H₂ + O₂ → 2H₂O', '2'],
    ['Cl2 + 2Br- → 2Cl- + Br2', '2'],
  ])('%s: the "%s" is a coefficient', (text, number) => {
    expect(isCoefficient(text, at(text, number))).toBe(true);
  });

  it.each([
    ['Fe → Fe2+ + 2e-, and the mass is 5 N', '5'],
    ['Zn + Cu2+ → Zn2+ + Cu, E = 1.10 V', '1.10'],
    ['H2 → 2H+ + 2e-, so e = 1.6', '1.6'],
  ])('%s: the "%s" is a value', (text, number) => {
    expect(isCoefficient(text, at(text, number))).toBe(false);
  });

  it("a value point missing from an answer with a half-equation is missing, not the electrons' 4", () => {
    const feedback = markAnswer({
      questionText:
        'A fuel cell has an alkaline electrolyte of pH 12.8. Write the half-equation at the positive electrode and calculate the concentration of hydrogen ions.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'p1', text: 'O2 + 2H2O + 4e- → 4OH-' },
        { id: 'a1', text: '[H+] = 1.58 × 10^-13 mol dm^-3', numeric: { value: 1.58e-13, unit: 'mol dm^-3' } },
      ],
      answer: 'O₂ + 2H₂O + 4e⁻ → 4OH⁻, and the concentration is very low.',
    });
    const [p1, a1] = feedback.markscheme_evaluation;
    expect(p1.status).toBe('COVERED');
    expect(a1.status).toBe('NOT_COVERED');
    expect(a1.justification).not.toContain('"4"');
    expect(a1.justification).toContain('does not give the value');
  });
});
