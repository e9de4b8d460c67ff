import { deniedAsLessened, wordsOpposite } from './features';
import { areSynonyms } from './lexicon';
import { deniesOnlyTheReason, type AnalysedText, type Token } from './text';
import { DECREASE_FORMS, INCREASE_FORMS, LESS_FORMS, MORE_FORMS } from '../../text/direction-words';

/**
 * What an answer claims, read once: its clauses, the direction each clause gives a quantity or a state
 * ("its resistance goes down", "the supply is switched off", "more collisions"), with negation in scope,
 * and whether the answer is a list of terms rather than sentences. The judge compares a point's claims
 * with the answer's, so a point is never earned by its opposite, a point stated with its opposite earns
 * nothing (the list principle), and a paraphrase that agrees is never "contradicted".
 */

/** Words that give a direction on an axis: +1 one way, -1 the other. */
const DIRECTIONS: Record<string, [axis: string, sign: 1 | -1]> = {};
function directionWords(axis: string, up: string[], down: string[]): void {
  for (const w of up) DIRECTIONS[w] = [axis, 1];
  for (const w of down) DIRECTIONS[w] = [axis, -1];
}
directionWords(
  'amount',
  [...INCREASE_FORMS, ...MORE_FORMS, 'up', 'hotter', 'warmer', 'faster', 'gain', 'gains', 'gained'],
  [...DECREASE_FORMS, ...LESS_FORMS, 'down', 'colder', 'cooler', 'slower', 'lose', 'loses', 'lost', 'shrink', 'shrinks'],
);
directionWords('state', ['on'], ['off']);
directionWords('open', ['open', 'opens', 'opened'], ['closed', 'close', 'closes', 'shut', 'shuts']);

/** Words that start a new clause. */
const CLAUSE_BREAKS = new Set([
  'and',
  'but',
  'because',
  'so',
  'which',
  'while',
  'whereas',
  'then',
  'since',
  'therefore',
  'or',
  'although',
  'though',
  'if',
  'when',
]);
const NOUNS = new Set(['NOUN', 'PROPN']);

export interface DirectionClaim {
  axis: string;
  sign: 1 | -1;
  /** The token that gives the direction, and the noun it is about (-1 when none is found). */
  token: number;
  subject: number;
  clause: number;
}

/** A clause number for every token: a new clause at a sentence, at , ; : and at a joining word. */
export function clausesOf(text: AnalysedText): number[] {
  let clause = 0;
  let sentence = 0;
  return text.tokens.map((t) => {
    if (t.sentence !== sentence) {
      sentence = t.sentence;
      clause++;
    } else if ((t.pos === 'PUNCT' && /^[,;:]$/.test(t.text)) || CLAUSE_BREAKS.has(t.lower)) clause++;
    return clause;
  });
}

/** A noun, or a word the tagger took for an adjective where it names a thing ("keep the current constant"). */
function nounLike(t: Token[], j: number): boolean {
  if (NOUNS.has(t[j].pos)) return true;
  return t[j].pos === 'ADJ' && t[j].content && (t[j - 1]?.pos === 'DET' || t[j - 1]?.lower === 'its') && !NOUNS.has(t[j + 1]?.pos ?? '');
}

function subjectOf(text: AnalysedText, clauses: number[], i: number): number {
  const t = text.tokens;
  const same = (j: number) => j >= 0 && j < t.length && clauses[j] === clauses[i];
  // "more likely to imitate": about the imitating, whoever does it ("people", "we", "children"); "less likely to be
  // aggressive": about the aggression
  if (t[i + 1]?.lemma === 'likely' && t[i + 2]?.lower === 'to' && same(i + 3)) {
    const act = t[i + 3].lemma === 'be' && same(i + 4) ? i + 4 : i + 3;
    if (t[act].content) return act;
  }
  // a comparative after "is": "the 3p electron is higher in energy" is about the electron
  let k = i - 1;
  while (k >= 0 && same(k) && t[k].pos === 'ADV') k--;
  if (k >= 0 && same(k) && /^(be|become|get|seem)$/.test(t[k].lemma)) {
    for (let j = k - 1; j >= k - 6 && same(j); j--) if (nounLike(t, j)) return j;
  }
  // a comparative before its noun: "more collisions", "a higher temperature"
  if (t[i].pos === 'ADJ' || t[i].pos === 'ADV' || /er$/.test(t[i].lower) || t[i].lower === 'more' || t[i].lower === 'less') {
    for (let j = i + 1; j <= i + 3 && same(j); j++) if (NOUNS.has(t[j].pos)) return j;
  }
  // the noun the clause is about: "its resistance goes down", "the supply is switched off", and in
  // "the resistance of the wire increases" the resistance
  // (a name in brackets is another name for the subject before it: "air resistance (drag) increases")
  for (let j = i - 1, skipped = 0; j >= i - 7 - skipped && same(j); j--) {
    if (t[j].text === ')') {
      const open = t.findLastIndex((x, k) => k < j && x.text === '(');
      if (open >= 0 && same(open)) {
        skipped += j - open + 1;
        j = open;
        continue;
      }
    }
    if (nounLike(t, j)) {
      let of = j - 1;
      // "the resistance of a filament lamp": determiners, adjectives and a compound's nouns before the noun
      while (of >= 0 && same(of) && j - of <= 4 && (t[of].pos === 'DET' || t[of].pos === 'ADJ' || nounLike(t, of))) of--;
      if (of >= 1 && same(of) && t[of].lower === 'of' && same(of - 1) && nounLike(t, of - 1)) return of - 1;
      return j;
    }
  }
  // or the object after a verb: "increase the temperature", "switch off the supply"
  for (let j = i + 1; j <= i + 4 && same(j); j++) if (nounLike(t, j)) return j;
  // a relative clause is about the noun it hangs on: "oncogenes which are switched off"
  let first = i;
  while (first > 0 && same(first - 1)) first--;
  if (/^(which|that|who)$/.test(t[first].lower))
    for (let j = first - 1; j >= first - 3 && j >= 0 && t[j].sentence === t[i].sentence; j--) if (nounLike(t, j)) return j;
  return -1;
}

/** A negation anywhere before the word in its clause ("no longer be contained in a closed path") turns its direction round. */
function negatedInClause(text: AnalysedText, clauses: number[], i: number): boolean {
  if (text.tokens[i].negated) return true;
  // "because they can't be identified they feel less responsible": after the word the negation denies, a new subject
  // starts a clause of its own, which the negation does not reach
  let newSubject = false;
  for (let j = i - 1; j >= 0 && clauses[j] === clauses[i]; j--) {
    const t = text.tokens[j];
    if (t.negator) return !newSubject && !deniesOnlyTheReason(text.tokens, j);
    if (SUBJECT_PRONOUN.test(t.lower) && text.tokens.slice(Math.max(0, j - 4), j).some((x) => x.negated)) newSubject = true;
  }
  return false;
}
const SUBJECT_PRONOUN = /^(they|it|he|she|we|you|i)$/;

/** A pronoun ("it", "they") in the clause before the word: its subject is the thing named earlier. */
function hasPronounBefore(text: AnalysedText, clauses: number[], i: number): boolean {
  for (let j = i - 1; j >= 0 && clauses[j] === clauses[i]; j--) if (/^(it|they|this)$/.test(text.tokens[j].lower)) return true;
  return false;
}

/** Every direction the text gives, with its subject; a clause that gives both ways on one subject ("from higher to lower") gives none. */
export function directionClaims(text: AnalysedText, within?: number[]): DirectionClaim[] {
  const clauses = clausesOf(text);
  const allowed = within ? new Set(within) : undefined;
  const out: DirectionClaim[] = [];
  text.tokens.forEach((t, i) => {
    if (allowed && !allowed.has(i)) return;
    const d = DIRECTIONS[t.lower];
    if (!d) return;
    // "on", "off", "up" and "down" are directions as particles ("switched on", "goes down"), not as
    // prepositions ("on the wall", "down the gradient")
    const next = text.tokens[i + 1];
    // "up to the optimum" says how far, not which way
    if (t.lower === 'up' && next?.lower === 'to') return;
    if (
      /^(on|off|up|down)$/.test(t.lower) &&
      next &&
      (next.pos === 'DET' || NOUNS.has(next.pos) || next.pos === 'ADJ' || next.pos === 'NUM') &&
      !/^(switch|turn)/.test(text.tokens[i - 1]?.lower ?? '')
    )
      return;
    const sign = (negatedInClause(text, clauses, i) ? -d[1] : d[1]) as 1 | -1;
    out.push({ axis: d[0], sign, token: i, subject: subjectOf(text, clauses, i), clause: clauses[i] });
  });
  // "it might decrease" after "the rate increases, or": a pronoun is about the thing the sentence's last claim was about
  out.forEach((c, k) => {
    if (c.subject >= 0 || !hasPronounBefore(text, clauses, c.token)) return;
    const before = out
      .slice(0, k)
      .reverse()
      .find((o) => o.subject >= 0 && o.axis === c.axis && text.tokens[o.token].sentence === text.tokens[c.token].sentence);
    if (before) c.subject = before.subject;
  });
  // a gradient ("from higher to lower water potential") states no direction of change; two things that change
  // opposite ways ("the rate decreases as the temperature increases") are two claims
  const twoThings = (a: DirectionClaim, b: DirectionClaim) =>
    a.subject >= 0 &&
    b.subject >= 0 &&
    a.subject !== b.subject &&
    !sameSubject(text.tokens[a.subject], text.tokens[b.subject]) &&
    text.tokens.slice(Math.min(a.token, b.token) + 1, Math.max(a.token, b.token)).some((t) => t.lower === 'as');
  return out.filter(
    (c) => !out.some((o) => o !== c && o.clause === c.clause && o.axis === c.axis && o.sign !== c.sign && !twoThings(o, c)),
  );
}

/**
 * A word of the point that the answer negates in the sentence its evidence comes from: "water does not move
 * by osmosis from high to low water potential" against "water moves by osmosis …" ("not" inserted into the
 * scheme's words). Only when the point itself has no negation, and not for auxiliaries.
 */
/** Words that say something is missing or cannot happen. */
const PRIVATIVE =
  /^(lack|lacking|absence|absent|unable|fail|failure|impossible|hard|difficult|ignore|neglect|miss|restrict|restricted|restriction|hinder|hindered)$/;

/** A point that lessens a thing ("less like individuals") is not denied by an answer that says it is not there at all. */
/**
 * The degree words of the lexicon's LESSENING, read just before any word of a point (a verb too: "does little to
 * reduce"), where `lessened` (features.ts) reads them and the lessening verbs before a noun or adjective only.
 */
