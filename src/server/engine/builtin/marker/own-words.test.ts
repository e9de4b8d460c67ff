import { describe, expect, it } from 'vitest';
import { CHECK_YOURSELF_BELOW } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';

/** One point's outcome for an answer. */
function markPoint(questionText: string, text: string, answer: string, accept: string[] = []) {
  const feedback = markAnswer({
    questionText,
    type: 'short_answer',
    totalMarks: 1,
    markScheme: [{ id: 'p', text, marks: 1, accept }],
    answer,
  });
  return feedback.markscheme_evaluation[0];
}

const MYELIN = 'Explain why the speed of conduction is greater in a myelinated axon than in a non-myelinated axon of the same diameter.';
const CHI_SQUARED =
  'In a test cross a 1 : 1 ratio of tall to short offspring was expected. There were 135 tall and 117 short plants. Calculate χ² and state what your value shows. The critical value at p = 0.05 is 3.84.';

describe('a point said in the student’s own words', () => {
  it('is credited when every word of it is said by the word, a synonym or an everyday phrase for it, and flagged to check', () => {
    // "fatty sheath" is the lexicon's everyday phrase for "myelin"; the model alone doubts a wording that shares so few words
    const point = markPoint(
      MYELIN,
      'myelin is an electrical insulator; depolarisation cannot occur where myelin is present',
      'The fatty sheath round the axon insulates it, like the plastic round a wire.',
      ['myelin sheath insulates', 'no ion movement under myelin'],
    );
    expect(point.status).toBe('COVERED');
    expect(point.rule).toBe('judged');
    // not sure enough to stand alone: the student is asked to check it
    expect(point.confidence).toBeLessThan(CHECK_YOURSELF_BELOW);
  });

  it('is not credited through a word vector’s neighbour: "chance" is not "significantly"', () => {
    const point = markPoint(
      CHI_SQUARED,
      'value below 3.84, so the difference from 1 : 1 is not significant and is due to chance',
      'the results are significantly different from 1:1',
      ['less than 3.84 so the difference is due to chance', 'accept the null hypothesis', 'no significant difference from a 1:1 ratio'],
    );
    expect(point.status).not.toBe('COVERED');
  });
});

const MICROMETER =
  'Describe how a micrometer screw gauge is used to find the cross-sectional area of a thin wire, making the result as accurate as possible.';
const SPOTS =
  "Close the jaws fully with nothing between them to see if it reads zero, and correct your readings if it doesn't. Grip the wire gently using the ratchet. Take readings at different spots along the wire and average them. Work out the radius and do π r².";

describe('a point said in one sentence in close words', () => {
  it('is credited when one sentence says each of its words closely and half of them as written, and flagged to check', () => {
    // "spots" is only a word vector's neighbour of "places"; "different" and "wire" are the point's own words
    const point = markPoint(MICROMETER, 'measure the diameter at several points along the wire', SPOTS, [
      'different places along the wire',
      'along the length of the wire',
    ]);
    expect(point.status).toBe('COVERED');
    expect(point.evidence).toContain('different spots');
    expect(point.confidence).toBeLessThan(CHECK_YOURSELF_BELOW);
  });

  it('is not credited when the sentence says the opposite of one of them', () => {
    const point = markPoint(
      MICROMETER,
      'measure the diameter at several points along the wire',
      'Grip the wire gently. Take every reading at the same spot on the wire.',
      ['different places along the wire'],
    );
    expect(point.status).not.toBe('COVERED');
  });
});

const INFLATION = 'Explain three costs of a high rate of inflation.';
const MENU_COSTS = 'menu costs: firms must spend time and money changing prices frequently';
const MENU_ACCEPTS = [
  'firms face menu costs of changing their prices often',
  'menu costs rise because firms have to reprint price lists more frequently',
];

describe('most of a point said in one sentence as written', () => {
  it('is credited, flagged to check', () => {
    const point = markPoint(
      INFLATION,
      MENU_COSTS,
      'Shops and restaurants have to keep redoing their price tags and menu boards every few weeks, which costs them staff time and money for nothing.',
      MENU_ACCEPTS,
    );
    expect(point.status).toBe('COVERED');
    expect(point.confidence).toBeLessThan(CHECK_YOURSELF_BELOW);
  });

  it('is not credited where its sentence denies something', () => {
    const point = markPoint(
      INFLATION,
      MENU_COSTS,
      "Shops and restaurants don't have to keep redoing their price tags and menu boards every few weeks, so it costs them no staff time or money.",
      MENU_ACCEPTS,
    );
    expect(point.status).not.toBe('COVERED');
  });
});

