import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { endsExchanged, swappedRoles } from './roles';
import { analyseText } from './text';

const swapped = (point: string, answer: string) => {
  const a = analyseText(answer);
  const found = swappedRoles(analyseText(point), a);
  return found?.map((i) => a.tokens[i].text).sort();
};

describe('roles swapped: the point’s two opposite words bound the other way round', () => {
  it('finds opposite words exchanged between the two things they are said of', () => {
    expect(
      swapped(
        'demand-pull inflation comes with rising output, whereas cost-push inflation comes with falling output',
        'Demand-pull inflation comes with falling real output, whereas cost-push inflation comes with rising real output.',
      ),
    ).toEqual(['falling', 'rising']);
  });

  it('finds directions exchanged in a contrast where the second thing is named otherwise ("an extra diamond" for "one more")', () => {
    const point = 'tap water is plentiful, so the value of the last bottle is low; gold is rare, so the value of one more is high';
    expect(
      swapped(point, 'Tap water is plentiful, so the value of the last bottle is high, whereas gold is rare so an extra ring is low.'),
    ).toEqual(['high', 'low']);
    // said the right way round, the contrast is the point
    expect(
      swapped(point, 'Tap water is plentiful, so the value of the last bottle is low, whereas gold is rare so an extra ring is high.'),
    ).toBeUndefined();
  });

  it('finds a listed pair said the other way round about the same verb', () => {
    expect(
      swapped(
        'retroactive interference: newer learning disrupts recall of older learning',
        'Retroactive interference is when old information disrupts new information.',
      ),
    ).toEqual(['new', 'old']);
    expect(
      swapped(
        'proactive interference: older learning disrupts recall of newer learning',
        'Proactive interference is when new information stops you recalling old information.',
      ),
    ).toEqual(['new', 'old']);
  });

  it('finds the two sugars of the nucleotides exchanged (ribose and deoxyribose, a pair the lexicon does not oppose)', () => {
    const point = 'ATP contains ribose; a DNA nucleotide contains deoxyribose';
    expect(swapped(point, 'ATP contains deoxyribose; a DNA nucleotide contains ribose.')).toEqual(['deoxyribose', 'ribose']);
    expect(swapped(point, 'The sugar in a DNA nucleotide is ribose whereas ATP has deoxyribose.')).toEqual(['deoxyribose', 'ribose']);
    expect(swapped(point, 'ATP has a ribose sugar, DNA nucleotides have a deoxyribose sugar.')).toBeUndefined();
  });

  it('finds two things contrasted as subjects with what is said of each exchanged, in any form of the words', () => {
    const point = 'eukaryotes have a nucleus but prokaryotes do not';
    expect(swapped(point, 'Prokaryotes have a nucleus but eukaryotes do not.')).toEqual(['Prokaryotes', 'eukaryotes']);
    expect(swapped(point, 'Prokaryotic cells have a nucleus whereas eukaryotic cells do not.')).toEqual(['Prokaryotic', 'eukaryotic']);
    expect(
      swapped(
        'afferent neurones carry impulses towards the CNS and efferent neurones carry them away',
        'Efferent neurones carry impulses towards the CNS and afferent neurones carry them away.',
      ),
    ).toEqual(['Efferent', 'afferent']);
    // the same said the right way round, or with the thing said denied of the first ("no nucleus, unlike …")
    expect(swapped(point, 'Eukaryotes have a nucleus whereas prokaryotes do not.')).toBeUndefined();
    expect(swapped(point, 'Prokaryotic cells have no nucleus, unlike eukaryotic cells.')).toBeUndefined();
    expect(swapped(point, 'Prokaryotes have no nucleus but eukaryotes do.')).toBeUndefined();
  });

  it('leaves alone the roles said the right way round, in another order or in the passive', () => {
    expect(
      swapped(
        'demand-pull inflation comes with rising output, whereas cost-push inflation comes with falling output',
        'Cost-push inflation comes with falling output, whereas demand-pull inflation comes with rising output.',
      ),
    ).toBeUndefined();
    expect(
      swapped(
        'retroactive interference: newer learning disrupts recall of older learning',
        'Recall of old memories is disrupted by new learning.',
      ),
    ).toBeUndefined();
    expect(
      swapped(
        'retroactive interference: newer learning disrupts recall of older learning',
        'New learning disrupts the recall of older memories.',
      ),
    ).toBeUndefined();
    // opposite words of a relation, not two roles: "the rate rises as the temperature falls" said from the other end
    expect(swapped('the rate rises as the temperature falls', 'As the temperature falls, the rate rises.')).toBeUndefined();
  });
});

