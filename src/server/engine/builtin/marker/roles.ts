import { type AnalysedText, type Token, analyseText } from './text';

/**
 * Roles swapped: the point's two opposite words each bound to its own thing, and the answer binding them the other way
 * round. "Proactive interference: older learning disrupts recall of newer learning" is not made by "proactive
 * interference is when new information stops you recalling old information", nor "demand-pull inflation comes with
 * rising output, whereas cost-push inflation comes with falling output" by the same sentence with rising and falling
 * exchanged: every word of the point is there, and the answer says the opposite (a misconception examiners name:
 * proactive for retroactive, the components of a velocity exchanged).
 */

/** Pairs of words that name two roles of one kind, besides the opposites of the lexicon ("rising"/"falling"). */
export const ROLE_PAIRS: [string, string][] = [
  ['old', 'new'],
  ['earlier', 'later'],
  ['first', 'second'],
  ['horizontal', 'vertical'],
  ['sin', 'cos'],
  ['numerator', 'denominator'],
  ['independent', 'dependent'],
  ['proactive', 'retroactive'],
  ['anode', 'cathode'],
  ['donor', 'acceptor'],
  ['sensory', 'motor'],
  ['systolic', 'diastolic'],
  ['ribose', 'deoxyribose'],
  ['thymine', 'uracil'],
  ['haploid', 'diploid'],
  ['afferent', 'efferent'],
  ['prokaryotic', 'eukaryotic'],
];

/**
 * Directions said of two things ("rising" output with one, "falling" with the other): word for word antonyms only,
 * not the lexicon's wider opposites ("smaller" is no opposite of a "higher" charge density).
 */
const ANTONYMS: [string, string][] = [
  ['rise', 'fall'],
  ['increase', 'decrease'],
  ['raise', 'lower'],
  ['gain', 'lose'],
  ['grow', 'shrink'],
  ['expand', 'contract'],
  ['positive', 'negative'],
  ['high', 'low'],
];

/** Each pair's words with their stems, so that the words' other forms are the same roles ("prokaryotes" of "prokaryotic"). */
const formsOf = (pairs: [string, string][]): [string[], string[]][] =>
  pairs.map(([x, y]) => [
    [x, analyseText(x).tokens[0].stem],
    [y, analyseText(y).tokens[0].stem],
  ]);
const forms = new Map<[string, string][], [string[], string[]][]>();

const pairOf = (pairs: [string, string][], a: Token, b: Token) => {
  if (!forms.has(pairs)) forms.set(pairs, formsOf(pairs));
  const is = (t: Token, words: string[]) => words.includes(t.lemma) || words.includes(t.stem);
  return forms.get(pairs)!.some(([x, y]) => (is(a, x) && is(b, y)) || (is(a, y) && is(b, x)));
};

/** Two roles of one kind: a listed pair of roles ('listed') or of directions ('antonym'); undefined for neither. */
function rolePair(a: Token, b: Token): 'listed' | 'antonym' | undefined {
  if (a.lemma === b.lemma) return undefined;
  if (pairOf(ROLE_PAIRS, a, b)) return 'listed';
  return pairOf(ANTONYMS, a, b) ? 'antonym' : undefined;
}

const same = (a: Token, b: Token) => a.lemma === b.lemma || a.stem === b.stem;

/**
 * The word a role word is bound to in the point: the nearest word before it in its sentence that the sentence has only
 * once (so "pull" of "demand-pull inflation comes with rising output", not "comes", which both clauses have).
 */
function anchorOf(text: AnalysedText, i: number, pair: [number, number]): number | undefined {
  const sentence = text.tokens[i].sentence;
  const inSentence = text.content.filter((k) => text.tokens[k].sentence === sentence);
  for (let k = i - 1; k >= 0 && text.tokens[k].sentence === sentence; k--) {
    const t = text.tokens[k];
    if (!t.content || t.isNumber || pair.some((p) => same(text.tokens[p], t))) continue;
    if (inSentence.filter((j) => same(text.tokens[j], t)).length === 1) return k;
  }
  return undefined;
}

