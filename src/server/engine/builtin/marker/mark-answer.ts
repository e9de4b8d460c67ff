import fs from 'node:fs';
import {
  markPointSchema,
  type Feedback,
  type MarkPoint,
  type MarkPointInput,
  type PointEvaluation,
  type PointStatus,
} from '../../../../shared/mark-scheme';
import { loadWordVectors } from './embeddings';
import type { GbdtModel } from './gbdt';
import { listQuoted, lowerFirst, quoteTokens } from './justify';
import { chooseOption } from '../../text/choose-option';
import { checkNumeric, formatValue } from './numeric';
import { findPhrase, findRequired } from './phrases';
import { classifyPoint, type PointDecision } from './point-classifier';
import { analyseText, toPlainText, type AnalysedText } from './text';

export const MARKED_BY = 'the built-in marker';

export interface MarkAnswerInput {
  questionText: string;
  type: 'essay' | 'multiple_choice' | 'short_answer';
  totalMarks: number;
  markScheme: MarkPointInput[];
  answer: string;
  options?: Record<string, string>;
  correctAnswer?: string;
}

let model: GbdtModel | undefined;

/** The trained point classifier (marker-model.json, written by scripts/train-marker.ts). */
export function loadMarkerModel(): GbdtModel {
  model ??= JSON.parse(fs.readFileSync(new URL('./marker-model.json', import.meta.url), 'utf8')) as GbdtModel;
  return model;
}

/** Loads the language model, word vectors and classifier now rather than at the first answer (~3 s). */
export function warmUpMarker(): void {
  loadWordVectors();
  loadMarkerModel();
  analyseText('The marker is ready.');
}

interface PointOutcome {
  status: PointStatus;
  justification: string;
  /** For feedback: the answer's words that contradict the point. */
  quote?: string;
}

/** Word links strong enough to quote as evidence. */
const GOOD = 0.7;

function coveredLinks(decision: PointDecision): number[] {
  return decision.alignment.links.filter((l) => l.ans >= 0 && l.score >= GOOD).map((l) => l.ans);
}

function describeDecision(
  decision: PointDecision,
  answer: AnalysedText,
  wordings: AnalysedText[],
  status: PointStatus,
  point: MarkPoint,
): PointOutcome {
  const wording = wordings[decision.alternative];
  const wordingText = wording.text;
  const { alignment } = decision;
  if (status === 'COVERED') {
    const quote = quoteTokens(answer, coveredLinks(decision)) || quoteTokens(answer, answer.content);
    return { status, justification: `Covered: "${quote}" matches "${wordingText}".` };
  }
  if (status === 'CONTRADICTED') {
    const flip = alignment.flips[0];
    if (flip) {
      const quote = quoteTokens(answer, [flip.ans, ...coveredLinks(decision)]);
      const refWord = wording.tokens[flip.ref].text;
      const ansWord = answer.tokens[flip.ans].text;
      const detail =
        flip.kind === 'opposite'
          ? `it says "${ansWord}" where the mark scheme has "${refWord}"`
          : answer.tokens[flip.ans].negated
            ? `it denies "${refWord}"`
            : `the mark scheme has "${refWord}" negated`;
      return { status, justification: `Contradicted: "${quote}" contradicts "${wordingText}" (${detail}).`, quote };
    }
    const quote = quoteTokens(answer, coveredLinks(decision).length ? coveredLinks(decision) : answer.content);
    return { status, justification: `Contradicted: "${quote}" contradicts "${wordingText}".`, quote };
  }
  const links = coveredLinks(decision);
  if (links.length === 0) return { status, justification: `Not covered: nothing in the answer mentions ${lowerFirst(point.text)}.` };
  const quote = quoteTokens(answer, links);
  const matched = alignment.links.filter((l) => l.ans >= 0 && l.score >= GOOD).map((l) => wording.tokens[l.ref].text.toLowerCase());
  const missing = alignment.missing.map((i) => wording.tokens[i].text.toLowerCase());
  if (missing.length)
    return { status, justification: `Not covered: "${quote}" mentions ${listQuoted(matched)} but not ${listQuoted(missing)}.` };
  return { status, justification: `Not covered: "${quote}" uses the point's words but does not make the point "${wordingText}".` };
}

/** Spacing, case and typographic variants that do not change what a formula or phrase says. */
function squash(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[×·]/g, '*')
    .replace(/\s+/g, '');
}

