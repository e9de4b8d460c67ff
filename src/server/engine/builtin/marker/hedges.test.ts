import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { findHedges } from './claims';
import { markAnswer } from './mark-answer';
import { analyseText } from './text';

const hedged = (text: string) => {
  const a = analyseText(text);
  return findHedges(a).map((h) => `${a.tokens[h.first].text} / ${a.tokens[h.second].text}`);
};

describe('hedges: a claim stated both ways at once', () => {
  it('finds opposite words joined by "or": directions, listed opposites, a negating prefix, a repeated modifier', () => {
    expect(hedged('The bonds could be stronger or weaker than before.')).toEqual(['stronger / weaker']);
    expect(hedged('The mutation may activate or inactivate the gene.')).toEqual(['activate / inactivate']);
    expect(hedged('The gene is permanently on or permanently off.')).toEqual(['on / off']);
    expect(hedged('The rate increases or decreases with pH.')).toEqual(['increases / decreases']);
  });

  it('finds the other way round said as a phrase of its own after "or"', () => {
    expect(hedged('It accelerates towards the centre of the Earth, or away from it in places.')).toEqual(['towards / away']);
    expect(hedged('The current goes up when it is warm, or maybe down.')).toEqual(['up / down']);
    // not across another alternative
    expect(hedged('The ball moves towards the wall and back, or it stops.')).toEqual([]);
  });

  it('finds a claim said with its own denial, but not "whether or not"', () => {
    expect(hedged('The rate may or may not increase.')).toEqual(['The / not']);
    expect(hedged("The shape does or doesn't change.")).toEqual(["The / n't"]);
    expect(hedged('The resistance increases or not, depending on the wire.')).toEqual(['The / not']);
    expect(hedged('The active site might change shape or it might not.')).toEqual(['The / not']);
    expect(hedged('Oxygen is more soluble in cold water, or it might not be.')).toEqual([]);
    expect(hedged('Oxygen is more soluble in cold water, or it is not.')).toEqual(['Oxygen / not']);
    expect(hedged('It depends on whether or not the gene is expressed.')).toEqual([]);
    expect(hedged('Heat it or it will not react.')).toEqual([]);
    expect(hedged('Beyond the limit there is little or no increase in stress.')).toEqual([]);
  });

  it('leaves alone a choice between different things and "more or less the same"', () => {
    expect(hedged('Use a light gate or a video camera.')).toEqual([]);
    expect(hedged('The two readings are more or less the same.')).toEqual([]);
  });
});

describe('the marker on a hedged point', () => {
  const scheme: MarkPointInput[] = [
    { id: 'p1', text: 'oxygen is more soluble in cold water' },
    { id: 'p2', text: 'fish in warm water get less oxygen' },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Explain why fish in a warm pond may be short of oxygen.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer,
    });

  it('gives no mark for a point stated with its opposite ("more or less soluble")', () => {
    const fb = mark('Oxygen is more or less soluble in cold water depending on the day, so fish in warm water get less oxygen.');
    expect(fb.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0, rule: 'contradiction' });
    expect(fb.markscheme_evaluation[0].justification).toContain('"more or less soluble"');
  });

  it('loses only the point whose claim is denied, not another point of the same sentence', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p2', text: 'the ion binds to the carrier protein on one side of the membrane' },
      { id: 'p3', text: 'the carrier protein changes shape' },
    ];
    const fb = markAnswer({
      questionText: 'Explain how a carrier protein moves an ion across a membrane.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer:
        'The ion binds to the carrier protein on one side of the membrane. The carrier changes shape, or it might not, and the ion is released on the other side.',
    });
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'CONTRADICTED']);
  });

  it('gives no mark for a point said with its denial ("…, or it might not"), and leaves the other points alone', () => {
    for (const said of [
      'Oxygen might be more soluble in cold water, or it might not.',
      'Oxygen may or may not be more soluble in cold water.',
    ]) {
      const fb = mark(`${said} Fish in warm water get less oxygen.`);
      expect(fb.markscheme_evaluation[0], said).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0 });
      expect(fb.markscheme_evaluation[1], said).toMatchObject({ status: 'COVERED', marks_awarded: 1 });
    }
  });

  it('still gives the mark when the point is stated one way', () => {
    const fb = mark('Oxygen is more soluble in cold water, so fish in warm water get less oxygen.');
    expect(fb.markscheme_evaluation[0]).toMatchObject({ status: 'COVERED', marks_awarded: 1 });
  });
});

describe('an accepted wording in a sentence that turns the point round', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Prove by contradiction that √3 is irrational.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        { id: 'a1', text: 'contradiction: a and b share the factor 3, so √3 is irrational', accept: ['contradicts', 'contradiction'] },
      ],
      answer,
    });

  it('loses the point where the conclusion is the other way round', () => {
    const fb = mark('This contradicts a and b having no common factors, so √3 is rational.');
    expect(fb.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0, rule: 'direction' });
    expect(fb.markscheme_evaluation[0].justification).toContain('"rational" where the mark scheme has "irrational"');
  });

  it('keeps it where the conclusion is right, and where the point itself names both words', () => {
    expect(mark('This contradicts a and b having no common factors, so √3 is irrational.').marks_awarded).toBe(1);
    const fission = markAnswer({
      questionText: 'Describe how fission happens in a reactor.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p1',
          text: 'a nucleus absorbs a neutron and splits, releasing energy and neutrons',
          accept: ['absorbs a neutron and splits'],
        },
      ],
      answer: 'U-235 absorbs a neutron and splits into two nuclei.',
    });
    expect(fission.marks_awarded).toBe(1);
  });
});
