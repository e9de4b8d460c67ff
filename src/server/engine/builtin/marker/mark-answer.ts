import fs from 'node:fs';
import {
  markPointSchema,
  schemeRulesSchema,
  type Feedback,
  type MarkPoint,
  type MarkPointInput,
  type PointEvaluation,
  type PointStatus,
  type SchemeRules,
} from '../../../../shared/mark-scheme';
import { applyScheme, type PointOutcome, type ScoredPoint } from './apply-scheme';
import { loadWordVectors } from './embeddings';
import { addressesPoint, FEATURE_NAMES, VECTOR_MATCH, wordsOpposite } from './features';
import type { GbdtModel } from './gbdt';
import { listWords, lowerFirst, quoteTokens } from './justify';
import { chooseOption } from '../../text/choose-option';
import { schemeSigFigs, SUPERSCRIPT_DIGITS } from '../../text/sig-figs';
import { scoreSentence } from '../../feedback-words';
import { markMultipleResponse } from './multiple-response';
import {
  checkNumeric,
  findQuantities,
  formatValue,
  isDeniedValue,
  isOperand,
  normaliseUnit,
  statedResult,
  toleranceOf,
  writtenUnit,
  type Quantity,
} from './numeric';
import { otherProbability } from './probability';
import { endsExchanged, swappedRoles } from './roles';
import { renameLetters, renamingFor } from './variables';
import { extraSolution, solutionRule } from './solutions';
import { natureSwapped } from './stationary';
import { componentsSwapped } from './components';
import { answerAbout, leadTerms, namesOwnTerm, withoutTerm } from './terms';
import { compareReactions, findReactions, isCoefficient, likeness, type Reaction } from './reactions';
import { findPhrase, findRequired } from './phrases';
import { aliasOf } from './paraphrases';
import { schemeSiblings, siblingInstead } from './contrasts';
import { judgeSubstitutionStep, numericExpressions } from '../../maths/substitution';
import { classifyPoint, isFormulaLike, type PointDecision } from './point-classifier';
import { asksForWorking } from '../../text/asks-for-working';
import {
  asksForReasoning,
  clausesOf,
  comparePolarity,
  hedgeAbout,
  saidMissing,
  saysNil,
  answerSaysNil,
  type Hedge,
  stateTurnedRound,
  eitherWayAxes,
  isKeywordList,
  isStatement,
  negatedPointWord,
  negatorInClause,
  oppositeIsAboutSameThing,
  sameSubject,
} from './claims';
import {
  compareEquations,
  compareExpressions,
  findEquations,
  findExpressions,
  schemeEquation,
  schemeExpression,
  workingRunAround,
  type Equation,
  type Expression,
} from '../../maths/formulas';
import { analyseText, toPlainText, type AnalysedText, type Token } from './text';

export const MARKED_BY = 'the built-in marker';

export interface MarkAnswerInput {
  questionText: string;
  type: 'essay' | 'multiple_choice' | 'short_answer';
  totalMarks: number;
  markScheme: MarkPointInput[];
  answer: string;
  options?: Record<string, string>;
  correctAnswer?: string;
  /** Groups, the final-answer rule and levels of response, when the scheme has them. */
  rules?: SchemeRules | null;
}

let model: GbdtModel | undefined;

/** The trained point classifier (marker-model.json, written by scripts/train-marker.ts). */
export function loadMarkerModel(): GbdtModel {
  model ??= checkFeatureNames(JSON.parse(fs.readFileSync(new URL('./marker-model.json', import.meta.url), 'utf8')) as GbdtModel);
  return model;
}

/**
 * The model reads features by position; the names it was trained with must be the features computed today, in the
 * same order, or every decision would read the wrong numbers. A model trained on another feature list is refused.
 */
export function checkFeatureNames(trained: GbdtModel): GbdtModel {
  const expected: readonly string[] = FEATURE_NAMES;
  const names = trained.featureNames ?? [];
  const wrong = names.length !== expected.length ? -1 : names.findIndex((n, i) => n !== expected[i]);
  if (names.length !== expected.length || wrong >= 0)
    throw new Error(
      `marker-model.json was trained on other features (${names.length} named, ${expected.length} computed` +
        `${wrong >= 0 ? `; feature ${wrong} is "${names[wrong]}" in the model, "${expected[wrong]}" here` : ''}): run npm run train:marker`,
    );
  return trained;
}

/** Loads the language model, word vectors and classifier now rather than at the first answer (~3 s). */
export function warmUpMarker(): void {
  loadWordVectors();
  loadMarkerModel();
  analyseText('The marker is ready.');
}

/** The confidence of a decision made by a rule of evidence (a value, an option, a formula, a wording) rather than by the model's odds. */
const SURE = 0.95;

/** The confidence of "contradicted" where the answer states the opposite of the point. */
const STATED_OPPOSITE = 0.9;

/** Word links strong enough to quote as evidence. */
const GOOD = 0.7;

function coveredLinks(decision: PointDecision): number[] {
  return decision.alignment.links.filter((l) => l.ans >= 0 && l.score >= GOOD).map((l) => l.ans);
}

/**
 * Too little of a point in the answer to call it "on the right lines": one word of it, or under half of its words (the
 * words the question gives not counted).
 */
function thinLinks(alignment: PointDecision['alignment']): boolean {
  const own = alignment.links.filter((l) => !alignment.given.has(l.ref));
  const linked = new Set(own.filter((l) => l.ans >= 0 && l.score >= GOOD).map((l) => l.ans));
  return linked.size < 2 || linked.size * 2 < own.length;
}

/** A point that is a step of working (a method mark, or mostly symbols) rather than a statement. */
function isStep(point: MarkPoint, wording: AnalysedText): boolean {
  return point.kind === 'M' || isFormulaLike(wording);
}

/** "IAA (auxin)": a word and the one-word name the scheme gives it in brackets. */
const SCHEME_ALIAS = /\b([A-Za-z][A-Za-z-]{1,30})\s*\(([A-Za-z][A-Za-z-]{2,30})\)/g;
const ACRONYM = /^[A-Z]{2,5}$/;
const NOT_AN_ALIAS =
  /^(and|or|not|the|for|with|from|accept|allow|ignore|reject|owtte|ecf|max|each|any|one|two|three|either|both|marks?|e\.g)$/i;

/**
 * A scheme that names a thing two ways ("IAA (auxin) made in the tip diffused into the agar") lets either name stand
 * in every wording of every point: "auxin spread evenly through the whole shoot" is the rejected "IAA spread evenly
 * through the whole shoot", and "auxin diffused down one side" the accepted "IAA diffused down one side".
 */
function withSchemeAliases(points: MarkPoint[]): MarkPoint[] {
  const pairs: [string, string][] = [];
  for (const p of points)
    for (const m of toPlainText(p.text).matchAll(SCHEME_ALIAS)) {
      const [, name, other] = m;
      // one of them a short name in capitals ("IAA", "ADH"): "another (allosteric) site" explains a word, it does not rename it
      if (!ACRONYM.test(name) && !ACRONYM.test(other)) continue;
      if (NOT_AN_ALIAS.test(name) || NOT_AN_ALIAS.test(other) || name.toLowerCase() === other.toLowerCase()) continue;
      pairs.push([name, other]);
    }
  if (pairs.length === 0) return points;
  const variants = (wordings: string[]) => {
    const out = new Set(wordings);
    for (const w of wordings)
      for (const [a, b] of pairs)
        for (const [from, to] of [
          [a, b],
          [b, a],
        ]) {
          const re = new RegExp(`\\b${from.replace(/[-]/g, '\\-')}\\b`, 'gi');
          if (re.test(w)) out.add(w.replace(re, to));
        }
    return [...out];
  };
  return points.map((p) => ({ ...p, accept: variants(p.accept), reject: variants(p.reject) }));
}

/** An example a wording gives at its end or in brackets: "… such as deep breathing", "(e.g. fuel hedging, market power)". */
const EXAMPLE_TAIL =
  /\s*,?\s*\b(?:such as|e\.\s?g\.?|eg|for example|for instance)\s(?![^()]*,\s*(?:could|can|may|might|will|would|is|are|was|were|has|have|does|do|which|that|so|because)\b)[^()]*$/i;
const EXAMPLE_BRACKET = /\s*\((?:such as|e\.\s?g\.?|eg|for example|for instance)\b[^)]*\)/gi;

/**
 * A scheme's example illustrates its point, it is not part of it: "the patient is taught relaxation techniques such as
 * breathing exercises" is made by "the patient is taught relaxation techniques". Each wording with an example is also
 * accepted without it, where that is still a statement (a verb, four words of three letters or more) and the question does
 * not ask for an example.
 */
export function withoutExamples(points: MarkPoint[], questionText: string, levels: boolean): MarkPoint[] {
  // (a levels scheme's indicative content lists what an answer may say: its examples are part of that)
  if (ASKS_FOR_EXAMPLES.test(questionText) || levels) return points;
  return points.map((p) => {
    if (p.kind === 'M' || p.kind === 'A' || p.numeric) return p;
    const extra = [p.text, ...p.accept]
      .map((w) => toPlainText(w))
      .filter((w) => EXAMPLE_TAIL.test(w) || EXAMPLE_BRACKET.test(w))
      .map((w) => w.replace(EXAMPLE_BRACKET, '').replace(EXAMPLE_TAIL, '').trim())
      .filter((w) => (w.match(/\p{L}{3,}/gu) ?? []).length >= 4 && !p.accept.includes(w))
      // (a statement: "client-centred therapy vs behavioural therapies" without its examples names two things, it says nothing)
      .filter((w) => analyseText(w).tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX'));
    return extra.length ? { ...p, accept: [...p.accept, ...new Set(extra)] } : p;
  });
}

/**
 * "Define the term rate of reaction", "What is meant by …?": a definition is a statement, not a list of terms (unless
 * the question also asks to give or name things, which a list may do: "… Give the names of two isomers").
 */
function asksForDefinitionOnly(questionText: string): boolean {
  return /\b(define|meant by)\b/i.test(questionText) && !/\b(give|name|names|state|list|identify|suggest)\b/i.test(questionText);
}

/** A question that asks for examples: "give one application", "name two uses", "state one example". */
const ASKS_FOR_EXAMPLES =
  /\b(give|name|state|suggest|identify|list)\s+(one|two|three|an?)\s+(\w+\s+)?(application|use|uses|example|examples|applications|device|devices|source|sources|type|types)\b/i;

/** Verbs the tagger may take for nouns after a name ("maglev trains use …"). */
const EXAMPLE_VERB = /^(use|uses|need|needs|make|makes|produce|produces|rely|relies|contain|contains|require|requires)$/;

/**
 * Where the question asks for an example ("give one application of superconductors"), an example the scheme names
 * ("(MRI scanners / particle accelerators)", "maglev trains use superconducting magnets") named in the answer is the
 * answer: "They are used in MRI scanners." An example is two to four words the question does not give, said together.
 */
function namedExample(point: MarkPoint, answer: AnalysedText, question: AnalysedText): string | undefined {
  if (!ASKS_FOR_EXAMPLES.test(question.text)) return undefined;
  const asked = (t: Token) => question.content.some((i) => question.tokens[i].lemma === t.lemma || question.tokens[i].stem === t.stem);
  const examples = toPlainText(point.text)
    .split(/[/();:,]|\bor\b|\be\.g\.?/)
    .concat(
      point.accept.map((w) => {
        // an accepted wording's example is its words before its verb: "maglev trains" of "maglev trains use …"
        const t = analyseText(toPlainText(w));
        const verb = t.tokens.findIndex((x) => x.pos === 'VERB' || x.pos === 'AUX' || EXAMPLE_VERB.test(x.lower));
        return verb > 0
          ? t.tokens
              .slice(0, verb)
              .map((x) => x.text)
              .join(' ')
          : '';
      }),
    )
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  for (const e of examples) {
    const t = analyseText(e);
    const words = t.content.map((i) => t.tokens[i]);
    if (words.length < 2 || words.length > 4 || !words.some((w) => !asked(w)) || t.tokens.some((x) => x.negator)) continue;
    const hit = findPhrase(answer, e);
    if (!hit || hit[hit.length - 1] - hit[0] > words.length + 1) continue;
    // "they are not used in MRI scanners" names it to deny it
    const first = answer.tokens[hit[0]];
    const last = answer.tokens[hit[hit.length - 1]];
    if (negatorInClause(answer, first.start, last.end) < 0) return quoteTokens(answer, hit);
  }
  return undefined;
}

/** Words before a word that deny it: "refuses to obey", "fails to conform", "stops obeying". */
const DENYING_BEFORE = /^(refuse|fail|stop|cease|unable|never|not|n't|no)$/;

/**
 * The word is denied where it stands: negated, or after "refuses to", "fails to", "stops". An opposite word denied says
 * the same as the word ("disobeys" is "refuses to obey"): the two agree.
 */
function deniedOnce(text: AnalysedText, i: number): boolean {
  const t = text.tokens;
  if (t[i].negated) return true;
  for (let k = i - 1; k >= Math.max(0, i - 3) && t[k].sentence === t[i].sentence; k--)
    if (DENYING_BEFORE.test(t[k].lemma) || DENYING_BEFORE.test(t[k].lower)) return true;
  return false;
}

/**
 * A denial turns the point round only where it denies the point's own word (or its synonym, or a phrase the lexicon reads
 * as it), not a word merely near it in meaning: "so it cannot compete" does not deny "rivals".
 */
function deniesThePointsWord(own: Token, said: Token): boolean {
  // (a shared stem of another part of speech is another word: "doesn't like" denies no "likely")
  if (own.lemma !== said.lemma && own.stem === said.stem && own.pos !== said.pos && own.lower !== said.lower) return aliasOf(said, own);
  return sameSubject(own, said) || aliasOf(said, own);
}

/** The wording denies its word and the answer denies the same word through the thing before it: "no woodlice born". */
function deniedAlike(wording: AnalysedText, ref: number, answer: AnalysedText, ans: number): boolean {
  const said = answer.tokens[ans];
  const own = wording.tokens[ref];
  // and the other way round: "it was not light" against "light was not the cause"
  return (
    (own.negated && !said.negated && negatorInClause(answer, said.start, said.end) >= 0) ||
    (said.negated && !own.negated && negatorInClause(wording, own.start, own.end) >= 0)
  );
}

/**
 * The judge's decision in sentences a student understands: what was credited, quoting the student's
 * own words as written; what is missing in plain words; what the answer says against the point.
 */
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
  // the model's odds for the side it came down on: a decision near its threshold is one to check
  const pCorrect = decision.probabilities.correct;
  const judged = { rule: 'judged' as const, confidence: status === 'COVERED' ? pCorrect : 1 - pCorrect };
  if (status === 'COVERED') {
    const quote = quoteTokens(answer, coveredLinks(decision)) || quoteTokens(answer, answer.content);
    const accepted = decision.alternative > 0 ? ` (the mark scheme accepts "${wordingText}")` : '';
    return { status, justification: `Credited: you wrote "${quote}", which makes this point${accepted}.`, evidence: quote, ...judged };
  }
  if (status === 'CONTRADICTED') {
    const flip = alignment.flips[0];
    if (flip) {
      const quote = quoteTokens(answer, [flip.ans, ...coveredLinks(decision)]);
      const refWord = wording.tokens[flip.ref].text;
      const ansWord = answer.tokens[flip.ans].text;
      const detail =
        flip.kind === 'opposite'
          ? `"${ansWord}" is the opposite of the mark scheme's "${refWord}"`
          : answer.tokens[flip.ans].negated
            ? `it denies "${refWord}"`
            : `the mark scheme has "${refWord}" the other way round`;
      return {
        status,
        justification: `Not credited: you wrote "${quote}", which says the opposite of this point (${detail}). The mark scheme has: ${wordingText}.`,
        quote,
        evidence: quote,
        // a stated opposite (a negation or an opposite word) is evidence, not the model's guess: the more it
        // looked like the point, the surer it is that the answer turned it round
        rule: 'direction',
        confidence: STATED_OPPOSITE,
      };
    }
    const quote = quoteTokens(answer, coveredLinks(decision).length ? coveredLinks(decision) : answer.content);
    return {
      status,
      justification: `Not credited: you wrote "${quote}", which disagrees with this point. The mark scheme has: ${wordingText}.`,
      quote,
      evidence: quote,
      ...judged,
    };
  }
  const links = coveredLinks(decision);
  if (isStep(point, wording))
    return { status, justification: `Not credited: your answer does not show this step (${point.text}).`, ...judged };
  if (links.length === 0)
    return { status, justification: `Not credited: your answer does not mention ${lowerFirst(point.text)}.`, ...judged };
  const quote = quoteTokens(answer, links);
  if (thinLinks(alignment)) {
    // (the words quoted as "alone not enough" are the point's own or a listed paraphrase: a word that only looks or
    // sounds like one, "electrode" for "electrons", is not a word of the point)
    const said = alignment.links
      .filter((l) => {
        if (l.ans < 0 || l.score < GOOD) return false;
        const [a, w] = [answer.tokens[l.ans], wording.tokens[l.ref]];
        return a.lemma === w.lemma || a.stem === w.stem || a.lower === w.lower || aliasOf(a, w) || aliasOf(w, a);
      })
      .map((l) => l.ans);
    if (said.length === 0)
      return { status, justification: `Not credited: your answer does not mention ${lowerFirst(point.text)}.`, ...judged };
    const own = quoteTokens(answer, said);
    return {
      status,
      justification: `Not credited: your answer does not make the point that ${lowerFirst(wordingText)} ("${own}" alone is not enough).`,
      evidence: own,
      ...judged,
    };
  }
  const missing = alignment.missing.map((i) => wording.tokens[i].text.toLowerCase()).filter((w) => /\p{L}{2}/u.test(w));
  const need = missing.length && missing.length <= 4 ? ` It needs ${listWords(missing)} as well.` : '';
  return {
    status,
    justification: `Not credited yet: "${quote}" is on the right lines but does not make the point that ${lowerFirst(wordingText)}.${need}`,
    evidence: quote,
    ...judged,
  };
}

/** Spacing, case and typographic variants that do not change what a formula or phrase says. */
function squash(text: string): string {
  return superscriptsAsPowers(text)
    .toLowerCase()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[×·]/g, '*')
    .replace(/\s+/g, '');
}

