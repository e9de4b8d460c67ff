/**
 * Simple retrieval for document questions: pages are split into passages of a few sentences, ranked by
 * how many of the question's terms they contain (rarer terms count for more).
 */

export interface Passage {
  page: number; // 1-based
  text: string;
}

const stopWords = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i if in into is it its of on or our she should so than that the their them then there these they this those to was we were what when where which who why will with would you your about also any each more most not only other some such does explain describe state give'.split(' '),
);

/** Lower-case word stems of length 3+, without stop words. */
export function termsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => w.length >= 3 && !stopWords.has(w))
    .map((w) =>
      w
        .replace(/ies$/, 'y')
        .replace(/(ing|ed)$/, '')
        .replace(/([^s])s$/, '$1')
        .replace(/e$/, '')
        .replace(/(.)\1$/, '$1'),
    )
    .filter((w) => w.length >= 3);
}

/** Each page split into passages of about `size` characters, at sentence ends where possible. */
export function splitIntoPassages(pages: string[], size = 900): Passage[] {
  const passages: Passage[] = [];
  pages.forEach((pageText, i) => {
    const sentences = pageText.replace(/\s+/g, ' ').trim().match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [];
    let current = '';
    for (const sentence of sentences) {
      if (current && current.length + sentence.length > size) {
        passages.push({ page: i + 1, text: current.trim() });
        current = '';
      }
      // A single very long "sentence" (a table, a list without stops) is cut to size.
      for (let s = sentence; s.length > 0; s = s.slice(size)) {
        current += s.slice(0, size);
        if (s.length > size) {
          passages.push({ page: i + 1, text: current.trim() });
          current = '';
        }
      }
    }
    if (current.trim()) passages.push({ page: i + 1, text: current.trim() });
  });
  return passages;
}

/** The `limit` passages that best match the query, best first; the first passages if nothing matches. */
export function rankPassages(pages: string[], query: string, limit = 6): Passage[] {
  const passages = splitIntoPassages(pages);
  const queryTerms = [...new Set(termsOf(query))];
  const termSets = passages.map((p) => new Set(termsOf(p.text)));
  const documentFrequency = new Map(queryTerms.map((t) => [t, termSets.filter((s) => s.has(t)).length]));
  const scored = passages.map((passage, i) => {
    let score = 0;
    for (const term of queryTerms) {
      if (termSets[i].has(term)) score += Math.log(1 + passages.length / (documentFrequency.get(term) ?? 1));
    }
    return { passage, score, i };
  });
  const matching = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen = matching.length ? matching : scored;
  return chosen.slice(0, limit).map((s) => s.passage);
}

/** Passages spread evenly across the document, within a character budget (for writing questions). */
export function samplePassages(pages: string[], budget = 12_000): Passage[] {
  const passages = splitIntoPassages(pages);
  const total = passages.reduce((n, p) => n + p.text.length, 0);
  if (total <= budget) return passages;
  const keep = Math.max(1, Math.floor((passages.length * budget) / total));
  const step = passages.length / keep;
  return Array.from({ length: keep }, (_, k) => passages[Math.floor(k * step)]);
}
