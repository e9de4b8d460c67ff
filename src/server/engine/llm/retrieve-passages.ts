import { rankPassages as rankDocumentPassages, splitIntoPassages, type DocumentPassage } from '../documents/passages';

/**
 * Passages of a document for a prompt. Splitting and ranking are the built-in document reader's
 * (80-word windows of each page, BM25 via MiniSearch), so both engines find the same passages.
 */

export interface Passage {
  page: number; // 1-based
  text: string;
}

/** The passages cut so that they do not overlap: every word of the document once, in order, with its page. */
function tilePassages(passages: DocumentPassage[]): Passage[] {
  const tiles: Passage[] = [];
  let last: DocumentPassage | undefined;
  for (const passage of passages) {
    if (last && last.page === passage.page && passage.start < last.end) {
      if (passage.end <= last.end) continue;
      const rest = passage.text
        .split(' ')
        .slice(last.end - passage.start)
        .join(' ');
      tiles.push({ page: passage.page, text: rest });
    } else {
      tiles.push({ page: passage.page, text: passage.text });
    }
    last = passage;
  }
  return tiles;
}

/** The `limit` passages that best match the query, best first (BM25, no two overlapping); the document's first passages if nothing matches. */
export function rankPassages(pages: string[], query: string, limit = 8): Passage[] {
  const ranked = rankDocumentPassages(pages, query, limit);
  const chosen = ranked.length > 0 ? ranked : tilePassages(splitIntoPassages(pages)).slice(0, limit);
  return chosen.map(({ page, text }) => ({ page, text }));
}

/** Passages spread evenly across the document, within a character budget (for writing questions). */
export function samplePassages(pages: string[], budget = 12_000): Passage[] {
  const passages = tilePassages(splitIntoPassages(pages));
  const total = passages.reduce((n, p) => n + p.text.length, 0);
  if (total <= budget) return passages;
  const keep = Math.max(1, Math.floor((passages.length * budget) / total));
  const step = passages.length / keep;
  return Array.from({ length: keep }, (_, k) => passages[Math.floor(k * step)]);
}