/** Words that start the second half of a contrast: what is said after one is not said of the thing before it. */
const CONTRAST = /^(whereas|while|whilst|but|however|unlike|;)$/;

/**
 * Of the two anchors, the one nearest before the answer's word in its sentence (-1 for neither), or, with `inClause`,
 * in its half of a contrast ("the last litre is very high, whereas diamonds … is low": "low" is bound to no litre).
 */
function nearestAnchor(answer: AnalysedText, i: number, anchors: [Token, Token], inClause = false): number {
  const sentence = answer.tokens[i].sentence;
  for (let k = i - 1; k >= 0 && answer.tokens[k].sentence === sentence; k--) {
    if (inClause && CONTRAST.test(answer.tokens[k].lower)) return -1;
    const found = anchors.findIndex((a) => same(answer.tokens[k], a));
    if (found >= 0) return found;
  }
  return -1;
}

/**
 * Where the answer has a pair of the point's role words bound the other way round: the answer's two words. Only the
 * sentences that name what the point is about (its first word: "proactive" of "proactive interference: …") are read,
 * so that a sentence about another thing ("retroactive interference is when new learning disrupts old memories") says
 * nothing against it.
 */
export function swappedRoles(wording: AnalysedText, answer: AnalysedText): [number, number] | undefined {
  const w = wording.tokens;
  const first = wording.content[0];
  if (first === undefined) return undefined;
  const sentences = new Set(answer.content.filter((k) => same(answer.tokens[k], w[first])).map((k) => answer.tokens[k].sentence));
  const content = answer.content.filter((k) => sentences.has(answer.tokens[k].sentence));
  for (const i of wording.content)
    for (const j of wording.content) {
      const pair = j > i && w[i].sentence === w[j].sentence ? rolePair(w[i], w[j]) : undefined;
      if (!pair) continue;
      // each role said once, so that which thing it is bound to is plain ("right visual field (left hemisphere) … left
      // visual field (right hemisphere)" binds each both ways)
      const once = (text: AnalysedText, among: number[], t: Token) => among.filter((k) => same(text.tokens[k], t)).length === 1;
      const inWording = wording.content.filter((k) => w[k].sentence === w[i].sentence);
      if (!once(wording, inWording, w[i]) || !once(wording, inWording, w[j])) continue;
      const ai = anchorOf(wording, i, [i, j]);
      const aj = anchorOf(wording, j, [i, j]);
      const anchors: [Token, Token] | undefined = ai !== undefined && aj !== undefined && !same(w[ai], w[aj]) ? [w[ai], w[aj]] : undefined;
      // the words of the relation between them, each said once ("disrupts", "recall" of "older learning disrupts
      // recall of newer learning")
      const sentence = wording.content.filter((k) => w[k].sentence === w[i].sentence);
      const between = wording.content.filter(
        (k) => k > i && k < j && !w[k].isNumber && sentence.filter((m) => same(w[m], w[k])).length === 1,
      );
      for (const x of content) {
        if (!same(answer.tokens[x], w[i])) continue;
        for (const y of content) {
          if (!same(answer.tokens[y], w[j]) || answer.tokens[y].sentence !== answer.tokens[x].sentence) continue;
          // the first time the answer's sentence says each ("… like your old password stopping you remembering your new one"
          // is an example after the claim)
          const inAnswer = content.filter((k) => answer.tokens[k].sentence === answer.tokens[x].sentence);
          if (inAnswer.find((k) => same(answer.tokens[k], w[i])) !== x || inAnswer.find((k) => same(answer.tokens[k], w[j])) !== y)
            continue;
          // each word bound to the other's thing
          if (anchors && nearestAnchor(answer, x, anchors) === 1 && nearestAnchor(answer, y, anchors) === 0) return [x, y];
          // or, directions in a contrast, one bound to the other's thing in its own half and the other bound to nothing
          // there ("the last litre is very high, whereas diamonds are scarce so … an extra diamond is low")
          const contrasted = (from: number, to: number) =>
            answer.tokens.slice(Math.min(from, to) + 1, Math.max(from, to)).some((t) => CONTRAST.test(t.lower));
          if (anchors && pair === 'antonym' && contrasted(x, y)) {
            const [bx, by] = [nearestAnchor(answer, x, anchors, true), nearestAnchor(answer, y, anchors, true)];
            if ((bx === 1 && by !== 1) || (by === 0 && bx !== 0)) return x < y ? [x, y] : [y, x];
          }
          // or a listed pair said the other way round about the same verb ("old information disrupts new information"),
          // in the active voice ("… is disrupted by new information" says it the right way round)
          const verb = (m: number) =>
            m > y && m < x && answer.tokens[m].pos === 'VERB' && between.some((k) => same(answer.tokens[m], w[k]));
          if (pair === 'listed' && y < x && !passive(answer, y, x) && content.some(verb)) return [y, x];
          // or two things contrasted as subjects, the thing said of the first given to the other ("prokaryotes have a
          // nucleus but eukaryotes do not" against "eukaryotes have a nucleus but prokaryotes do not"), said as plainly
          // (not "prokaryotes have no nucleus, unlike eukaryotes")
          if (pair === 'listed' && y < x && leads(wording, i) && leads(answer, y)) {
            const said = content.filter((m) => m > y && m < x && between.some((k) => same(answer.tokens[m], w[k])));
            const plainly = (t: Token) => !t.negated && !t.negator;
            if (
              said.length &&
              said.every((m) => between.some((k) => same(answer.tokens[m], w[k]) && plainly(w[k]) === plainly(answer.tokens[m])))
            )
              return [y, x];
          }
        }
      }
    }
  return undefined;
}

