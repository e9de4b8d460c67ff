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
export function alignBest(answer: AnalysedText, wordings: AnalysedText[], question?: AnalysedText, answerContent?: number[]): { alignment: Alignment; alternative: number } {
  let best: Alignment | undefined;
  let bestAlt = 0;
  let bestScore = -Infinity;
  let maxExact = 0;
  let sumSoft = 0;
  let maxPrec = 0;
  let maxBigram = 0;
  let minMissing = Infinity;
  let flipped = 0;
  let maxCos = -1;
  wordings.forEach((w, i) => {
    const a = alignAnswer(answer, w, question, answerContent);
    maxExact = Math.max(maxExact, a.features[F('exactRecall')]);
    sumSoft += a.features[F('softRecall')];
    maxPrec = Math.max(maxPrec, a.features[F('softPrecision')]);
    maxBigram = Math.max(maxBigram, a.features[F('bigramRecall')]);
    minMissing = Math.min(minMissing, a.features[F('missingCount')]);
    flipped += a.features[F('flipParity')];
    maxCos = Math.max(maxCos, a.features[F('sentenceCosine')]);
    const s = alignmentStrength(a);
    if (s > bestScore) {
      bestScore = s;
      best = a;
      bestAlt = i;
    }
  });
  const alignment = best!;
  alignment.features[F('maxExactRecallAlt')] = maxExact;
  alignment.features[F('meanSoftRecallAlt')] = sumSoft / wordings.length;
  alignment.features[F('alternatives')] = Math.log(wordings.length);
  alignment.features[F('maxSoftPrecisionAlt')] = maxPrec;
  alignment.features[F('maxBigramAlt')] = maxBigram;
  alignment.features[F('minMissingAlt')] = minMissing;
  alignment.features[F('anyFlipAlt')] = flipped / wordings.length;
  alignment.features[F('maxSentenceCosineAlt')] = maxCos;
  return { alignment, alternative: bestAlt };
}

const RULES = process.env.MARKER_RULES ?? 'on';

/**
 * Turns class probabilities into a decision, with two rules on top of the model: an answer that
 * flips the point's meaning an odd number of times (negation, opposites) is not "correct", and one
 * that uses every word of the point as written, flipping none, is.
 */
export function decideLabel(model: GbdtModel, probs: number[], features?: number[]): PointLabel {
  let k = 0;
  for (let i = 1; i < probs.length; i++) if (probs[i] > probs[k]) k = i;
  let label = model.classes[k] as PointLabel;
  if (features && RULES !== 'off') {
    const flips = features[F('negationMismatch')] + features[F('oppositeFlips')];
    if (RULES !== 'exact' && label === 'correct' && features[F('flipParity')] === 1 && features[F('softRecall')] >= 0.5) label = 'contradictory';
    else if (RULES !== 'flip' && label !== 'correct' && flips === 0 && features[F('exactRecallAll')] >= 0.999 && features[F('blank')] === 0) label = 'correct';
  }
  return label;
}

export function classifyPoint(model: GbdtModel, answer: AnalysedText, wordings: AnalysedText[], question?: AnalysedText, answerContent?: number[]): PointDecision {
  const { alignment, alternative } = alignBest(answer, wordings, question, answerContent);
  const p = predictProbabilities(model, alignment.features);
  const probabilities = Object.fromEntries(model.classes.map((c, i) => [c, p[i]])) as Record<PointLabel, number>;
  return { label: decideLabel(model, p, alignment.features), probabilities, alignment, alternative };
}
