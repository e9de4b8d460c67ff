import { describe, expect, it } from 'vitest';
import { answerFromDocument, splitIntoPassages } from './answer-from-document';

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
    expect(result.response).toContain('&lt;b&gt;');
  });

  it('splits long pages into overlapping passages that keep their page', () => {
    const long = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    const passages = splitIntoPassages(['short page', long]);
    expect(passages[0]).toMatchObject({ page: 1, text: 'short page' });
    expect(passages.filter((p) => p.page === 2).length).toBeGreaterThan(2);
  });
});