/** "πd²/4" as "πd^2/4" and "10⁻³" as "10^-3": a power written either way is the same working. */
function superscriptsAsPowers(text: string): string {
  return text.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g, (run) => '^' + [...run].map((c) => SUPERSCRIPT_DIGITS[c]).join(''));
}

/**
 * A wording the answer contains word for word (spacing aside; "…" for the rest of the working), e.g. "tan^-1(3/1)" or
 * "k = 3/4" in a worked solution: covered whatever the classifier, which was trained on prose, makes of it.
 * The wording must be specific (at least 5 characters once squashed) and not negated just before it.
 * Returns the answer's own words, as the student wrote them.
 */
function findVerbatim(answerText: string, wordings: string[]): string | undefined {
  const plainAnswer = answerText.replace(/\s+/g, ' ');
  // the squashed answer, and where each of its characters came from
  const from: number[] = [];
  let squashedAnswer = '';
  for (let i = 0; i < plainAnswer.length; i++) {
    // a run of superscripts is one power: "^" before its first character only
    const c =
      SUPERSCRIPT_DIGITS[plainAnswer[i]] && SUPERSCRIPT_DIGITS[plainAnswer[i - 1]]
        ? SUPERSCRIPT_DIGITS[plainAnswer[i]]
        : squash(plainAnswer[i]);
    for (const ch of c) {
      squashedAnswer += ch;
      from.push(i);
    }
  }
  // the whole answer is a wording, however short: "C" for the coulomb, "J" (a symbol's case matters: "c" is not "C")
  const whole = plainAnswer.trim().replace(/[.!]+$/, '');
  for (const w of wordings) {
    const plain = toPlainText(w).replace(/\s+/g, ' ').trim();
    if (whole && (plain === whole || (plain.length > 2 && plain.toLowerCase() === whole.toLowerCase()))) return whole;
  }
  for (const w of wordings) {
    const plain = toPlainText(w).replace(/\s+/g, ' ').trim();
    // an examiner's "…" stands for the rest of the working: "(x - 3)(2x^2 + …)" is written by "(x - 3)(2x^2 + 3x - 2)"
    // (the part before it must be working of its own, with a bracket or an operator, and 6+ characters)
    const ellipsis = /\.{3}|…/.exec(plain);
    const target = squash(ellipsis ? plain.slice(0, ellipsis.index) : plain);
    if (ellipsis && (target.length < 6 || !/[()^*/+-]/.test(target))) continue;
    // specific enough: a phrase of 5+ characters, or a value with working such as "10/3" or "-7/6"
    if (target.length < 5 && !(target.length >= 3 && /\d/.test(target) && /[/^=+*()-]/.test(target))) continue;
    const at = squashedAnswer.indexOf(target);
    if (at < 0) continue;
    const before = squashedAnswer.slice(Math.max(0, at - 8), at);
    if (/(not|n't|no|never|isn't)$/.test(before)) continue;
    return plainAnswer.slice(from[at], from[at + target.length - 1] + 1).trim();
  }
  return undefined;
}

/** The clause of the answer a token stands in, as written: the quote for a direction or a contradiction. */
function clauseText(answer: AnalysedText, token: number): string {
  const clauses = clausesOf(answer);
  const idx = answer.tokens.flatMap((t, i) => (clauses[i] === clauses[token] && t.pos !== 'PUNCT' ? [i] : []));
  return answer.text.slice(answer.tokens[idx[0]].start, answer.tokens[idx[idx.length - 1]].end).trim();
}

/**
 * A point whose wording is a formula ("v = √(GM/r)") is judged as mathematics: an equation of the answer
 * that is the same relation, rearranged or not, earns it, unless the question itself states it (copying the
 * question's formula is not a method); an inverted or incomplete one does not, whatever words it shares.
 * Undefined when the point is no formula or the answer writes no equation about its variables.
 */
function judgeFormula(point: MarkPoint, answerText: string, questionText: string): PointOutcome | undefined {
  const schemes = [point.text, ...point.accept].flatMap((w) => schemeEquation(toPlainText(w)) ?? []);
  if (schemes.length === 0) return undefined;
  const written = findEquations(answerText);
  const given = findEquations(questionText);
  let different: Equation | undefined;
  for (const eq of written) {
    for (const scheme of schemes) {
      const verdict = compareEquations(scheme, eq);
      if (verdict === 'same') {
        if (given.some((q) => compareEquations(scheme, q) === 'same'))
          return {
            status: 'NOT_COVERED',
            justification: `Not credited: "${eq.text}" is the formula the question gives; this mark is for using it (the values put in).`,
            rule: 'formula-from-question',
          };
        return {
          status: 'COVERED',
          justification: `Credited: you wrote "${eq.text}", the same relation as the mark scheme's ${point.text}.`,
          rule: 'formula-same',
          evidence: eq.text,
        };
      }
      // (a method step that forms an equation in one unknown may use the student's own earlier values: the method mark
      // allows an error carried forward, so another equation of theirs is not refused here)
      if (verdict === 'different' && !(point.kind === 'M' && scheme.symbols.length === 1)) different ??= eq;
    }
  }
  if (different)
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: "${different.text}" is not the same relation as the mark scheme's ${point.text}.`,
      quote: different.text,
      rule: 'formula-different',
    };
  return undefined;
}

/**
 * An accuracy point that is an expression ("quadratic factor 2x^2 + 3x - 2") is earned by writing it, in any equivalent
 * form or as a factor of a product ("(x - 3)(2x^2 + 3x - 2)"), and not by other working in its variables, however
 * many of its letters and numbers that shares ("(x - 3) is a factor"). Undefined when the point is no such expression
 * or the answer writes none in its variables (words are judged as words); a method point allows other forms.
 */
function judgeExpression(point: MarkPoint, answerText: string, questionText: string): PointOutcome | undefined {
  if (point.kind === 'M') return undefined;
  const schemes = [point.text, ...point.accept].flatMap((w) => schemeExpression(toPlainText(w)) ?? []);
  if (schemes.length === 0) return undefined;
  // (an expansion's terms are points of their own: "1 + 2x" is in "1 + 2x - 2x^2 + 4x^3 + …")
  const series = /\b(expan\w*|series|terms?)\b/i.test(questionText);
  let different: Expression | undefined;
  for (const written of findExpressions(answerText)) {
    for (const scheme of schemes) {
      const verdict = compareExpressions(scheme, written, series);
      if (verdict === 'same' || verdict === 'factor' || verdict === 'terms')
        return {
          status: 'COVERED',
          justification: `Credited: you wrote "${written.text}", which ${verdict === 'same' ? 'is' : verdict === 'factor' ? 'has the factor' : 'has the terms'} ${scheme.text}.`,
          rule: 'formula-same',
          evidence: written.text,
        };
      if (verdict === 'different') different ??= written;
    }
  }
  if (different)
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: your working does not give ${schemes[0].text} (the mark scheme has ${point.text}).`,
      rule: 'formula-different',
    };
  return undefined;
}

/**
 * A point that writes a chemical equation ("2Fe³⁺ + 2I⁻ → 2Fe²⁺ + I₂") is judged as chemistry: an equation of the
 * answer with the same species in the same proportions on each side earns it, however spaced or scripted; the reverse
 * reaction says the opposite (unless either is an equilibrium); an unbalanced equation or one with other species of
 * the reaction does not earn it, whatever symbols it shares. Undefined when the point writes no equation or the answer
 * writes none of its reaction (a wording in words is judged as words).
 */
function judgeReaction(point: MarkPoint, answerText: string): PointOutcome | undefined {
  const schemes = [point.text, ...point.accept].flatMap((w) => findReactions(toPlainText(w)));
  if (schemes.length === 0) return undefined;
  let reversed: [Reaction, Reaction] | undefined;
  let different: [Reaction, Reaction] | undefined;
  for (const eq of findReactions(answerText)) {
    for (const scheme of schemes) {
      const verdict = compareReactions(scheme, eq);
      if (verdict === 'same' && eq.denied)
        return {
          status: 'CONTRADICTED',
          justification: `Not credited: you wrote "${eq.text}", which denies the mark scheme's reaction (${point.text}).`,
          quote: eq.text,
          rule: 'direction',
        };
      if (verdict === 'same')
        return {
          status: 'COVERED',
          justification: `Credited: your equation "${eq.text}" is the mark scheme's reaction (${point.text}).`,
          rule: 'formula-same',
          evidence: eq.text,
        };
      if (verdict === 'reversed' && !scheme.reversible && !eq.reversible) reversed ??= [eq, scheme];
      // (the answer's equation most like the scheme's is the one quoted)
      else if (verdict !== 'unrelated' && (!different || likeness(scheme, eq) > likeness(different[1], different[0])))
        different = [eq, scheme];
    }
  }
  if (reversed)
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: your equation "${reversed[0].text}" runs the other way; the mark scheme has ${reversed[1].text}.`,
      quote: reversed[0].text,
      rule: 'direction',
    };
  if (different)
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: your equation "${different[0].text}" is not the mark scheme's ${different[1].text} (its species or their numbers differ).`,
      quote: different[0].text,
      rule: 'formula-different',
    };
  return undefined;
}

/**
 * Where the answer says a rejected wording, the words it said. A rejected formula ("L = m/E") is compared as
 * mathematics: only an equation that is the same relation matches it, so the right one ("L = E/m") never does.
 */
function findRejected(answer: AnalysedText, phrase: string): string | undefined {
  const formula = schemeEquation(toPlainText(phrase));
  if (formula) return findEquations(answer.text).find((eq) => compareEquations(formula, eq) === 'same')?.text;
  const hit = findPhrase(answer, phrase);
  return hit && quoteTokens(answer, hit);
}

