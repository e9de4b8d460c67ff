import { describe, expect, it } from 'vitest';
import { contrastingTerms, schemeSiblings } from './contrasts';
import { markAnswer } from './mark-answer';
import { analyseText } from './text';

const word = (w: string) => analyseText(w).tokens[0];

describe('terms an answer mixes up', () => {
  it('are words that differ by a prefix of contrast, or a listed pair', () => {
    expect(contrastingTerms(word('presynaptic'), word('postsynaptic'))).toBe(true);
    expect(contrastingTerms(word('endocytosis'), word('exocytosis'))).toBe(true);
    expect(contrastingTerms(word('intermolecular'), word('intramolecular'))).toBe(true);
    expect(contrastingTerms(word('xylem'), word('phloem'))).toBe(true);
    expect(contrastingTerms(word('glucagon'), word('glycogen'))).toBe(true);
    // ions by name or by symbol
    expect(contrastingTerms(word('sodium'), word('calcium'))).toBe(true);
    expect(contrastingTerms(analyseText('Na+ ions').tokens[0], analyseText('Ca2+ ions').tokens[0])).toBe(true);
    // the pairs of roles are mixed up too: one list for both rules
    expect(contrastingTerms(word('anode'), word('cathode'))).toBe(true);
    expect(contrastingTerms(word('donor'), word('acceptor'))).toBe(true);
    expect(contrastingTerms(word('sensory'), word('motor'))).toBe(true);
  });

  it('are not the same word, nor words that merely share letters after a short prefix', () => {
    expect(contrastingTerms(word('presynaptic'), word('presynaptic'))).toBe(false);
    expect(contrastingTerms(word('deduce'), word('reduce'))).toBe(false);
    expect(contrastingTerms(word('income'), word('outcome'))).toBe(false);
    expect(contrastingTerms(word('xylem'), word('water'))).toBe(false);
  });
});

describe('parallel points of one scheme', () => {
  it('give the words they differ by', () => {
    const siblings = schemeSiblings([
      'first law is a consequence of conservation of charge',
      'second law is a consequence of conservation of energy',
      'the sum of the currents into a junction equals the sum of the currents out',
    ]);
    expect(siblings[0]).toEqual(
      expect.arrayContaining([
        ['first', 'second'],
        ['charge', 'energy'],
      ]),
    );
    expect(siblings[1]).toEqual(expect.arrayContaining([['energy', 'charge']]));
    expect(siblings[2]).toEqual([]);
  });

  it('are worked out once a scheme, however many answers are marked against it', () => {
    const texts = ['oxygen diffuses into the blood', 'carbon dioxide diffuses out of the blood'];
    expect(schemeSiblings([...texts])).toBe(schemeSiblings([...texts]));
  });
});

const KIRCHHOFF = {
  questionText: "State Kirchhoff's two laws and the conservation law each follows from.",
  type: 'short_answer' as const,
  totalMarks: 4,
  markScheme: [
    {
      id: 'p1',
      text: 'first law: the sum of currents into a junction equals the sum of currents out',
      marks: 1,
      accept: ['current in = current out at a junction'],
    },
    { id: 'p2', text: 'first law is a consequence of conservation of charge', marks: 1, accept: ['based on the conservation of charge'] },
    {
      id: 'p3',
      text: 'second law: around any closed loop the sum of emfs equals the sum of p.d.s',
      marks: 1,
      accept: ['sum of emfs = sum of pds in any loop'],
    },
    { id: 'p4', text: 'second law is a consequence of conservation of energy', marks: 1, accept: ['based on the conservation of energy'] },
  ],
};

const SYNAPSE = {
  questionText: 'Describe the process of synaptic transmission.',
  type: 'short_answer' as const,
  totalMarks: 2,
  markScheme: [
    {
      id: 'p1',
      text: 'an electrical impulse (action potential) reaches the presynaptic terminal',
      marks: 1,
      accept: ['when the electrical impulse reaches the presynaptic terminal it triggers the release of neurotransmitter'],
    },
    {
      id: 'p3',
      text: 'the neurotransmitter diffuses across the gap and binds to specific receptors on the postsynaptic neuron',
      marks: 1,
      accept: ['neurotransmitter binds to receptors on the postsynaptic membrane'],
    },
  ],
};

const statuses = (input: typeof KIRCHHOFF | typeof SYNAPSE, answer: string) =>
  markAnswer({ ...input, answer }).markscheme_evaluation.map((e) => `${e.point_id}:${e.status}`);

describe('a point said of the wrong thing', () => {
  it('is not credited where the answer names its sibling instead (the conservation laws exchanged)', () => {
    const marked = markAnswer({
      ...KIRCHHOFF,
      answer:
        'First law: current into a junction equals current out - conservation of energy. Second law: sum of emfs equals sum of pds round a loop - conservation of charge.',
    });
    expect(marked.markscheme_evaluation.map((e) => `${e.point_id}:${e.status}`)).toEqual([
      'p1:COVERED',
      'p2:NOT_COVERED',
      'p3:COVERED',
      'p4:NOT_COVERED',
    ]);
    expect(marked.markscheme_evaluation[1].justification).toContain('you wrote "energy" where the mark scheme has "charge"');
  });

  it('is credited when the answer gives each law its own conservation law', () => {
    expect(
      statuses(
        KIRCHHOFF,
        'First law: current into a junction equals current out, which is conservation of charge. Second law: sum of emfs equals sum of pds round a loop, which is conservation of energy.',
      ),
    ).toEqual(['p1:COVERED', 'p2:COVERED', 'p3:COVERED', 'p4:COVERED']);
  });

  it('is not credited for "postsynaptic" where the point has "presynaptic"', () => {
    expect(statuses(SYNAPSE, 'An electrical impulse arrives at the postsynaptic neuron, which releases neurotransmitter.')[0]).toBe(
      'p1:NOT_COVERED',
    );
  });

  it('is credited where the sibling names another place than the point’s word', () => {
    // "from the presynaptic neuron" is where it comes from, not where the receptors are
    expect(
      statuses(
        SYNAPSE,
        'The impulse reaches the presynaptic terminal. The neurotransmitter diffuses across the gap from the presynaptic neuron and binds to specific receptors.',
      ),
    ).toEqual(['p1:COVERED', 'p3:COVERED']);
  });
});
