import MiniSearch from 'minisearch';
import type { DocumentAnswer } from '../../engine';
import { escapeHtml } from '../../format-text';

export const BUILTIN_READER_LABEL = 'the built-in document reader';

interface Passage {
  id: number;
  page: number;
  text: string;
}

const WORDS_PER_PASSAGE = 80;
const STOP_WORDS = new Set('a an and are as at be by for from how in is it of on or that the this to was were what when where which who why with does do did'.split(' '));


/** Pages → overlapping passages of about 80 words, each remembering its page (1-based). */
export function splitIntoPassages(pages: string[]): Passage[] {
  const passages: Passage[] = [];
  pages.forEach((pageText, index) => {
    const words = pageText.split(/\s+/).filter(Boolean);
    for (let start = 0; start < words.length; start += WORDS_PER_PASSAGE / 2) {
      passages.push({ id: passages.length, page: index + 1, text: words.slice(start, start + WORDS_PER_PASSAGE).join(' ') });
      if (start + WORDS_PER_PASSAGE >= words.length) break;
    }
  });
  return passages;
}

/** BM25 ranking (MiniSearch) with prefix and fuzzy matching; the best passages are quoted with their pages. */
export function answerFromDocument(input: { name: string; pages: string[]; question: string }): DocumentAnswer {
  const passages = splitIntoPassages(input.pages);
  const search = new MiniSearch<Passage>({
    fields: ['text'],
    storeFields: ['page', 'text'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return STOP_WORDS.has(t) ? null : t;
    },
  });
  search.addAll(passages);
  const hits = search.search(input.question, { prefix: true, fuzzy: 0.15, combineWith: 'OR' }).slice(0, 3);
  if (hits.length === 0) {
    return {
      response: `<p>I could not find anything about that in <em>${escapeHtml(input.name)}</em>. Try other words from the document, or ask about a term it uses.</p>`,
      citations: [],
      by: BUILTIN_READER_LABEL,
    };
  }
  const citations = hits.map((h) => ({ page: h.page as number, text: h.text as string }));
  const quotes = citations.map((c) => `<blockquote>${escapeHtml(c.text)} <cite>(page ${c.page})</cite></blockquote>`).join('');
  const pagesList = [...new Set(citations.map((c) => c.page))].sort((a, b) => a - b).join(', ');
  return {
    response: `<p>The most relevant passages of <em>${escapeHtml(input.name)}</em> (page ${pagesList}):</p>${quotes}`,
    citations,
    by: BUILTIN_READER_LABEL,
  };
}
