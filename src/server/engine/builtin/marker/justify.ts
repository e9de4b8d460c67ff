import type { AnalysedText } from './text';

const MAX_QUOTE = 140;

/** The answer's words from the first to the last of the given tokens, as written (trimmed to one sentence). */
export function quoteTokens(answer: AnalysedText, tokenIdx: number[]): string {
  const idx = tokenIdx.filter((i) => i >= 0 && i < answer.tokens.length);
  if (idx.length === 0) return '';
  // keep the sentence holding most of the tokens
  const counts = new Map<number, number>();
  for (const i of idx) counts.set(answer.tokens[i].sentence, (counts.get(answer.tokens[i].sentence) ?? 0) + 1);
  const sentence = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const inSentence = idx.filter((i) => answer.tokens[i].sentence === sentence).sort((a, b) => a - b);
  let first = inSentence[0];
  let last = inSentence[inSentence.length - 1];
  // take in a preceding determiner/negator/auxiliary so the quote reads naturally
  while (first > 0 && first > inSentence[0] - 3) {
    const prev = answer.tokens[first - 1];
    if (prev.sentence !== sentence || prev.content || !(prev.negator || ['DET', 'AUX', 'PART', 'PRON'].includes(prev.pos))) break;
    first--;
  }
  let text = answer.text.slice(answer.tokens[first].start, answer.tokens[last].end);
  if (text.length > MAX_QUOTE) {
    while (last > first && answer.tokens[last].end - answer.tokens[first].start > MAX_QUOTE) last--;
    text = answer.text.slice(answer.tokens[first].start, answer.tokens[last].end) + '…';
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** Joins words as "a", "b" and "c" (or "a" or "b"). */
export function listWords(words: string[], conjunction: 'and' | 'or' = 'and'): string {
  const q = [...new Set(words)].map((w) => `"${w}"`);
  if (q.length <= 1) return q.join('');
  return `${q.slice(0, -1).join(', ')} ${conjunction} ${q[q.length - 1]}`;
}

/**
 * Words a scheme point may start with that are lower case inside a sentence: function words and an examiner's verbs
 * ("The rate …", "Uses F = ma", "Increases …"). Any other capital is kept, since it may be a name or a symbol
 * ("Adorno proposed …", "Kp = …", "Newton's second law").
 */
const COMMON_START =
  /^(the|a|an|it|its|this|that|these|those|they|their|there|he|she|his|her|when|where|while|as|if|because|since|so|more|less|most|least|each|every|all|any|both|some|no|not|one|two|three|at|in|on|by|for|with|from|to|of|after|before|during|once|only|increases?|increasing|decreases?|decreasing|uses?|using|finds?|finding|calculates?|states?|stating|substitutes?|substituting|multiplies|divides|differentiates?|integrates?|sets?|gives?|shows?|correct|recognises?|recognizes?|identifies|explains?|describes?|compares?|converts?|rearranges?|any)$/i;

/** A scheme point or phrase as it reads inside a sentence: "The rate increases" → "the rate increases"; names and symbols kept. */
export function lowerFirst(s: string): string {
  const t = s.trim().replace(/[.;]+$/, '');
  const first = /^[A-Z][a-z]+(?=[\s,:]|$)/.exec(t)?.[0];
  return first && COMMON_START.test(first) ? t[0].toLowerCase() + t.slice(1) : t;
}
