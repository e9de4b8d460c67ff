import { alignAnswer, alignmentStrength, FEATURE_NAMES, type Alignment } from './features';
import { predictProbabilities, type GbdtModel } from './gbdt';
import type { AnalysedText } from './text';

const F = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

export type PointLabel = 'correct' | 'contradictory' | 'incorrect';

export interface PointDecision {
  label: PointLabel;
  probabilities: Record<PointLabel, number>;
  alignment: Alignment;
  /** Which wording (0 = the point's text, 1.. = accept alternatives) matched best. */
  alternative: number;
}

/** Aligns the answer with each wording of a point and keeps the strongest alignment. */
export function alignBest(
  answer: AnalysedText,
  wordings: AnalysedText[],
  question?: AnalysedText,
  answerContent?: number[],
): { alignment: Alignment; alternative: number } {
  return alignAll(answer, wordings, question, answerContent)[0];
}

/**
 * Every wording's alignment, the strongest first, each carrying the features that summarise all the
 * wordings (best recall over the alternatives and so on), as the classifier was trained to see them.
 */
export function alignAll(
  answer: AnalysedText,
  wordings: AnalysedText[],
  question?: AnalysedText,
  answerContent?: number[],
): { alignment: Alignment; alternative: number }[] {
  let maxExact = 0;
  let sumSoft = 0;
  let maxPrec = 0;
  let maxBigram = 0;
  let minMissing = Infinity;
  let flipped = 0;
  let maxCos = -1;
  const all = wordings.map((w, i) => {
    const a = alignAnswer(answer, w, question, answerContent);
    maxExact = Math.max(maxExact, a.features[F('exactRecall')]);
    sumSoft += a.features[F('softRecall')];
    maxPrec = Math.max(maxPrec, a.features[F('softPrecision')]);
    maxBigram = Math.max(maxBigram, a.features[F('bigramRecall')]);
    minMissing = Math.min(minMissing, a.features[F('missingCount')]);
    flipped += a.features[F('flipParity')];
    maxCos = Math.max(maxCos, a.features[F('sentenceCosine')]);
    return { alignment: a, alternative: i, strength: alignmentStrength(a) };
  });
  for (const { alignment } of all) {
    alignment.features[F('maxExactRecallAlt')] = maxExact;
    alignment.features[F('meanSoftRecallAlt')] = sumSoft / wordings.length;
    alignment.features[F('alternatives')] = Math.log(wordings.length);
    alignment.features[F('maxSoftPrecisionAlt')] = maxPrec;
    alignment.features[F('maxBigramAlt')] = maxBigram;
    alignment.features[F('minMissingAlt')] = minMissing;
    alignment.features[F('anyFlipAlt')] = flipped / wordings.length;
    alignment.features[F('maxSentenceCosineAlt')] = maxCos;
  }
  // strongest first; ties keep the mark scheme's order
  return all
    .sort((a, b) => b.strength - a.strength || a.alternative - b.alternative)
    .map(({ alignment, alternative }) => ({ alignment, alternative }));
}

/**
 * A point is covered when the model gives "correct" at least this probability (not merely the largest of
 * three): tuned by question-grouped cross-validation, it raises both 2-way and 3-way agreement.
 */
const CORRECT_THRESHOLD = 0.45;

/** An accepted wording other than the closest earns the mark only when the model is this sure (tuned on unseen questions). */
const ALTERNATIVE_CONFIDENCE = 0.6;

/** Mostly numbers, symbols and one-letter variables: "tan^-1(3/1)", "k = 3/4", "(x^2 + 1)^5 / 5 + c". */
export function isFormulaLike(text: AnalysedText): boolean {
  const words = text.tokens.filter((t) => t.text.trim());
  if (words.length === 0) return false;
  const symbolic = words.filter(
    (t) => t.isNumber || t.pos === 'PUNCT' || t.pos === 'SYM' || /^[a-z]$/i.test(t.text) || !/[a-z]{2}/i.test(t.text),
  ).length;
  return symbolic / words.length >= 0.5;
}

/**
 * Turns class probabilities into a decision ("correct" from CORRECT_THRESHOLD up, else the likelier of
 * the other two), with rules on top of the model: an answer that
 * flips the point's meaning an odd number of times (negation, opposites) is not "correct", and one
 * that uses every word of the point as written, flipping none, is. The model learned "contradictory"
 * from prose; on a formula-like point (mostly numbers and symbols) it must point to a negation or an
 * opposite before it says so.
 */
export function decideLabel(model: GbdtModel, probs: number[], features?: number[], formulaLike = false): PointLabel {
  const at = (c: PointLabel) => probs[model.classes.indexOf(c)];
  let label: PointLabel =
    at('correct') >= CORRECT_THRESHOLD ? 'correct' : at('contradictory') > at('incorrect') ? 'contradictory' : 'incorrect';
  if (features) {
    const flips = features[F('negationMismatch')] + features[F('oppositeFlips')];
    if (label === 'correct' && features[F('flipParity')] === 1 && features[F('softRecall')] >= 0.5) label = 'contradictory';
    else if (label === 'contradictory' && flips === 0 && formulaLike) label = at('correct') >= at('incorrect') ? 'correct' : 'incorrect';
    else if (label !== 'correct' && flips === 0 && features[F('exactRecallAll')] >= 0.999 && features[F('blank')] === 0) label = 'correct';
  }
  return label;
}

