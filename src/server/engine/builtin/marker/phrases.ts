import { aliasOf, deniedAliasOf } from './paraphrases';
import { analyseText, toPlainText, type AnalysedText, type Token } from './text';
import { LESS_FORMS, MORE_FORMS } from '../../text/direction-words';

/**
 * Words that give the words around them their roles: "X is stronger than Y", "converted from X to Y", "X into Y".
 * A phrase that has one keeps its roles when matched (see `swapsRoles`).
 */
const ROLE_WORDS = new Set(['than', 'into', 'from', 'to', 'onto', 'towards']);

/**
 * Finds a short phrase (a required term, a rejected or ignored wording) in an analysed answer: every
 * content word of the phrase must appear, inflected or not, in one sentence, each with the polarity it has in the phrase
 * (a phrase without "not" is not found in "does not ...", and "the barrier is not worth building" is found where "worth
 * building" is denied, its subject not), and the words on either side of a role word
 * ("than", "from", "to", "into") on the same sides of it when the answer's sentence has that word: "bromide is a
 * stronger reducing agent than chloride" is not "chloride is a stronger reducing agent than bromide". Word order is
 * otherwise free ("energy is produced by mitochondria" is "mitochondria produce energy").
 * Returns the answer token indices, or undefined.
 */
export function findPhrase(answer: AnalysedText, phrase: string, candidates?: number[], anyPolarity = false): number[] | undefined {
  const p = analyseText(toPlainText(phrase));
  let at = p.content;
  if (at.length === 0) at = p.tokens.flatMap((t, i) => (t.pos !== 'PUNCT' ? [i] : []));
  const words = at.map((i) => p.tokens[i]);
  if (words.length === 0) return undefined;
  const pool = candidates ?? answer.tokens.map((_, i) => i).filter((i) => answer.tokens[i].pos !== 'PUNCT');
  // each word's role: how many role words come before it in the phrase
  const roleOf = at.map((w) => p.tokens.filter((t, i) => i < w && ROLE_WORDS.has(t.lower)).length);
  for (let s = 0; s < answer.sentences; s++) {
    const inSentence = pool.filter((i) => answer.tokens[i].sentence === s);
    const found: number[] = [];
    const says = (i: number, w: Token) => {
      const a = answer.tokens[i];
      if (w.isNumber || a.isNumber) return w.isNumber && a.isNumber && Number(w.lower) === Number(a.lower);
      // each word as the phrase says it: "the barrier is not worth building" denies "worth building", not "barrier"
      const denied = w.negated;
      // "no jumps" says "continuous": the word is denied, the term it stands for is not
      if (a.negated !== denied && !anyPolarity) return deniedAliasOf(a, w);
      // "does not always lead to" is not "never leads to"
      if (denied && !anyPolarity && partlyDenied(answer, i) !== partlyDenied(p, p.tokens.indexOf(w))) return false;
      return a.lemma === w.lemma || a.stem === w.stem || a.lower === w.lower || aliasOf(a, w) || sameComparative(a, w, p);
    };
    for (const w of words) {
      const hit = inSentence.find((i) => says(i, w));
      if (hit === undefined) break;
      found.push(hit);
    }
    // a comparative is the one that stands by its word ("more successful collisions …, and a bigger proportion")
    for (let k = 0; k + 1 < found.length; k++) {
      if (!COMPARATIVES.has(words[k].lower)) continue;
      const next = found[k + 1];
      const near = inSentence.findLast((i) => i < next && next - i <= 3 && says(i, words[k]));
      if (near !== undefined) found[k] = near;
    }
    if (found.length === words.length && !swapsRoles(answer, p, s, found, roleOf) && keepsComparatives(words, found, at))
      return found.sort((a, b) => a - b);
  }
  return undefined;
}

const COMPARATIVES = new Set([...MORE_FORMS, ...LESS_FORMS]);

/** Words that a denial before them makes partial: "not always", "not all", "not necessarily". */
const WHOLLY = /^(always|necessarily|all|every|everyone|everything|completely|entirely|fully|totally)$/;

/** The word is denied only in part: "not always" or "not all" stands before it in its sentence (within four words). */
function partlyDenied(text: AnalysedText, i: number): boolean {
  const t = text.tokens;
  for (let k = i - 1; k >= Math.max(0, i - 4) && t[k].sentence === t[i].sentence; k--)
    if (WHOLLY.test(t[k].lower) && t.slice(Math.max(0, k - 2), k).some((x) => x.negator)) return true;
  return false;
}

/** Comparatives of size that stand for each other: "a bigger proportion" says "a higher proportion". */
const SIZE_COMPARATIVES = [
  ['greater', 'larger', 'bigger', 'higher'],
  ['smaller', 'lower'],
  ['less', 'fewer'],
];

/**
 * "A bigger proportion" says "a higher proportion", before a noun ("more young fish" is not "a larger mesh": "more"
 * counts, it does not size; "molecules get bigger" is about size, not "greater speed").
 */
function sameComparative(a: Token, w: Token, phrase: AnalysedText): boolean {
  const next = phrase.tokens[phrase.tokens.indexOf(w) + 1];
  if (!next || next.pos !== 'NOUN') return false;
  return SIZE_COMPARATIVES.some((group) => group.includes(a.lower) && group.includes(w.lower));
}

/**
 * True unless a comparative of the phrase is found away from the word it qualifies: "the bulb gets more power" is not
 * in "more of the voltage is used up inside, so the bulb gets less power" ("more" three words or fewer before "power").
 */
function keepsComparatives(words: Token[], found: number[], at: number[]): boolean {
  // (only a comparative that qualifies the next word in the phrase itself: not "the cells bigger so they are easier")
  const qualifies = (k: number) => at[k + 1] - at[k] <= 3;
  return words.every(
    (w, k) =>
      !COMPARATIVES.has(w.lower) || k + 1 >= words.length || !qualifies(k) || (found[k + 1] > found[k] && found[k + 1] - found[k] <= 3),
  );
}

/**
 * True when the answer's sentence puts the phrase's words on the wrong sides of one of its role words: some word
 * from before the role word stands after it in the answer, and some word from after it stands before it.
 */
function swapsRoles(answer: AnalysedText, phrase: AnalysedText, sentence: number, found: number[], roleOf: number[]): boolean {
  const roleWords = phrase.tokens.filter((t) => ROLE_WORDS.has(t.lower));
  return roleWords.some((role, k) =>
    answer.tokens.some((t, where) => {
      if (t.sentence !== sentence || t.lower !== role.lower) return false;
      const before = found.filter((_, w) => roleOf[w] <= k);
      const after = found.filter((_, w) => roleOf[w] > k);
      return before.some((i) => i > where) && after.some((i) => i < where);
    }),
  );
}

/** A required entry: "a|b" means either alternative; with `anyPolarity`, said or denied ("no air resistance"). */
export function findRequired(answer: AnalysedText, entry: string, anyPolarity = false): number[] | undefined {
  for (const alt of entry
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const hit = findPhrase(answer, alt, undefined, anyPolarity);
    if (hit) return hit;
  }
  return undefined;
}
