import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRequired } from './phrases';
import { analyseText, useParaphraseLexicon } from './text';
import { readParaphraseLexicon } from './paraphrase-lexicon-file';
import { wordSimilarity } from './features';

const ENTRIES = [
  { term: 'collide', forms: ['collision', 'collisions'], phrases: ['bump into', 'hit each other'] },
  { term: 'kinetic energy', forms: ['kinetic'], phrases: ['movement energy', 'energy of motion'] },
  { term: 'saltatory', forms: ['jump'], phrases: ['leap from gap to gap'] },
];

describe('everyday wordings of terms', () => {
  beforeAll(() => useParaphraseLexicon(() => ENTRIES));
  afterAll(() => useParaphraseLexicon(() => readParaphraseLexicon().flatMap((f) => f.entries)));

  it('meets a required term with a phrase that says it, inflected and with words in between', () => {
    const answer = analyseText('The particles bump right into each other more often.');
    expect(findRequired(answer, 'collision|collide')).toBeDefined();
    expect(findRequired(analyseText('They gain more movement energy.'), 'kinetic')).toBeDefined();
    expect(findRequired(analyseText('The impulse leaps from one gap to the next gap.'), 'saltatory|jump')).toBeDefined();
  });

  it('takes a linking word of the phrase said with another of its kind, never a word with an opposite', () => {
    useParaphraseLexicon(() => [
      ...ENTRIES,
      { term: 'node', forms: [], phrases: ['gap in the sheath'] },
      { term: 'activate', forms: [], phrases: ['switch on the gene'] },
    ]);
    expect(findRequired(analyseText('Ions cross only at the little gaps between the sheath cells.'), 'node')).toBeDefined();
    expect(findRequired(analyseText('Ions cross only at a gap in a sheath.'), 'node')).toBeDefined();
    expect(findRequired(analyseText('Methylation switches on the gene.'), 'activate')).toBeDefined();
    expect(findRequired(analyseText('Methylation switches off the gene.'), 'activate')).toBeUndefined();
    useParaphraseLexicon(() => ENTRIES);
  });

  it('lets a word with an opposite carry the term when nothing else in the phrase can ("inside" in "resistance inside it"), never a word of direction', () => {
    useParaphraseLexicon(() => [
      ...ENTRIES,
      { term: 'internal', forms: ['internal resistance'], phrases: ['resistance inside it'] },
      { term: 'increase', forms: [], phrases: ['go up'] },
    ]);
    expect(findRequired(analyseText('As the battery gets old, the resistance inside it goes up.'), 'internal')).toBeDefined();
    expect(findRequired(analyseText('The resistance outside it goes up.'), 'internal')).toBeUndefined();
    expect(findRequired(analyseText('The price goes up.'), 'increase')).toBeUndefined();
    useParaphraseLexicon(() => ENTRIES);
  });

  it('keeps the polarity of the phrase: a denied paraphrase does not meet the term', () => {
    expect(findRequired(analyseText("The particles don't bump into each other."), 'collide')).toBeUndefined();
  });

  it('meets a term with a phrase that denies something ("no jumps" for "continuous"), and not with its opposite', () => {
    useParaphraseLexicon(() => [
      ...ENTRIES,
      { term: 'continuous', forms: [], phrases: ['no jumps', 'unbroken'] },
      { term: 'permanent', forms: [], phrases: ['not wash off'] },
    ]);
    expect(findRequired(analyseText('The graph is one smooth curve with no jumps.'), 'continuous')).toBeDefined();
    expect(findRequired(analyseText("The paint doesn't wash off in the rain."), 'permanent')).toBeDefined();
    // a one-word phrase is that word's meaning, though "unbroken" has an opposite
    expect(findRequired(analyseText('The graph is unbroken.'), 'continuous')).toBeDefined();
    // the denying phrase said the other way round
    expect(findRequired(analyseText('The graph jumps at x = 2.'), 'continuous')).toBeUndefined();
    expect(findRequired(analyseText('The paint washes off in the rain.'), 'permanent')).toBeUndefined();
    expect(findRequired(analyseText('The graph is not unbroken.'), 'continuous')).toBeUndefined();
    // the term itself denied is still denied
    expect(findRequired(analyseText('The graph is not continuous.'), 'continuous')).toBeUndefined();
    useParaphraseLexicon(() => ENTRIES);
  });

  it('does not match across clauses, or with more than two words in between', () => {
    expect(findRequired(analyseText('They bump. Into the wall they go.'), 'collide')).toBeUndefined();
    expect(findRequired(analyseText('The energy of the very fast motion'), 'kinetic')).toBeUndefined();
    expect(findRequired(analyseText('They bump gently and then slowly roll into each other'), 'collide')).toBeUndefined();
  });

  it('gives the term only to the words that do not already say it, and never to a light verb or a direction word', () => {
    const aliased = (text: string) =>
      analyseText(text)
        .tokens.filter((t) => t.aliases)
        .map((t) => t.text);
    // "energy" is the term's own word; "movement" stands for "kinetic"
    expect(aliased('They gain more movement energy.')).toEqual(['movement']);
    useParaphraseLexicon(() => [
      ...ENTRIES,
      { term: 'increase', forms: [], phrases: ['go up'] },
      { term: 'pyramidal', forms: [], phrases: ['pyramid shape'] },
    ]);
    expect(aliased('The current goes up.')).toEqual([]);
    expect(aliased('It has a pyramid shape.')).toEqual([]);
    useParaphraseLexicon(() => ENTRIES);
  });

  it("reads the phrase's word as the term in the classifier's word alignment too, as a listed synonym", () => {
    const movement = analyseText('movement energy').tokens[0];
    expect(movement.aliases).toContain('kinetic');
    expect(wordSimilarity(analyseText('kinetic').tokens[0], movement)).toBe(0.9);
    // a word outside the phrase is not: "movement" alone is only as near as the word vectors put it
    expect(wordSimilarity(analyseText('kinetic').tokens[0], analyseText('movement').tokens[0])).toBeLessThan(0.85);
  });
});

describe('the shipped lexicon', () => {
  it('reads a required "collide" in "bump into each other"', () => {
    expect(findRequired(analyseText('the molecules bump into each other more'), 'collide|collision')).toBeDefined();
  });
});