/**
 * A wording the answer contains word for word (spacing aside), e.g. "tan^-1(3/1)" or "k = 3/4" in a
 * worked solution: covered whatever the classifier, which was trained on prose, makes of it.
 * The wording must be specific (at least 5 characters once squashed) and not negated just before it.
 */
function findVerbatim(answerText: string, wordings: string[]): string | undefined {
  const plainAnswer = answerText.replace(/\s+/g, ' ');
  const squashedAnswer = squash(plainAnswer);
  for (const w of wordings) {
    const plain = toPlainText(w).replace(/\s+/g, ' ').trim();
    const target = squash(plain);
    // specific enough: a phrase of 5+ characters, or a value with working such as "10/3" or "-7/6"
    if (target.length < 5 && !(target.length >= 3 && /\d/.test(target) && /[/^=+*()-]/.test(target))) continue;
    const at = squashedAnswer.indexOf(target);
    if (at < 0) continue;
    const before = squashedAnswer.slice(Math.max(0, at - 8), at);
    if (/(not|n't|no|never|isn't)$/.test(before)) continue;
    return plain;
  }
  return undefined;
}

function markTextPoint(point: MarkPoint, answer: AnalysedText, question: AnalysedText, classifier: GbdtModel): PointOutcome {
  let pool = answer.content;
  for (const phrase of point.ignore) {
    const hit = findPhrase(answer, phrase);
    if (hit) pool = pool.filter((i) => !hit.includes(i));
  }
  for (const phrase of point.reject) {
    const hit = findPhrase(answer, phrase);
    if (hit) {
      return {
        status: 'NOT_COVERED',
        justification: `Not covered: "${quoteTokens(answer, hit)}" is not accepted for this point (the mark scheme rejects "${phrase}").`,
      };
    }
  }
  for (const entry of point.required) {
    if (!findRequired(answer, entry)) {
      const terms = entry
        .split('|')
        .map((s) => `"${s.trim()}"`)
        .join(' or ');
      return { status: 'NOT_COVERED', justification: `Not covered: the answer does not mention ${terms}, which "${point.text}" needs.` };
    }
  }
  const verbatim = findVerbatim(answer.text, [point.text, ...point.accept]);
  if (verbatim) return { status: 'COVERED', justification: `Covered: the answer gives "${verbatim}" exactly as the mark scheme has it.` };
  const wordings = [point.text, ...point.accept].map((w) => analyseText(toPlainText(w)));
  let decision = classifyPoint(classifier, answer, wordings, question, pool);
  // In a long answer each sentence is also judged alone, so other sentences do not dilute a point.
  if (answer.sentences > 1 && pool.length > 20) {
    for (let s = 0; s < answer.sentences; s++) {
      const part = pool.filter((i) => answer.tokens[i].sentence === s);
      if (part.length === 0) continue;
      const d = classifyPoint(classifier, answer, wordings, question, part);
      if (d.label === 'correct' && (decision.label !== 'correct' || d.probabilities.correct > decision.probabilities.correct)) decision = d;
      else if (decision.label === 'incorrect' && d.label === 'contradictory') decision = d;
    }
  }
  const status: PointStatus =
    decision.label === 'correct' ? 'COVERED' : decision.label === 'contradictory' ? 'CONTRADICTED' : 'NOT_COVERED';
  return describeDecision(decision, answer, wordings, status, point);
}

function markNumericPoint(point: MarkPoint, plainAnswer: string): PointOutcome | undefined {
  const target = point.numeric;
  if (!target) return undefined;
  const value = typeof target.value === 'number' ? target.value : Number(target.value);
  if (!Number.isFinite(value)) return undefined;
  const check = checkNumeric(plainAnswer, { ...target, value });
  const expected = `${formatValue(value)}${target.unit ? ` ${target.unit}` : ''}`;
  const q = check.quantity?.text.trim();
  switch (check.reason) {
    case 'match':
      return { status: 'COVERED', justification: `Covered: "${q}" matches the expected ${expected}.` };
    case 'sig-figs': {
      const [lo, hi] = check.sigFigs ?? [0, 0];
      const sf = lo === hi ? `${lo}` : `${lo}–${hi}`;
      return {
        status: 'NOT_COVERED',
        justification: `Not covered: "${q}" has the right value but is given to ${sf} significant figures, not ${target.sigFigs}.`,
      };
    }
    case 'wrong-unit':
      return { status: 'NOT_COVERED', justification: `Not covered: "${q}" is not in a unit of ${target.unit} (expected ${expected}).` };
    case 'wrong-value':
      return { status: 'NOT_COVERED', justification: `Not covered: "${q}" is not the expected ${expected}.`, quote: q };
    default:
      return {
        status: 'NOT_COVERED',
        justification: `Not covered: nothing in the answer gives a value for ${lowerFirst(point.text)} (expected ${expected}).`,
      };
  }
}