function decide(model: GbdtModel, wordings: AnalysedText[], aligned: { alignment: Alignment; alternative: number }): PointDecision {
  const { alignment, alternative } = aligned;
  const p = predictProbabilities(model, alignment.features);
  const probabilities = Object.fromEntries(model.classes.map((c, i) => [c, p[i]])) as Record<PointLabel, number>;
  return { label: decideLabel(model, p, alignment.features, isFormulaLike(wordings[alternative])), probabilities, alignment, alternative };
}

/**
 * Decides a point from all its wordings together; if that is not "correct", each accepted wording is
 * also tried, because any one of them earns the mark (as an examiner's "accept" does) when the model
 * is confident enough.
 */
export function classifyPoint(
  model: GbdtModel,
  answer: AnalysedText,
  wordings: AnalysedText[],
  question?: AnalysedText,
  answerContent?: number[],
): PointDecision {
  const all = alignAll(answer, wordings, question, answerContent);
  const [strongest, ...others] = all;
  let covered: PointDecision | undefined;
  const decision = decide(model, wordings, strongest);
  if (decision.label === 'correct') covered = decision;
  else {
    for (const other of others) {
      const alt = decide(model, wordings, other);
      if (alt.label === 'correct' && alt.probabilities.correct >= ALTERNATIVE_CONFIDENCE) {
        covered = alt;
        break;
      }
    }
  }
  if (!covered) return decision;
  // "Mean bond enthalpies are exact values for this molecule": close to an accepted wording, but it
  // states the opposite of the point itself ("exact" against "averages"). The point's own wording is
  // what the mark is for; an answer that flips it, using much of it, does not earn it another way.
  if (covered.alternative !== 0) {
    const primary = all.find((a) => a.alternative === 0);
    if (primary && deniesPoint(primary.alignment, answer, covered.alignment) && !wordings[0].tokens.some((t) => t.negator))
      return { ...decide(model, wordings, primary), label: 'contradictory' };
  }
  // "The active site does not change shape, … the substrate": close to the accepted "no longer complementary
  // to the substrate", but it denies the point itself. A wording the answer contradicts outweighs one it
  // matches, unless the matched wording uses the same words of the answer the same way. Wordings with a
  // negation of their own are left out: they are often negated paraphrases of the others ("not separated
  // by the gap" beside "connected"; "avoids destroying embryos / not rejected"), and a flip against one
  // of them is weak evidence.
  for (const aligned of all) {
    if (aligned.alternative === covered.alternative || !contradicts(aligned.alignment)) continue;
    if (wordings[aligned.alternative].tokens.some((t) => t.negator)) continue;
    const agreed = new Set(covered.alignment.links.filter((l) => l.ans >= 0 && l.score >= AGREEING_LINK).map((l) => l.ans));
    if (aligned.alignment.flips.some((f) => f.kind === 'negation' && !agreed.has(f.ans))) {
      return { ...decide(model, wordings, aligned), label: 'contradictory' };
    }
  }
  return covered;
}

/**
 * The answer flips the point's meaning (an odd number of negations or opposites) while sharing half of
 * its content, and does so in the sentence that earned the covering wording: an opposite in another
 * sentence of a long answer ("absorbs red light. The remaining frequencies give the colour") is no denial.
 */
function deniesPoint(alignment: Alignment, answer: AnalysedText, covering: Alignment): boolean {
  if (alignment.features[F('flipParity')] !== 1 || alignment.features[F('softRecall')] < 0.5) return false;
  const counts = new Map<number, number>();
  for (const l of covering.links)
    if (l.ans >= 0 && l.score >= AGREEING_LINK)
      counts.set(answer.tokens[l.ans].sentence, (counts.get(answer.tokens[l.ans].sentence) ?? 0) + 1);
  const evidence = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return alignment.flips.some((f) => answer.tokens[f.ans].sentence === evidence);
}

/** A link this strong means the covering wording uses the answer's word itself. */
const AGREEING_LINK = 0.8;

/**
 * The answer flips this wording's meaning (an odd number of negations or opposites) while using most of
 * its words as they are: strong enough evidence to outweigh another wording it matches. ("At high
 * temperature … the substrate" shares a word or two with "fewer enzyme-substrate complexes form", and
 * "high" against "fewer" is no denial of it.) Only a negation of the wording's own word counts there: an
 * opposite may come from another clause of a long answer ("greater in a small population … reducing
 * genetic diversity").
 */
function contradicts(alignment: Alignment): boolean {
  return alignment.features[F('flipParity')] === 1 && alignment.features[F('exactRecallAll')] >= 0.6;
}
