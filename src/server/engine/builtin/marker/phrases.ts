import { aliasOf } from './paraphrases';
import { analyseText, toPlainText, type AnalysedText } from './text';

/**
 * Finds a short phrase (a required term, a rejected or ignored wording) in an analysed answer: every
 * content word of the phrase must appear, inflected or not, in one sentence, with the same polarity
 * (a phrase without "not" is not found in "does not ..."). Returns the answer token indices, or undefined.
 */
export function findPhrase(answer: AnalysedText, phrase: string, candidates?: number[]): number[] | undefined {
  const p = analyseText(toPlainText(phrase));
  let words = p.content.map((i) => p.tokens[i]);
  if (words.length === 0) words = p.tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length === 0) return undefined;
  const pool = candidates ?? answer.tokens.map((_, i) => i).filter((i) => answer.tokens[i].pos !== 'PUNCT');
  const phraseNegated = p.tokens.some((t) => t.negator);
  for (let s = 0; s < answer.sentences; s++) {
    const inSentence = pool.filter((i) => answer.tokens[i].sentence === s);
    const found: number[] = [];
    for (const w of words) {
      const hit = inSentence.find((i) => {
        const a = answer.tokens[i];
        if (a.negated !== (phraseNegated || w.negated) && !a.isNumber) return false;
        if (w.isNumber || a.isNumber) return w.isNumber && a.isNumber && Number(w.lower) === Number(a.lower);
        return a.lemma === w.lemma || a.stem === w.stem || a.lower === w.lower || aliasOf(a, w);
      });
      if (hit === undefined) break;
      found.push(hit);
    }
    if (found.length === words.length) return found.sort((a, b) => a - b);
  }
  return undefined;
}

/** A required entry: "a|b" means either alternative. */
export function findRequired(answer: AnalysedText, entry: string): number[] | undefined {
  for (const alt of entry
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const hit = findPhrase(answer, alt);
    if (hit) return hit;
  }
  return undefined;
}
