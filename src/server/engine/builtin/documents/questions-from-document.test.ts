import { describe, expect, it } from 'vitest';
import { markAnswer } from '../marker/mark-answer';
import { questionsFromDocument, splitSentences } from './questions-from-document';

const notes = [
  'Diffusion is the net movement of particles from a region of higher concentration to a region of lower concentration. ' +
    'Osmosis is the movement of water molecules across a partially permeable membrane, from a dilute solution to a concentrated solution. ' +
    'Active transport is the movement of substances against a concentration gradient, which requires energy from respiration. ' +
    'A catalyst is a substance that speeds up a reaction without being used up.',
  'Root hair cells absorb water quickly because they have a very large surface area. ' +
    'About 70% of the human body is water. ' +
    'During protein synthesis, first the DNA is transcribed into mRNA in the nucleus, then the mRNA leaves through a nuclear pore, and finally ribosomes translate it into a polypeptide.',
];

describe('questionsFromDocument', () => {
  const paper = questionsFromDocument({ name: 'transport-notes.pdf', pages: notes, subject: 'Biology', count: 8, seed: 3 });

  it('writes a mixed paper of real questions with mark schemes from the document', () => {
    expect(paper.questions.length).toBeGreaterThanOrEqual(6);
    expect(paper.title).toBe('Biology: questions from transport-notes');
    for (const q of paper.questions) {
      expect(q.markScheme.reduce((n, p) => n + p.marks, 0)).toBe(q.totalMarks);
      expect(q.modelAnswer).toBeTruthy();
    }
    const texts = paper.questions.map((q) => q.text).join('\n');
    expect(texts).toMatch(/what is meant by <strong>Osmosis<\/strong>|what is meant by <strong>Diffusion<\/strong>/);
    expect(texts).toMatch(/Explain why root hair cells absorb water quickly/);
    expect(texts).toContain('______ %');
    expect(paper.questions.some((q) => q.type === 'multiple_choice' && q.options && q.correctAnswer)).toBe(true);
  });

  it('marks its own model answers in full, and a wrong figure as not covered', () => {
    for (const q of paper.questions) {
      const result = markAnswer({
        questionText: q.text,
        type: q.type,
        totalMarks: q.totalMarks,
        markScheme: q.markScheme,
        answer: q.modelAnswer!,
        options: q.options,
        correctAnswer: q.correctAnswer,
      });
      expect(result.marks_awarded, q.text).toBe(q.totalMarks);
    }
    const figure = paper.questions.find((q) => q.markScheme[0].numeric)!;
    const wrong = markAnswer({ questionText: figure.text, type: figure.type, totalMarks: 1, markScheme: figure.markScheme, answer: '40%' });
    expect(wrong.marks_awarded).toBe(0);
  });

  it('is deterministic for a seed', () => {
    const again = questionsFromDocument({ name: 'transport-notes.pdf', pages: notes, subject: 'Biology', count: 8, seed: 3 });
    expect(again).toEqual(paper);
  });

  it('says clearly when a document has nothing to ask about', () => {
    expect(() => questionsFromDocument({ name: 'empty.pdf', pages: ['Hello.', 'Page two.'], subject: 'Biology' })).toThrow(
      /No definitions/,
    );
  });

  it('asks "what is meant by" only for real definitions, and blanks a measured value, not a figure label', () => {
    const pages = [
      'Xylem is the tissue that carries water and mineral ions upwards from the roots. ' +
        'Phloem is the tissue that transports sucrose and amino acids in both directions. ' +
        'Mineral ions such as nitrate are absorbed by active transport against a concentration gradient. ' +
        'Stomata are found on the lower surface of most leaves in large numbers. ' +
        'This process is the main route of water loss from the whole plant. ' +
        'Figure 4.2 shows that the rate of water uptake rose to 3.6 cm3 per hour at 30 °C.',
    ];
    const doc = questionsFromDocument({ name: 'plants.pdf', pages, subject: 'Biology', count: 10, seed: 1 });
    const texts = doc.questions.map((q) => q.text).join('\n');
    expect(texts).toMatch(/<strong>(Xylem|Phloem)<\/strong>/);
    expect(texts).not.toMatch(/<strong>(Mineral ions|Stomata|This process)/);
    const figure = doc.questions.find((q) => q.markScheme[0].numeric);
    expect(figure?.text).toContain('Figure 4.2 shows');
    expect(figure?.text).toContain('______ cm3 per hour');
    expect(figure?.markScheme[0].numeric?.value).toBe(3.6);
    const marked = markAnswer({
      questionText: figure!.text,
      type: 'short_answer',
      totalMarks: 1,
      markScheme: figure!.markScheme,
      answer: '3.6 cm3',
    });
    expect(marked.marks_awarded).toBe(1);
  });

  it('asks what an examiner would: definitions that define, one question a concept, no run-in headings, no trivia', () => {
    const pages = [
      [
        'Key terms A cofactor is a non-protein substance that an enzyme needs in order to work.',
        'The induced fit model is the currently accepted model of enzyme action.',
        'Induced fit is the change in shape of the active site as the substrate binds to the enzyme.',
        'Denaturation: a permanent change in the shape of the active site, so the substrate no longer fits.',
        'Enzymes are denatured at high temperatures because the bonds holding the active site in shape break.',
        'In the practical, the volume of oxygen was recorded every 30 seconds for five minutes.',
        'Demand is the quantity of a good that consumers are willing and able to buy at each price.',
      ].join('\n'),
    ];
    const doc = questionsFromDocument({ name: 'enzymes.pdf', pages, subject: 'Biology', count: 10, seed: 1 });
    const texts = doc.questions.map((q) => q.text);
    const all = texts.join('\n');
    expect(all).not.toMatch(/Key terms|induced fit model|every ______|currently accepted/);
    expect(all).toContain('what is meant by <strong>cofactor</strong>');
    // Denaturation is asked once: as a definition (from the key-term entry) or as "explain why", not both.
    expect(texts.filter((t) => /[Dd]enatur/.test(t))).toHaveLength(1);
    expect(texts.filter((t) => /[Ii]nduced fit/.test(t))).toHaveLength(1);
    // A definition's scheme is the whole definition, its short pieces kept with their neighbours as written.
    const meaning = 'the quantity of a good that consumers are willing and able to buy at each price';
    const demand = doc.questions.find((q) => q.text.includes('<strong>Demand</strong>'));
    if (demand) expect(demand.markScheme.map((p) => p.text)).toEqual([meaning]);
    else expect(all).toContain(meaning.replace(/^t/, 'T'));
  });

  it('keeps page numbers with sentences', () => {
    expect(splitSentences(notes).find((s) => s.text.startsWith('About 70%'))?.page).toBe(2);
  });
});