/** The first word that carries meaning in its sentence: the sentence's subject. */
function leads(text: AnalysedText, i: number): boolean {
  return text.content.find((k) => text.tokens[k].sentence === text.tokens[i].sentence) === i;
}

/** A passive between the two words ("is disrupted by", "are made by"): the roles are said the other way round on purpose. */
function passive(answer: AnalysedText, from: number, to: number): boolean {
  for (let k = from + 1; k < to; k++) if (answer.tokens[k].lower === 'by' && k > from + 1) return true;
  return false;
}

/** Small words that may stand before a change's ends ("from a solid to a liquid"). */
const ARTICLE = String.raw`(?:(?:an?|the)\s+)?`;

/**
 * The two ends of a change exchanged: the point says "from blue to purple" (or "from high to low concentration") and a
 * sentence of the answer says "from purple to blue" ("purple to blue", "low to high") and not the point's way round.
 * The answer's words as written; undefined otherwise.
 */
export function endsExchanged(pointText: string, answerText: string): string | undefined {
  const m = new RegExp(String.raw`\bfrom\s+${ARTICLE}([\p{L}][\p{L}-]+)\s+(?:[\p{L}]+\s+)?to\s+${ARTICLE}([\p{L}][\p{L}-]+)`, 'iu').exec(
    pointText,
  );
  if (!m) return undefined;
  const [a, b] = [m[1].toLowerCase(), m[2].toLowerCase()];
  if (a === b || a.length < 3 || b.length < 3) return undefined;
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const way = (x: string, y: string) => new RegExp(String.raw`\b${escape(x)}\w*\b[^.;!?\n]{0,25}?\bto\s+${ARTICLE}${escape(y)}\b`, 'i');
  for (const sentence of answerText.split(/[.;!?\n]+/)) {
    const turned = way(b, a).exec(sentence);
    if (turned && !way(a, b).test(sentence)) return turned[0].trim();
  }
  return undefined;
}
