import { describe, expect, it } from 'vitest';
import { answerFromDocument } from '../builtin/documents/answer-from-document';
import { splitIntoPassages } from '../documents/passages';
import { rankPassages, samplePassages } from './retrieve-passages';

const pages = [
  'Cells are the basic unit of life. The nucleus contains the genetic material.',
  'Enzymes are biological catalysts. Each enzyme has an active site complementary to its substrate. Temperature affects the rate of enzyme-controlled reactions.',
  'Photosynthesis takes place in chloroplasts and uses light energy.',
];

const filler = (n: number, word = 'text') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('retrieval', () => {
  it('ranks the page that answers the question first, with its page number', () => {
    const best = rankPassages(pages, 'What is the active site of an enzyme?', 2);
    expect(best[0].page).toBe(2);
    expect(best[0].text).toContain('active site');
    expect(best).toHaveLength(1); // only one passage matches any query term
  });

  it('ranks with BM25: a passage about the term beats one that only mentions it, and inflections match', () => {
    const mentions = `Mitochondria appear once here. ${filler(40)}`;
    const about =
      'Mitochondria are the site of aerobic respiration. Mitochondria have a double membrane, and mitochondria contain their own DNA.';
    const best = rankPassages([mentions, about], 'mitochondrion', 2);
    expect(best.map((p) => p.page)).toEqual([2, 1]);
  });

  it('ranks passages exactly as the built-in document reader does', () => {
    const document = [
      `${filler(100, 'intro')} Osmosis is the movement of water across a partially permeable membrane. ${filler(100, 'more')}`,
      'Active transport uses ATP to move ions against a concentration gradient through carrier proteins.',
      'Water potential is lowered by solutes; osmosis moves water towards the lower water potential.',
    ];
    const question = 'How does water move by osmosis?';
    const builtin = answerFromDocument({ name: 'notes.pdf', pages: document, question }).citations;
    const ranked = rankPassages(document, question, 3);
    expect(builtin.length).toBeGreaterThan(1);
    // the same passages in the same order; the built-in reader quotes the whole sentences in them that answer
    expect(builtin.map((c) => c.page)).toEqual(ranked.slice(0, builtin.length).map((p) => p.page));
    builtin.forEach((c, i) =>
      expect(c.text.split(/(?<=[.;])\s+/).some((sentence) => ranked[i].text.includes(sentence.replace(/^… /, '')))).toBe(true),
    );
    // a run of 100 words without a full stop is cut to the words around the answer, marked with an ellipsis
    expect(builtin[1].text).toMatch(/^… .*Osmosis is the movement of water across a partially permeable membrane\.$/);
    expect(builtin[1].text.split(' ').length).toBeLessThanOrEqual(61);
  });

  it('never returns overlapping passages', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Enzymes speed up reaction ${i}.`).join(' ');
    const best = rankPassages([long], 'enzymes reaction', 8);
    const numbers = best.flatMap((p) => p.text.match(/\d+(?=\.)/g) ?? []);
    expect(numbers.length).toBeGreaterThan(10);
    expect(new Set(numbers).size).toBe(numbers.length); // every sentence is numbered, so a repeat means an overlap
  });

  it('falls back to the first passages when nothing matches', () => {
    expect(rankPassages(pages, 'quantum chromodynamics', 2).map((p) => p.page)).toEqual([1, 2]);
  });

  it("samples with the built-in reader's passages, every word once, within the budget", () => {
    const long = filler(300, 'w');
    expect(
      samplePassages([long, 'short page'])
        .map((p) => p.text)
        .join(' '),
    ).toBe(`${long} short page`);
    const windows = splitIntoPassages([long]);
    expect(samplePassages([long]).every((p) => windows.some((w) => w.text.endsWith(p.text)))).toBe(true);
    expect(samplePassages([long, long, long], 1000).reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(1000 + 80 * 6);
  });
});
