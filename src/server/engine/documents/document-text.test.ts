import { describe, expect, it } from 'vitest';
import { documentBlocks, documentSentences, sentencesOf } from './document-text';

describe('document text', () => {
  const pages = [
    'Biology notes\nOsmosis\nOsmosis is the movement of water across a partially permeable mem-\nbrane. Enzymes form an enzyme-\nsubstrate complex.\n- the concentration gradient\nFigure 2.1 Cells in solution\nPage 1',
    'Biology notes\nOsmosis\nOsmosis is the movement of water across a partially permeable membrane.\nPage 2',
    'Biology notes\nProteins\nA non-\ncompetitive inhibitor binds away from the active site. Water forms H bonds with N, O or F. Each one is weak.\nPage 3',
  ];

  it('keeps headings, list items and captions apart from the paragraphs, and drops running headers and page numbers', () => {
    const blocks = documentBlocks(pages);
    expect(blocks.filter((b) => b.page === 1).map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list-item', 'caption']);
    expect(blocks.some((b) => /Biology notes|Page \d/.test(b.text))).toBe(false);
    expect(blocks.find((b) => b.kind === 'paragraph')?.text.startsWith('Osmosis is')).toBe(true);
  });

  it('joins words broken at a line end, keeping a hyphen the word has', () => {
    const text = documentBlocks(pages)
      .map((b) => b.text)
      .join(' ');
    expect(text).toContain('permeable membrane.');
    expect(text).toContain('enzyme-substrate complex');
    expect(text).toContain('non-competitive inhibitor');
    expect(text).not.toMatch(/enzymesubstrate|mem- ?brane/);
  });

  it('gives whole sentences with their pages, a repeated paragraph once, and does not split after a lone capital', () => {
    const sentences = documentSentences(pages);
    expect(sentences.filter((s) => s.text.startsWith('Osmosis is'))).toHaveLength(1);
    expect(sentences.find((s) => s.text.startsWith('Osmosis is'))?.heading).toBe('Osmosis');
    expect(sentences.find((s) => s.text.startsWith('A non-competitive'))?.page).toBe(3);
    expect(sentencesOf('Water forms H bonds with N, O or F. Each one is weak. See e.g. Fig. 2 here.')).toEqual([
      'Water forms H bonds with N, O or F.',
      'Each one is weak.',
      'See e.g. Fig. 2 here.',
    ]);
  });
});