const LESSENED = /^(less|fewer|reduced|lower|little)$/;

/** Words after a quantity that say it is nil, or as good as nil. */
const NIL = /^(0|zero|nil|none|negligible|ignored)$/;

/** Words that say a quantity is nil or too small to count, in an answer ("no air resistance", "tiny", "ignore it"). */
const NIL_SAID = /^(0|zero|nil|none|negligible|ignored?|neglect(ed)?|small|tiny|insignificant|no|not|n't|without)$/;

/**
 * True when the wording says a thing is nil or negligible ("air resistance is negligible", "ignore friction"), and,
 * with `answer` and its sentences, whether those sentences say so too (a denial, "negligible", "tiny", "ignore").
 */
export function saysNil(wording: AnalysedText): boolean {
  return wording.tokens.some((t) => (NIL.test(t.lower) && t.lower !== '0') || /^(ignore|neglect)$/.test(t.lemma));
}

export function answerSaysNil(answer: AnalysedText, sentences: Set<number>): boolean {
  return answer.tokens.some(
    (t) => sentences.has(t.sentence) && (t.negator || NIL_SAID.test(t.lower) || /^(ignore|neglect)$/.test(t.lemma)),
  );
}

/** A word of a wording said to be missing or impossible by a privative word just before it ("lack generalisability", "hard to generalise"). */
export function saidMissing(wording: AnalysedText, ref: number): boolean {
  // ("misses out on some economies of scale": a verb's particle and a determiner may stand between)
  for (let k = ref - 1; k >= 0 && ref - k <= 4; k--)
    if (PRIVATIVE.test(wording.tokens[k].lemma) || PRIVATIVE.test(wording.tokens[k].lower)) return true;
  // "charge 0", "charge zero": the quantity is nil; "air resistance is negligible": as good as nil
  // ("air resistance is negligible": the whole noun said to be nil)
  for (let k = ref + 1; k < wording.tokens.length && k - ref <= 3; k++)
    if (NIL.test(wording.tokens[k].lower) && (k - ref <= 2 || wording.tokens[k].lower !== '0')) return true;
  return false;
}

/**
 * True when the point (its own text, which an accepted wording may leave implicit) names things the question names
 * ("graphite"), the sentence names none of them but names another
 * of the question's things ("diamond"), and another sentence of the answer does name the point's.
 */
function aboutAnotherThing(point: AnalysedText, answer: AnalysedText, question: AnalysedText, sentence: number): boolean {
  const noun = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN';
  const inQuestion = (t: Token) => question.tokens.some((q) => noun(q) && q.lemma === t.lemma);
  const named = new Set(point.tokens.filter((t) => noun(t) && inQuestion(t)).map((t) => t.lemma));
  if (named.size === 0) return false;
  const names = (s: number) => answer.tokens.some((t) => t.sentence === s && named.has(t.lemma));
  if (names(sentence)) return false;
  const other = answer.tokens.some((t) => t.sentence === sentence && noun(t) && inQuestion(t) && !named.has(t.lemma));
  return other && answer.tokens.some((t) => t.sentence !== sentence && named.has(t.lemma));
}

export function negatedPointWord(
  point: AnalysedText,
  answer: AnalysedText,
  evidence: number[],
  question?: AnalysedText,
  pointText: AnalysedText = point,
): { ans: number; ref: number } | undefined {
  // "too big to go through" denies by itself, and so does "lack generalisability" or "hard to generalise" (a student's
  // "you can't generalise the results" says the same)
  // ("zero error" names an error, it does not say one is nil)
  const nil = (t: Token, k: number) =>
    NIL.test(t.lower) && !(t.lower === 'zero' && /^(error|errors|reading|readings|offset)$/.test(point.tokens[k + 1]?.lower ?? ''));
  if (point.tokens.some((t, k) => t.lower === 'too' || PRIVATIVE.test(t.lemma) || nil(t, k))) return undefined;
  // a point with a denial of its own is denied only in a clause of it that has none: "the active site does not change
  // shape" denies "the active site changes shape and is no longer complementary"
  const pointClauses = clausesOf(point);
  const deniedClauses = new Set(point.tokens.flatMap((t, k) => (t.negator || t.negated ? [pointClauses[k]] : [])));
  const sentences = new Set(evidence.map((i) => answer.tokens[i].sentence));
  for (let a = 0; a < answer.tokens.length; a++) {
    const at = answer.tokens[a];
    if (!at.negated || !sentences.has(at.sentence) || /^(be|have|do|get|can|will)$/.test(at.lemma)) continue;
    // "not thick: only one cell thick", "diamond has no delocalised electrons" beside "graphite has delocalised
    // electrons": the word is also stated in the sentence, so the negation is about something else
    if (answer.tokens.some((o) => o !== at && !o.negated && o.sentence === at.sentence && o.lemma === at.lemma)) continue;
    // a sentence about the other thing the question names ("In diamond … no delocalised electrons" against a point
    // about graphite, which another sentence is about) denies nothing of this point
    if (question && aboutAnotherThing(pointText, answer, question, at.sentence)) continue;
    if (pointText !== point && deniedAsThePointDenies(pointText, answer, a)) continue;
    const ref = point.tokens.findIndex(
      (p, k) => p.pos !== 'PUNCT' && !deniedClauses.has(pointClauses[k]) && (p.lemma === at.lemma || p.stem === at.stem),
    );
    // (a word the point also says in a denied clause may be that one: "they add attraction but do not add repulsion")
    const alsoDenied = point.tokens.some((p, k) => deniedClauses.has(pointClauses[k]) && (p.lemma === at.lemma || p.stem === at.stem));
    if (alsoDenied) continue;
    // (nor where the answer's denial reaches what the point denies: "without adding repulsion" for "… but no repulsion")
    // (a word the point also says undenied is not one it only denies: "gap" in "creates a gap …, so MC can change within
    // the gap without changing the price")
    const reach = answer.tokens.slice(a + 1, a + 4).filter((x) => x.sentence === at.sentence && x.content);
    const saysIn = (x: Token, denied: boolean) =>
      point.tokens.some((p, k) => deniedClauses.has(pointClauses[k]) === denied && (p.lemma === x.lemma || p.stem === x.stem));
    if (reach.some((x) => saysIn(x, true) && !saysIn(x, false))) continue;
    // "not an individual any more" says more than the point's "less like individuals", and "water doesn't evaporate"
    // what "reduces evaporation" says, not the opposite (unless the answer makes less of it too: "less current does not flow")
    // ("does little to reduce" is as much a lessening as "reduces evaporation")
    const lessenedJustBefore = ref >= 0 && point.tokens.slice(Math.max(0, ref - 2), ref).some((p) => LESSENED.test(p.lower));
    if (ref >= 0 && !lessenedJustBefore && !deniedAsLessened(point, ref, answer, a)) return { ans: a, ref };
  }
  return undefined;
}

/**
 * The point's own text denies the answer's denied word too, of the thing the answer's sentence names: "prokaryotes don't
 * have a nucleus" says the point "prokaryotes have no nucleus", whatever an accepted wording it was matched with says
 * ("eukaryotes have a nucleus but prokaryotes do not").
 */
function deniedAsThePointDenies(pointText: AnalysedText, answer: AnalysedText, a: number): boolean {
  const at = answer.tokens[a];
  const alike = (p: Token) => p.lemma === at.lemma || p.stem === at.stem;
  if (!pointText.tokens.some((p) => p.negated && alike(p))) return false;
  const subject = pointText.content[0] === undefined ? undefined : pointText.tokens[pointText.content[0]];
  return Boolean(subject && answer.tokens.some((t) => t.sentence === at.sentence && t.content && sameSubject(t, subject)));
}

/** Two subject nouns name the same thing: same word, a listed synonym. */
export function sameSubject(a: Token, b: Token): boolean {
  return a.lemma === b.lemma || a.stem === b.stem || a.lower === b.lower || areSynonyms(a.lemma, b.lemma);
}

/**
 * The words naming a subject more closely, just before it: "potassium ion" of "potassium ion channels"; `kept` leaves
 * out words that name no thing there (the words of a change in keptOrChanged).
 */
function modifiersOf(text: AnalysedText, i: number, kept: (j: number) => boolean = () => true): Token[] {
  const out: Token[] = [];
  for (let j = i - 1; j >= i - 2 && j >= 0; j--) {
    const t = text.tokens[j];
    if (!t.content || !(NOUNS.has(t.pos) || t.pos === 'ADJ') || DIRECTIONS[t.lower] || t.sentence !== text.tokens[i].sentence) break;
    if (kept(j)) out.push(t);
  }
  return out;
}

/** Two things told apart by their modifiers: each has one the other lacks ("sodium ion channels", "potassium ion channels"). */
function toldApart(ma: Token[], mb: Token[]): boolean {
  const own = (m: Token[], other: Token[]) => m.some((x) => !other.some((y) => sameSubject(x, y)));
  return own(ma, mb) && own(mb, ma);
}

/** The sub-shell a subject names ("3p" in "3p", "the 3p sub-shell", "the 3p electrons"), or undefined. */
function orbitalNamed(text: AnalysedText, i: number): string | undefined {
  const orbital = (t: Token) => (/^[1-7][spdf]$/.test(t.lower) ? t.lower : undefined);
  const own = orbital(text.tokens[i]);
  if (own) return own;
  if (!/^(electrons?|orbitals?|sub-?shells?|shells?)$/.test(text.tokens[i].lower)) return undefined;
  const before = text.tokens[i - 1];
  return before && before.sentence === text.tokens[i].sentence ? orbital(before) : undefined;
}

/** The same thing: the same noun, and not told apart by its modifiers ("sodium ion channels" are not "potassium ion channels"). */
function sameThing(ta: AnalysedText, ia: number, tb: AnalysedText, ib: number): boolean {
  // a sub-shell is named by its name: "3p", "the 3p sub-shell", "the 3p electron" are one thing, "3s" another
  const oa = orbitalNamed(ta, ia);
  const ob = orbitalNamed(tb, ib);
  if (oa && ob) return oa === ob;
  if (!sameSubject(ta.tokens[ia], tb.tokens[ib])) return false;
  return !toldApart(modifiersOf(ta, ia), modifiersOf(tb, ib));
}

export type PolarityVerdict =
  /** The answer gives the point's direction for the same thing. */
  | { kind: 'agree' }
  /** The answer gives the opposite direction for the same thing, and not the point's. */
  | { kind: 'opposite'; answerToken: number; pointToken: number }
  /** The answer gives both directions for the same thing: a contradiction loses the mark. */
  | { kind: 'both'; answerToken: number; agreeing: number }
  | { kind: 'none' };

/**
 * The directions a point offers both ways as a choice, close together ("switch genes on or off", "rises / falls"):
 * neither way turns it round. (`claims`: the point's direction claims, where already found.)
 */
export function eitherWayAxes(point: AnalysedText, claims: DirectionClaim[] = directionClaims(point)): Set<string> {
  const axes = new Set<string>();
  for (const a of claims)
    for (const b of claims)
      if (
        a.axis === b.axis &&
        a.sign !== b.sign &&
        b.token > a.token &&
        b.token - a.token <= 3 &&
        point.tokens.slice(a.token + 1, b.token).some((t) => t.lower === 'or' || t.text === '/')
      )
        axes.add(a.axis);
  return axes;
}

/** The answer's directions against the point's, subject by subject. */
export function comparePolarity(point: AnalysedText, answer: AnalysedText, within?: number[], either?: Set<string>): PolarityVerdict {
  // (a direction the point offers either way, "switch genes on or off", is not turned round by either; nor one that
  // `either` gives, the main wording's, for an accepted wording that says one way)
  const pointClaims = directionClaims(point);
  const choices = new Set([...eitherWayAxes(point, pointClaims), ...(either ?? [])]);
  const pc = pointClaims.filter((c) => c.subject >= 0 && !choices.has(c.axis));
  if (pc.length === 0) return { kind: 'none' };
  // a point that itself goes both ways ("the more fertiliser, the greater the mass … then the less") is read as a whole
  if (pc.some((a) => pc.some((b) => a.axis === b.axis && a.sign !== b.sign && sameThing(point, a.subject, point, b.subject))))
    return { kind: 'none' };
  // only sentences about the point count: most of its other words are there ("GP is reduced to triose
  // phosphate" is not about "so GP cannot be reduced and RuBP is not regenerated")
  // (examples the point lists, "e.g. adrenaline or glutamate", are not what it is about)
  const example = point.tokens.findIndex(
    (t, k) => /^(e\.g\.?|eg)$/.test(t.lower) || (t.lower === 'such' && point.tokens[k + 1]?.lower === 'as'),
  );
  const words = point.content.filter((i) => !DIRECTIONS[point.tokens[i].lower] && (example < 0 || i < example)).map((i) => point.tokens[i]);
  const about = (s: number) => {
    const inSentence = answer.content.filter((i) => answer.tokens[i].sentence === s).map((i) => answer.tokens[i]);
    return words.filter((w) => inSentence.some((a) => sameSubject(a, w))).length >= Math.max(1, words.length / 2);
  };
  const ac = directionClaims(answer, within).filter((c) => c.subject >= 0 && about(answer.tokens[c.token].sentence));
  const answerClauses = clausesOf(answer);
  let agreed = false;
  for (const p of pc) {
    // a point about one stage of a change ("increases up to the optimum") is judged on the answer's claims about that
    // stage ("…, then it decreases" is the next one)
    const stage = stageOf(point, clausesOf(point), p.token);
    const about = ac.filter(
      (a) =>
        a.axis === p.axis &&
        sameThing(answer, a.subject, point, p.subject) &&
        (!stage || stageOf(answer, answerClauses, a.token) !== other(stage)) &&
        ownQualifier(point, answer, answerClauses, a),
    );
    // two claims of the answer in one sentence are about one thing only if the answer names it the same way
    const sameIn = (x: DirectionClaim, y: DirectionClaim) => sameThing(answer, x.subject, answer, y.subject);
    const agrees = about.filter((a) => a.sign === p.sign);
    const oppose = about.find((a) => a.sign !== p.sign);
    // "it increases or decreases": both ways in one sentence; in different sentences a long answer may be
    // describing two conditions ("below the optimum … more complexes; above it … fewer")
    const sentence = (c: DirectionClaim) => answer.tokens[c.token].sentence;
    // in a sentence that tells stages ("increases up to the optimum, then decreases", "…; above it, the rate falls"),
    // opposite directions in different clauses are two stages, not a contradiction
    const clash = (a: DirectionClaim) =>
      about.find(
        (o) =>
          o.sign !== p.sign && sentence(o) === sentence(a) && sameIn(o, a) && !(o.clause !== a.clause && tellsStages(answer, sentence(a))),
      );
    const both = oppose && agrees.find((a) => clash(a));
    if (both) return { kind: 'both', answerToken: clash(both)!.token, agreeing: both.token };
    // "below 273 K, TΔS is smaller" against "above 273 K, TΔS is larger": the other condition, stated consistently
    // a clause with a claim of its own on this axis is another claim ("whereas inhibitory ones make it more likely"), not
    // a condition of this one
    const claimClauses = new Set(ac.filter((a) => a.axis === p.axis).map((a) => a.clause));
    const otherCondition = (c: DirectionClaim) =>
      answer.tokens.some(
        (a, k) =>
          k !== c.token &&
          a.sentence === sentence(c) &&
          (answerClauses[k] === c.clause || !claimClauses.has(answerClauses[k])) &&
          !DIRECTIONS[a.lower] &&
          point.tokens.some((w, j) => j !== p.token && w.content && a.content && !DIRECTIONS[w.lower] && wordsOpposite(w, a)),
      );
    // the point's direction said in another clause of a sentence that tells stages ("the rate increases …, but it
    // decreases above the optimum" against "above the optimum the rate decreases"), its subject a pronoun
    const otherStage = (o: DirectionClaim) =>
      tellsStages(answer, sentence(o)) &&
      directionClaims(answer, within).some(
        (c) =>
          c.axis === p.axis &&
          c.sign === p.sign &&
          c.clause !== o.clause &&
          sentence(c) === sentence(o) &&
          (c.subject < 0 || hasPronounBefore(answer, clausesOf(answer), c.token) || sameThing(answer, c.subject, point, p.subject)),
      );
    if (oppose && agrees.length === 0 && !otherCondition(oppose) && !(!stage && otherStage(oppose)))
      return { kind: 'opposite', answerToken: oppose.token, pointToken: p.token };
    const agree = agrees[0];
    if (agree) agreed = true;
  }
  return agreed ? { kind: 'agree' } : { kind: 'none' };
}

/** Words that mark a stage of a change: "up to the optimum", "above it", "then", "after a while", "at first". */
const STAGE = /^(above|below|until|till|after|then|beyond|past|once|eventually|later|initially|finally|afterwards|optimum)$/;

/**
 * "Excitatory transmitters make the neuron more likely to fire, whereas inhibitory ones make it less likely": where the
 * answer's sentence names the opposite of a word of the point ("excitatory" against the point's "inhibitory"), only
 * the clauses that name the point's own word speak for it. True when the claim may be read against the point.
 */
function ownQualifier(point: AnalysedText, answer: AnalysedText, clauses: number[], claim: DirectionClaim): boolean {
  const sentence = answer.tokens[claim.token].sentence;
  const same = (a: Token, b: Token) => a.lemma === b.lemma || a.stem === b.stem || a.lower === b.lower;
  const inClause = (k: number) => clauses[k] === clauses[claim.token];
  for (const w of point.tokens) {
    if (!w.content || DIRECTIONS[w.lower]) continue;
    if (!answer.tokens.some((a) => a.sentence === sentence && a.content && !DIRECTIONS[a.lower] && wordsOpposite(w, a))) continue;
    const named = answer.tokens.some((a, k) => inClause(k) && same(a, w));
    if (named) continue;
    // the claim's clause names the opposite qualifier, or neither while another clause names the point's own
    if (answer.tokens.some((a, k) => inClause(k) && a.content && wordsOpposite(w, a))) return false;
    if (answer.tokens.some((a, k) => a.sentence === sentence && !inClause(k) && same(a, w))) return false;
  }
  return true;
}

type Stage = 'early' | 'late';
const EARLY = /^(until|till|below|before|initially)$/;
const LATE = /^(above|after|beyond|past|then|eventually|later|finally|afterwards|once)$/;
const other = (stage: Stage): Stage => (stage === 'early' ? 'late' : 'early');

/** The stage a clause's own words name: "up to the optimum", "at first" (early); "above it", "then" (late). */
function clauseStage(text: AnalysedText, clauses: number[], clause: number): Stage | undefined {
  let stage: Stage | undefined;
  text.tokens.forEach((t, k) => {
    if (clauses[k] !== clause || stage) return;
    const next = text.tokens[k + 1]?.lower;
    if (EARLY.test(t.lower) || (t.lower === 'up' && next === 'to') || (t.lower === 'at' && next === 'first')) stage = 'early';
    else if (LATE.test(t.lower)) stage = 'late';
  });
  return stage;
}

/**
 * The stage of a change a claim is about: named in its clause, or else the other stage from the one another clause of
 * its sentence names ("the rate increases, but it decreases above the optimum": the first claim is the early stage).
 */
function stageOf(text: AnalysedText, clauses: number[], token: number): Stage | undefined {
  const own = clauseStage(text, clauses, clauses[token]);
  if (own) return own;
  const sentence = text.tokens[token].sentence;
  const others = new Set(text.tokens.flatMap((t, k) => (t.sentence === sentence && clauses[k] !== clauses[token] ? [clauses[k]] : [])));
  for (const c of others) {
    const named = clauseStage(text, clauses, c);
    if (named) return other(named);
  }
  return undefined;
}

/** The sentence tells a change in stages: it has a stage word, "up to" or "at first". */
function tellsStages(answer: AnalysedText, sentence: number): boolean {
  return answer.tokens.some(
    (t, k) =>
      t.sentence === sentence &&
      (STAGE.test(t.lower) ||
        (t.lower === 'up' && answer.tokens[k + 1]?.lower === 'to') ||
        (t.lower === 'at' && answer.tokens[k + 1]?.lower === 'first')),
  );
}

/**
 * Whether an opposite word in the answer is about the same thing as the point's word: "variable resistor"
 * says nothing against "keep the current constant". True when either subject cannot be found.
 */
export function oppositeIsAboutSameThing(point: AnalysedText, pointToken: number, answer: AnalysedText, answerToken: number): boolean {
  const ps = subjectOf(point, clausesOf(point), pointToken);
  const as = subjectOf(answer, clausesOf(answer), answerToken);
  if (ps < 0 || as < 0) return true;
  // an adjective naming a thing ("variable resistor") is about that thing; the two are about different things
  // only when neither names the other's anywhere in its clause
  if (sameSubject(point.tokens[ps], answer.tokens[as])) return true;
  const pc = clausesOf(point);
  const ac = clausesOf(answer);
  const inClause = (text: AnalysedText, clauses: number[], at: number, w: Token) =>
    text.tokens.some((x, k) => clauses[k] === clauses[at] && x.content && sameSubject(x, w));
  return inClause(point, pc, pointToken, answer.tokens[as]) || inClause(answer, ac, answerToken, point.tokens[ps]);
}

/**
 * A list of terms rather than sentences: three or more short items (commas, semicolons, new lines, bullets,
 * dashes or slashes between them) and hardly a verb. "osmosis, water potential, partially permeable membrane".
 */
export function isKeywordList(answer: AnalysedText): boolean {
  const all = answer.text
    // commas inside brackets ("(-3, -2)", "f(1.5, 2)") do not separate items
    .replace(/\([^()]*\)/g, ' ')
    .split(/[,;\n•]|\s[-–/]\s/)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
  // working ("x^2 - x - 6 = 0, x = 3") is not a list of terms
  const items = all.filter((s) => !/[=<>]|\d\s*[-+*/×^]\s*\d/.test(s) && /\p{L}{3}/u.test(s));
  if (items.length < 3 || items.length < all.length / 2) return false;
  const words = items.reduce((n, s) => n + s.split(/\s+/).length, 0);
  if (words / items.length > 3.5) return false;
  // items that are clauses (a verb in three words or more: "hydrogen bonds break"), not single commands ("integrate")
  const verbs = new Set(
    answer.tokens.filter((t) => t.pos === 'VERB' || (t.pos === 'AUX' && !/^(be|is|are)$/.test(t.lower))).map((t) => t.lower),
  );
  const clauses = items.filter((s) => s.split(/\s+/).length >= 3 && s.split(/\s+/).some((w) => verbs.has(w.toLowerCase()))).length;
  return clauses <= Math.floor(items.length / 4);
}

/** The question asks for reasoning (explain, describe, suggest…), which a list of terms cannot give. */
export function asksForReasoning(questionText: string): boolean {
  return /\b(explain|describe|why|evaluate|discuss|justify|compare|outline|interpret|prove|show that|hence|determine)\b/i.test(
    questionText,
  );
}

/** A point that states something (a verb, or three or more content words), not a term to name ("osmosis", "ribosomes"). */
export function isStatement(point: AnalysedText): boolean {
  return point.tokens.some((t) => t.pos === 'VERB') || point.content.length >= 3;
}

/** A word and its negated form by prefix: "activate" / "inactivate", "stable" / "unstable", "saturated" / "unsaturated". */
function prefixOpposites(a: Token, b: Token): boolean {
  const [x, y] = a.lower.length <= b.lower.length ? [a.lower, b.lower] : [b.lower, a.lower];
  return x.length >= 4 && /^(?:in|un|de|dis|non-?|im|ir|il)$/.test(y.slice(0, y.length - x.length)) && y.endsWith(x);
}

/** Two words that say opposite things: directions on one axis the other way round, listed opposites, a negating prefix. */
function saysOpposite(a: Token, b: Token): boolean {
  const da = DIRECTIONS[a.lower];
  const db = DIRECTIONS[b.lower];
  if (da && db) return da[0] === db[0] && da[1] !== db[1];
  return wordsOpposite(a, b) || prefixOpposites(a, b);
}

/**
 * A word of the point's own statement turned round in the sentence that earned it by an accepted wording: "this
 * contradicts …, so √3 is rational" against "contradiction, so √3 is irrational". Only a state word (a negating
 * prefix, or a listed opposite that describes: rational/irrational, towards/away), not a direction word, which
 * comparePolarity reads with its subject; and not where the sentence also says the point's word. Returns the pair, or
 * undefined.
 */
export function stateTurnedRound(
  point: AnalysedText,
  answer: AnalysedText,
  evidence: { start: number; end: number },
): { ans: number; ref: number } | undefined {
  const first = answer.tokens.findIndex((t) => t.start >= evidence.start);
  if (first < 0) return undefined;
  const sentence = answer.tokens[first].sentence;
  // the accepted wording's own words are what the scheme accepts ("connected to the negative terminal")
  const inSentence = answer.content.filter((i) => answer.tokens[i].sentence === sentence);
  const outside = inSentence.filter((i) => answer.tokens[i].end <= evidence.start || answer.tokens[i].start >= evidence.end);
  const says = (p: Token) => inSentence.some((i) => sameWordForm(answer.tokens[i], p));
  // a point that itself names both ("absorbs a neutron … releasing neutrons") is not turned round by either
  const inPoint = (a: Token) => point.content.some((j) => sameWordForm(point.tokens[j], a));
  for (const ref of point.content) {
    const p = point.tokens[ref];
    if (DIRECTIONS[p.lower] || p.isNumber || p.negated || says(p)) continue;
    const ans = outside.find((i) => {
      const a = answer.tokens[i];
      // a listed opposite only between words that describe (irrational/rational, towards/away); nouns and verbs
      // ("gas" against "liquid", "changes" against "constant") are about other things as often as not
      const describes = (t: Token) => t.pos === 'ADJ' || t.pos === 'ADV' || t.pos === 'ADP';
      return (
        !DIRECTIONS[a.lower] &&
        !a.negated &&
        !inPoint(a) &&
        (prefixOpposites(p, a) || (describes(p) && describes(a) && wordsOpposite(p, a)))
      );
    });
    if (ans !== undefined) return { ans, ref };
  }
  return undefined;
}

export function sameWordForm(a: Token, b: Token): boolean {
  return a.lemma === b.lemma || a.stem === b.stem || a.lower === b.lower;
}

export interface Hedge {
  /** The two opposite words joined by "or" ("stronger or weaker", "activate or inactivate", "permanently on or permanently off"). */
  first: number;
  second: number;
  /** A claim and its denial ("may or may not", "does or doesn't", "increases or not"): `second` is the negator. */
  either?: true;
  /** With `either`: the claim that is denied runs from `first` up to this token (exclusive). */
  claimEnd?: number;
  /**
   * A claim taken back by a later clause ("…, but larger groups also reduced conformity", "…, or they hardly conformed
   * at all"): the tokens [from, to) of the claim (and of the clause taking it back, where that says the opposite). Such a
   * hedge is about a point only where the point was earned there.
   */
  claim?: [number, number];
}

/**
 * Claims stated both ways at once, "X or Y" with X and Y opposites: the student has not said which, and an
 * examiner gives neither ("a contradiction loses the mark"). "More or less the same" is a way of saying "about".
 */
export function findHedges(answer: AnalysedText): Hedge[] {
  const t = answer.tokens;
  const out: Hedge[] = [];
  t.forEach((or, i) => {
    if (CONCESSIVE.test(or.lower) && i > 0) {
      const turned = concessiveTurn(t, i) ?? restatedTurn(t, i) ?? concededDenial(t, i) ?? doubtfulAlternative(t, i, answer.text);
      if (turned) out.push(turned);
      return;
    }
    // two opposite words set either side of a slash: "the H zone shortens/lengthens" (not a ratio or a unit: words only)
    if (or.text === '/' && i > 0 && t[i + 1] && t[i - 1].sentence === or.sentence && t[i + 1].sentence === or.sentence) {
      const [a, b] = [t[i - 1], t[i + 1]];
      if (/^\p{L}+$/u.test(a.text) && /^\p{L}+$/u.test(b.text) && saysOpposite(a, b) && !namesCategories(t, i - 1, i + 1))
        out.push({ first: i - 1, second: i + 1 });
      return;
    }
    if (or.lower !== 'or' || i === 0) return;
    const taken = takenBack(t, i);
    if (taken) {
      out.push(taken);
      return;
    }
    const pushed = out.length;
    const first = i - 1;
    // a claim and "the other way round": "water enters the cell, or vice versa", "…, or the opposite"
    const turned = otherWayRound(t, i);
    if (turned > 0) {
      const start = claimStart(t, first, (k) => t[k].sentence !== or.sentence || /^(and|but|;|because|so)$/.test(t[k].lower));
      if (start < first || t[first].pos !== 'PUNCT') out.push({ first: start, second: turned, either: true, claimEnd: i });
      return;
    }
    // a claim and its denial: "may or may not", "does or doesn't", "it changes or not", "it might change or it might
    // not" (not "whether or not")
    // ("little or no increase", "with or without" are amounts, not denials: only "not" and "n't" deny here)
    const denies = (k: number) => /^(not|n't)$/.test(t[k]?.lower ?? '');
    const denial = denies(i + 1) ? i + 1 : t[i + 1]?.lower === t[first].lower && denies(i + 2) ? i + 2 : trailingDenial(t, i);
    if (denial > 0 && t[denial].sentence === or.sentence && !/^(whether|if)$/.test(t[first].lower)) {
      // quoted from the start of its sentence: "The active site might change shape or it might not"; a bare "or not"
      // after a clause joined by "and" denies that clause ("the wall stops it bursting and the cell becomes turgid or
      // not")
      const bare = denial === i + 1;
      const start = claimStart(t, first, (k) => t[k].sentence !== or.sentence || (bare && /^(and|;)$/.test(t[k].lower)));
      // the claim is what comes before "or" ("the carrier changes shape, or it might not"), or, where the denial is of a
      // modal ("may or may not increase"), the whole sentence
      const repeated = denial === i + 2;
      let claimEnd = repeated ? i + 1 : i;
      if (repeated) while (t[claimEnd] && t[claimEnd].sentence === or.sentence) claimEnd++;
      if (start < first || t[first].pos !== 'PUNCT') out.push({ first: start, second: denial, either: true, claimEnd });
      return;
    }
    // "on or permanently off", "on or just off": the same modifier or a filler before the second word
    let second = i + 1;
    if (t[second] && (t[second].lower === t[first - 1]?.lower || /^(just|maybe|perhaps|even)$/.test(t[second].lower))) second++;
    if (!t[second] || t[second].sentence !== or.sentence) return;
    if (t[first].pos !== 'PUNCT' && saysOpposite(t[first], t[second])) {
      if (t[first].lower === 'more' && t[second].lower === 'less' && /^(the|same|equal|similar|constant)$/.test(t[second + 1]?.lower ?? ''))
        return;
      if (namesCategories(t, first, second)) return;
      out.push({ first, second });
      return;
    }
    // the other way round as a phrase of its own: "towards the centre, or away from it"
    const wide = widerHedge(t, i);
    if (wide) out.push(wide);
    // or a second answer offered in doubt: "…, or maybe at the climax community"
    const doubt = wide ? undefined : doubtfulAlternative(t, i, answer.text);
    if (doubt && out.length === pushed) out.push(doubt);
  });
  for (const h of [...restatedOpposites(answer), ...keptOrChanged(answer), ...restatedDenials(answer)])
    if (!out.some((o) => o.first === h.first || o.second === h.second)) out.push(h);
  return out.filter((h) => !offersChoice(t, h.second));
}

/** Words that set out options: "the chain has a choice: cut its prices, or keep them and take a bigger margin". */
const CHOICE = /^(choice|choices|option|options|choose|chooses|choosing)$/;

/** Options set out are no hedge: a word of choice stands before the second of the two, in its sentence. */
function offersChoice(t: Token[], second: number): boolean {
  for (let k = second - 1; k >= 0 && t[k].sentence === t[second].sentence; k--) if (CHOICE.test(t[k].lower)) return true;
  return false;
}

/** Names for the categories of a classification, after its two names: "organised or disorganised types". */
const CATEGORIES = /^(types?|kinds?|sorts?|categor(?:y|ies)|groups?|classes|classifications?)$/;
/** Verbs that sort things into categories: "classified as organised or disorganised". */
const SORTING =
  /^(classif(?:y|ies|ied|ying)|categori[sz](?:e|es|ed|ing)|sort(?:s|ed|ing)?|divid(?:e|es|ed|ing)|split(?:s|ting)?|label(?:s|led|ling)?)$/;

/** Two opposite words that name the categories of a classification, not a claim said both ways. */
function namesCategories(t: Token[], first: number, second: number): boolean {
  if (CATEGORIES.test(t[second + 1]?.lower ?? '')) return true;
  for (let k = first - 1; k >= Math.max(0, first - 4) && t[k].sentence === t[first].sentence; k--)
    if (SORTING.test(t[k].lower)) return true;
  return false;
}

/** Words that say a thing changes, differs or moves (lemmas or words). */
const CHANGE_WORD = /^(change|alter|different|differ|opposite|vary|variable|move|slide|shift|disrupt|affect|modify|distort|deform)$/;
/** Words that say it stays as it was. */
const KEPT_WORD = /^(same|unchanged|unaltered|unaffected|stay|keep|remain|fixed|constant|static|stationary|identical|intact)$/;
/** What opens a statement that may take the one before it back: "…, or they stay …", "…. Although it keeps …". */
const TAKING_BACK = /^(or|but|although|though|alternatively|yet|maybe|perhaps|however|;)$/;
/** Where the statement taking back ends and its reason begins: "… stays the same because the shell is the same type". */
const REASON_BREAK = /^(,|because|since|so|which|therefore|and|as)$/;

/** The noun of an "of" after a noun: "protons" of "the number of protons". */
function ofNoun(t: Token[], i: number): Token | undefined {
  if (t[i + 1]?.lower !== 'of') return undefined;
  for (let k = i + 2; k <= i + 4 && t[k] && t[k].sentence === t[i].sentence; k++) if (NOUNS.has(t[k].pos)) return t[k];
  return undefined;
}

/**
 * "The layers of ions slide over each other, or the layers stay fixed in place", "the active site changes shape …, or it
 * might keep its shape", "the H+ ions disrupt the bonds …, although really they don't affect these bonds much": a
 * statement that something changes, differs or moves, and the next one (after "or", "but", "although" …) that the same
 * thing stays as it was (or the other way round) — an opposite by meaning, not by a direction word. The same thing: a
 * noun of both, not told apart by its modifiers or its "of" ("the number of protons stays the same but the number of
 * neutrons changes" is two things), and not the doer of a change to something else ("a catalyst changes the rate of
 * reaction but the catalyst remains unchanged"). No condition the second adds ("…, but when it cools it stays fixed").
 */
function keptOrChanged(answer: AnalysedText): Hedge[] {
  const t = answer.tokens;
  const units: number[][] = [];
  t.forEach((tok, i) => {
    const opens = i === 0 || t[i - 1].sentence !== tok.sentence;
    if (opens || /^(or|but|although|though|alternatively|yet|;)$/.test(tok.lower)) units.push([]);
    units[units.length - 1].push(i);
  });
  const said = (k: number, re: RegExp) => re.test(t[k].lemma) || re.test(t[k].lower);
  const changes = (k: number) =>
    !t[k].negated &&
    !t[k].negator &&
    (said(k, CHANGE_WORD) || (DIRECTIONS[t[k].lower] !== undefined && t[k].pos !== 'ADJ' && t[k - 1]?.pos !== 'DET')) &&
    !(k > 0 && /^(keep|keeps|kept)$/.test(t[k - 1].lower));
  // ("keep" with an object keeps that thing: "keeps its shape", not "keeps it as profit")
  const keptThing = (k: number, a: number[]) => {
    if (t[k].lemma !== 'keep') return true;
    const object = t
      .slice(k + 1, k + 4)
      .find((x) => NOUNS.has(x.pos) || (x.pos === 'PRON' && !/^(its|their|his|her|my|your|our)$/.test(x.lower)));
    return !object || (object.pos !== 'PRON' && a.some((i) => sameWordForm(t[i], object)));
  };
  const kept = (k: number, a: number[] = []) =>
    (said(k, KEPT_WORD) && !t[k].negated && !t[k].negator && keptThing(k, a)) ||
    (t[k].negated && t[k].pos === 'VERB' && said(k, CHANGE_WORD));
  const conditions = (ks: number[]) => ks.filter((k) => CONDITION_WORD.test(t[k].lower)).map((k) => t[k].lower);
  // (a thing named by a word in -ing opening its statement: "Shielding increases …")
  const thing = (k: number, ks: number[]) =>
    NOUNS.has(t[k].pos) || (t[k].pos === 'VERB' && /ing$/.test(t[k].lower) && (k === ks[0] || t[k - 1]?.pos === 'DET' || k - 1 === ks[0]));
  const nouns = (ks: number[]) => ks.filter((k) => thing(k, ks) && t[k].content && !t[k].isNumber);
  // the same thing: the same noun, not told apart by modifiers other than the words that change or stay, nor by its "of"
  const modifiers = (k: number) => modifiersOf(answer, k, (j) => !said(j, CHANGE_WORD) && !said(j, KEPT_WORD));
  const sameNamed = (i: number, j: number) => {
    if (!sameWordForm(t[i], t[j]) || toldApart(modifiers(i), modifiers(j))) return false;
    const [oi, oj] = [ofNoun(t, i), ofNoun(t, j)];
    return !(oi && oj && !sameSubject(oi, oj));
  };
  const out: Hedge[] = [];
  for (let y = 1; y < units.length; y++) {
    const a = units[y - 1];
    const opener = units[y][0];
    // ("even though" concedes a fact beside the claim: "the velocity changes even though the speed is constant")
    if (!TAKING_BACK.test(t[opener].lower) || t[opener - 1]?.lower === 'even') continue;
    // the statement taking back, up to its reason
    const b: number[] = [];
    for (const k of units[y].slice(1)) {
      if (REASON_BREAK.test(t[k].lower)) break;
      b.push(k);
    }
    const claimConditions = conditions(a);
    if (conditions(b).some((c) => !claimConditions.includes(c))) continue;
    // two things compared, each with its own subject: "mitosis gives identical cells but meiosis gives different cells"
    const firstVerb = b.findIndex((k) => t[k].pos === 'VERB' || t[k].pos === 'AUX');
    const ownSubject = nouns(firstVerb < 0 ? b : b.slice(0, firstVerb)).some((j) => !nouns(a).some((i) => sameWordForm(t[i], t[j])));
    if (ownSubject) continue;
    const [ca, ka, cb, kb] = [a.filter(changes), a.filter((k) => kept(k, b)), b.filter(changes), b.filter((k) => kept(k, a))];
    // one way or the other: a change then "stays", or "stays" then a change
    const pair =
      ca.length && !ka.length && kb.length && !cb.length
        ? [ca, kb]
        : ka.length && !ca.length && cb.length && !kb.length
          ? [ka, cb]
          : undefined;
    if (!pair) continue;
    // the doer of a change to something else is not what changes: a noun before a verb with its own object
    const turned = pair[0][0];
    const object = (v: number) => {
      // (a verb is often read as a noun after its subject: "A catalyst changes the rate")
      if (t[v].pos !== 'VERB' && t[v].pos !== 'NOUN') return false;
      for (let k = v + 1; k <= v + 3 && t[k] && t[k].sentence === t[v].sentence; k++) {
        if (NOUNS.has(t[k].pos)) return true;
        if (!/^(DET|ADJ|NUM)$/.test(t[k].pos)) return false;
      }
      return false;
    };
    const candidates = nouns(a).filter((k) => !object(turned) || k > turned);
    // (b's nouns: its own statement, not its reason)
    const shared = candidates.some((i) => nouns(b).some((j) => sameNamed(i, j)));
    if (!shared) continue;
    // the claim taken back is the clause of the word turned ("The filament heats up, so its resistance changes, …")
    let from = turned;
    while (from > a[0] && !CLAUSE_BREAK.test(t[from - 1].lower)) from--;
    out.push({ first: turned, second: pair[1][0], claim: [from, a[a.length - 1] + 1] });
  }
  return out;
}

/** Words that say when or under what condition a statement holds, so that it and its opposite can both be true. */
const CONDITION_WORD =
  /^(if|when|whenever|unless|until|once|then|later|afterwards|eventually|initially|first|finally|next|after|before|above|below|beyond|during|while|whereas|except|without|than|compared|whilst)$/;
/** Words a restatement adds without saying anything new: "water also leaves", "it could become flaccid". */
const RESTATING_FILLER =
  /^(also|too|as|well|maybe|perhaps|possibly|could|might|may|can|will|would|instead|actually|just|really|even|alternatively|sometimes|again|or|and|but|although|though)$/;
/**
 * A word a restatement adds without saying anything new, in its place: the fillers above, and "on the other hand",
 * "then again", "it is (also) possible that".
 */
function restatingFiller(t: Token[], k: number): boolean {
  const w = t[k].lower;
  if (RESTATING_FILLER.test(w)) return true;
  const at = (d: number, re: RegExp) => t[k + d] !== undefined && t[k + d].sentence === t[k].sentence && re.test(t[k + d].lower);
  if (w === 'on') return at(1, /^the$/) && at(2, /^other$/) && at(3, /^hand$/);
  if (w === 'other') return at(-2, /^on$/) && at(-1, /^the$/) && at(1, /^hand$/);
  if (w === 'hand') return at(-3, /^on$/) && at(-1, /^other$/);
  if (w === 'then') return at(1, /^again$/);
  if (w === 'possible' || w === 'likely') return at(1, /^that$/) || at(1, /^to$/);
  return false;
}

/**
 * Of the claim's words a restatement's one turned word is opposite to, the one in its place: followed by the same word
 * ("more electrons" for "fewer electrons", not "rises" before it), else the last.
 */
function sameSlot(t: Token[], flips: [number, number][], wa: number[], wb: number[]): [number, number] {
  const after = (ws: number[], i: number) => ws.find((k) => k > i);
  const j = flips[0][1];
  const next = after(wb, j);
  const inPlace = flips.find(([i]) => {
    const n = after(wa, i);
    return next !== undefined && n !== undefined && sameWordForm(t[n], t[next]);
  });
  return inPlace ?? flips[flips.length - 1];
}

/** Where a sentence turns to a second statement of its own: "…, or water leaves the cell", "…; alternatively …". */
const STATEMENT_JOINT = /^(or|but|although|though|alternatively|;)$/;

/** "Into" and "out (of)" said of the same movement. */
function movesOtherWay(a: Token, b: Token): boolean {
  const into = (x: Token) => x.lower === 'into';
  return (into(a) && b.lower === 'out') || (into(b) && a.lower === 'out');
}

/**
 * "Water enters the cell by osmosis. Water also leaves the cell by osmosis.", "the cell becomes turgid, or it becomes
 * flaccid": a statement (a sentence, or the part of one after "or", "but", "although", ";") that says again what an
 * earlier statement said, with one word turned into its opposite: nothing new beside it, most of the earlier statement's
 * words said again (a pronoun may stand for its noun), no condition that makes both true ("above the optimum the rate
 * falls"), no denial, and exactly one word turned (two turned words are a comparison: "oxidation … the oxidation state
 * increases; reduction … decreases"). The claim is the earlier statement.
 */
function restatedOpposites(answer: AnalysedText): Hedge[] {
  const t = answer.tokens;
  // a sentence split where it turns; at "and" too, but a part after "and" is read only against its own sentence
  // ("water moves into the cell and water moves out of the cell"; "oxidation … and the oxidation state increases.
  // Reduction … and the oxidation state decreases" is two sentences of a comparison)
  const units: number[][] = [];
  const andPart = new Set<number>();
  t.forEach((tok, i) => {
    const opens = i === 0 || t[i - 1].sentence !== tok.sentence;
    const and = tok.lower === 'and';
    if (opens || STATEMENT_JOINT.test(tok.lower) || and) {
      // (a text of parts put together may start a sentence with "and": a part too)
      if (and) {
        if (!opens) andPart.add(units.length - 1);
        andPart.add(units.length);
      }
      units.push([]);
    }
    if (tok.pos !== 'PUNCT') units[units.length - 1].push(i);
  });
  const words = (ks: number[]) => ks.filter((k) => t[k].content && !restatingFiller(t, k) && !t[k].isNumber);
  const undenied = (ks: number[]) => ks.length > 0 && ks.every((k) => !t[k].negator && !t[k].negated);
  // a condition in the claim alone holds for its restatement too ("When it gets hotter more electrons are freed. It is
  // also possible that fewer electrons are freed."); one the restatement adds makes both true ("… falls above the optimum")
  const conditions = (ks: number[]) => ks.filter((k) => CONDITION_WORD.test(t[k].lower) && !restatingFiller(t, k)).map((k) => t[k].lower);
  const out: Hedge[] = [];
  for (let y = 1; y < units.length; y++) {
    const b = units[y];
    const wb = words(b);
    if (!undenied(b) || wb.length === 0) continue;
    for (let x = 0; x < y; x++) {
      const a = units[x];
      if ((andPart.has(x) || andPart.has(y)) && t[a[0]]?.sentence !== t[b[0]]?.sentence) continue;
      const wa = words(a);
      if (!undenied(a) || wa.length < 2) continue;
      const claimConditions = conditions(a);
      if (conditions(b).some((c) => !claimConditions.includes(c))) continue;
      const flips: [number, number][] = [];
      // (a word of a hyphenated name is no direction: "short-term memory" and "long-term memory" are two stores)
      const named = (k: number) => t[k + 1]?.text === '-' && t[k + 1].start === t[k].end;
      for (const i of wa)
        for (const j of wb) if (!named(i) && !named(j) && (saysOpposite(t[i], t[j]) || movesOtherWay(t[i], t[j]))) flips.push([i, j]);
      // one word turned (it may be opposite to two of the claim's: "rises … more electrons" against "fewer electrons")
      if (flips.length === 0 || flips.some(([, j]) => j !== flips[0][1])) continue;
      const [i, j] = sameSlot(t, flips, wa, wb);
      // nothing new in the restatement, and the same numbers ("(2, -4) is a minimum … (-2, 28) is a maximum" is another point)
      if (!wb.every((k) => k === j || wa.some((m) => m !== i && sameWordForm(t[m], t[k])))) continue;
      const numbers = (ks: number[]) =>
        ks
          .filter((k) => t[k].isNumber)
          .map((k) => Number(t[k].lower))
          .sort()
          .join(' ');
      if (numbers(a) !== numbers(b)) continue;
      // and most of the earlier statement said again: a pronoun with the same verb stands for its subject
      const pronoun =
        b.some((k) => /^(it|they)$/.test(t[k].lower)) &&
        b.some((k) => t[k].pos === 'VERB' && a.some((m) => t[m].pos === 'VERB' && sameWordForm(t[m], t[k])));
      const again = wa.filter((m) => m !== i && wb.some((k) => sameWordForm(t[m], t[k])));
      const missing = wa.length - 1 - again.length - (pronoun ? 1 : 0);
      // (or the thing turned said again with it: "more current flows for the same p.d." and "the current could drop")
      // ("current" is often read as an adjective)
      // (a separate statement, not a second item of a list joined by "and": "one heavy band and one light band")
      const slot = wa.indexOf(i);
      const thing = (m: number) => (NOUNS.has(t[m].pos) || t[m].pos === 'ADJ') && !DIRECTIONS[t[m].lower];
      const besideTurned = (m: number) =>
        Math.abs(wa.indexOf(m) - slot) <= 2 && wb.some((k) => sameWordForm(t[k], t[m]) && Math.abs(wb.indexOf(k) - wb.indexOf(j)) <= 2);
      // and saying nothing of the claim away from the turned word ("the same molecular formula but a different
      // structural formula" names "structural" from elsewhere: two things compared)
      const nearTurned = wb.every((k) => k === j || wa.some((m) => sameWordForm(t[m], t[k]) && Math.abs(wa.indexOf(m) - slot) <= 2));
      const sameThingTurned = !andPart.has(y) && nearTurned && again.some((m) => thing(m) && besideTurned(m));
      if (missing > (wa.length > 3 ? Math.max(1, Math.floor((wa.length - 1) / 3)) : 0) && !sameThingTurned) continue;
      if (!again.some((m) => NOUNS.has(t[m].pos)) && !pronoun && !sameThingTurned) continue;
      out.push({ first: i, second: j, claim: [a[0], a[a.length - 1] + 1] });
      break;
    }
  }
  return out;
}

/** Where a sentence turns to a statement that may deny the one before it: "…, but …", "…; however …". */
const DENIAL_JOINT = /^(or|but|although|though|however|yet|whereas|and|;)$/;

/**
 * "Sucrose is actively loaded at the source, but sucrose is not actively loaded at the source", "The wave is
 * transverse. The wave is not transverse.": a statement said again with every content word the same and one of the two
 * denied (either order): the student has said it both ways, and a contradiction loses the mark. Not a question ("Is
 * the wave transverse? It is not."), not "not only", and no condition the denial adds ("… does not happen above the
 * optimum"). The claim is the statement that is not denied.
 */
function restatedDenials(answer: AnalysedText): Hedge[] {
  const t = answer.tokens;
  const units: number[][] = [];
  t.forEach((tok, i) => {
    const joint = DENIAL_JOINT.test(tok.lower);
    if (i === 0 || t[i - 1].sentence !== tok.sentence || joint) units.push([]);
    if (tok.pos !== 'PUNCT' && !joint) units[units.length - 1].push(i);
  });
  const asked = (ks: number[]) => {
    const last = ks[ks.length - 1];
    let next = last + 1;
    while (t[next] && t[next].pos === 'PUNCT') next++;
    return last !== undefined && answer.text.slice(t[last].end, t[next]?.start ?? answer.text.length).includes('?');
  };
  const denial = (ks: number[]) => ks.filter((k) => t[k].negator && !(t[k].lower === 'not' && t[k + 1]?.lower === 'only'));
  const words = (ks: number[]) => ks.filter((k) => t[k].content && !t[k].isNumber && !restatingFiller(t, k));
  const numbers = (ks: number[]) =>
    ks
      .filter((k) => t[k].isNumber)
      .map((k) => t[k].lower)
      .sort()
      .join(' ');
  const conditions = (ks: number[]) => ks.filter((k) => CONDITION_WORD.test(t[k].lower) && !restatingFiller(t, k)).map((k) => t[k].lower);
  const covers = (xs: number[], ys: number[]) => xs.every((x) => ys.some((y) => sameWordForm(t[x], t[y])));
  const out: Hedge[] = [];
  for (let y = 1; y < units.length; y++)
    for (let x = 0; x < y; x++) {
      const [a, b] = [units[x], units[y]];
      if (a.length === 0 || b.length === 0 || asked(a) || asked(b)) continue;
      const [da, db] = [denial(a), denial(b)];
      if (da.length > 0 === db.length > 0 || da.length + db.length !== 1) continue;
      const [wa, wb] = [words(a), words(b)];
      if (wa.length < 2 || !wa.some((k) => NOUNS.has(t[k].pos)) || !covers(wa, wb) || !covers(wb, wa)) continue;
      if (numbers(a) !== numbers(b)) continue;
      const [claim, denied] = da.length ? [b, a] : [a, b];
      const claimConditions = conditions(claim);
      if (conditions(denied).some((c) => !claimConditions.includes(c))) continue;
      out.push({ first: a[0], second: b[b.length - 1], claim: [claim[0], claim[claim.length - 1] + 1] });
      break;
    }
  return out;
}

/** "or vice versa", "or the other way round", "or the opposite", "or the reverse" ending its clause: the word that turns, or -1. */
function otherWayRound(t: Token[], or: number): number {
  const sentence = t[or].sentence;
  const at = (k: number, re: RegExp) => t[k] !== undefined && t[k].sentence === sentence && re.test(t[k].lower);
  let j = or + 1;
  while (at(j, /^(maybe|perhaps|possibly|just|even|it|could|might|may|be|is|the|other|way)$/) && j - or <= 5) {
    if (t[j].lower === 'way' && at(j + 1, /^(round|around)$/)) break;
    j++;
  }
  let turn = -1;
  if (at(j, /^vice$/) && at(j + 1, /^versa$/)) turn = j + 1;
  else if (at(j, /^way$/) && at(j + 1, /^(round|around)$/) && t[j - 1]?.lower === 'other') turn = j + 1;
  else if (at(j, /^(opposite|reverse)$/)) turn = j;
  if (turn < 0) return -1;
  const next = t[turn + 1];
  return !next || next.sentence !== sentence || next.pos === 'PUNCT' ? turn : -1;
}

/** "…, or it might not.": after "or", a subject and auxiliaries, then a negator that ends the clause. -1 when there is none. */
function trailingDenial(t: Token[], or: number): number {
  let j = or + 1;
  while (
    t[j] &&
    j - or <= 4 &&
    /^(it|they|he|she|this|that|there|maybe|perhaps|possibly|may|might|could|can|will|would|does|do|did|is|are|was|were|has|have)$/.test(
      t[j].lower,
    )
  )
    j++;
  if (j === or + 1 || !/^(not|n't)$/.test(t[j]?.lower ?? '') || t[j].sentence !== t[or].sentence) return -1;
  const next = t[j + 1];
  return !next || next.sentence !== t[or].sentence || next.pos === 'PUNCT' ? j : -1;
}

/** Words that concede: "X, although Y". */
const CONCESSIVE = /^(although|though|but|yet)$/;
/** After the concession, its subject and the words before what it says: "although they are always …". */
const CONCESSION_FILLER =
  /^(maybe|perhaps|possibly|it|they|this|these|that|those|he|she|there|also|always|still|actually|really|sometimes|often|can|could|may|might|will|would|do|does|did|is|are|was|were|be|been|being|get|gets|getting|go|goes|going|keep|keeps|stay|stays|remain|remains|become|becomes)$/;
/** A concession with these says when or where, which a contradiction does not: "but it falls above the optimum". */
const CONDITION =
  /^(at|above|below|after|before|when|whenever|if|unless|until|beyond|over|under|then|later|eventually|once|initially|first|during|in|on|for|with|without|because|since|as|so|only|except|while|where)$/;

/**
 * "X, although they are always changing" where X says "constant": a claim taken back in the same sentence by a
 * concession whose subject is a pronoun (the same thing) and whose first word said is the opposite of a word of the
 * claim, with no condition that would make both true ("it rises, but it falls above the optimum" is two claims).
 */
function concessiveTurn(t: Token[], at: number): Hedge | undefined {
  const sentence = t[at].sentence;
  let second = at + 1;
  if (!t[second] || t[second].sentence !== sentence || !/^(it|they)$/.test(t[second].lower)) return undefined;
  while (t[second] && t[second].sentence === sentence && CONCESSION_FILLER.test(t[second].lower) && second - at <= 5) second++;
  const turned = t[second];
  // "but it is a smaller effect": an article or a noun after the word makes it about another thing
  if (!turned || turned.sentence !== sentence || turned.pos === 'PUNCT' || /^(NOUN|PROPN)$/.test(t[second + 1]?.pos ?? ''))
    return undefined;
  // the concession names no condition that would make both claims true
  for (let k = second + 1; t[k] && t[k].sentence === sentence && t[k].pos !== 'PUNCT' && k - second <= 4; k++)
    if (CONDITION.test(t[k].lower) && !/^(because|since|as|so)$/.test(t[k].lower)) return undefined;
  for (let k = at - 1; k >= 0 && at - k <= 8 && t[k].sentence === sentence; k--) {
    if (/^(or|and|but|although|though|yet|whereas)$/.test(t[k].lower)) return undefined;
    if (t[k].pos !== 'PUNCT' && saysOpposite(t[k], turned)) return { first: k, second };
  }
  return undefined;
}

/** A concession that says where or when, so that both claims can be true ("but it also falls above 40 °C"). */
const RESTATED_CONDITION =
  /^(at|above|below|after|before|when|whenever|if|unless|until|beyond|over|under|then|later|eventually|once|initially|first|during|only|except|while|where|without|short|long)$/;

/**
 * "Conformity increased with group size, but larger groups also reduced conformity", "high control and high ecological
 * validity, but it also had low ecological validity": a claim taken back by a concession that says "also", names
 * again a noun of the claim and says a word opposite to one of the claim's, with no condition that makes both true.
 * The claim is the sentence before the concession, or the sentence before it where the concession opens its own.
 */
function restatedTurn(t: Token[], at: number): Hedge | undefined {
  const sentence = t[at].sentence;
  const after: number[] = [];
  for (let k = at + 1; t[k] && t[k].sentence === sentence && k - at <= 14; k++) {
    if (/^(but|although|though|yet|whereas|however|;)$/.test(t[k].lower)) break;
    after.push(k);
  }
  if (!after.some((k) => t[k].lower === 'also') || after.some((k) => RESTATED_CONDITION.test(t[k].lower))) return undefined;
  const claimSentence = at > 0 && t[at - 1].sentence !== sentence ? t[at - 1].sentence : sentence;
  const before: number[] = [];
  for (let k = at - 1; k >= 0 && t[k].sentence === claimSentence && at - k <= 20; k--) {
    if (/^(but|although|though|yet|whereas|or)$/.test(t[k].lower)) break;
    before.push(k);
  }
  const nouns = (ks: number[]) => ks.filter((k) => NOUNS.has(t[k].pos) && t[k].content);
  if (!nouns(after).some((a) => nouns(before).some((b) => sameWordForm(t[a], t[b])))) return undefined;
  for (const j of after)
    for (const k of before)
      if (t[k].pos !== 'PUNCT' && t[j].pos !== 'PUNCT' && saysOpposite(t[k], t[j])) {
        // the claim taken back is the clause of the turned word: "The filament gets hotter, so its resistance increases,
        // but … also lowers the resistance" takes back the rise in resistance, not the filament getting hotter
        let from = k;
        while (from > before[before.length - 1] && !CLAUSE_BREAK.test(t[from - 1].lower)) from--;
        return { first: k, second: j, claim: [from, after[after.length - 1] + 1] };
      }
  return undefined;
}

/** Where one clause of a sentence ends and the next begins: "hotter, so its resistance …", "… because …". */
const CLAUSE_BREAK = /^(,|;|:|so|because|since|therefore|thus|hence|which|and)$/;

/**
 * "The substitution changes one codon …, but the amino acid sequence does not change", "the substrate no longer fits
 * the active site, but it can still fit": after a concession, the claim's own verb said again the other way (denied
 * where the claim says it, said where the claim denies it), its subject a pronoun or the claim's own words. The claim is
 * its sentence up to the concession.
 */
function concededDenial(t: Token[], at: number): Hedge | undefined {
  const sentence = t[at].sentence;
  const start = claimStart(t, at - 1);
  const claim = t.slice(start, at);
  if (claim.some((c) => /^(or|but|although|though|whereas|if|when|unless)$/.test(c.lower))) return undefined;
  const inClaim = (x: Token) => claim.some((c) => sameWordForm(c, x));
  let j = at + 1;
  while (
    t[j] &&
    t[j].sentence === sentence &&
    j - at <= 8 &&
    (CONCESSION_FILLER.test(t[j].lower) ||
      t[j].pos === 'DET' ||
      t[j].pos === 'ADP' ||
      (t[j].content && t[j].pos !== 'VERB' && inClaim(t[j])))
  )
    j++;
  let denied = false;
  if (t[j] && ALL_BUT_DENIES.test(t[j].lower)) {
    denied = true;
    j++;
    while (t[j] && t[j].sentence === sentence && /^(longer|really|even|actually|always)$/.test(t[j].lower)) j++;
  } else if (t[j]?.lower === 'still') j++;
  const verb = t[j]?.sentence === sentence && t[j].pos === 'VERB' ? t[j] : undefined;
  if (!verb) return undefined;
  const first = claim.findIndex((c) => c.pos === 'VERB' && sameWordForm(c, verb));
  if (first < 0) return undefined;
  // the other way: denied after an undenied claim, or said (with "still") after a denied one
  if (denied === claim[first].negated || (!denied && t[j - 1].lower !== 'still')) return undefined;
  // no scope that makes both true ("may slightly reduce wages for some workers, but it does not reduce wages in general")
  const scoped = (k: number) =>
    /^(some|slightly|general|generally|most|overall|certain|many|few|usually|sometimes|often)$/.test(t[k].lower);
  for (let k = start; t[k] && t[k].sentence === sentence; k++) if (scoped(k)) return undefined;
  // no condition that makes both true ("but it does not increase above the optimum")
  for (let k = j + 1; t[k] && t[k].sentence === sentence && k - j <= 4; k++)
    if (CONDITION.test(t[k].lower) && !/^(for|with|in|on|so|as)$/.test(t[k].lower)) return undefined;
  return { first: start, second: j, either: true, claimEnd: at, claim: [start, at] };
}

/**
 * The words after "or" that offer a second answer in doubt: "…, or maybe at the climax community", "…, or was it the
 * avoidant adults", "…, or really quietest", "…, or else to the protein" (a phrase: "or else the cell bursts" is
 * "otherwise"), "…, or it's just …", "…, or it could move into the cells", "…, or she might actually remember it" (not
 * "or they may be tired": two things listed).
 */
const DOUBTING_OR =
  /^(?:maybe|perhaps|possibly|really|actually|(?:was|is) it|it(?:'s| is| was) (?:just|really|actually)|it (?:might|could|may) (?:also )?(?!not\b)\w+|(?:she|he|they|you|we|i) (?:might|could|may) (?:actually|really)|i think|i'm not sure)\b/;
/**
 * The words after "although", "though", "but" that take the claim back: "…, though really conditions get harsher", "…,
 * although you could also say …", "…, though in practice …", "…, though she might equally …", "…, but she could just
 * as easily …", "…, though they might actually …", "…, but it can also be because they want to be right", "…, though it
 * can also mean the minority gets smaller".
 */
const DOUBTING_CONCESSION =
  /^(?:(?:(?!not\b|n't\b|never\b)\w+ )?(?:really|actually|arguably)\b|(?:\w+ )?(?:you|one|some|people) (?:could|might|may) (?:also )?(?:argue|say)\b|in (?:practice|fact|reality)\b|(?:\w+ )?(?:might|may|could) (?:equally|actually|just as well|(?:just )?as (?:easily|likely)|also be)\b|(?:it|they) (?:might|may|could|can) also \w+)/;

/** The words of doubt before the second answer. */
const DOUBT_FILLER =
  /^(maybe|perhaps|possibly|really|actually|arguably|else|was|is|it|it's|'s|just|might|could|may|be|have|been|i|think|not|sure|you|one|some|people|also|argue|say|in|practice|fact|reality|equally|they|she|he|we)$/;

/**
 * "Biodiversity is highest at the pioneer stage, or maybe at the climax community", "the person feels less alone,
 * though they might actually end up feeling more isolated": a second answer offered in doubt, or the claim conceded
 * away, takes back the claim before it (its sentence up to "or", "though"), whatever the words: the student has not
 * said which, and an examiner gives neither (the list principle). Not "or else" before a clause of its own ("or else
 * the cell bursts": otherwise).
 */
function doubtfulAlternative(t: Token[], at: number, text: string): Hedge | undefined {
  const sentence = t[at].sentence;
  const next: Token[] = [];
  for (let k = at + 1; t[k] && t[k].sentence === sentence && next.length < 8; k++) next.push(t[k]);
  const words = next
    .map((x) => x.lower)
    .join(' ')
    .replace(/ n't/g, "n't")
    .replace(/ '(s|m)\b/g, "'$1");
  const concession = t[at].lower !== 'or';
  let doubting = concession ? DOUBTING_CONCESSION.test(words) : DOUBTING_OR.test(words);
  // "or else" with a phrase, not a clause
  if (!concession && !doubting && next[0]?.lower === 'else') doubting = !next.slice(1, 5).some((x) => x.pos === 'VERB' || x.pos === 'AUX');
  if (!doubting) return undefined;
  // (a line of working is a statement of its own)
  const start = claimStart(
    t,
    at - 1,
    (k) =>
      /^(;|\.|!|\?|or|but|although|though)$/.test(t[k].lower) ||
      // ("λ = h/p. Only …": a full stop the tagger kept on its word)
      (/\.$/.test(t[k].text) && /^\p{Lu}/u.test(t[k + 1].text)) ||
      text.slice(t[k].start, t[k + 1].start).includes('\n'),
  );
  if (start >= at - 1) return undefined;
  // (quoted up to the second answer's first word)
  let second = at + 1;
  while (
    t[second + 1] &&
    t[second + 1].sentence === sentence &&
    (!t[second].content || DOUBT_FILLER.test(t[second].lower)) &&
    second - at < 6
  )
    second++;
  return { first: start, second, claim: [start, at] };
}

/**
 * Where the claim that ends at `last` starts: the first word of its sentence, or the word after one that `stops` it
 * (`stops(k)` is asked of the word before the start, k).
 */
function claimStart(t: Token[], last: number, stops: (k: number) => boolean = () => false): number {
  let start = last;
  while (start > 0 && t[start - 1].sentence === t[last].sentence && !stops(start - 1)) start--;
  return start;
}

/** Words that all but deny: "or they hardly conformed at all". */
const ALL_BUT_DENIES = /^(not|n't|never|hardly|barely|scarcely|rarely)$/;

/**
 * "Participants conformed on 37% of trials, or they hardly conformed at all": after "or", the claim's own verb said
 * again and denied. A hedge of the `either` kind (the claim runs from the sentence's start to "or").
 */
function takenBack(t: Token[], or: number): Hedge | undefined {
  const sentence = t[or].sentence;
  let j = or + 1;
  while (t[j] && t[j].sentence === sentence && j - or <= 4 && CONCESSION_FILLER.test(t[j].lower)) j++;
  if (!t[j] || t[j].sentence !== sentence || !ALL_BUT_DENIES.test(t[j].lower)) return undefined;
  const verb = t[j + 1]?.sentence === sentence && t[j + 1].pos === 'VERB' ? t[j + 1] : undefined;
  if (!verb) return undefined;
  const start = claimStart(t, or - 1);
  for (let k = or - 1; k >= start; k--) {
    if (/^(or|but|although|whereas)$/.test(t[k].lower)) return undefined;
    if (t[k].pos === 'VERB' && sameWordForm(t[k], verb)) return { first: start, second: j, either: true, claimEnd: or, claim: [start, or] };
  }
  return undefined;
}

/** Words between "or" and the word that turns the claim round ("or maybe it goes away"). */
const HEDGE_FILLER = /^(just|maybe|perhaps|even|possibly|else|it|they|could|can|might|may|will|would|be|go|goes|move|moves|the|a|an)$/;

/**
 * "X …, or Y" where Y, the first word said after "or", is the opposite of a word of the claim before it in the same
 * sentence (at most eight words back, not across another "or" or "and").
 */
function widerHedge(t: Token[], or: number): Hedge | undefined {
  const sentence = t[or].sentence;
  let second = or + 1;
  while (t[second] && t[second].sentence === sentence && HEDGE_FILLER.test(t[second].lower) && second - or <= 3) second++;
  // the claim's subject said again: "water enters the cell, or water leaves it", "the rate rises or the rate falls"
  const claimSays = (a: Token) => {
    for (let k = or - 1; k >= 0 && or - k <= 8 && t[k].sentence === sentence; k--) if (t[k].content && sameWordForm(t[k], a)) return true;
    return false;
  };
  let repeated = second;
  while (
    t[repeated] &&
    t[repeated].sentence === sentence &&
    repeated - second <= 3 &&
    (t[repeated].pos === 'DET' || (NOUNS.has(t[repeated].pos) && claimSays(t[repeated])))
  )
    repeated++;
  if (repeated > second && t[repeated - 1].pos !== 'DET' && t[repeated]?.pos === 'VERB') second = repeated;
  if (!t[second] || t[second].sentence !== sentence || t[second].pos === 'PUNCT') return undefined;
  for (let k = or - 1; k >= 0 && or - k <= 8 && t[k].sentence === sentence; k--) {
    if (/^(or|and|but|although|whereas)$/.test(t[k].lower)) return undefined;
    if (t[k].pos !== 'PUNCT' && saysOpposite(t[k], t[second])) return { first: k, second };
  }
  return undefined;
}

/**
 * A hedge of the answer about the point: one of the point's wordings states one of its two words, and the hedge's
 * sentence shares another of the point's words ("HF needs more or less energy" against "more energy is needed to
 * overcome the forces"). None where the point itself goes both ways ("in the endothermic or exothermic direction",
 * "can be positive or negative"). Undefined when there is none.
 */
export function hedgeAbout(wordings: AnalysedText[], answer: AnalysedText, applies: (h: Hedge) => boolean = () => true): Hedge | undefined {
  const same = (p: Token, a: Token) => p.lemma === a.lemma || p.stem === a.stem || p.lower === a.lower;
  const says = (a: Token) => wordings.some((w) => w.tokens.some((p) => same(p, a)));
  for (const h of findHedges(answer).filter(applies)) {
    if (h.claim) {
      // taken back: about the point when the claim says at least two of a wording's words, most of the claim or three
      const claim = answer.tokens.slice(h.claim[0], h.claim[1]).filter((a) => a.content);
      const said = wordings.some((w) => {
        const shared = claim.filter((a) => w.content.some((j) => same(w.tokens[j], a))).length;
        return shared >= 3 || (shared >= 2 && shared * 2 > claim.length);
      });
      if (said) return h;
      continue;
    }
    if (h.either) {
      // "the resistance may or may not increase": about the point when the claim denied says at least two of a wording's
      // words and they are most of the claim ("oxygen is more soluble in cold water, or it might not" is not about "fish
      // in warm water get less oxygen")
      const claim = answer.tokens.slice(h.first, h.claimEnd ?? h.second).filter((a) => a.content);
      const said = wordings.some((w) => {
        const shared = claim.filter((a) => w.content.some((j) => same(w.tokens[j], a))).length;
        return shared >= 2 && shared * 2 > claim.length;
      });
      if (said) return h;
      continue;
    }
    const pair = [answer.tokens[h.first], answer.tokens[h.second]];
    // ("goes up or down" against "skin conductance rises": a direction on the point's own axis, in other words)
    if (!onPointsAxis(wordings, answer, h) && (!pair.some(says) || pair.every(says))) continue;
    const sentence = answer.tokens[h.first].sentence;
    const shared = wordings.some((w) =>
      w.content.some((j) =>
        answer.tokens.some(
          (a, k) =>
            k !== h.first && k !== h.second && a.sentence === sentence && a.content && !DIRECTIONS[a.lower] && sameSubject(w.tokens[j], a),
        ),
      ),
    );
    if (shared) return h;
  }
  return undefined;
}

/**
 * "Skin conductance can go up or down" against "skin conductance rises": the hedge's two words are the two ways of an
 * axis on which a wording gives its thing one direction, and the hedge is about that thing.
 */
function onPointsAxis(wordings: AnalysedText[], answer: AnalysedText, h: Hedge): boolean {
  const axisOf = (t: Token) => (Object.hasOwn(DIRECTIONS, t.lower) ? DIRECTIONS[t.lower] : undefined);
  const axis = axisOf(answer.tokens[h.first])?.[0];
  // two words of one axis joined by "or" ("up or down"), not a direction and a count far from it ("falls … or more")
  if (axis === undefined || axisOf(answer.tokens[h.second])?.[0] !== axis || h.second - h.first > 3) return false;
  // (none where a wording itself goes both ways: "switch genes on or off", "make crime seem to rise or fall")
  if (wordings.some((w) => new Set(w.tokens.flatMap((t) => (axisOf(t)?.[0] === axis ? [axisOf(t)![1]] : []))).size > 1)) return false;
  const subject = subjectOf(answer, clausesOf(answer), h.first);
  if (subject < 0) return false;
  return wordings.some((w) => {
    const claims = directionClaims(w).filter((c) => c.axis === axis && c.subject >= 0);
    return new Set(claims.map((c) => c.sign)).size === 1 && claims.some((c) => sameSubject(w.tokens[c.subject], answer.tokens[subject]));
  });
}

/**
 * The clause that holds these characters of the answer is negated: "the battery does not have internal resistance",
 * "so an antigen-antibody complex isn't formed". Returns the negating token, or -1. "Not only" adds, it does not deny.
 */
export function negatorInClause(answer: AnalysedText, start: number, end: number): number {
  const clauses = clausesOf(answer);
  const span = new Set(answer.tokens.flatMap((t, i) => (t.start >= start && t.end <= end ? [clauses[i]] : [])));
  if (span.size === 0) return -1;
  // a line of working is a statement of its own ("f = 1/t" above "b) it cannot fire again")
  const sameLine = (t: Token) => !answer.text.slice(Math.min(t.start, start), Math.max(t.end, end)).includes('\n');
  // close to the words: "does not have internal resistance", "no external driving force", "a complex isn't formed"
  // ("with nothing between them to check for a zero error" denies something else)
  const first = answer.tokens.findIndex((t) => t.start >= start);
  let last = first;
  while (last + 1 < answer.tokens.length && answer.tokens[last + 1].end <= end) last++;
  return answer.tokens.findIndex(
    (t, i) =>
      t.negator &&
      span.has(clauses[i]) &&
      sameLine(t) &&
      !(t.lower === 'not' && answer.tokens[i + 1]?.lower === 'only') &&
      ((i < first && first - i <= 3) || (i > last && i - last <= 3)),
  );
}