/** The substitution rule (substitution.ts), as a point outcome: a verdict on the step quotes the student's working. */
function judgeSubstitutionPoint(point: MarkPoint, answerText: string, questionText: string): PointOutcome | undefined {
  const step = judgeSubstitutionStep(point, answerText, questionText);
  if (!step) return undefined;
  const { evidence, ...outcome } = step;
  if (!evidence) return outcome;
  if (step.status !== 'COVERED') return { ...outcome, quote: evidence };
  // working the student denies ("the area is not ½ × 14 × 13 × sin 23°") is not their step
  const places: number[] = [];
  for (let at = answerText.indexOf(evidence); at >= 0; at = answerText.indexOf(evidence, at + 1)) places.push(at);
  if (places.length > 0 && places.every((at) => isDeniedValue(answerText, { start: at })))
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote that it is not "${evidence}"; the mark scheme has: ${point.text}.`,
      quote: evidence,
      rule: 'direction',
    };
  return { ...outcome, evidence };
}

function listOfTerms(point: MarkPoint): PointOutcome {
  return {
    status: 'NOT_COVERED',
    justification: `Not credited: a list of terms does not state this point; write it as a sentence that says ${lowerFirst(point.text)}.`,
    rule: 'keyword-list',
  };
}

/** Below this probability of "correct" the model doubts a point too much for any rule of thumb to credit it. */
const WEAKEST_CREDIT = 0.3;

/** How much better another term's definition must fit a part of the answer to be the definition given there. */
const SWAP_MARGIN = 0.2;
/** …and the model must have been unsure of the definition as given for its own term. */
const SWAP_UNSURE = 0.7;
/** …and sure it is the other term's. */
const SWAP_SURE = 0.85;

/** Where the model found no stated opposite, "correct" this likely (and likelier than "incorrect") covers the point. */
const UNSURE_CORRECT = 0.6;

/** Rules that read the student's words; a point they credit is lost to a hedge about it. */
const WORDED_RULES = new Set<PointOutcome['rule']>([undefined, 'judged', 'accepted-wording', 'as-worded']);

/**
 * The list principle for a point stated both ways: "the forces could be stronger or weaker" earns nothing for
 * "the forces are weaker", whichever wording credited it.
 */
function markTextPoint(
  point: MarkPoint,
  answer: AnalysedText,
  question: AnalysedText,
  classifier: GbdtModel,
  ownTerm?: string,
  otherTexts: string[] = [],
): PointOutcome {
  const outcome = judgeTextPoint(point, answer, question, classifier, ownTerm);
  if (outcome.status !== 'COVERED') return outcome;
  // working offered with another for the same quantity ("k = ln2/10, or it might be k = 10/ln2"): two answers
  // (not where the point itself has two: "solves: sin x = 1/2 or sin x = 1")
  // and so is an accuracy point's exact value offered with another ("x = 6/7 or x = 3/4"), unless the question or
  // another point of the scheme gives the other value (the other root the question wants: "solve" alone does not say
  // there are two, and a root the scheme does not list is one to reject)
  const alternative =
    outcome.evidence && !/\bor\b/i.test(point.text)
      ? otherAnswerOffered(answer.text, outcome.evidence, point.kind === 'A' ? { questionText: question.text, otherTexts } : undefined)
      : undefined;
  if (alternative)
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you gave two answers, "${outcome.evidence}" and "${alternative}"; a contradiction loses the mark. The mark scheme has: ${point.text}.`,
      quote: alternative,
      rule: 'contradiction',
      evidence: alternative,
    };
  if (!WORDED_RULES.has(outcome.rule)) return outcome;
  // the point's link denied at the start of the words that earned it ("maltose is not made from glucose", "theory of mind
  // isn't about realising …"), where the point denies nothing
  const deniedLink = outcome.evidence ? linkDenied(outcome.evidence, [point.text, ...point.accept]) : undefined;
  if (deniedLink)
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${deniedLink}", which denies this point. The mark scheme has: ${point.text}.`,
      quote: deniedLink,
      rule: 'direction',
      evidence: deniedLink,
    };
  // the two ends of the point's change exchanged ("changes from purple to blue" for "from blue to purple")
  const exchanged = endsExchanged(toPlainText(point.text), answer.text);
  if (exchanged)
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${exchanged}", which is the other way round; the mark scheme has: ${point.text}.`,
      quote: exchanged,
      rule: 'direction',
      evidence: exchanged,
    };
  // the point said under the other label ("negative electrode: O2 + 4H+ + 4e- → 2H2O" for the positive electrode's)
  const relabelled = outcome.evidence ? otherLabel(point.text, answer.text, outcome.evidence) : undefined;
  if (relabelled)
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${relabelled}", which gives this under the other label; the mark scheme has: ${point.text}.`,
      quote: relabelled,
      rule: 'direction',
      evidence: relabelled,
    };
  // the scheme's own words in a clause that denies them ("the battery does not have internal resistance")
  if ((outcome.rule === 'accepted-wording' || outcome.rule === 'as-worded') && outcome.evidence) {
    // denied only where every place the answer says it denies it ("no driving force" for the free oscillation, "a
    // periodic driving force" for the forced one)
    let denied = -1;
    for (let at = answer.text.indexOf(outcome.evidence); at >= 0; at = answer.text.indexOf(outcome.evidence, at + 1)) {
      denied = negatorInClause(answer, at, at + outcome.evidence.length);
      if (denied < 0) break;
    }
    // working ("x = 4", "V = ε − Ir") is not denied by prose around it
    const working = /[=<>]/.test(outcome.evidence) || isFormulaLike(analyseText(outcome.evidence));
    if (denied >= 0 && !working && !/\b(not|no|never|cannot|without)\b|n't/i.test(outcome.evidence)) {
      const wordings = [point.text, ...point.accept];
      if (!wordings.some((w) => /\b(not|no|never|cannot|without)\b|n't/i.test(w)))
        return {
          status: 'CONTRADICTED',
          justification: `Not credited: you wrote "${clauseText(answer, denied)}", which denies "${outcome.evidence}"; the mark scheme has: ${point.text}.`,
          quote: clauseText(answer, denied),
          rule: 'direction',
        };
    }
  }
  // an accepted wording in a sentence that turns the point's statement round ("this contradicts …, so √3 is rational")
  if ((outcome.rule === 'accepted-wording' || outcome.rule === 'as-worded') && outcome.evidence) {
    const start = answer.text.indexOf(outcome.evidence);
    const turned =
      start >= 0
        ? stateTurnedRound(analyseText(toPlainText(point.text)), answer, { start, end: start + outcome.evidence.length })
        : undefined;
    if (turned)
      return {
        status: 'CONTRADICTED',
        justification: `Not credited: you wrote "${clauseText(answer, turned.ans)}", which says the opposite of this point ("${answer.tokens[turned.ans].text}" where the mark scheme has "${analyseText(toPlainText(point.text)).tokens[turned.ref].text}"). The mark scheme has: ${point.text}.`,
        quote: clauseText(answer, turned.ans),
        rule: 'direction',
      };
    // the accepted wording is the cause, and the sentence turns the claim round: "gets hotter" accepted for "lamp
    // resistance increases … because the filament gets hotter", in "its resistance goes down when it gets hotter"
    const sentence = start >= 0 ? answer.tokens.find((t) => t.start >= start)?.sentence : undefined;
    if (sentence !== undefined) {
      const within = answer.content.filter((i) => answer.tokens[i].sentence === sentence);
      const polarity = comparePolarity(analyseText(toPlainText(point.text)), answer, within);
      if (polarity.kind === 'opposite' || polarity.kind === 'both')
        return {
          status: 'CONTRADICTED',
          justification: `Not credited: you wrote "${clauseText(answer, polarity.answerToken)}", which says the opposite of this point. The mark scheme has: ${point.text}.`,
          quote: clauseText(answer, polarity.answerToken),
          rule: 'direction',
        };
    }
  }
  // a claim taken back counts against the point it earned, not against one earned elsewhere in the answer
  const inClaim = (h: Hedge) => {
    if (!h.claim || !outcome.evidence) return true;
    const at = answer.text.indexOf(outcome.evidence);
    const [from, to] = [answer.tokens[h.claim[0]].start, answer.tokens[h.claim[1] - 1].end];
    return at < 0 || (at < to && at + outcome.evidence.length > from);
  };
  const hedge = hedgeAbout(
    [point.text, ...point.accept].map((w) => analyseText(toPlainText(w))),
    answer,
    inClaim,
  );
  if (hedge) {
    // "more or less soluble": a degree word is quoted with what it grades
    const last =
      /^(more|less|most|least)$/.test(answer.tokens[hedge.second].lower) && answer.tokens[hedge.second + 1]?.content
        ? hedge.second + 1
        : hedge.second;
    const both = answer.text.slice(answer.tokens[hedge.first].start, answer.tokens[last].end);
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${both}", which says it both ways; a contradiction loses the mark. The mark scheme has: ${point.text}.`,
      quote: clauseText(answer, hedge.first),
      rule: 'contradiction',
      evidence: both,
    };
  }
  return outcome;
}

