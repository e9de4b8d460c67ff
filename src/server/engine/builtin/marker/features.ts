import { cosineRows, cosineVectors, meanVector } from './embeddings';
import { areOpposites, areSynonyms, LESSENING } from './lexicon';
import { aliasOf } from './paraphrases';
import { editDistance } from '../../text/edit-distance';
import type { AnalysedText, Token } from './text';

/**
 * Features of one (answer, reference point, question) triple. None is specific to a question: they
 * measure how much of the point the answer covers (exactly, through inflections and synonyms, through
 * word vectors), how much of the answer is about the point, and whether it flips the point's meaning
 * (negation, opposites). Words the question already gives are demoted, as in ASAG practice.
 */

export const FEATURE_NAMES = [
  'exactRecall',
  'softRecall',
  'exactRecallAll',
  'softRecallAll',
  'softPrecision',
  'exactPrecision',
  'sentenceCosine',
  'bigramRecall',
  'negationMismatch',
  'oppositeFlips',
  'flipParity',
  'answerLength',
  'pointLength',
  'lengthRatio',
  'questionCopy',
  'answerNegators',
  'pointNegators',
  'novelContent',
  'missingWeight',
  'missingCount',
  'weakestMatch',
  'blank',
  'vagueAnswer',
  'nounRecall',
  'verbRecall',
  'modifierRecall',
  'answerQuestionCosine',
  'trigramRecall',
  'orderedRecall',
  'keyTermRecall',
  'causalLink',
  'maxExactRecallAlt',
  'meanSoftRecallAlt',
  'alternatives',
  'maxSoftPrecisionAlt',
  'maxBigramAlt',
  'minMissingAlt',
  'anyFlipAlt',
  'maxSentenceCosineAlt',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export interface WordLink {
  /** Index into the point's tokens. */
  ref: number;
  /** Index into the answer's tokens (-1 if none). */
  ans: number;
  score: number;
}

export interface Alignment {
  features: number[];
  /** Best link for each content word of the point. */
  links: WordLink[];
  /** Point words the answer contradicts, with the answer word that does it. */
  flips: { ref: number; ans: number; kind: 'negation' | 'opposite' }[];
  /** Point words (demoted set) with no good match. */
  missing: number[];
  /** Point words the question already gives (not needed to earn it). */
  given: Set<number>;
}

const EXACT = 0.999;
const GOOD = 0.62;
const NEGATION_LINK = 0.8;
/** The most a word earns by its word vector alone (wordSimilarity): above it, the word itself, a synonym or a listed phrase. */
export const VECTOR_MATCH = 0.85;

/**
 * Whether the answer talks about what the point talks about: at least one of the point's words has a good match in
 * the answer. An answer that shares none of them ("because I don't know", an answer to another question) and flips
 * none of them cannot state the point's opposite.
 */
export function addressesPoint(alignment: Alignment): boolean {
  return alignment.links.some((l) => l.ans >= 0 && l.score >= GOOD);
}

function sameWord(a: Token, b: Token): boolean {
  if (a.isNumber || b.isNumber) return a.isNumber && b.isNumber && Number(a.lower) === Number(b.lower);
  return a.lemma === b.lemma || a.stem === b.stem || a.lower === b.lower;
}

/** A likely misspelling of the same word ("seperated", "evaparate"). */
function isMisspelling(a: Token, b: Token): boolean {
  const x = a.lower;
  const y = b.lower;
  if (x.length < 5 || y.length < 5 || x[0] !== y[0]) return false;
  const max = Math.min(x.length, y.length) >= 8 ? 2 : 1;
  return editDistance(x, y, max) <= max;
}

/** Similarity of two words in [0, 1]: 1 same lemma/stem, 0.9 listed synonyms or a misspelling, else word-vector cosine. */
export function wordSimilarity(a: Token, b: Token): number {
  if (sameWord(a, b)) return 1;
  if (a.isNumber || b.isNumber) return 0;
  if (areSynonyms(a.lemma, b.lemma) || areSynonyms(a.lower, b.lower)) return 0.9;
  // a word of an everyday phrase for a term ("movement" in "movement energy" for "kinetic") is read as the term
  if (aliasOf(b, a) || aliasOf(a, b)) return 0.9;
  if (areOpposites(a.lemma, b.lemma) || areOpposites(a.lower, b.lower)) return 0; // vectors put opposites close
  const c = cosineRows(a.row, b.row);
  if (c < 0.6 && (a.row < 0 || b.row < 0 || a.row > 20000 || b.row > 20000) && isMisspelling(a, b)) return 0.9;
  return c < 0.3 ? 0 : Math.min(VECTOR_MATCH, c);
}

export function wordsOpposite(a: Token, b: Token): boolean {
  return areOpposites(a.lemma, b.lemma) || areOpposites(a.lower, b.lower) || areOpposites(a.stem, b.stem);
}

/**
 * wordSimilarity of every (point token, answer token) pair, computed once per pair: a long answer is
 * aligned with each wording several times (whole answer, then sentence by sentence).
 */
const similarityTables = new WeakMap<AnalysedText, WeakMap<AnalysedText, Float64Array>>();

function similarityOf(point: AnalysedText, answer: AnalysedText): (ri: number, ai: number) => number {
  let byAnswer = similarityTables.get(point);
  if (!byAnswer) similarityTables.set(point, (byAnswer = new WeakMap()));
  let table = byAnswer.get(answer);
  if (!table) byAnswer.set(answer, (table = new Float64Array(point.tokens.length * answer.tokens.length).fill(-1)));
  const width = answer.tokens.length;
  const t = table;
  return (ri, ai) => {
    const k = ri * width + ai;
    if (t[k] < 0) t[k] = wordSimilarity(point.tokens[ri], answer.tokens[ai]);
    return t[k];
  };
}

/** Weighted mean word vector of some of a text's tokens, kept per text: the same subsets recur for every point and wording. */
const meanVectors = new WeakMap<AnalysedText, Map<string, Float64Array>>();

function meanOf(text: AnalysedText, idx: number[]): Float64Array {
  let byKey = meanVectors.get(text);
  if (!byKey) meanVectors.set(text, (byKey = new Map()));
  const key = idx.join(',');
  let v = byKey.get(key);
  if (!v) {
    v = meanVector(
      idx.map((i) => text.tokens[i].row),
      idx.map((i) => text.tokens[i].weight),
    );
    byKey.set(key, v);
  }
  return v;
}

function questionWordSet(question: AnalysedText | undefined): Set<string> {
  const set = new Set<string>();
  if (!question) return set;
  for (const i of question.content) {
    const t = question.tokens[i];
    set.add(t.lemma);
    set.add(t.stem);
  }
  return set;
}

function inQuestion(t: Token, q: Set<string>): boolean {
  return q.has(t.lemma) || q.has(t.stem);
}

const VAGUE = /^(i (do ?n[o']?t|dont) know|idk|no idea|not sure|dunno|\?+|nothing|n\/a|none)\W*$/i;

/**
 * The text's word is a thing it makes less of ("a waterproof cuticle reduces evaporation", "less current"): a denial of
 * it ("so water doesn't evaporate") agrees with the text rather than turning it round. A noun or adjective, a lessening
 * word up to three words before it in its sentence with only the word's own modifiers between ("lower unemployment
 * comes with …" makes less of unemployment, not of what comes).
 */
export function lessened(text: AnalysedText, ref: number): boolean {
  const t = text.tokens;
  if (!/^(NOUN|PROPN|ADJ)$/.test(t[ref].pos)) return false;
  let counted = 0;
  for (let k = ref - 1; k >= 0 && counted < 3 && t[k].sentence === t[ref].sentence; k--) {
    if (LESSENING.test(t[k].lower)) return true;
    // (only its own modifiers between: "reduces the evaporation", "less like individuals"; not another thing, "less
    // current flows")
    if (!t[k].negator && !/^(DET|ADJ|ADP|ADV|AUX)$/.test(t[k].pos)) return false;
    if (!t[k].negator && t[k].pos !== 'AUX') counted++;
  }
  return false;
}

/**
 * The answer denies a thing the point makes less of ("so water doesn't evaporate" against "reduces evaporation"): an
 * agreement, not a denial. Not where the answer makes less of it too ("less current does not flow"), nor where the
 * answer's verb is the point's own word read as a noun ("less current flows").
 */
export function deniedAsLessened(point: AnalysedText, ref: number, answer: AnalysedText, ans: number): boolean {
  const [r, a] = [point.tokens[ref], answer.tokens[ans]];
  return a.negated && lessened(point, ref) && !lessened(answer, ans) && !(a.pos === 'VERB' && a.lemma === r.lemma);
}

export function alignAnswer(answer: AnalysedText, point: AnalysedText, question?: AnalysedText, answerContent?: number[]): Alignment {
  const q = questionWordSet(question);
  const ansIdx = answerContent ?? answer.content;
  const refIdx = point.content;
  const given = new Set<number>(refIdx.filter((i) => inQuestion(point.tokens[i], q)));
  let demoted = refIdx.filter((i) => !given.has(i));
  if (demoted.length === 0) {
    demoted = refIdx;
    given.clear();
  }
  const ansDemoted = ansIdx.filter((i) => !inQuestion(answer.tokens[i], q));
  const similarity = similarityOf(point, answer);

  const links: WordLink[] = refIdx.map((ri) => {
    const r = point.tokens[ri];
    let best = 0;
    let bestA = -1;
    for (const ai of ansIdx) {
      const a = answer.tokens[ai];
      const s = similarity(ri, ai);
      // of equal matches, prefer one with the point's polarity ("no air resistance … air resistance increases")
      if (s > best || (s === best && bestA >= 0 && answer.tokens[bestA].negated !== r.negated && a.negated === r.negated)) {
        best = s;
        bestA = ai;
        if (s >= EXACT && a.negated === r.negated) break;
      }
    }
    return { ref: ri, ans: bestA, score: best };
  });
  const linkOf = new Map(links.map((l) => [l.ref, l]));

  const flips: Alignment['flips'] = [];
  const saidByPoint = new Set(links.filter((l) => l.score > VECTOR_MATCH).map((l) => l.ans));
  for (const l of links) {
    const r = point.tokens[l.ref];
    if (l.score >= GOOD && l.ans >= 0) {
      const a = answer.tokens[l.ans];
      // only a word that really is the point's word (not merely related) can deny it
      // (nor where the point says the same word again with the answer's polarity and the answer says it once: "Nadia puts
      // in far more than Joe but gets no more out" is not denied by "Nadia does more work than Joe")
      const saidAgain =
        refIdx.some((o) => o !== l.ref && point.tokens[o].lemma === r.lemma && point.tokens[o].negated === a.negated) &&
        ansIdx.filter((i) => answer.tokens[i].lemma === a.lemma).length === 1;
      if (a.negated !== r.negated && l.score >= NEGATION_LINK && !saidAgain && !deniedAsLessened(point, l.ref, answer, l.ans))
        flips.push({ ref: l.ref, ans: l.ans, kind: 'negation' });
      // a word vector's neighbour ("gametes" for "haploid") is not the word: its opposite may still be there ("diploid")
      if (l.score > VECTOR_MATCH) continue;
    }
    // "up to the optimum" says how far, not which way
    if (upTo(point, l.ref)) continue;
    const neighbour = l.score >= GOOD ? l.score : 0;
    for (const ai of ansIdx) {
      const a = answer.tokens[ai];
      // (beside a neighbour, the opposite must be the answer's closer word to the point's — vectors put opposites close —
      // and not another of the point's own words: "higher" in "peak lower, at higher energies")
      const opposes = neighbour === 0 || (cosineRows(r.row, a.row) >= neighbour && !saidByPoint.has(ai));
      // ("not … any more" is "no longer", no comparative)
      const anyMore = a.lower === 'more' && answer.tokens[ai - 1]?.lower === 'any';
      if (wordsOpposite(r, a) && !upTo(answer, ai) && opposes && !anyMore) {
        // "not decrease" where the point says "increase" is no flip
        if (a.negated === r.negated) flips.push({ ref: l.ref, ans: ai, kind: 'opposite' });
        break;
      }
    }
  }

  const weightedMean = (idx: number[], score: (i: number) => number): number => {
    let num = 0;
    let den = 0;
    for (const i of idx) {
      const w = point.tokens[i].weight || 0.2;
      num += w * score(i);
      den += w;
    }
    return den ? num / den : 0;
  };
  const exactRecall = weightedMean(demoted, (i) => (linkOf.get(i)!.score >= EXACT ? 1 : 0));
  const softRecall = weightedMean(demoted, (i) => linkOf.get(i)!.score);
  const exactRecallAll = refIdx.length ? refIdx.filter((i) => linkOf.get(i)!.score >= EXACT).length / refIdx.length : 0;
  const softRecallAll = refIdx.length ? refIdx.reduce((s, i) => s + linkOf.get(i)!.score, 0) / refIdx.length : 0;

  let precSoft = 0;
  let precExact = 0;
  let novel = 0;
  for (const ai of ansDemoted) {
    let best = 0;
    for (const ri of refIdx) {
      const s = similarity(ri, ai);
      if (s > best) best = s;
      if (best >= EXACT) break;
    }
    precSoft += best;
    if (best >= EXACT) precExact += 1;
    if (best < 0.45) novel += 1;
  }
  const nAd = ansDemoted.length;
  const softPrecision = nAd ? precSoft / nAd : 0;
  const exactPrecision = nAd ? precExact / nAd : 0;
  const novelContent = nAd ? novel / nAd : 0;

  const sentenceCosine = nAd ? cosineVectors(meanOf(answer, ansDemoted), meanOf(point, demoted)) : 0;

  // bigrams over content words, by stem
  const bigrams = (t: AnalysedText, idx: number[]): string[] => idx.slice(1).map((i, k) => `${t.tokens[idx[k]].stem} ${t.tokens[i].stem}`);
  const refBigrams = bigrams(point, refIdx);
  const ansBigramSet = new Set(bigrams(answer, ansIdx));
  const bigramRecall = refBigrams.length ? refBigrams.filter((b) => ansBigramSet.has(b)).length / refBigrams.length : exactRecallAll;

  const negationMismatch = flips.filter((f) => f.kind === 'negation').length;
  const oppositeFlips = flips.filter((f) => f.kind === 'opposite').length;
  const missing = demoted.filter((i) => linkOf.get(i)!.score < GOOD);
  const missingWeight = missing.reduce((m, i) => Math.max(m, point.tokens[i].weight), 0);
  const weakestMatch = demoted.reduce((m, i) => Math.min(m, linkOf.get(i)!.score), 1);
  const questionCopy = ansIdx.length ? (ansIdx.length - nAd) / ansIdx.length : 0;
  const answerNegators = answer.tokens.filter((t) => t.negator).length;
  const pointNegators = point.tokens.filter((t) => t.negator).length;
  const blank = ansIdx.length === 0 ? 1 : 0;
  const vagueAnswer = VAGUE.test(answer.text.trim()) ? 1 : 0;
  const posRecall = (test: (pos: string) => boolean): number => {
    const idx = demoted.filter((i) => test(point.tokens[i].pos));
    return idx.length ? idx.reduce((s, i) => s + linkOf.get(i)!.score, 0) / idx.length : -1;
  };
  const nounRecall = posRecall((p) => p === 'NOUN' || p === 'PROPN' || p === 'NUM');
  const verbRecall = posRecall((p) => p === 'VERB' || p === 'AUX');
  const modifierRecall = posRecall((p) => p === 'ADJ' || p === 'ADV' || p === 'ADP');
  let answerQuestionCosine = 0;
  if (question && question.content.length && ansIdx.length) {
    answerQuestionCosine = cosineVectors(meanOf(answer, ansIdx), meanOf(question, question.content));
  }

  // Character trigrams of the point's content words found in the answer's: robust to spelling and word form.
  const trigrams = (t: AnalysedText, idx: number[]) => {
    const out = new Set<string>();
    for (const i of idx) {
      const w = ` ${t.tokens[i].lower} `;
      for (let k = 0; k + 3 <= w.length; k++) out.add(w.slice(k, k + 3));
    }
    return out;
  };
  const refTri = trigrams(point, demoted);
  const ansTri = trigrams(answer, ansIdx);
  let triHit = 0;
  for (const g of refTri) if (ansTri.has(g)) triHit++;
  const trigramRecall = refTri.size ? triHit / refTri.size : 0;
  // The longest run of the point's content words the answer gives in the same order (by lemma or stem).
  const refSeq = demoted.map((i) => point.tokens[i]);
  const ansSeq = ansIdx.map((i) => answer.tokens[i]);
  const lcs = new Array<number>(ansSeq.length + 1).fill(0);
  for (const r of refSeq) {
    let prev = 0;
    for (let j = 1; j <= ansSeq.length; j++) {
      const keep = lcs[j];
      lcs[j] = sameWord(r, ansSeq[j - 1]) ? prev + 1 : Math.max(lcs[j], lcs[j - 1]);
      prev = keep;
    }
  }
  const orderedRecall = refSeq.length ? lcs[ansSeq.length] / refSeq.length : 0;

  // The point's two weightiest words (not given by the question): does the answer have them, or close words?
  const keyTerms = [...demoted].sort((a, b) => point.tokens[b].weight - point.tokens[a].weight).slice(0, 2);
  const keyTermRecall = keyTerms.length ? keyTerms.reduce((sum, i) => sum + linkOf.get(i)!.score, 0) / keyTerms.length : 0;
  const causalLink = /\b(because|so|therefore|since|thus|causes?|due to|as a result)\b/i.test(answer.text) ? 1 : 0;

  const features = [
    exactRecall,
    softRecall,
    exactRecallAll,
    softRecallAll,
    softPrecision,
    exactPrecision,
    sentenceCosine,
    bigramRecall,
    Math.min(2, negationMismatch),
    Math.min(2, oppositeFlips),
    (negationMismatch + oppositeFlips) % 2,
    Math.log1p(nAd),
    Math.log1p(demoted.length),
    Math.min(4, nAd / Math.max(1, demoted.length)),
    questionCopy,
    Math.min(3, answerNegators),
    Math.min(3, pointNegators),
    novelContent,
    missingWeight,
    Math.min(6, missing.length),
    weakestMatch,
    blank,
    vagueAnswer,
    nounRecall,
    verbRecall,
    modifierRecall,
    answerQuestionCosine,
    trigramRecall,
    orderedRecall,
    keyTermRecall,
    causalLink,
    exactRecall, // maxExactRecallAlt, filled in by alignBest
    softRecall, // meanSoftRecallAlt, filled in by alignBest
    0, // alternatives, filled in by alignBest
    softPrecision, // maxSoftPrecisionAlt
    bigramRecall, // maxBigramAlt
    Math.min(6, missing.length), // minMissingAlt
    (negationMismatch + oppositeFlips) % 2, // anyFlipAlt: share of wordings the answer flips
    sentenceCosine, // maxSentenceCosineAlt
  ];
  return { features, links, flips, missing, given };
}

/** Heuristic strength of an alignment, used to pick the best of several alternative wordings. */
export function alignmentStrength(a: Alignment): number {
  const f = a.features;
  return 0.45 * f[1] + 0.3 * f[0] + 0.25 * f[4];
}

/** "up to" (as far as), which is no direction. */
function upTo(text: AnalysedText, i: number): boolean {
  return text.tokens[i].lower === 'up' && text.tokens[i + 1]?.lower === 'to';
}