describe('the marker on swapped roles', () => {
  it('gives no mark for an accepted wording with its two things exchanged, and credits the point denied as the point denies it', () => {
    const cells = (answer: string) =>
      markAnswer({
        questionText: 'Give one difference between the structure of a prokaryotic cell and a eukaryotic cell.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [
          {
            id: 'p1',
            text: 'prokaryotes have no nucleus; their DNA is free in the cytoplasm',
            required: ['nucleus|cytoplasm'],
            accept: ['eukaryotes have a nucleus but prokaryotes do not'],
          },
        ],
        answer,
      }).markscheme_evaluation[0].status;
    expect(cells('Prokaryotes have a nucleus but eukaryotes do not.')).toBe('CONTRADICTED');
    expect(cells('Eukaryotes have a nucleus but prokaryotes do not.')).toBe('COVERED');
    // the point's own word denied as the point denies it is the word said ("don't have a nucleus" for "no nucleus")
    expect(cells("Prokaryotes don't have a nucleus.")).toBe('COVERED');
    expect(cells('Prokaryotic cells have no nucleus, unlike eukaryotic cells.')).toBe('COVERED');
    expect(cells('Prokaryotes have a nucleus.')).not.toBe('COVERED');
  });

  const scheme: MarkPointInput[] = [
    { id: 'p1', text: 'proactive interference: older learning disrupts recall of newer learning' },
    { id: 'p2', text: 'retroactive interference: newer learning disrupts recall of older learning' },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Outline proactive and retroactive interference.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer,
    }).markscheme_evaluation;

  it('gives neither mark to the two definitions exchanged, and says which words are the wrong way round', () => {
    const e = mark(
      'Proactive interference is when new information stops you recalling old information. Retroactive interference is when old information disrupts new information.',
    );
    expect(e.map((x) => x.status)).toEqual(['CONTRADICTED', 'CONTRADICTED']);
    expect(e[1].justification).toContain('has "old" and "new" the other way round');
  });

  it('gives both marks to the definitions the right way round, each judged on its own sentence', () => {
    const e = mark(
      'Proactive interference is when something learned earlier disrupts the recall of something learned later. Retroactive interference is when new learning disrupts old memories.',
    );
    expect(e.map((x) => x.status)).toEqual(['COVERED', 'COVERED']);
  });
});

describe("a change's two ends exchanged", () => {
  it("is found where the answer runs the change the other way, and not where it runs it the point's way", () => {
    const point = 'a colour change from orange to green shows a primary or secondary alcohol';
    expect(endsExchanged(point, 'The dichromate goes from green to orange when it is warmed.')).toBe('green to orange');
    expect(endsExchanged(point, 'It turns green to orange.')).toBe('green to orange');
    expect(endsExchanged(point, 'The colour goes from orange to green.')).toBeUndefined();
    expect(endsExchanged('particles move from high to low concentration', 'they move from low to high concentration')).toBe('low to high');
  });

  it('makes a point said the other way round contradicted', () => {
    const feedback = markAnswer({
      questionText: 'Describe the test for a primary alcohol using acidified potassium dichromate.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p1',
          text: 'a colour change from orange to green shows the alcohol is oxidised',
          kind: 'B',
          accept: ['the solution turns from orange to green'],
        },
      ],
      answer: 'Warm it with acidified potassium dichromate: the solution turns from green to orange because the alcohol is oxidised.',
    });
    expect(feedback.markscheme_evaluation[0].status).toBe('CONTRADICTED');
  });
});