/** A linking verb denied: "is not made of", "isn't about", "doesn't mean", "is not the same as", "isn't there to". */
const DENIED_LINK =
  /\b(?:(?:is|are|was|were|does|do|did)\s*(?:not|n't)|isnt|doesnt|arent|wasnt|werent|dont|didnt)\s+(?:made|about|mean|means|based|the\s+same|there|caused|due|true)\b/i;

/**
 * The words that earned a point deny its link near their start ("maltose is not made from glucose", "the margin doesn't
 * mean comparing …"): those words as quoted, or undefined. Not where the point or a wording it accepts denies anything.
 */
function linkDenied(evidence: string, wordings: string[]): string | undefined {
  if (wordings.some((w) => analyseText(toPlainText(w)).tokens.some((t) => t.negator))) return undefined;
  const m = DENIED_LINK.exec(evidence);
  return m && m.index <= 40 ? evidence : undefined;
}

/** A value written plainly: "6/7", "−0.25", "24". */
const PLAIN_VALUE = String.raw`[-−+]?\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)?`;

/**
 * A second answer offered on the evidence's line for the same quantity, after "or": the other as written ("name = …"),
 * or undefined.
 * - Working ("k = ln2/10 = 0.0693, or it might be k = 10/ln2 = 14.4").
 * - With `exact` (an accuracy point): an exact value offered with another right after it ("x = 6/7 or x = 3/4", "x = 6/7
 *   or 3/4"), unless the question or another point of the scheme has the other value (the other root the question
 *   wants). Without it a plain value is the numeric rules' to judge ("x = 4 or x = -1" may be the roots asked for).
 */
function otherAnswerOffered(
  answerText: string,
  evidence: string,
  exact?: { questionText: string; otherTexts: string[] },
): string | undefined {
  const at = answerText.indexOf(evidence);
  if (at < 0) return undefined;
  // (the evidence may be quoted without its name: "ln2/10" of "k = ln2/10")
  const name = /([A-Za-z][A-Za-z0-9_]{0,3})\s*=\s*$/.exec(answerText.slice(Math.max(0, at - 12), at))?.[1];
  const named = /^\s*([A-Za-z][A-Za-z0-9_]{0,3})\s*=\s*(.+)$/.exec(name && !/=/.test(evidence) ? `${name} = ${evidence}` : evidence);
  if (!named) return undefined;
  const rest = answerText.slice(at + evidence.length).split('\n')[0];
  const letters = named[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const squash = (t: string) => t.replace(/\s+/g, '').replace(/−/g, '-');
  if (new RegExp(String.raw`^\s*${PLAIN_VALUE}\s*$`).test(named[2])) {
    if (!exact || named[1].length > 1) return undefined;
    const other = new RegExp(String.raw`^\s*,?\s*\bor\b\s*(?:${letters}\s*=\s*)?(${PLAIN_VALUE})(?![\d.\/])`).exec(rest);
    if (!other) return undefined;
    const theirs = squash(other[1]);
    if (theirs === squash(named[2])) return undefined;
    const given = (t: string) =>
      new RegExp(String.raw`(^|[^\d.])${theirs.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^\d.])`).test(squash(t));
    if (given(exact.questionText) || exact.otherTexts.some(given)) return undefined;
    return `${named[1]} = ${other[1].trim()}`;
  }
  if (!/[A-Za-z/*×^√(]/.test(named[2])) return undefined;
  const other = new RegExp(String.raw`\bor\b[^=\n]{0,30}?\b${letters}\s*=\s*([^,;\n]+)`).exec(rest.slice(0, 80));
  if (!other) return undefined;
  const theirs = squash(other[1]);
  const ours = squash(named[2]);
  return theirs && !theirs.startsWith(ours) && !ours.startsWith(theirs) ? `${named[1]} = ${other[1].trim()}` : undefined;
}

/**
 * Where a point is labelled ("positive electrode: O₂ + 4H⁺ + 4e⁻ → 2H₂O", "advantage: …") and the answer writes its
 * evidence under a label with the opposite word ("negative electrode: O2 + …") and not the point's own: the label and
 * evidence as written. Undefined otherwise.
 */
function otherLabel(pointText: string, answerText: string, evidence: string): string | undefined {
  // (a label is a name of up to three words, not a statement: "it is a negative correlation: …")
  const label = /^([^:]{2,40}):/.exec(toPlainText(pointText))?.[1];
  if (!label || label.trim().split(/\s+/).length > 3 || /\b(is|are|was|were|does|do|has|have)\b/i.test(label)) return undefined;
  const at = answerText.indexOf(evidence);
  if (at < 0) return undefined;
  // the answer's label: the words before the evidence on its line, up to the last full stop
  const lineStart = Math.max(answerText.lastIndexOf('\n', at - 1), answerText.lastIndexOf('. ', at - 1)) + 1;
  const before = answerText.slice(lineStart, at);
  if (!before.trim() || before.length > 60) return undefined;
  const own = analyseText(label).tokens.filter((t) => t.content);
  const theirs = analyseText(before).tokens.filter((t) => t.content);
  const turned = theirs.some((a) => own.some((o) => wordsOpposite(o, a)));
  const kept = theirs.some((a) => own.some((o) => o.lemma === a.lemma && !own.some((p) => wordsOpposite(p, a))));
  const opposed = own.filter((o) => theirs.some((a) => wordsOpposite(o, a)));
  if (!turned || theirs.some((a) => opposed.some((o) => o.lemma === a.lemma)) || (kept && !opposed.length)) return undefined;
  return answerText.slice(lineStart, at + evidence.length).trim();
}

function judgeTextPoint(
  point: MarkPoint,
  answer: AnalysedText,
  question: AnalysedText,
  classifier: GbdtModel,
  ownTerm?: string,
): PointOutcome {
  let pool = answer.content;
  for (const phrase of point.ignore) {
    const hit = findPhrase(answer, phrase);
    if (hit) pool = pool.filter((i) => !hit.includes(i));
  }
  for (const phrase of point.reject) {
    const hit = findRejected(answer, phrase);
    if (hit) {
      return {
        status: 'NOT_COVERED',
        justification: `Not credited: you wrote "${hit}", which the mark scheme does not accept for this point (it rejects "${phrase}").`,
        rule: 'rejected-wording',
        evidence: hit,
      };
    }
  }
  // a list of terms gives no reasoning, which "explain", "describe" or "suggest" asks for: not even an accepted
  // wording or a formula among its items earns a mark
  const listed = isKeywordList(answer);
  if (listed && (asksForReasoning(question.text) || asksForDefinitionOnly(question.text))) return listOfTerms(point);
  const substituted = point.kind === 'M' ? judgeSubstitutionPoint(point, answer.text, question.text) : undefined;
  if (substituted) return substituted;
  // An accepted wording earns the point as written, like an examiner's "accept" (an accepted dispute adds one): the
  // required terms are for the marker's own judgement of other wordings.
  const accepted = findVerbatim(answer.text, point.accept);
  // (an accepted equation the answer writes only to deny it is the point denied: "Cl2 + 2Br- → 2Cl- + Br2 does not happen")
  const deniedReaction = accepted ? judgeReaction(point, answer.text) : undefined;
  if (deniedReaction?.status === 'CONTRADICTED') return deniedReaction;
  if (accepted)
    return {
      status: 'COVERED',
      justification: `Credited: you wrote "${accepted}", which the mark scheme accepts for this point.`,
      rule: 'accepted-wording',
      evidence: accepted,
    };
  const example = namedExample(point, answer, question);
  if (example)
    return {
      status: 'COVERED',
      justification: `Credited: you named "${example}", one of the mark scheme's answers to what the question asks for.`,
      rule: 'accepted-wording',
      evidence: example,
    };
  const reaction = judgeReaction(point, answer.text);
  if (reaction) return reaction;
  for (const entry of point.required) {
    // the term being defined is not a word of its definition ("informational" is not "information")
    // (unless the required word is the term itself: "retroactive" for "retroactive interference: …")
    const namesTerm = ownTerm !== undefined && entry.split('|').some((alt) => namesOwnTerm(alt, ownTerm));
    const searched = ownTerm && !namesTerm ? withoutTerm(answer, ownTerm) : answer;
    // where the point says the thing is missing ("air resistance is negligible"), the answer may deny it ("no air
    // resistance"): the word is there either way
    const found = findRequired(searched, entry);
    const missing = found ? '' : requiredSaidMissing(point, entry);
    if (!found && !(missing && findRequired(searched, missing, true))) {
      const terms = listWords(
        entry
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean),
        'or',
      );
      // (a word the answer only denies is used, not said: "they can't interbreed" for "no interbreeding … yet")
      // (unless the point denies something itself, where the answer's denial may be the point's, said otherwise)
      const denied = analyseText(toPlainText(point.text)).tokens.some((t) => t.negator) ? undefined : findRequired(searched, entry, true);
      return {
        status: 'NOT_COVERED',
        justification: denied
          ? `Not credited: this point needs the word ${terms}, and your answer uses it only to deny it ("${clauseText(searched, denied[0])}").`
          : `Not credited: this point needs the word ${terms}, and your answer does not use it.`,
        rule: 'required-word',
      };
    }
  }
  const formula = judgeFormula(point, answer.text, question.text) ?? judgeExpression(point, answer.text, question.text);
  if (formula) return formula;
  const wordings = [point.text, ...point.accept].map((w) => analyseText(toPlainText(w)));
  if (listed && isStatement(wordings[0])) return listOfTerms(point);
  const polarity = comparePolarity(wordings[0], answer, pool);
  if (polarity.kind === 'both')
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${clauseText(answer, polarity.agreeing)}" but also "${clauseText(answer, polarity.answerToken)}", which says the opposite; a contradiction loses the mark. The mark scheme has: ${point.text}.`,
      quote: clauseText(answer, polarity.answerToken),
      rule: 'contradiction',
    };
  if (polarity.kind === 'opposite')
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${clauseText(answer, polarity.answerToken)}", which says the opposite of this point ("${answer.tokens[polarity.answerToken].text}" where the mark scheme has "${wordings[0].tokens[polarity.pointToken].text}"). The mark scheme has: ${point.text}.`,
      quote: clauseText(answer, polarity.answerToken),
      rule: 'direction',
    };
  const verbatim = findVerbatim(answer.text, [point.text, ...point.accept]);
  if (verbatim)
    return {
      status: 'COVERED',
      justification: `Credited: you wrote "${verbatim}", which makes this point as the mark scheme words it.`,
      rule: 'as-worded',
      evidence: verbatim,
    };
  let decision = classifyPoint(classifier, answer, wordings, question, pool);
  // each sentence judged alone (asked for only where a rule needs it: the model is the marker's main cost)
  let judgedAlone: PointDecision[] | undefined;
  const bySentence = (): PointDecision[] => {
    if (judgedAlone) return judgedAlone;
    judgedAlone = [];
    if (answer.sentences < 2) return judgedAlone;
    for (let s = 0; s < answer.sentences; s++) {
      const part = pool.filter((i) => answer.tokens[i].sentence === s);
      if (part.length > 0) judgedAlone.push(classifyPoint(classifier, answer, wordings, question, part));
    }
    return judgedAlone;
  };
  // In a long answer each sentence is also judged alone, so other sentences do not dilute a point.
  if (pool.length > 20)
    for (const d of bySentence()) {
      if (d.label === 'correct' && (decision.label !== 'correct' || d.probabilities.correct > decision.probabilities.correct)) decision = d;
      else if (decision.label === 'incorrect' && d.label === 'contradictory') decision = d;
    }
  // an opposite word about another thing ("a variable resistor" against "the current is kept constant") denies nothing
  // and a denial in the answer agrees with a wording that says the thing is missing ("you can't generalise the
  // results" against "the results lack generalisability")
  // and so does one that denies the word with the thing before it ("no woodlice born" against "no births")
  const withRealFlips = (d: PointDecision): PointDecision => {
    const wording = wordings[d.alternative];
    const flips = d.alignment.flips.filter((f) =>
      f.kind === 'negation'
        ? !(answer.tokens[f.ans].negated && saidMissing(wording, f.ref)) &&
          !deniedAlike(wording, f.ref, answer, f.ans) &&
          deniesThePointsWord(wording.tokens[f.ref], answer.tokens[f.ans])
        : oppositeIsAboutSameThing(wording, f.ref, answer, f.ans) && deniedOnce(wording, f.ref) === deniedOnce(answer, f.ans),
    );
    return { ...d, alignment: { ...d.alignment, flips } };
  };
  const realFlips = withRealFlips(decision).alignment.flips;
  if (realFlips.length < decision.alignment.flips.length && realFlips.length % 2 === 0 && decision.label === 'contradictory')
    decision = { ...decision, label: decision.probabilities.correct >= decision.probabilities.incorrect ? 'correct' : 'incorrect' };
  decision = { ...decision, alignment: { ...decision.alignment, flips: realFlips } };
  let status: PointStatus = decision.label === 'correct' ? 'COVERED' : decision.label === 'contradictory' ? 'CONTRADICTED' : 'NOT_COVERED';
  // a paraphrase: every word of the point said in the student's own words, nothing turned round (the model, trained on
  // answers that share a scheme's words, doubts wordings that share none of them)
  if (status !== 'COVERED' && everyWordSaid(decision)) status = 'COVERED';
  // …or said in one sentence in close words, some of them the point's own ("different spots along the wire" for
  // "different places along the wire"), or most of a long point said there as written
  if (status !== 'COVERED') {
    const own = [decision, ...bySentence().map(withRealFlips)].find((d) => saidInOneSentence(d, answer) || saidMostlyAsWritten(d, answer));
    if (own) {
      decision = own;
      status = 'COVERED';
    }
  }
  // an accepted wording that earned the point, stated the other way round ("air resistance decreases" against the
  // accepted "air resistance increases")
  // (not in a direction the point itself offers either way: "switch genes on or off" against the accepted "… switch
  // genes on")
  if (status === 'COVERED' && decision.alternative > 0) {
    const flipped = comparePolarity(wordings[decision.alternative], answer, pool, eitherWayAxes(wordings[0]));
    if (flipped.kind === 'opposite' || flipped.kind === 'both')
      return {
        status: 'CONTRADICTED',
        justification: `Not credited: you wrote "${clauseText(answer, flipped.answerToken)}", which says the opposite of this point. The mark scheme has: ${point.text}.`,
        quote: clauseText(answer, flipped.answerToken),
        rule: 'direction',
      };
  }
  // the scheme's words with "not" put in say the opposite
  const denied =
    status === 'COVERED'
      ? negatedPointWord(wordings[decision.alternative], answer, coveredLinks(decision), question, wordings[0])
      : undefined;
  if (denied)
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${clauseText(answer, denied.ans)}", which denies "${wordings[decision.alternative].tokens[denied.ref].text}"; the mark scheme has: ${point.text}.`,
      quote: clauseText(answer, denied.ans),
      rule: 'direction',
    };
  // the point's two roles bound the other way round ("proactive … new information stops you recalling old")
  const swapped = status === 'COVERED' ? wordings.map((w) => swappedRoles(w, answer)).find((x) => x !== undefined) : undefined;
  if (swapped) {
    const [x, y] = swapped.map((i) => answer.tokens[i].text);
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${clauseText(answer, swapped[0])}", which has "${x}" and "${y}" the other way round; the mark scheme has: ${point.text}.`,
      quote: clauseText(answer, swapped[0]),
      rule: 'direction',
    };
  }
  // a point that says a thing is nil ("air resistance is negligible") is not made by naming the thing: the answer must
  // say it is nil too ("no air resistance", "it is tiny", "ignore it")
  if (
    status === 'COVERED' &&
    saysNil(wordings[decision.alternative]) &&
    !answerSaysNil(answer, new Set(coveredLinks(decision).map((i) => answer.tokens[i].sentence)))
  )
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: the mark scheme has "${point.text}"; your answer names it but does not say it is negligible.`,
      rule: 'judged',
    };
  // a point is earned by a statement, not by a stray letter, symbol or number ("you wrote 't'")
  // (a step of working may be shown in numbers: "2^7 = 128")
  const step = isStep(point, wordings[decision.alternative]);
  // a number the question gives shows a step only when it is put to work ("12.6 / 3.5"), not when copied ("A(3, 23)")
  // (nor when the expression round it is copied from the question: "so (x - 3) is a factor")
  const used = (i: number) =>
    (isOperand(answer.text, answer.tokens[i]) || /[=-]\s*$/.test(answer.text.slice(0, answer.tokens[i].start))) &&
    !copiedExpression(answer.text, answer.tokens[i], question.text);
  const questionNumber = (i: number) =>
    !used(i) && question.tokens.some((q) => q.isNumber && Number(q.lower) === Number(answer.tokens[i].lower));
  if (
    status === 'COVERED' &&
    !coveredLinks(decision).some(
      (i) => /\p{L}{2}/u.test(answer.tokens[i].text) || (step && answer.tokens[i].isNumber && !questionNumber(i)),
    )
  )
    return {
      status: 'NOT_COVERED',
      justification: step
        ? `Not credited: your answer does not show this step (${point.text}).`
        : `Not credited: your answer does not mention ${lowerFirst(point.text)}.`,
      rule: 'no-evidence',
    };
  // a step shown only in symbols and numbers is shown where the working has the step's own numbers (those the question
  // does not give), each with its sign: "g(-1/2) = …" does not show "uses g(1/2) = 0", nor "x - 3" copied from the
  // question the quadratic factor 2x^2 + 3x - 2
  if (status === 'COVERED' && step && !coveredLinks(decision).some((i) => /\p{L}{2}/u.test(answer.tokens[i].text))) {
    const missing = ownNumbersMissing(wordings[decision.alternative].text, answer.text, question.text, point.kind !== 'M');
    if (missing)
      return {
        status: 'NOT_COVERED',
        justification: missing.turned
          ? `Not credited: your working has ${missing.turned} where this step has ${missing.text}, so it does not show this step (${point.text}).`
          : `Not credited: your working does not have ${missing.text}, so it does not show this step (${point.text}).`,
        rule: 'no-evidence',
        ...(missing.turned ? { evidence: missing.turned } : {}),
      };
  }
  // a statement is about something: a point naming a thing the question does not ("memory cells are produced") is not
  // made by its verb alone ("it makes you immune": "makes" for "produced")
  if (status === 'COVERED' && !step && !namesWhatItIsAbout(decision, wordings[decision.alternative]))
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: your answer does not say what this point is about (${point.text}).`,
      rule: 'no-evidence',
    };
  // a stated opposite is about the point only where the answer says more of it there: "students" alone, in a sentence
  // about students' lives, does not turn round "not every student has an equal chance of being picked" (the point's
  // own "not" against a plain word of the answer)
  if (status === 'CONTRADICTED' && decision.alignment.flips.length > 0) {
    const linked = new Set(coveredLinks(decision));
    const about = decision.alignment.flips.some((f) => {
      // a denial the student wrote ("you can't get a straight line") is about the point however little else it says
      if (answer.tokens[f.ans].negated) return true;
      const sentence = answer.tokens[f.ans].sentence;
      return [...linked, f.ans].filter((i, k, all) => all.indexOf(i) === k && answer.tokens[i].sentence === sentence).length >= 2;
    });
    if (!about) decision = { ...decision, alignment: { ...decision.alignment, flips: [] } };
  }
  // working that is not there is missing, not wrong: a step is contradicted only by a stated opposite
  if (status === 'CONTRADICTED' && decision.alignment.flips.length === 0 && isStep(point, wordings[decision.alternative]))
    status = 'NOT_COVERED';
  // an answer about something else states no opposite of the point: the point is missing, not contradicted
  if (status === 'CONTRADICTED' && decision.alignment.flips.length === 0 && !addressesPoint(decision.alignment)) status = 'NOT_COVERED';
  // "contradicted" needs a stated opposite (a negation or an opposite word about the same thing): without one, a
  // paraphrase the model found unlike the point is judged covered or not, never "disagrees"
  if (status === 'CONTRADICTED' && decision.alignment.flips.length === 0) {
    const { correct, incorrect } = decision.probabilities;
    status = correct > incorrect && correct >= UNSURE_CORRECT ? 'COVERED' : 'NOT_COVERED';
  }
  // a rule that read the point as covered against the model's clear doubt (all its words, the question's among them,
  // somewhere in the answer) is no evidence a student can trust
  if (status === 'COVERED' && decision.probabilities.correct < WEAKEST_CREDIT) status = 'NOT_COVERED';
  return describeDecision(decision, answer, wordings, status, point);
}