function markMultipleChoice(points: MarkPoint[], input: MarkAnswerInput): PointOutcome[] | undefined {
  const correct = input.correctAnswer?.trim().toUpperCase();
  if (!correct) return undefined;
  const chosen = chooseOption(input.answer, input.options);
  const optionText = (l: string) => (input.options?.[l] ? ` (${toPlainText(input.options[l])})` : '');
  const given = toPlainText(input.answer).slice(0, 80);
  return points.map(() => {
    if (chosen === correct)
      return { status: 'COVERED', justification: `Covered: "${given}" is the correct option, ${correct}${optionText(correct)}.` };
    if (chosen)
      return {
        status: 'NOT_COVERED',
        justification: `Not covered: "${given}" chooses option ${chosen}${optionText(chosen)}; the correct option is ${correct}${optionText(correct)}.`,
      };
    return {
      status: 'NOT_COVERED',
      justification: `Not covered: "${given}" does not name one of the options; the correct option is ${correct}${optionText(correct)}.`,
    };
  });
}

function writeFeedback(points: MarkPoint[], outcomes: PointOutcome[], marks: number, total: number, blank: boolean): string {
  if (blank) {
    return `No answer was given, so no marks were awarded. A full answer would include: ${points.map((p) => lowerFirst(p.text)).join('; ')}.`;
  }
  const covered = points.filter((_, i) => outcomes[i].status === 'COVERED');
  const missing = points.filter((_, i) => outcomes[i].status === 'NOT_COVERED');
  const wrong = points.map((p, i) => ({ p, o: outcomes[i] })).filter(({ o }) => o.status === 'CONTRADICTED');
  const parts: string[] = [`You scored ${marks} out of ${total}.`];
  if (covered.length === points.length) parts.push('Excellent: your answer covers every point in the mark scheme.');
  else if (covered.length) parts.push(`Well done for ${covered.map((p) => lowerFirst(p.text)).join('; ')}.`);
  if (wrong.length)
    parts.push(
      `Fix: ${wrong.map(({ p, o }) => (o.quote ? `you wrote "${o.quote}", but the mark scheme has ${lowerFirst(p.text)}` : `the mark scheme has ${lowerFirst(p.text)}`)).join('; ')}.`,
    );
  if (missing.length) parts.push(`To gain more marks, add: ${missing.map((p) => lowerFirst(p.text)).join('; ')}.`);
  if (covered.length === 0 && !wrong.length)
    parts.push('Your answer did not match any point in the mark scheme yet; use its key terms and be specific.');
  return parts.join(' ');
}

/** Marks an answer against a mark scheme, point by point. Synchronous and deterministic. */
export function markAnswer(input: MarkAnswerInput): Feedback {
  const points = input.markScheme.map((p) => markPointSchema.parse(p));
  const totalMarks = Math.max(0, input.totalMarks);
  const plainAnswer = toPlainText(input.answer ?? '');
  const blank = !/[\p{L}\p{N}]/u.test(plainAnswer);
  let outcomes: PointOutcome[];
  if (blank) {
    outcomes = points.map(() => ({ status: 'NOT_COVERED', justification: 'Not covered: no answer was given.' }));
  } else {
    const mc = input.type === 'multiple_choice' ? markMultipleChoice(points, input) : undefined;
    if (mc) outcomes = mc;
    else {
      const classifier = loadMarkerModel();
      const answer = analyseText(plainAnswer);
      const question = analyseText(toPlainText(input.questionText ?? ''));
      outcomes = points.map((p) => markNumericPoint(p, plainAnswer) ?? markTextPoint(p, answer, question, classifier));
    }
  }
  const earned = points.reduce((s, p, i) => s + (outcomes[i].status === 'COVERED' ? p.marks : 0), 0);
  const marks = Math.min(earned, totalMarks);
  const markscheme_evaluation: PointEvaluation[] = points.map((p, i) => ({
    point_id: p.id,
    text: p.text,
    status: outcomes[i].status,
    justification: outcomes[i].justification,
  }));
  return {
    marks_awarded: marks,
    total_marks: totalMarks,
    qualitative_feedback: writeFeedback(points, outcomes, marks, totalMarks, blank),
    markscheme_evaluation,
    marked_by: MARKED_BY,
  };
}