describe('an opposite beside a word vector’s neighbour', () => {
  it('is found: "gametes" is close to "haploid", but the answer says "diploid"', () => {
    const point = markPoint('State the number of sets of chromosomes in a human gamete.', 'gametes are haploid', 'gametes are diploid');
    expect(point.status).not.toBe('COVERED');
    expect(point.marks_awarded).toBe(0);
  });

  it('is not another of the point’s own words ("more" where the point has "higher … use less")', () => {
    const point = markPoint(
      'Explain one way a nudge could reduce household energy use.',
      "telling households that their energy use is higher than their neighbours' encourages them to use less",
      'Energy bills show that a household uses more energy than its neighbours, encouraging it to use less.',
    );
    expect(point.status).toBe('COVERED');
  });
});

describe('opposites an A-Level answer turns round', () => {
  it.each([
    ['Describe the type of wave that sound is.', 'sound is a longitudinal wave', 'sound is a transverse wave'],
    ['Explain the effect on the pound of a rise in UK interest rates.', 'the pound appreciates', 'the pound depreciates'],
    ['Explain why some goods have a low price elasticity of demand.', 'demand is price inelastic', 'demand is price elastic'],
    ['Describe the gametes produced by meiosis.', 'the gametes are haploid', 'the gametes are diploid'],
    ['Describe how the coordinate bond forms.', 'the nitrogen atom donates a lone pair', 'the nitrogen atom accepts a lone pair'],
  ])('%s', (question, scheme, answer) => {
    expect(markPoint(question, scheme, answer).marks_awarded).toBe(0);
  });
});

describe('a denial about the other thing the question names', () => {
  const question = 'Explain why graphite conducts electricity but diamond does not.';
  const point = 'in graphite each carbon forms three bonds leaving one delocalised electron per atom';
  const accept = ['each carbon uses only three electrons in bonding so one is delocalised'];

  it('does not deny the point about the first ("In diamond … no delocalised electrons")', () => {
    const answer =
      'In graphite every carbon atom bonds to just three neighbours, so one electron from each atom is delocalised. In diamond all four outer electrons are held in covalent bonds, so there are no delocalised electrons to carry a current.';
    expect(markPoint(question, point, answer, accept).status).toBe('COVERED');
  });

  it('still denies it where the sentence is about the point’s own thing', () => {
    const answer = 'In graphite each carbon bonds to three others, so in graphite there are no delocalised electrons.';
    expect(markPoint(question, point, answer, accept).marks_awarded).toBe(0);
  });
});

describe('"more likely to …" is about the act, whoever does it', () => {
  const question = 'Explain the role of identification in social learning theory.';
  const point = 'people are more likely to imitate role models they identify with (similar, attractive, high status)';
  const accept = ['identification means we imitate role models we see as similar to us or want to be like'];

  it('turns the point round when the answer says "we are less likely to imitate"', () => {
    const answer = 'Identification means we are less likely to imitate role models who are similar to us.';
    expect(markPoint(question, point, answer, accept).status).toBe('CONTRADICTED');
  });

  it('credits it the right way round', () => {
    const answer = 'Identification means we are more likely to imitate role models who are similar to us.';
    expect(markPoint(question, point, answer, accept).status).toBe('COVERED');
  });
});

describe('a rejected wording', () => {
  const rejected = (answer: string) =>
    markAnswer({
      questionText: 'A torch bulb is dimmer with an old battery than with a new one. Explain why.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        { id: 'p', text: 'the terminal p.d. across the bulb is lower, so the bulb gets less power', reject: ['the bulb gets more power'] },
      ],
      answer,
    }).markscheme_evaluation[0].rule === 'rejected-wording';

  it('is not found with its comparative away from the word it qualifies', () => {
    expect(rejected("More of the battery's voltage is used up inside the battery, so the bulb gets less power.")).toBe(false);
  });

  it('is still found where the student wrote it', () => {
    expect(rejected('The old battery is weaker but the bulb gets more power.')).toBe(true);
  });

  it('is found with another comparative of the same direction, the one that stands by its word', () => {
    const rejectedHere = (answer: string) =>
      markAnswer({
        questionText: 'Use collision theory to explain why raising the pressure of two reacting gases increases the rate.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [
          {
            id: 'p',
            text: 'so there are more successful collisions per unit time',
            reject: ['a higher proportion of collisions are successful'],
          },
        ],
        answer,
      }).markscheme_evaluation[0].rule === 'rejected-wording';
    // "more" comes first in the sentence; "bigger" is the comparative of "proportion"
    expect(
      rejectedHere(
        'The gas is squashed so there are more successful collisions each second, and a bigger proportion of collisions are successful too.',
      ),
    ).toBe(true);
    expect(rejectedHere('A greater proportion of the collisions are successful.')).toBe(true);
    expect(rejectedHere('The gas is squashed so there are more successful collisions each second.')).toBe(false);
  });
});