/** Whether the working round a number ("(x - 3)") is the question's own, copied out, rather than the student's. */
function copiedExpression(answerText: string, at: { start: number; end: number }, questionText: string): boolean {
  const squash = (t: string) => t.replace(/[\s()]/g, '').replace(/−/g, '-');
  const expression = squash(workingRunAround(answerText, at.start, at.end));
  return expression.length > squash(answerText.slice(at.start, at.end)).length + 1 && squash(questionText).includes(expression);
}

/**
 * The first number of a step's wording that its working has only with the other sign ("f(-2)" for "f(2) = 0"), or, with
 * `all` (an accuracy step), does not have at all; numbers the question gives are not looked for (the student copies
 * them). Undefined when the working has them all.
 */
function ownNumbersMissing(
  wording: string,
  answerText: string,
  questionText: string,
  all: boolean,
): { text: string; turned?: string } | undefined {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b), 1e-12);
  const given = findQuantities(questionText).map((q) => q.value);
  const written = findQuantities(answerText.replace(/−/g, '-'));
  const own = findQuantities(wording.replace(/−/g, '-'));
  for (const q of own) {
    if (written.some((w) => near(w.value, q.value))) continue;
    // (a step with both signs of a number has each: "(x + 2) = 0, x = -2")
    if (own.some((o) => o !== q && near(o.value, -q.value))) continue;
    // (a number the question gives is the step's too when the working has it only turned: "f(-2)" for "(x - 2)")
    const turned = q.value !== 0 ? written.find((w) => near(w.value, -q.value)) : undefined;
    if (turned) return { text: q.text, turned: turned.text };
    if (all && !given.some((g) => near(Math.abs(g), Math.abs(q.value)))) return { text: q.text };
  }
  return undefined;
}

/**
 * True when the answer says each of the point's own words (two or more beyond the question's) by the same word, a
 * listed synonym or an everyday phrase for it (content/paraphrases), states no opposite of any, and the model does not
 * doubt it beyond WEAKEST_CREDIT.
 */
function everyWordSaid(decision: PointDecision): boolean {
  const own = ownLinks(decision);
  // (a word vector's neighbour is not the word: "chance" is close to "significantly")
  return own.length >= 2 && own.every((l) => l.score > VECTOR_MATCH) && standsUndoubted(decision);
}

/** The links of the point's own words: those the question does not already give. */
function ownLinks(decision: PointDecision): PointDecision['alignment']['links'] {
  const { links, given } = decision.alignment;
  return links.filter((l) => !given.has(l.ref));
}

/** The answer states no opposite of the point, and the model does not doubt it beyond WEAKEST_CREDIT. */
function standsUndoubted(decision: PointDecision): boolean {
  return decision.alignment.flips.length === 0 && decision.probabilities.correct >= WEAKEST_CREDIT;
}

/** A word of the answer this close to the point's (by its word vector) is a word a student might say for it. */
const NEAR_WORD = 0.7;

/**
 * True when one sentence of the answer says each of the point's own words (two or more beyond the question's) by a close
 * word, at least half of them by the word itself, a synonym or a lexicon phrase (standsUndoubted).
 */
function saidInOneSentence(decision: PointDecision, answer: AnalysedText): boolean {
  const own = ownLinks(decision);
  return (
    own.length >= 2 &&
    own.every((l) => l.ans >= 0 && l.score >= NEAR_WORD) &&
    own.filter((l) => l.score > VECTOR_MATCH).length * 2 >= own.length &&
    new Set(own.map((l) => answer.tokens[l.ans].sentence)).size === 1 &&
    standsUndoubted(decision)
  );
}

/** How many of a point's own words one sentence must say as written to state most of it. */
const MOST_WORDS = 4;

/**
 * True when one sentence of the answer says at least half of the point's own words (MOST_WORDS or more) by the word
 * itself, a synonym or a lexicon phrase, and denies nothing (standsUndoubted): "shops have to keep redoing their price
 * tags and menu boards every few weeks, which costs them staff time and money" for "menu costs: firms must spend time
 * and money changing prices frequently" (the model, trained on short points, counts every word left out against it).
 */
function saidMostlyAsWritten(decision: PointDecision, answer: AnalysedText): boolean {
  const own = ownLinks(decision);
  const said = own.filter((l) => l.ans >= 0 && l.score > VECTOR_MATCH);
  if (said.length < MOST_WORDS || said.length * 2 < own.length) return false;
  const sentence = answer.tokens[said[0].ans].sentence;
  return (
    said.every((l) => answer.tokens[l.ans].sentence === sentence) &&
    // ("the adrenaline doesn't really change her heart rate or breathing": a denial of another word of the point)
    !answer.tokens.some((t) => t.negated && t.sentence === sentence) &&
    standsUndoubted(decision)
  );
}

/**
 * True unless the point was earned by one word that names nothing: the answer's words that earned it are two or more,
 * or include one of the point's nouns, or the point names nothing the question does not already name (then "it
 * increases" can be about it).
 */
function namesWhatItIsAbout(decision: PointDecision, wording: AnalysedText): boolean {
  const { links, given } = decision.alignment;
  const noun = (i: number) => wording.tokens[i].pos === 'NOUN' || wording.tokens[i].pos === 'PROPN';
  if (!wording.content.some((i) => noun(i) && !given.has(i))) return true;
  const good = links.filter((l) => l.ans >= 0 && l.score >= GOOD);
  // (two or more of its words said are a statement of it, whatever names the thing: "no one can be stopped from using it")
  return good.length >= 2 || good.some((l) => noun(l.ref));
}

/**
 * The required words the point's own text says are missing or nil, which the answer may deny too: the whole entry where
 * the point says the thing is nil ("air resistance is negligible"), the alternatives it denies where it denies one
 * ("no gene flow / interbreeding": "gene flow", not "interbreeding"); '' for none.
 */
function requiredSaidMissing(point: MarkPoint, entry: string): string {
  const text = analyseText(toPlainText(point.text));
  const hit = findRequired(text, entry, true);
  if (hit?.some((i) => saidMissing(text, i))) return entry;
  return entry
    .split('|')
    .filter((alt) => findRequired(text, alt, true)?.some((i) => text.tokens[i].negated))
    .join('|');
}

/**
 * The words just before a value (at most four, back to "=", a number or a clause break) where one of them is a listed
 * opposite of a word of the point: "a loss of" before "£12600" against "supernormal profit = £12600". Undefined when
 * there are none.
 */
function wordsTurningValue(text: string, start: number, pointText: string): string | undefined {
  const before = text.slice(Math.max(0, start - 50), start).replace(/[£$€−-]\s*$/, '');
  const phrase = before.split(/[=:;,.!?\n\d()]/).pop() ?? '';
  const words = phrase.trim().split(/\s+/).slice(-4).join(' ');
  return words && /\p{L}{3}/u.test(words) && turnsRound(pointText, words) ? words : undefined;
}

/** A place a step of working is written for: "at the top", "the highest point", "at the bottom", "lowest point". */
const PLACE = /\b(?:at\s+the\s+)?(top|bottom|highest(?:\s+point)?|lowest(?:\s+point)?)\b/gi;

/** The place a text binds its working to; undefined where it names none, or both. */
function placeOf(text: string): 'top' | 'bottom' | undefined {
  // (a text naming both, "range = highest − lowest", is bound to neither)
  const places = new Set([...text.matchAll(PLACE)].map((m) => (/^(top|highest)/i.test(m[1]) ? 'top' : 'bottom')));
  return places.size === 1 ? [...places][0] : undefined;
}

/** True when a word of the alternative is a listed opposite of a word of the claim ("profit" and "loss", "gain" and "lose"). */
function turnsRound(claim: string, alternative: string): boolean {
  const words = (text: string) => analyseText(text).tokens.filter((t) => t.content);
  const claimWords = words(claim);
  return words(alternative).some((a) => claimWords.some((c) => wordsOpposite(c, a)));
}

/** A question whose answer may be several values: roots, solutions, angles in a range, coordinates. */
const SEVERAL_ANSWERS = /\b(solve|solutions?|roots?|values|coordinates|points|intersect|meets?|range|all)\b/gi;

/** Words of a chemical solution's question: its "solution" is a liquid, not one of several answers. */
const CHEMICAL = /\b(mol|dm|cm|aqueous|concentration|titration|acid|alkali|buffer)\b/i;

/** A question that asks for several results ("solve", "the roots", "all values"), where two values are not two tries. */
function asksForSeveral(questionText: string): boolean {
  return [...questionText.matchAll(SEVERAL_ANSWERS)].some((m) => !/^solutions?$/i.test(m[1]) || !CHEMICAL.test(questionText));
}

