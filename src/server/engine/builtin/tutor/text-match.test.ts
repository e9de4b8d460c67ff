import { describe, expect, it } from 'vitest';
import { markPointSchema, type MarkPointInput } from '../../../../shared/mark-scheme';
import { stemWord } from '../../text/stem';
import { checkAttempt, containsPhrase, contentStems, extractNumbers, plainText, stemsMatch, unitPresent } from './text-match';

const point = (input: MarkPointInput) => markPointSchema.parse(input);
const ctx = (questionText: string) => ({ questionStems: contentStems(plainText(questionText)) });

describe('stems', () => {
  it('brings inflections and derivations of a word together', () => {
    const same = (a: string, b: string) => stemsMatch(stemWord(a), stemWord(b));
    expect(same('denatured', 'denaturation')).toBe(true);
    expect(same('denatures', 'denature')).toBe(true);
    expect(same('complementary', 'complement')).toBe(true);
    expect(same('oxidised', 'oxidation')).toBe(true);
    expect(same('substrates', 'substrate')).toBe(true);
    expect(same('collisions', 'collide')).toBe(false);
    expect(same('cell', 'cellulose')).toBe(false);
  });

  it('folds synonyms and drops stop and negation words', () => {
    expect(contentStems('The rate rises')).toEqual(contentStems('the rate increases'));
    expect(contentStems("it isn't the active site")).toEqual(['activ', 'site']);
  });
});

describe('extractNumbers', () => {
  it('reads decimals, negatives, standard form and thousands separators with their significant figures', () => {
    const found = extractNumbers('E = 3.0 x 10^-4 J, then -2.50, 1,200 and 1.5e3; y - 3');
    expect(found.map((n) => n.value)).toEqual([3.0e-4, -2.5, 1200, 1500, 3]);
    expect(found[0].sigFigs).toEqual([2, 2]);
    expect(found[1].sigFigs).toEqual([3, 3]);
    expect(found[2].sigFigs).toEqual([2, 4]);
  });
});

describe('unitPresent', () => {
  it('accepts the usual ways of writing a unit', () => {
    expect(unitPresent('45 kJ/mol', 'kJ mol^-1')).toBe(true);
    expect(unitPresent('45 kJ', 'kJ mol^-1')).toBe(false);
    expect(unitPresent('12 m/s^2', 'm s^-2')).toBe(true);
    expect(unitPresent('12 ohms', 'Ω')).toBe(true);
    expect(unitPresent('12', 'J')).toBe(false);
  });
});

describe('containsPhrase', () => {
  it('matches whole words and ignores spacing around symbols', () => {
    expect(containsPhrase('I think option D', 'option d')).toBe(true);
    expect(containsPhrase('and so on', 'd')).toBe(false);
    expect(containsPhrase('y-3 = 2 ( x - 1 )', 'y - 3 = 2(x - 1)')).toBe(true);
  });
});

describe('checkAttempt', () => {
  const enzymeQuestion = '<p>Explain why an enzyme only catalyses one type of reaction.</p>';
  const activeSite = point({
    id: 'c1',
    text: 'active site has a specific shape that is complementary to the substrate',
    reject: ['enzyme is killed'],
  });

  it('is right when the key words of the point are there, in other word forms', () => {
    const check = checkAttempt("The enzyme's active site is complementary in shape to its substrates", activeSite, ctx(enzymeQuestion));
    expect(check.verdict).toBe('right');
  });

  it('is partly right with some of the key words', () => {
    const check = checkAttempt('the substrate fits in', activeSite, ctx(enzymeQuestion));
    expect(check.verdict).toBe('partly');
    expect(check.matchedWords).toContain('substrate');
  });

  it('is not yet right with none of them, or with a rejected wording, or when negated', () => {
    expect(checkAttempt('it is like a lock', activeSite, ctx(enzymeQuestion)).verdict).toBe('not-yet');
    expect(checkAttempt('the enzyme is killed', activeSite, ctx(enzymeQuestion)).reason).toBe('reject');
    const negated = checkAttempt('the active site is not complementary to the substrate', activeSite, ctx(enzymeQuestion));
    expect(negated).toMatchObject({ verdict: 'not-yet', reason: 'negation' });
  });

  it('needs every required term', () => {
    const hBonds = point({ id: 'b1', text: 'hydrogen bonds form between water molecules', required: ['hydrogen bond|hydrogen bonding'] });
    const question = '<p>Explain why water has a higher boiling point than hydrogen sulfide.</p>';
    expect(checkAttempt('bonds form between the water molecules', hBonds, ctx(question)).verdict).not.toBe('right');
    expect(checkAttempt('hydrogen bonding between water molecules', hBonds, ctx(question)).verdict).toBe('right');
  });

  it('checks numbers with tolerance, unit, significant figures, powers of ten and sign', () => {
    const speed = point({
      id: 'a1',
      text: 'v = 15.3 m s^-1',
      kind: 'answer',
      marks: 2,
      numeric: { value: 15.344, tolerance: 0.005, unit: 'm s^-1', sigFigs: 3 },
    });
    const c = ctx('<p>Calculate the speed of the ball.</p>');
    expect(checkAttempt('v = 15.3 m/s', speed, c)).toMatchObject({ verdict: 'right', reason: 'numeric' });
    expect(checkAttempt('about 15.4 m s^-1', speed, c).verdict).toBe('right');
    expect(checkAttempt('v = 15.3', speed, c)).toMatchObject({ verdict: 'partly', reason: 'unit-missing' });
    expect(checkAttempt('v = 15.34 m/s', speed, c)).toMatchObject({ verdict: 'partly', reason: 'sig-figs' });
    expect(checkAttempt('v = 153 m/s', speed, c)).toMatchObject({ verdict: 'partly', reason: 'power-of-ten' });
    expect(checkAttempt('v = -15.3 m/s', speed, c)).toMatchObject({ verdict: 'partly', reason: 'sign' });
    expect(checkAttempt('v = 12.1 m/s', speed, c)).toMatchObject({ verdict: 'not-yet', reason: 'wrong-number' });
  });

  it('uses an absolute tolerance when one is given', () => {
    const gradient = point({ id: 'a1', text: 'gradient m = 0.5', kind: 'answer', numeric: { value: 0.5, absTolerance: 0.01 } });
    const c = ctx('<p>Find the gradient.</p>');
    expect(checkAttempt('m = 0.505', gradient, c).verdict).toBe('right');
    expect(checkAttempt('m = 0.52', gradient, c).verdict).toBe('not-yet');
  });
});
