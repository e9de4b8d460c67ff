import MiniSearch from 'minisearch';
import type { DocumentAnswer } from '../../engine';
import { escapeHtml } from '../../format-text';

export const BUILTIN_READER_LABEL = 'the built-in document reader';

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
const STOP_WORDS = new Set('a an and are as at be by for from how in is it of on or that the this to was were what when where which who why with does do did'.split(' '));

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
export function passagesOverlap(a: Pick<DocumentPassage, 'page' | 'start' | 'end'>, b: Pick<DocumentPassage, 'page' | 'start' | 'end'>): boolean {
  return a.page === b.page && a.start < b.end && b.start < a.end;
}

/**
 * The `limit` passages that best answer the query, best first: BM25 (MiniSearch) with prefix and fuzzy
 * matching, stop words ignored. A passage that overlaps a better one is skipped, so no sentence is
 * returned twice. Empty when no passage matches. Both engines retrieve with this.
 */
export function rankPassages(pages: string[], query: string, limit: number): DocumentPassage[] {
  const passages = splitIntoPassages(pages);
  const search = new MiniSearch<DocumentPassage>({
    fields: ['text'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return STOP_WORDS.has(t) ? null : t;
    },
  });
  search.addAll(passages);
  const chosen: DocumentPassage[] = [];
  for (const hit of search.search(query, { prefix: true, fuzzy: 0.15, combineWith: 'OR' })) {
    if (chosen.length >= limit) break;
    const passage = passages[hit.id as number];
    if (!chosen.some((c) => passagesOverlap(c, passage))) chosen.push(passage);
  }
  return chosen;
}

/** The best passages quoted with their pages (rankPassages), or a plain "not found". */
export function answerFromDocument(input: { name: string; pages: string[]; question: string }): DocumentAnswer {
  const hits = rankPassages(input.pages, input.question, 3);
  if (hits.length === 0) {
    return {
      response: `<p>I could not find anything about that in <em>${escapeHtml(input.name)}</em>. Try other words from the document, or ask about a term it uses.</p>`,
      citations: [],
      by: BUILTIN_READER_LABEL,
    };
  }
  const citations = hits.map((h) => ({ page: h.page, text: h.text }));
  const quotes = citations.map((c) => `<blockquote>${escapeHtml(c.text)} <cite>(page ${c.page})</cite></blockquote>`).join('');
  const pagesList = [...new Set(citations.map((c) => c.page))].sort((a, b) => a - b).join(', ');
  return {
    response: `<p>The most relevant passages of <em>${escapeHtml(input.name)}</em> (page ${pagesList}):</p>${quotes}`,
    citations,
    by: BUILTIN_READER_LABEL,
  };
}