function markNumericPoint(
  point: MarkPoint,
  plainAnswer: string,
  questionText: string,
  questionValues: number[],
  schemeValues: number[] = [],
  schemeUnits: string[] = [],
): PointOutcome | undefined {
  const target = point.numeric;
  if (!target) return undefined;
  // a value in the unit of another of the scheme's points is the student's value for that point ("14.4 kWh" is the kWh
  // point's, not the J point's, when the question asks for the energy in both)
  const ownUnit = target.unit ? normaliseUnit(target.unit) : undefined;
  const othersUnits = ownUnit ? schemeUnits.filter((u) => u !== ownUnit) : [];
  const anotherPointsValue = (q: Quantity) => {
    const written = othersUnits.length ? writtenUnit(q, target.unit!) : undefined;
    return written !== undefined && Math.abs(written.factor - 1) > 1e-9 && othersUnits.includes(written.unit);
  };
  const value = typeof target.value === 'number' ? target.value : Number(target.value);
  if (!Number.isFinite(value)) return undefined;
  // a number the question gives is data, not the student's result (unless it happens to be the right value too)
  // relative, so that charges and wavelengths (10^-19, 10^-7) are told apart
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  const tolerance = toleranceOf(target, value);
  const copied = questionValues.filter((q) => Math.abs(q - value) > tolerance + 1e-12 * Math.abs(value));
  // the right value that the question also gives is not the student's result where it sits in the question's own words
  // copied out ("A(3, 23)"), unless stated as a result ("m = 3", "it is 3", a line of its own)
  const stated = (q: { start: number; end: number }) =>
    /(?:[=≈:→]|\b(?:is|are|of|be|gives?|get|gets|equals|so|answer))\s*$/i.test(plainAnswer.slice(Math.max(0, q.start - 12), q.start)) ||
    /(?:^|\n)\s*$/.test(plainAnswer.slice(0, q.start));
  const squashed = (text: string) => text.replace(/\s+/g, '');
  const question = squashed(questionText);
  const copiedOut = (q: { start: number; end: number }) => {
    const around = squashed(
      plainAnswer
        .slice(Math.max(0, q.start - 6), Math.min(plainAnswer.length, q.end + 3))
        .split('\n')
        .join(' '),
    );
    return around.length > squashed(plainAnswer.slice(q.start, q.end)).length + 2 && question.includes(around);
  };
  // or put into a calculation with other numbers ("(7 - 3)/(35 - 23)", "1/3(3)"), where it is data, not the result
  const inArithmetic = (q: { start: number; end: number }) =>
    /[\d)]\s*[-+×*/÷^(]\s*\(?\s*$/.test(plainAnswer.slice(Math.max(0, q.start - 8), q.start)) ||
    /^\s*\)?\s*[-+×*/÷^]\s*[\d(]/.test(plainAnswer.slice(q.end, q.end + 8));
  const alsoRight = questionValues.filter((q) => !copied.includes(q));
  const check = checkNumeric(
    plainAnswer,
    { ...target, value },
    (q) =>
      // a value the student denies ("so it isn't 275 mol") is not their result either
      isDeniedValue(plainAnswer, q) ||
      // nor is a coefficient of an equation ("2" of "Cl2 + 2Br- → 2Cl- + Br2")
      isCoefficient(plainAnswer, q) ||
      anotherPointsValue(q) ||
      copied.some((c) => same(c, q.value)) ||
      (alsoRight.some((g) => same(g, q.value)) && !stated(q) && (copiedOut(q) || inArithmetic(q))),
  );
  const expected = `${formatValue(value, schemeSigFigs(point))}${target.unit ? ` ${target.unit}` : ''}`;
  const q = check.quantity?.text.trim();
  const given =
    check.quantity && check.converted !== undefined ? { value: check.converted, text: q ?? '', start: check.quantity.start } : undefined;
  const numeric = { matched: check.reason === 'match', given };
  const decided = { rule: 'value' as const, ...(q ? { evidence: q } : {}) };
  switch (check.reason) {
    case 'match': {
      // the right number said the other way round: "a loss of £12600" for "supernormal profit = £12600", "a decrease of
      // 20%" for "an increase of 20%"
      // (every time the answer gives the number: "the maximum is 2 … the minimum is 2" states the minimum)
      const pointPlain = toPlainText(point.text);
      const occurrences = findQuantities(plainAnswer).filter((o) => Math.abs(o.value - value) <= tolerance + 1e-12 * Math.abs(value));
      const turned =
        check.quantity && occurrences.every((o) => wordsTurningValue(plainAnswer, o.start, pointPlain))
          ? wordsTurningValue(plainAnswer, check.quantity.start, pointPlain)
          : undefined;
      if (turned) {
        const from = plainAnswer.lastIndexOf(turned, check.quantity!.start);
        const said = from >= 0 ? plainAnswer.slice(from, check.quantity!.end).trim() : `${turned} ${q ?? ''}`.trim();
        return {
          status: 'CONTRADICTED',
          justification: `Not credited: you wrote "${said}", which is the other way round; the mark scheme has: ${point.text}.`,
          quote: said,
          numeric: { matched: false, given },
          rule: 'direction',
          evidence: said,
        };
      }
      // a right value after working that does not give it ("34 x 30 x 21 x 18 = 103") does not follow from the working:
      // an examiner reads it as copied or guessed, and gives it nothing
      // (not a number that is only the first term of what the working gives: "… = 11 + 7√2")
      const fudged =
        check.quantity && !/^\s*[-+−]/.test(plainAnswer.slice(check.quantity.end))
          ? workingNotGiving(plainAnswer, check.quantity.start, check.quantity.value)
          : undefined;
      if (fudged)
        return {
          status: 'NOT_COVERED',
          justification: `Not credited: your working "${fudged}" does not give ${q}, so your value does not follow from it (the mark scheme has ${expected}).`,
          numeric: { matched: false, given },
          rule: 'working-mismatch',
          evidence: fudged,
        };
      // the list principle for a value: "either 45.6% or 54.4%", "£21, or it could be -£21" gives two answers and
      // an examiner credits neither (not where the scheme itself has two: "x = 4 or x = -1")
      // (wherever the answer gives the value: "= 99.4%. … So it is 99.4% or 0.563%")
      const { differs } = comparedWith(value, tolerance, schemeValues);
      const places = check.quantity
        ? [
            check.quantity,
            ...findQuantities(plainAnswer.replace(/−/g, '-')).filter((f) => f.start !== check.quantity!.start && !differs(f.value)),
          ]
        : [];
      const other =
        (!/\bor\b/i.test(point.text) && !asksForSeveral(questionText)
          ? places.map((at) => otherValueOffered(plainAnswer, at, value, tolerance, schemeValues)).find(Boolean)
          : undefined) ??
        (check.quantity ? valueOfferedInDoubt(plainAnswer, check.quantity, value, tolerance, schemeValues) : undefined) ??
        (check.quantity && !asksForSeveral(questionText)
          ? valueAlsoGiven(plainAnswer, check.quantity, target.unit, value, tolerance, schemeValues)
          : undefined);
      if (other)
        return {
          status: 'CONTRADICTED',
          justification: `Not credited: you gave two answers, "${q}" and "${other}"; a contradiction loses the mark (the mark scheme has ${expected}).`,
          quote: other,
          numeric: { matched: false, given },
          rule: 'contradiction',
          evidence: other,
        };
      return {
        status: 'COVERED',
        justification: `Credited: your value "${q}" is correct (the mark scheme has ${expected}).`,
        numeric,
        ...decided,
      };
    }
    case 'sig-figs': {
      const [lo, hi] = check.sigFigs ?? [0, 0];
      const sf = lo === hi ? `${lo}` : `${lo}–${hi}`;
      return {
        status: 'NOT_COVERED',
        justification: `Not credited: your value "${q}" is right but given to ${sf} significant figures; this mark needs ${target.sigFigs}.`,
        numeric,
        ...decided,
      };
    }
    case 'wrong-unit':
      return {
        status: 'NOT_COVERED',
        justification: `Not credited: "${q}" is not in a unit of ${target.unit} (the mark scheme has ${expected}).`,
        numeric,
        ...decided,
      };
    case 'wrong-value':
      return {
        status: 'NOT_COVERED',
        justification: `Not credited: your value "${q}" is not the expected ${expected}.`,
        quote: q,
        numeric,
        ...decided,
      };
    default:
      return {
        status: 'NOT_COVERED',
        justification: `Not credited: your answer does not give the value ${expected}; the mark scheme has: ${point.text}.`,
        numeric,
        ...decided,
      };
  }
}

/**
 * The value offered in doubt after another, in a question of one answer or of several: "so x = 0.549 or x = 0.693. Or
 * maybe it's just x = ln 3 = 1.10" offers 1.10 as a second try at what 0.693 answered (not a value the scheme has).
 * The text of the earlier value, or undefined.
 */
function valueOfferedInDoubt(
  text: string,
  found: { start: number },
  value: number,
  tolerance: number,
  schemeValues: number[],
): string | undefined {
  const near = text.slice(Math.max(0, found.start - 60), found.start);
  const doubt = [...near.matchAll(/\bor\s+(?:else\s+)?(?:maybe|perhaps|possibly)\b/gi)].pop();
  if (doubt?.index === undefined) return undefined;
  const at = Math.max(0, found.start - 60) + doubt.index;
  const earlier = findQuantities(text.slice(Math.max(0, at - 80), at).replace(/−/g, '-')).pop();
  const { differs, inScheme } = comparedWith(value, tolerance, schemeValues);
  if (!earlier || !differs(earlier.value)) return undefined;
  return inScheme(earlier.value) ? undefined : earlier.text.trim();
}

/**
 * Another value beside the one found: whether it differs from it, and whether the scheme itself has it (the other root,
 * the other angle: a second answer the question wants, not a second try).
 */
function comparedWith(value: number, tolerance: number, schemeValues: number[]) {
  // (the point's tolerance taken as a share of each scheme value: Kc's ±0.05 is not ±0.05 on a mole count of 0.435)
  const share = value !== 0 ? tolerance / Math.abs(value) : 0;
  return {
    differs: (v: number) => Math.abs(v - value) > tolerance + 1e-12 * Math.abs(value),
    inScheme: (v: number) => schemeValues.some((s) => Math.abs(s - v) <= Math.max(share * Math.abs(s), 1e-9 * Math.abs(s))),
  };
}

/**
 * The sentence of the text around a place in it: from just after the end of the sentence before (". ", "! ", "? " or a
 * line break) up to its own end (after its full stop, or at its line break). A point of a decimal is no end.
 */
function sentenceAround(text: string, at: number): { start: number; end: number } {
  const start = Math.max(text.lastIndexOf('\n', at - 1), ...['. ', '! ', '? '].map((e) => text.lastIndexOf(e, at - 1))) + 1;
  const next = text.slice(at).search(/[.!?](?=\s)|\n/);
  return { start, end: next < 0 ? text.length : at + next + (text[at + next] === '\n' ? 0 : 1) };
}

/**
 * A different value offered beside the right one as an alternative: "45.6% or 54.4%", "either 16 or 18", "= £21, or it
 * could be 49 - 70 = -£21" (the alternative's own result, after its last "="). The text of the other value, or undefined.
 */
function otherValueOffered(
  text: string,
  found: { start: number; end: number },
  value: number,
  tolerance: number,
  schemeValues: number[],
): string | undefined {
  // another value the scheme itself has (the other root, the other angle) is a second answer the question wants
  const { differs, inScheme } = comparedWith(value, tolerance, schemeValues);
  // (of an alternative worked out, its result: "137, or 2.42/0.00177 = 1370" offers 1370, whatever the scheme's 0.00177)
  const rest = text.slice(found.end, sentenceAround(text, found.end).end);
  const worked = /^\s*[^\s\d,.;()]{0,6}\s*,?\s*\bor\b([^;]*=[^;]*)$/i.exec(rest);
  const offered = worked ? worked[1].slice(worked[1].lastIndexOf('=') + 1) : rest;
  if (findQuantities(offered.replace(/−/g, '-')).some((q) => differs(q.value) && inScheme(q.value))) return undefined;
  // the alternative after: up to the end of its clause
  // ("k = -3 (or k = 3 …)", "12.77 but it could be 1.23", "0.0177 mol, or it's just 0.00177")
  const after =
    /^\s*[^\s\d,.;()]{0,6}\s*,?\s*\(?\s*(?:\bor\b|\bbut\s+it\s+(?:could|might|may)\s+(?:also\s+)?be\b)(?:\s+(?:else|maybe|perhaps|possibly|just|really|actually|it\s+(?:could|might|may)\s+(?:also\s+)?be|it\s+is|it's|is\s+it))*\s+((?:[^\n.;:!?)]|\.(?=\d))*?)(?=$|[\n;:!?)]|\.(?!\d)|,|\bbecause\b|\bso\b)/i.exec(
      text.slice(found.end, found.end + 80),
    );
  const candidates: string[] = [];
  if (after) {
    const clause = after[1];
    const lastEquals = clause.lastIndexOf('=');
    candidates.push(lastEquals >= 0 ? clause.slice(lastEquals + 1) : clause);
  }
  // the alternative before: "either 45.6% or" / "45.6% or" right before the value
  const before = /(?:\beither\s+)?([-−+]?[£$€]?\s*\d[\d.,]*(?:\s*[^\s\d,.;()]{1,6})?)\s*,?\s*\bor\s*[£$€]?\s*$/i.exec(
    text.slice(Math.max(0, found.start - 40), found.start),
  );
  if (before) candidates.push(before[1]);

  // money or a percentage: an alternative in another kind of quantity is about something else ("28.6%, or £10 a unit")
  const kindOf = (before: string, after: string) => (/[£$€]\s*-?$/.test(before) ? 'money' : /^\s*%/.test(after) ? 'percent' : undefined);
  const kind = kindOf(text.slice(Math.max(0, found.start - 3), found.start), text.slice(found.end, found.end + 3));
  for (const raw of candidates) {
    const c = raw.replace(/−/g, '-').replace(/[£$€]\s*/g, '');
    const first = findQuantities(c)[0];
    if (!first) continue;
    // the number must start the alternative (words before it say something else: "or the firm makes a loss of …"),
    // unless those words turn the claim round and the number is the same: "a profit of £12600, or a loss of £12600"
    const words = c.slice(0, first.start);
    if (/\p{L}{3}/u.test(words)) {
      const claim =
        text
          .slice(0, found.start)
          .split(/(?<=[.!?])\s|\n/)
          .pop() ?? '';
      if (Math.abs(Math.abs(first.value) - Math.abs(value)) <= tolerance && turnsRound(claim, words)) return raw.trim();
      continue;
    }
    const otherAt = raw.replace(/−/g, '-').indexOf(first.numberText.trim().replace(/^[-+]/, ''));
    const otherKind = kindOf(raw.slice(0, Math.max(0, otherAt)), raw.slice(otherAt + first.numberText.trim().replace(/^[-+]/, '').length));
    if (kind && otherKind && kind !== otherKind) continue;
    if (differs(first.value)) return first.text.trim();
  }
  return undefined;
}

/** Words too common to show that two sentences are about one quantity. */
const COMMON_WORD =
  /^(also|that|this|then|than|which|with|from|into|just|because|since|although|there|their|they|when|where|what|value|answer)$/;

/**
 * The same quantity given another value later, with "also" ("the time constant is RC = 54.0 s, although the time
 * constant is also 1/RC = 0.0185 s"; "… so 63% is lost. But energy is also just proportional to amplitude, so … 39% is
 * lost"): two answers, and a contradiction loses the mark. The other value is in the found one's unit (a percentage
 * beside a percentage), differs from it and from every value of the scheme, has "also" before it in its own sentence
 * after the found value, and the two sentences share a word of the quantity ("constant", "lost"). The other value's
 * text, or undefined.
 */
function valueAlsoGiven(
  text: string,
  found: Quantity,
  unit: string | undefined,
  value: number,
  tolerance: number,
  schemeValues: number[],
): string | undefined {
  const { differs, inScheme } = comparedWith(value, tolerance, schemeValues);
  const percent = (q: Quantity) => /^\s*%/.test(text.slice(q.end, q.end + 3)) || /%\s*$/.test(q.text);
  const inUnit = (q: Quantity): number | undefined => {
    if (unit && unit.trim() !== '%') {
      const written = writtenUnit(q, unit);
      return written ? q.value * written.factor : undefined;
    }
    return percent(q) ? q.value : undefined;
  };
  if (inUnit(found) === undefined) return undefined;
  const words = (from: number, to: number) =>
    new Set(
      (
        text
          .slice(from, to)
          .toLowerCase()
          .match(/\p{L}{4,}/gu) ?? []
      ).filter((w) => !COMMON_WORD.test(w)),
    );
  const around = (q: Quantity) => words(sentenceAround(text, q.start).start, sentenceAround(text, q.end).end);
  const foundWords = around(found);
  for (const q of findQuantities(text.replace(/−/g, '-'))) {
    if (q.start <= found.end) continue;
    const v = inUnit(q);
    if (v === undefined || !differs(v) || inScheme(v)) continue;
    const from = Math.max(found.end, sentenceAround(text, q.start).start);
    if (!/\balso\b/i.test(text.slice(from, q.start))) continue;
    if ([...around(q)].some((w) => foundWords.has(w))) return q.text.trim();
  }
  return undefined;
}

/**
 * Weighted alternatives ("carbon dioxide" for full marks, "carbon" for part): an answer that gives the part-credit
 * wording as written, and not the full one, earns the part, not the full answer the model thought it close to.
 */
function partialIsNotFull(points: MarkPoint[], outcomes: PointOutcome[]): void {
  const asWritten = (o: PointOutcome) => o.rule === 'accepted-wording' || o.rule === 'as-worded';
  points.forEach((full, i) => {
    if (outcomes[i].status !== 'COVERED' || asWritten(outcomes[i]) || !full.group) return;
    const wording = toPlainText(full.text).toLowerCase();
    const partial = points.findIndex(
      (p, j) =>
        j !== i &&
        p.group === full.group &&
        p.marks < full.marks &&
        outcomes[j].status === 'COVERED' &&
        asWritten(outcomes[j]) &&
        wording.includes(toPlainText(p.text).toLowerCase()),
    );
    if (partial < 0) return;
    outcomes[i] = {
      status: 'NOT_COVERED',
      justification: `Not credited: you wrote "${outcomes[partial].evidence ?? points[partial].text}", which the mark scheme credits in part; the full answer is ${full.text}.`,
      rule: 'as-worded',
      evidence: outcomes[partial].evidence,
    };
  });
}

/**
 * The method marks behind a value that cannot be trusted. Working that does not give the value written after it shows
 * no method (where only its words earned the step). Two final answers, each worked out, offered without choosing one
 * ("706/710 x 100 = 99.4% … or it could be 4/710 x 100 = 0.563%") show a choice of methods, and an examiner gives no
 * marks unless the answer shows which method is meant: the method marks that lead to that accuracy mark (those after
 * the accuracy mark before it, or the one it names) go with it.
 */
function methodsBehindDoubtedValues(points: MarkPoint[], outcomes: PointOutcome[], answerText: string): void {
  points.forEach((a, k) => {
    const torn = outcomes[k];
    // working that does not give the student's own value is no method either, where only its words were judged
    // ("34 x 30 x 21 x 18 = 103" shares its numbers with "34 + 30 + 21 + 18")
    if (a.kind === 'A' && torn.rule === 'working-mismatch' && torn.evidence) {
      const fudged = torn.evidence;
      chainOf(points, k).forEach((i) => {
        const m = outcomes[i];
        if (m.status !== 'COVERED' || m.rule !== 'judged' || !m.evidence || !(fudged.includes(m.evidence) || m.evidence.includes(fudged)))
          return;
        outcomes[i] = {
          status: 'NOT_COVERED',
          justification: `Not credited: your working "${fudged}" does not give the value you wrote after it, so it does not show this step.`,
          rule: 'working-mismatch',
        };
      });
      return;
    }
    // (each answer worked out on its own: a bare second value beside one working is a second answer, not a second method)
    if (a.kind !== 'A' || torn.rule !== 'contradiction' || typeof a.numeric?.value !== 'number' || torn.evidence === undefined) return;
    const value = a.numeric.value;
    const other = findQuantities(torn.evidence.replace(/−/g, '-'))[0]?.value;
    const tolerance = toleranceOf(a.numeric, value);
    if (other === undefined || !workedOut(answerText, value, tolerance) || !workedOut(answerText, other, 1e-9 * Math.abs(other))) return;
    for (const i of chainOf(points, k)) {
      if (outcomes[i].status !== 'COVERED') continue;
      outcomes[i] = {
        status: 'NOT_COVERED',
        justification: `Not credited: you gave two final answers without choosing one ("${torn.evidence}" is the other), so your working does not show which method is yours.`,
        rule: 'contradiction',
      };
    }
  });
}

/** The method points an accuracy point's value follows from: those after the accuracy point before it, or the one it names. */
function chainOf(points: MarkPoint[], k: number): number[] {
  const from = points.slice(0, k).findLastIndex((p) => p.kind === 'A');
  const a = points[k];
  return points.flatMap((p, i) => (i > from && i < k && p.kind === 'M' && (!a.depends_on || p.id === a.depends_on) ? [i] : []));
}

/**
 * Arithmetic written just before the number, "… = number", that comes to something else by more than rounding would
 * explain ("34 x 30 x 21 x 18 = 103"); undefined where there is none or it gives the number.
 */
function workingNotGiving(answerText: string, at: number, value: number): string | undefined {
  const before = /([^=\n]*)=\s*[£$€]?\s*$/.exec(answerText.slice(Math.max(0, at - 120), at).replace(/−/g, '-'));
  if (!before) return undefined;
  const left = before[1].trim();
  // the whole of what stands before "=", after at most a name for it ("TU = …", "so the total is …"): a run cut out of
  // longer working ("½ × 9 × 700") is only part of it
  const working = numericExpressions(left).find(
    (e) => e.working && !e.inner && left.endsWith(e.text) && /^[\p{L}\s,:]*$/u.test(left.slice(0, left.length - e.text.length)),
  );
  // (a minus before a power is read two ways, "-7.081^2" as (-7.081)^2 by those who write it)
  if (!working || /(^|[-+*/×÷^(]\s*)-\s*[\d.]+\s*\^/.test(working.text) || /\bx\s*$/.test(left.slice(0, left.length - working.text.length)))
    return undefined;
  // the number as the student wrote it, in their own unit: "0.693/15 = 0.0462" per hour, "1.60 / 2.32 = 69%",
  // "0.00200 × 2.7 = 5.40 mm" (a power of ten apart is a unit or a percentage, not another value)
  const gives = (v: number) =>
    Array.from({ length: 19 }, (_, k) => v * 10 ** (k - 9)).some((u) => Math.abs(u - value) <= 0.05 * Math.abs(value));
  return working.values.some(gives) ? undefined : working.text;
}

/**
 * The other answer is the result of working of its own ("or it could be 4/710 x 100 = 0.563%"), not a bare second value
 * beside the one working ("10 / 35 x 100 gives either 28.6% or 71.4%"): somewhere it follows "=" after arithmetic.
 */
function workedOut(answerText: string, value: number, tolerance: number): boolean {
  const text = answerText.replace(/−/g, '-');
  return findQuantities(text).some((q) => {
    if (Math.abs(q.value - value) > tolerance + 1e-12 * Math.abs(value)) return false;
    const clause =
      text
        .slice(0, q.start)
        .split(/[.;!?\n](?!\d)/)
        .pop() ?? '';
    return /[\d)]\s*[-+×x*/÷^]\s*[\d(][^=]*=\s*[£$€]?\s*$/.test(clause);
  });
}

/**
 * One statement, one point: words that earn a point as the scheme accepts it ("more collisions per second") do not also
 * earn the next point by likeness when they say nothing more and that point needs words the answer never says
 * ("more successful collisions per unit time").
 */
function oneStatementOnePoint(points: MarkPoint[], outcomes: PointOutcome[], answerText: string, questionText: string): void {
  const answer = analyseText(answerText);
  const question = analyseText(questionText);
  const lemmas = (text: string) => {
    const t = analyseText(text);
    return t.content.map((i) => t.tokens[i]).filter((w) => !w.isNumber);
  };
  const has = (words: Token[], w: Token) => words.some((x) => x.lemma === w.lemma || x.stem === w.stem);
  const asWritten = (o: PointOutcome) => o.rule === 'accepted-wording' || o.rule === 'as-worded';
  const said = lemmas(answer.text);
  const asked = lemmas(question.text);
  const working = (text: string) => /[=→^/]/.test(text);
  outcomes.forEach((o, i) => {
    if (o.status !== 'COVERED' || o.rule !== 'judged' || !o.evidence || points[i].kind === 'M' || working(o.evidence)) return;
    const own = lemmas(o.evidence);
    if (own.length === 0) return;
    const other = outcomes.findIndex(
      (x, j) =>
        j !== i &&
        x.status === 'COVERED' &&
        asWritten(x) &&
        !!x.evidence &&
        !working(x.evidence) &&
        own.every((w) => has(lemmas(x.evidence!), w)),
    );
    if (other < 0) return;
    const needed = lemmas(points[i].text).filter((w) => !has(said, w) && !has(asked, w));
    if (needed.length === 0) return;
    // nothing else of the answer says any of the point's words (its evidence may be quoted from one sentence and its
    // words said in others)
    const there = lemmas(outcomes[other].evidence!);
    const wordings = [points[i].text, ...points[i].accept].flatMap(lemmas);
    if (said.some((w) => has(wordings, w) && !has(there, w) && !has(asked, w))) return;
    outcomes[i] = {
      status: 'NOT_COVERED',
      justification: `Not credited: "${outcomes[other].evidence}" earns another point; this one needs more: ${points[i].text}.`,
      rule: 'no-evidence',
    };
  });
}

/**
 * "Show that dy/dx = 2^x ln 2" answered "dy/dx = 2^x ln 2": where the question asks for the working and every line of the
 * answer is already written in the question, nothing has been shown, and no point is earned (every step must be seen).
 */
function onlyTheResultToShow(outcomes: PointOutcome[], answerText: string, questionText: string): void {
  if (!asksForWorking(questionText)) return;
  // (squash, without the punctuation that ends a line or a sentence)
  const bare = (text: string) => squash(text).replace(/[.,;:()]/g, '');
  const question = bare(questionText);
  const lines = answerText
    .split(/\n|(?<=[.;])\s+/)
    .map(bare)
    .filter(Boolean);
  // (a line too short to be a statement, "2" or "x=4", may be in the question by chance)
  if (lines.length === 0 || !lines.every((l) => l.length >= 5 && question.includes(l))) return;
  outcomes.forEach((o, i) => {
    if (o.status !== 'COVERED') return;
    outcomes[i] = {
      status: 'NOT_COVERED',
      justification:
        'Not credited: your answer repeats what the question gives; the question asks you to show the working, so each step must be seen.',
      rule: 'no-evidence',
    };
  });
}

/**
 * A value the answer gives for one point is not its (wrong) value for another: "-1.28 MJ/mol" as the
 * final answer does not make it the student's value for the bonds-broken step, which is simply not shown.
 */
function creditValuesOnce(points: MarkPoint[], outcomes: PointOutcome[]): void {
  const matched = new Set(outcomes.flatMap((o) => (o.numeric?.matched && o.numeric.given ? [o.numeric.given.start] : [])));
  outcomes.forEach((o, i) => {
    const given = o.numeric?.given;
    if (!given || o.numeric?.matched || !matched.has(given.start)) return;
    const target = points[i].numeric!;
    const expected = `${formatValue(Number(target.value), schemeSigFigs(points[i]))}${target.unit ? ` ${target.unit}` : ''}`;
    outcomes[i] = {
      status: 'NOT_COVERED',
      justification:
        points[i].kind === 'M'
          ? `Not credited: your answer does not show this step (${points[i].text}; the mark scheme has ${expected}).`
          : `Not credited: your answer does not give the value ${expected}; the mark scheme has: ${points[i].text}.`,
      numeric: { matched: false },
    };
  });
}

function markMultipleChoice(points: MarkPoint[], input: MarkAnswerInput): PointOutcome[] | undefined {
  const correct = input.correctAnswer?.trim().toUpperCase();
  if (!correct) return undefined;
  if (correct.includes(',')) return markMultipleResponse(points, { answer: input.answer, correctAnswer: correct, options: input.options });
  const chosen = chooseOption(input.answer, input.options);
  const optionText = (l: string) => (input.options?.[l] ? ` (${toPlainText(input.options[l])})` : '');
  const given = toPlainText(input.answer).slice(0, 80);
  // "A|C": several options are fully right, and any one of them earns the mark
  const right = correct.split('|');
  const rightText = right.map((l) => `${l}${optionText(l)}`).join(' or ');
  return points.map((): PointOutcome => {
    const decided = { rule: 'option' as const, evidence: given };
    if (chosen && right.includes(chosen))
      return {
        status: 'COVERED',
        justification: `Credited: "${given}" is ${right.length > 1 ? 'a' : 'the'} correct option, ${right.length > 1 ? `${chosen}${optionText(chosen)}` : rightText}.`,
        ...decided,
      };
    if (chosen)
      return {
        status: 'NOT_COVERED',
        justification: `Not credited: "${given}" chooses option ${chosen}${optionText(chosen)}; the correct option is ${rightText}.`,
        ...decided,
      };
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: "${given}" does not name one of the options; the correct option is ${rightText}.`,
      ...decided,
    };
  });
}

/** The feedback's sentences after the score: what earned marks (in the student's own values), what to fix, what to add. */
function writeComments(scored: ScoredPoint[], blank: boolean, remarks: string[]): string {
  const points = scored.map((s) => s.point);
  if (blank) return `No marks were awarded. A full answer would include: ${points.map((p) => lowerFirst(p.text)).join('; ')}.`;
  const covered = scored.filter((s) => s.outcome.status === 'COVERED');
  const missing = scored.filter((s) => s.outcome.status === 'NOT_COVERED').map((s) => s.point);
  const wrong = scored.filter((s) => s.outcome.status === 'CONTRADICTED');
  const parts: string[] = [...remarks];
  // praise names what the student wrote: a value in their own figures, never the scheme's value they did not write
  const praised = covered.flatMap(({ point, outcome }) =>
    point.numeric
      ? outcome.evidence && outcome.rule !== 'implied-method' && outcome.rule !== 'final-answer'
        ? [`your value ${outcome.evidence}`]
        : []
      : outcome.rule === 'implied-method' || outcome.rule === 'final-answer'
        ? []
        : [lowerFirst(point.text)],
  );
  if (covered.length === points.length) parts.push('Excellent: your answer covers every point in the mark scheme.');
  else if (praised.length) parts.push(`Well done for ${praised.join('; ')}.`);
  if (wrong.length)
    parts.push(
      `Fix: ${wrong
        .map(({ point: p, outcome: o }) =>
          // (a point said both ways is quoted both ways, the student seeing what contradicts what; two values given
          // for one quote the other value alone, as their quote)
          o.rule === 'contradiction' && o.evidence && o.evidence !== o.quote
            ? `you wrote "${o.evidence}", which says it both ways, where the mark scheme has ${lowerFirst(p.text)}`
            : o.quote
              ? `you wrote "${o.quote}", but the mark scheme has ${lowerFirst(p.text)}`
              : `the mark scheme has ${lowerFirst(p.text)}`,
        )
        .join('; ')}.`,
    );
  if (missing.length) parts.push(`To gain more marks, add: ${missing.map((p) => lowerFirst(p.text)).join('; ')}.`);
  if (covered.length === 0 && !wrong.length)
    parts.push('Your answer did not match any point in the mark scheme yet; use its key terms and be specific.');
  return parts.join(' ');
}

/** The scheme's rules, read leniently: a rule that does not parse is ignored rather than failing the marking. */
function readRules(rules: SchemeRules | null | undefined): SchemeRules {
  if (!rules) return {};
  const parsed = schemeRulesSchema.safeParse(rules);
  return parsed.success ? parsed.data : {};
}

/**
 * Every point judged against the answer as written (the scheme's rules come after): values, formulas and statements,
 * then what one point's evidence says against another's (definitions swapped, solutions given back, another
 * probability found).
 */
function judgePoints(points: MarkPoint[], plainAnswer: string, questionText: string): PointOutcome[] {
  const classifier = loadMarkerModel();
  const answer = analyseText(plainAnswer);
  const question = analyseText(questionText);
  const questionValues = findQuantities(question.text).map((q) => q.value);
  // a definition is credited for its own term: each point led by a term the question names is judged on the parts
  // of the answer about that term, where the question names two or more
  const leads = leadTerms(
    points.map((p) => toPlainText(p.text)),
    question.text,
  );
  const terms = [...new Set(leads.filter((t): t is string => t !== undefined))];
  const answerFor = (i: number) => {
    const term = leads[i];
    if (terms.length < 2 || !term) return answer;
    const part = answerAbout(plainAnswer, term, terms);
    return part ? analyseText(part) : answer;
  };
  const bound = (i: number) => (terms.length >= 2 ? leads[i] : undefined);
  // the other points' wordings: a second value the scheme itself gives is another answer it wants ("x = 1/2 or x = -3")
  const otherTexts = (i: number) => points.flatMap((p, j) => (j === i ? [] : [toPlainText(p.text), ...p.accept]));
  const schemeValues = points.flatMap((p) => (p.numeric && Number.isFinite(Number(p.numeric.value)) ? [Number(p.numeric.value)] : []));
  const schemeUnits = points.flatMap((p) => (p.numeric?.unit ? [normaliseUnit(p.numeric.unit)] : []));
  let outcomes: PointOutcome[] = points.map(
    (p, i) =>
      markNumericPoint(p, plainAnswer, question.text, questionValues, schemeValues, schemeUnits) ??
      markTextPoint(p, answerFor(i), question, classifier, bound(i), otherTexts(i)),
  );
  // a definition given for its term that is another term's definition ("primary data is collected by someone else
  // …") is the definitions swapped: credited to neither
  outcomes = outcomes.map((o, i) => {
    if (!bound(i) || o.status !== 'COVERED' || o.rule !== 'judged' || !/^[^:]{2,60}:/.test(points[i].text)) return o;
    const part = answerFor(i);
    const other = points.findIndex(
      (p, j) =>
        bound(j) &&
        bound(j) !== bound(i) &&
        /^[^:]{2,60}:/.test(p.text) &&
        (() => {
          const theirs = judgeTextPoint(p, part, question, classifier, bound(i));
          return (
            theirs.status === 'COVERED' &&
            theirs.rule === 'judged' &&
            theirs.confidence !== undefined &&
            theirs.confidence >= SWAP_SURE &&
            (o.confidence ?? SURE) < SWAP_UNSURE &&
            theirs.confidence > (o.confidence ?? SURE) + SWAP_MARGIN
          );
        })(),
    );
    if (other < 0) return o;
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: what you wrote about ${bound(i)} ("${o.evidence ?? ''}") is what the mark scheme gives for ${bound(other)} (${points[other].text}); the mark scheme has: ${points[i].text}.`,
      rule: 'swapped-definition',
      evidence: o.evidence,
      confidence: SURE,
    };
  });
  // "only solution x = 4" against final solutions "x = 4 and x = −1": a solution the point rejects, given back
  outcomes = outcomes.map((o, i) => {
    const rule = o.status === 'COVERED' ? solutionRule(toPlainText(points[i].text)) : undefined;
    const broken = rule && extraSolution(rule, plainAnswer);
    if (!broken) return o;
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: ${broken.why} ("${broken.evidence}"); the mark scheme has: ${points[i].text}.`,
      rule: 'contradiction',
      evidence: broken.evidence,
      confidence: SURE,
    };
  });
  // "(2, -4) is a minimum" against an answer that calls (2, -4) a maximum: the natures the other way round
  outcomes = outcomes.map((o, i) => {
    const swapped = o.status === 'COVERED' ? natureSwapped(toPlainText(points[i].text), plainAnswer, questionText) : undefined;
    if (!swapped) return o;
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${swapped.said}", which is the other way round; the mark scheme has: ${points[i].text}.`,
      quote: swapped.said,
      rule: 'direction',
      evidence: swapped.said,
      confidence: SURE,
    };
  });
  // a step bound to a place ("at the bottom: T − mg = mv²/r") is not made by the same working written for the other
  // place ("At the top T = mv²/r + mg")
  outcomes = outcomes.map((o, i) => {
    if (o.status !== 'COVERED' || !o.evidence) return o;
    const wanted = placeOf(toPlainText(points[i].text));
    const minus = (text: string) => text.replace(/[−–]/g, '-');
    const at = minus(plainAnswer).indexOf(minus(o.evidence));
    if (!wanted || at < 0) return o;
    const line = plainAnswer.slice(plainAnswer.lastIndexOf('\n', at) + 1, at + o.evidence.length);
    const said = placeOf(line);
    if (!said || said === wanted) return o;
    return {
      status: 'CONTRADICTED',
      justification: `Not credited: you wrote "${o.evidence}" for the ${wanted === 'top' ? 'bottom' : 'top'}; the mark scheme has it for the ${wanted}: ${points[i].text}.`,
      quote: o.evidence,
      rule: 'direction',
      evidence: o.evidence,
      confidence: SURE,
    };
  });
  // components taken the other way round ("vertical component = 18 cos 35" where the scheme resolves vertically with
  // sin): no step that resolves is made, and no value after the first one is earned (no M, no A)
  const swapped = componentsSwapped(points.map((p) => toPlainText(p.text)).join('\n'), plainAnswer);
  if (swapped) {
    const resolves = (p: MarkPoint) => /(?<![a-z])(sin|cos)(?![a-z])/i.test(toPlainText(p.text));
    const first = points.findIndex(resolves);
    const why = `you took the ${swapped.direction} component with ${swapped.answer} where the mark scheme has ${swapped.scheme}`;
    outcomes = outcomes.map((o, i) => {
      if (o.status !== 'COVERED' || i < first) return o;
      if (resolves(points[i]) && points[i].kind !== 'A')
        return {
          status: 'CONTRADICTED',
          justification: `Not credited: ${why}; the mark scheme has: ${points[i].text}.`,
          rule: 'direction',
          confidence: SURE,
        };
      if (points[i].kind === 'A' && o.numeric?.matched)
        return {
          status: 'NOT_COVERED',
          justification: `Not credited: your value comes from working in which ${why}, so it is not the method (no method mark, no accuracy mark).`,
          numeric: { ...o.numeric, matched: false },
          rule: 'no-method',
          confidence: SURE,
        };
      return o;
    });
  }
  // a point said of the wrong thing ("the impulse arrives at the postsynaptic neuron" for the presynaptic terminal,
  // "conservation of energy" for the law that conserves charge): its sibling said where the point has its word
  const siblings = schemeSiblings(points.map((p) => toPlainText(p.text)));
  const saidInstead = (o: PointOutcome, i: number, part: AnalysedText) => {
    if (o.status !== 'COVERED' || !WORDED_RULES.has(o.rule) || !o.evidence) return undefined;
    const sentences = evidenceSentences(part, o.evidence);
    return sentences.size
      ? { sentences, words: siblingInstead([points[i].text, ...points[i].accept], part, sentences, siblings[i]) }
      : undefined;
  };
  outcomes = outcomes.map((o, i) => {
    const part = answerFor(i);
    const instead = saidInstead(o, i, part);
    if (!instead?.words) return o;
    // the point may be made elsewhere in the answer ("Proactive … earlier … later. Retroactive … new … old.")
    const rest = otherSentences(part, instead.sentences);
    if (rest) {
      const again = markTextPoint(points[i], rest, question, classifier, bound(i), otherTexts(i));
      if (again.status === 'COVERED' && !saidInstead(again, i, rest)?.words) return again;
    }
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: you wrote "${instead.words[1]}" where the mark scheme has "${instead.words[0]}" (${points[i].text}).`,
      quote: o.evidence,
      rule: 'judged',
      confidence: SURE,
    };
  });
  // "finds P(X ≥ 15)" judged made by an answer that found P(X = 15): the wrong probability is no method
  outcomes = outcomes.map((o, i) => {
    const other = o.status === 'COVERED' && o.rule === 'judged' ? otherProbability(toPlainText(points[i].text), plainAnswer) : undefined;
    if (!other) return o;
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: you found ${other}, which is not the probability this step needs; the mark scheme has: ${points[i].text}.`,
      rule: 'judged',
      evidence: other,
      confidence: SURE,
    };
  });
  return outcomes;
}

/** The sentences of the answer a quoted piece of it stands in (none when the quote is not found as written). */
function evidenceSentences(answer: AnalysedText, evidence: string): Set<number> {
  const piece = evidence.replace(/^…|…$/g, '').trim();
  const at = answer.text.indexOf(piece);
  if (!piece || at < 0) return new Set();
  return new Set(answer.tokens.filter((t) => t.start >= at && t.start < at + piece.length).map((t) => t.sentence));
}

/** The answer without the given sentences, analysed (undefined when nothing is left). */
function otherSentences(answer: AnalysedText, without: Set<number>): AnalysedText | undefined {
  const spans: string[] = [];
  for (let s = 0; s < answer.sentences; s++) {
    if (without.has(s)) continue;
    const tokens = answer.tokens.filter((t) => t.sentence === s);
    if (tokens.length) spans.push(answer.text.slice(tokens[0].start, tokens[tokens.length - 1].end));
  }
  return spans.length ? analyseText(spans.join(' ')) : undefined;
}

/** An outcome judged on the answer with its letters renamed, quoting the student's own letters and saying so. */
function inOwnLetters(outcome: PointOutcome, renamed: string, original: string, names: Map<string, string>): PointOutcome {
  // renaming keeps every position (one letter for one), so a quote of the renamed answer is the same stretch of the original
  const own = (quoted: string | undefined) => {
    if (!quoted) return quoted;
    const at = renamed.indexOf(quoted);
    return at < 0 ? quoted : original.slice(at, at + quoted.length);
  };
  const evidence = own(outcome.evidence);
  const quote = own(outcome.quote);
  const letters = [...names].map(([theirs, ours]) => `your ${theirs} for ${ours}`).join(', ');
  let justification = outcome.justification;
  for (const q of [outcome.evidence, outcome.quote]) if (q) justification = justification.split(`"${q}"`).join(`"${own(q)}"`);
  // the note only where the quote has letters renamed
  if (evidence === outcome.evidence && quote === outcome.quote) return outcome;
  return { ...outcome, evidence, quote, justification: `${justification.replace(/\.$/, '')} (letters are names: ${letters}).` };
}

/**
 * Marks an answer against a mark scheme as an examiner would: each point judged against the answer,
 * then the scheme's rules (M/A dependencies, error carried forward, a correct final answer, "max N"
 * groups, levels of response). Synchronous and deterministic.
 */
export function markAnswer(input: MarkAnswerInput): Feedback {
  // an accuracy point that states a value ("range 35.3 m") is marked as that value, like a typed scheme's "A1 t = 2.02 s"
  const points = withoutExamples(
    withSchemeAliases(
      input.markScheme.map((p) => {
        const point = markPointSchema.parse(p);
        const stated = point.kind === 'A' && !point.numeric ? statedResult(toPlainText(point.text)) : undefined;
        return stated ? { ...point, numeric: stated } : point;
      }),
    ),
    toPlainText(input.questionText ?? ''),
    Boolean(input.rules?.levels?.length),
  );
  const rules = readRules(input.rules);
  const totalMarks = Math.max(0, input.totalMarks);
  const plainAnswer = toPlainText(input.answer ?? '');
  const blank = !/[\p{L}\p{N}]/u.test(plainAnswer);
  let outcomes: PointOutcome[];
  if (blank) {
    outcomes = points.map(() => ({
      status: 'NOT_COVERED',
      justification: 'Not credited: no answer was given.',
      rule: 'blank',
      confidence: 1,
    }));
  } else {
    const mc = input.type === 'multiple_choice' ? markMultipleChoice(points, input) : undefined;
    if (mc) outcomes = mc;
    else {
      outcomes = judgePoints(points, plainAnswer, toPlainText(input.questionText ?? ''));
      // letters are names: the answer read again with its own letters as the scheme's ("p² = 3q²" for "a² = 3b²")
      const names = renamingFor(
        plainAnswer,
        points.flatMap((p) => [p.text, ...p.accept].map((w) => toPlainText(w))),
        (text, formula) => findVerbatim(text, [formula]) !== undefined,
      );
      if (names) {
        const renamed = renameLetters(plainAnswer, names);
        const again = judgePoints(points, renamed, toPlainText(input.questionText ?? ''));
        outcomes = outcomes.map((o, i) =>
          o.status !== 'COVERED' && again[i].status === 'COVERED' ? inOwnLetters(again[i], renamed, plainAnswer, names) : o,
        );
      }
      creditValuesOnce(points, outcomes);
      partialIsNotFull(points, outcomes);
      oneStatementOnePoint(points, outcomes, plainAnswer, toPlainText(input.questionText ?? ''));
      methodsBehindDoubtedValues(points, outcomes, plainAnswer);
      onlyTheResultToShow(outcomes, plainAnswer, toPlainText(input.questionText ?? ''));
    }
  }
  const result = applyScheme(points, outcomes, rules, totalMarks, {
    plainAnswer,
    questionText: toPlainText(input.questionText ?? ''),
    blank,
    keywordList: !blank && isKeywordList(analyseText(plainAnswer)),
  });
  const comments = writeComments(result.scored, blank, result.remarks);
  const markscheme_evaluation: PointEvaluation[] = result.scored.map((s) => ({
    point_id: s.point.id,
    text: s.point.text,
    status: s.outcome.status,
    justification: s.outcome.justification,
    marks_awarded: s.marksAwarded,
    marks: s.marks,
    kind: s.point.kind,
    ...(s.notes.length ? { note: s.notes.join('; ') } : {}),
    confidence: Math.round((s.outcome.confidence ?? SURE) * 100) / 100,
    rule: s.outcome.rule ?? 'judged',
    ...((s.outcome.evidence ?? s.outcome.quote) ? { evidence: (s.outcome.evidence ?? s.outcome.quote ?? '').slice(0, 500) } : {}),
  }));
  return {
    marks_awarded: result.marks,
    total_marks: result.total,
    qualitative_feedback:
      `${blank ? 'No answer was given, so no marks were awarded.' : scoreSentence(result.marks, result.total)} ${comments}`.trim(),
    comments,
    markscheme_evaluation,
    marked_by: MARKED_BY,
    ...(result.level ? { level: result.level } : {}),
  };
}
