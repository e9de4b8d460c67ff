import { describe, expect, it } from 'vitest';
import { markAnswer } from './mark-answer';
import { analyseText } from './text';

describe('an ion written with its charge', () => {
  it('is read as its element’s symbol, naming the element too ("Ca2+", "Ca²⁺", "Ca ions")', () => {
    for (const written of ['Ca2+ ions flood in', 'Ca²⁺ floods in', 'Ca ions flood in']) {
      const ca = analyseText(written).tokens[0];
      expect(ca.lower, written).toBe('ca');
      expect(ca.lemma, written).toBe('calcium');
      expect(ca.content, written).toBe(true);
      expect(ca.aliases, written).toContain('calcium');
    }
    // "I can" stays a pronoun and a verb
    expect(analyseText('I can see it').tokens.map((t) => t.lemma)).toEqual(['i', 'can', 'see', 'it']);
  });

  it('earns a point that requires the element', () => {
    const marked = markAnswer({
      questionText: 'Describe how an impulse is transmitted across a cholinergic synapse.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p1',
          text: 'action potential arrives and calcium ion channels open; Ca2+ diffuse into the synaptic knob',
          marks: 1,
          accept: [
            'calcium ions enter the presynaptic neurone',
            'calcium ions diffuse into the synaptic knob',
            'calcium ion channels open and calcium ions diffuse in',
          ],
          required: ['calcium|Ca'],
        },
      ],
      answer: 'The impulse arrives at the synaptic knob and Ca2+ ions flood in through channels.',
    });
    expect(marked.markscheme_evaluation[0].rule).not.toBe('required-word');
    expect(marked.markscheme_evaluation[0].status).toBe('COVERED');
  });
});
