import { describe, expect, it } from 'vitest';
import { passagesOverlap, rankPassages, splitIntoPassages } from '../../documents/passages';
import { answerFromDocument } from './answer-from-document';

const pages = [
  'Osmosis is the net movement of water molecules from a region of higher water potential to a region of lower water potential through a partially permeable membrane.',
  'Active transport moves substances against a concentration gradient and uses ATP from respiration. Carrier proteins in the membrane change shape.',
  'The mitochondrion is the site of aerobic respiration, where the Krebs cycle takes place in the matrix.',
];

describe('answerFromDocument', () => {
  it('quotes the best passage with its page number', () => {
    const result = answerFromDocument({ name: 'notes.pdf', pages, question: 'What does active transport use?' });
    expect(result.citations[0].page).toBe(2);
    expect(result.response).toContain('(page 2)');
    expect(result.response).toContain('ATP');
  });

  it('finds inflected terms (prefix and fuzzy matching)', () => {
    const result = answerFromDocument({ name: 'notes.pdf', pages, question: 'Krebs' });
    expect(result.citations[0].page).toBe(3);
  });

  it('says so when nothing matches, and escapes the document name', () => {
    const result = answerFromDocument({ name: '<b>x</b>.pdf', pages, question: 'volcanoes' });
    expect(result.citations).toEqual([]);
    expect(result.response).toContain('I could not find that in the document.');
    expect(result.response).toContain('&lt;b&gt;');
  });

  it('says "I could not find that in the document" when only a word or a fuzzy match of the question is there', () => {
    for (const question of [
      'What is the capital of France?',
      'Who discovered penicillin in 1928?',
      'How do volcanoes form under the water?',
    ]) {
      const result = answerFromDocument({ name: 'notes.pdf', pages, question });
      expect(result.citations, question).toEqual([]);
      expect(result.response).toContain('I could not find that in the document.');
    }
  });

  it('quotes whole sentences of a PDF laid out in lines, with broken words joined and headings left out, citing pages', () => {
    const laidOut = [
      'Revision notes\nOsmosis\nOsmosis is the net movement of water molecules across a partially\npermeable mem-\nbrane. It needs no ATP.\nPage 1',
      'Revision notes\nEnzymes\nAn enzyme-\nsubstrate complex forms when the substrate\nbinds to the active site.\nPage 2',
      'Revision notes\nRespiration\nMitochondria release energy.\nPage 3',
    ];
    const osmosis = answerFromDocument({ name: 'notes.pdf', pages: laidOut, question: 'What is osmosis?' });
    expect(osmosis.citations[0]).toEqual({
      page: 1,
      text: 'Osmosis is the net movement of water molecules across a partially permeable membrane.',
    });
    const complex = answerFromDocument({ name: 'notes.pdf', pages: laidOut, question: 'When does an enzyme-substrate complex form?' });
    expect(complex.citations[0].page).toBe(2);
    expect(complex.citations[0].text).toBe('An enzyme-substrate complex forms when the substrate binds to the active site.');
    expect(complex.response).toContain('(page 2)');
  });

  it('splits long pages into overlapping passages that keep their page', () => {
    const long = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    const passages = splitIntoPassages(['short page', long]);
    expect(passages[0]).toMatchObject({ page: 1, text: 'short page' });
    expect(passages.filter((p) => p.page === 2).length).toBeGreaterThan(2);
  });

  it('never quotes the same sentence twice: hits overlapping a better one are dropped', () => {
    // One long page about osmosis: its overlapping 80-word windows all match, and share sentences.
    const page = Array.from({ length: 40 }, (_, i) => `Osmosis fact number ${i} concerns water potential.`).join(' ');
    const result = answerFromDocument({ name: 'notes.pdf', pages: [page], question: 'osmosis water potential' });
    expect(result.citations.length).toBeGreaterThan(1);
    const sentences = result.citations.flatMap((c) => c.text.match(/fact number \d+ /g) ?? []);
    expect(new Set(sentences).size).toBe(sentences.length);
    const ranked = rankPassages([page], 'osmosis water potential', 3);
    expect(ranked.every((a, i) => ranked.every((b, j) => i === j || !passagesOverlap(a, b)))).toBe(true);
  });

  it('quotes whole sentences: the one that answers, not a window cut mid-sentence', () => {
    const filler = Array.from({ length: 30 }, (_, i) => `Leaves have many cells of type ${i}.`).join(' ');
    const transport = [
      `${filler} Transpiration is the loss of water vapour from the leaves. Wind increases the rate of transpiration because it removes the humid air around the leaf, which keeps the concentration gradient steep. Guard cells open and close the stomata.`,
      'Root hair cells have a large surface area. Mineral ions are absorbed by active transport, which increases their uptake.',
    ];
    const result = answerFromDocument({ name: 'plants.pdf', pages: transport, question: 'Why does wind increase transpiration?' });
    expect(result.citations[0].page).toBe(1);
    expect(result.citations[0].text).toContain(
      'Wind increases the rate of transpiration because it removes the humid air around the leaf, which keeps the concentration gradient steep.',
    );
    expect(result.citations[0].text).not.toMatch(/cells of type/); // sentences without the question's words stay out
    expect(result.citations[0].text).toMatch(/^[A-Z].*\.$/);
    // page 2 shares one word ("increases") with the question: far below the best passage, so not quoted
    expect(result.citations.map((c) => c.page)).toEqual([1]);
    expect(result.response).toContain('(page 1)');
    expect(result.response).not.toContain('(page 2)');
  });

  it('ranks with page numbers and word places, best first', () => {
    const ranked = rankPassages(pages, 'ATP carrier proteins membrane', 2);
    expect(ranked[0]).toMatchObject({ page: 2, start: 0 });
    expect(ranked.map((p) => p.page)).toContain(1); // "membrane" is on page 1 too
    expect(rankPassages(pages, 'volcanoes', 2)).toEqual([]);
  });
});
