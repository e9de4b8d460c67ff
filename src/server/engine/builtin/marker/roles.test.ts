import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { swappedRoles } from './roles';
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
