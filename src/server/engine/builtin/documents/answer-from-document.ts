import type { DocumentAnswer } from '../../engine';
import { escapeHtml } from '../../text/html-entities';
import { readablePages } from '../../documents/document-text';
import { passagesOverlap, rankPassages, STOP_WORDS, type DocumentPassage } from '../../documents/passages';

export const BUILTIN_READER_LABEL = 'the built-in document reader';

/** What the reader says when the document does not answer the question. */
export const NOT_IN_DOCUMENT = 'I could not find that in the document.';

/** The share of the question's words a passage must have to answer it. */
const COVERAGE_FLOOR = 0.5;

/** A passage scoring below this share of the best one is not worth quoting (it shares a word or two at most). */
const RELEVANCE_FLOOR = 0.3;
/** How far (in words) a quote may reach beyond its passage to finish the sentences it cuts. */
const SENTENCE_REACH = 40;
const MAX_SENTENCES = 3;
/** A "sentence" longer than this (a table, a list, text without full stops) is cut to this many words around the question's words. */
const MAX_SENTENCE_WORDS = 60;

const endsSentence = (word: string) => /[.!?]["')\]]*$/.test(word);

/** Lower-case word stems (first five letters) of the question's content words. */
function queryStems(question: string): Set<string> {
  const terms = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(terms.filter((t) => t.length > 2 && !STOP_WORDS.has(t)).map((t) => t.slice(0, 5)));
}

/**
 * The sentences of a passage that answer the question, whole: the window is widened to the sentences it
 * cuts, each sentence is scored by the question's words it has, and those scoring at least half the best
 * are kept (at most three), in the document's order. Returns the quote and the word range it covers.
 */
function quoteFromPassage(pageText: string, passage: DocumentPassage, stems: Set<string>): { text: string; start: number; end: number } {
  const words = pageText.split(/\s+/).filter(Boolean);
  let start = passage.start;
  while (start > 0 && !endsSentence(words[start - 1]) && passage.start - start < SENTENCE_REACH) start--;
  let end = passage.end;
  while (end < words.length && !endsSentence(words[end - 1]) && end - passage.end < SENTENCE_REACH) end++;

  const stemAt = (i: number) =>
    words[i]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 5);
  const sentences: { start: number; end: number; score: number }[] = [];
  let from = start;
  for (let i = start; i < end; i++) {
    if (endsSentence(words[i]) || i === end - 1) {
      const found = new Set<string>();
      let first = -1;
      let last = -1;
      for (let k = from; k <= i; k++) {
        if (!stems.has(stemAt(k))) continue;
        found.add(stemAt(k));
        if (first < 0) first = k;
        last = k;
      }
      let sentence = { start: from, end: i + 1, score: found.size };
      if (sentence.end - sentence.start > MAX_SENTENCE_WORDS) {
        // keep the words around the question's, ending where the sentence ends when that is near
        const centre = first < 0 ? from : Math.round((first + last) / 2);
        const cutStart = Math.max(from, Math.min(centre - MAX_SENTENCE_WORDS / 2, i + 1 - MAX_SENTENCE_WORDS));
        sentence = { ...sentence, start: cutStart, end: cutStart + MAX_SENTENCE_WORDS };
      }
      sentences.push(sentence);
      from = i + 1;
    }
  }
  const isWholeSentence = (x: { start: number; end: number }) =>
    (x.start === 0 || endsSentence(words[x.start - 1])) && endsSentence(words[x.end - 1]);
  const best = Math.max(...sentences.map((x) => x.score));
  if (best === 0) return { text: words.slice(start, end).join(' '), start, end };
  const kept = sentences
    .filter((x) => x.score >= best / 2)
    .sort((a, b) => b.score - a.score || a.start - b.start)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  kept.forEach((x, i) => {
    const cutBefore = x.start > 0 && !endsSentence(words[x.start - 1]);
    if ((i > 0 && kept[i - 1].end !== x.start) || (i === 0 && cutBefore)) parts.push('…');
    parts.push(words.slice(x.start, x.end).join(' '));
    if (!isWholeSentence(x) && !endsSentence(words[x.end - 1])) parts.push('…');
  });
  return { text: parts.join(' '), start: kept[0].start, end: kept[kept.length - 1].end };
}

/**
 * The best passages quoted with their pages, or a plain "not found". Passages are found by rankPassages;
 * each is quoted as the whole sentences in it that answer the question, and passages far weaker than the
 * best are left out.
 */
export function answerFromDocument(input: { name: string; pages: string[]; question: string }): DocumentAnswer {
  const pages = readablePages(input.pages);
  const stems = queryStems(input.question);
  const ranked = rankPassages(pages, input.question, 3);
  // A passage answers only if it has enough of the question's own words (not a fuzzy match of one of them).
  const coverage = (text: string) => {
    const found = new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 5)));
    return stems.size === 0 ? 0 : [...stems].filter((s) => found.has(s)).length / stems.size;
  };
  const hits = ranked.filter((h) => h.score >= ranked[0].score * RELEVANCE_FLOOR && coverage(h.text) >= Math.min(COVERAGE_FLOOR, 1));
  if (hits.length === 0) {
    return {
      response: `<p>${NOT_IN_DOCUMENT} I searched <em>${escapeHtml(input.name)}</em> for it; try other words from the document, or ask about a term it uses.</p>`,
      citations: [],
      by: BUILTIN_READER_LABEL,
    };
  }
  const quoted: { page: number; start: number; end: number }[] = [];
  const citations: DocumentAnswer['citations'] = [];
  for (const hit of hits) {
    const quote = quoteFromPassage(pages[hit.page - 1], hit, stems);
    const at = { page: hit.page, start: quote.start, end: quote.end };
    if (quoted.some((q) => passagesOverlap(q, at))) continue; // widened to a sentence a better quote has
    quoted.push(at);
    citations.push({ page: hit.page, text: quote.text });
  }
  const quotes = citations.map((c) => `<blockquote>${escapeHtml(c.text)} <cite>(page ${c.page})</cite></blockquote>`).join('');
  const pagesList = [...new Set(citations.map((c) => c.page))].sort((a, b) => a - b).join(', ');
  return {
    response: `<p>The most relevant passages of <em>${escapeHtml(input.name)}</em> (page ${pagesList}):</p>${quotes}`,
    citations,
    by: BUILTIN_READER_LABEL,
  };
}
