import { describe, expect, it } from 'vitest';
import { rankPassages, samplePassages, splitIntoPassages, termsOf } from './retrieve-passages';

const pages = [
  'Cells are the basic unit of life. The nucleus contains the genetic material.',
  'Enzymes are biological catalysts. Each enzyme has an active site complementary to its substrate. Temperature affects the rate of enzyme-controlled reactions.',
  'Photosynthesis takes place in chloroplasts and uses light energy.',
];

describe('retrieval', () => {
  it('reduces words to comparable stems', () => {
    expect(termsOf('Enzymes')).toEqual(termsOf('enzyme'));
    expect(termsOf('the active sites of the enzymes')).toEqual(['activ', 'sit', 'enzym']);
  });

  it('ranks the page that answers the question first, with its page number', () => {
    const best = rankPassages(pages, 'What is the active site of an enzyme?', 2);
    expect(best[0].page).toBe(2);
    expect(best[0].text).toContain('active site');
    expect(best).toHaveLength(1); // only one passage mentions any query term
  });

  it('falls back to the first passages when nothing matches', () => {
    expect(rankPassages(pages, 'quantum chromodynamics', 2).map((p) => p.page)).toEqual([1, 2]);
  });

  it('splits long pages into passages of bounded size', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is about mitochondria.`).join(' ');
    const passages = splitIntoPassages([long, 'x'.repeat(2500)], 300);
    expect(passages.every((p) => p.text.length <= 300)).toBe(true);
    expect(passages.filter((p) => p.page === 2).map((p) => p.text).join('')).toHaveLength(2500);
    expect(samplePassages([long, long, long], 1000).reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(1000 + 900);
  });
});
