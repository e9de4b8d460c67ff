import MiniSearch from 'minisearch';

/** A window of about 80 words of one page; windows overlap by half. */
export interface DocumentPassage {
  id: number;
  /** 1-based. */
  page: number;
  /** The words it covers on its page: start inclusive, end exclusive. */
  start: number;
  end: number;
  text: string;
}

const WORDS_PER_PASSAGE = 80;
/** Words too common to search for. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by for from how in is it of on or that the this to was were what when where which who why with does do did'.split(
    ' ',
  ),
);

/** Pages → overlapping passages of about 80 words, each remembering its page (1-based) and its words' place there. */
export function splitIntoPassages(pages: string[]): DocumentPassage[] {
  const passages: DocumentPassage[] = [];
  pages.forEach((pageText, index) => {
    const words = pageText.split(/\s+/).filter(Boolean);
    for (let start = 0; start < words.length; start += WORDS_PER_PASSAGE / 2) {
      const end = Math.min(words.length, start + WORDS_PER_PASSAGE);
      passages.push({ id: passages.length, page: index + 1, start, end, text: words.slice(start, end).join(' ') });
      if (end >= words.length) break;
    }
  });
  return passages;
}

/** True when two passages share words of the same page. */
export function passagesOverlap(
  a: Pick<DocumentPassage, 'page' | 'start' | 'end'>,
  b: Pick<DocumentPassage, 'page' | 'start' | 'end'>,
): boolean {
  return a.page === b.page && a.start < b.end && b.start < a.end;
}

/** A passage as ranked: its BM25 score (MiniSearch's, higher is better). */
export type RankedPassage = DocumentPassage & { score: number };

/**
 * The `limit` passages that best answer the query, best first: BM25 (MiniSearch) with prefix and fuzzy
 * matching, stop words ignored. A passage that overlaps a better one is skipped, so no sentence is
 * returned twice. Empty when no passage matches. Both engines retrieve with this.
 */
export function rankPassages(pages: string[], query: string, limit: number): RankedPassage[] {
  const passages = splitIntoPassages(pages);
  const search = new MiniSearch<DocumentPassage>({
    fields: ['text'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return STOP_WORDS.has(t) ? null : t;
    },
  });
  search.addAll(passages);
  const chosen: RankedPassage[] = [];
  for (const hit of search.search(query, { prefix: true, fuzzy: 0.15, combineWith: 'OR' })) {
    if (chosen.length >= limit) break;
    const passage = passages[hit.id as number];
    if (!chosen.some((c) => passagesOverlap(c, passage))) chosen.push({ ...passage, score: hit.score });
  }
  return chosen;
}
