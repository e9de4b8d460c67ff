import { beforeAll, describe, expect, it } from 'vitest';
import type { MarkPoint } from '../../../../shared/mark-scheme';
import { markAnswer, warmUpMarker } from '../marker/mark-answer';
import { defaultContentDir, readBankWith } from './bank';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';
import { bankSchemeRules } from './to-generated-paper';
import { analyseText, toPlainText } from '../marker/text';
import { findRequired } from '../marker/phrases';
import { isDeniedValue } from '../marker/numeric';
import { readAdversarialCases } from '../../../../../scripts/marker-quality/adversarial-cases';

/**
 * The bank's accepted and rejected wordings against the built-in marker (issue 31 item 3): each accepted wording of a
 * prose point, written alone as the answer, earns its point (an accept the marker refuses, or one a loose reject
 * catches, is no accept), and no rejected wording, written alone, earns it. Prose points are B points without a value,
 * outside multiple choice; templates are read with their first seed.
 *
 * The scheme linter (issue 31, "schemes that catch misconceptions") reads every point of every written question: an
 * accepted wording is a statement of the point, never a bare word, symbol or number (unless the point is itself that
 * value), never the question's own given equation or expression copied back, and always contains the point's
 * `required` words; no rejected wording contains an accepted one word for word. Every prose point has at least one
 * rejected wording (the misconception an examiner lists for it) and at least three accepted ones.
 *
 * Three more rules (the open items of the first linter session):
 * - A method (M) point of a calculation is for the method applied (../shared/MARK-SCHEMES.md: "a formula with values
 *   substituted, an equation set up"), so its accepts may not all be bare formulas: an equation or proportion in symbols
 *   alone ("E = ½CV²", "v = fλ") with no value of the question substituted, which a student copies from the data sheet.
 *   A bare formula has no template placeholder, no word of four or more letters (a method statement such as "the
 *   magnetic force provides the centripetal force" is a method) and no number but a formula's own constants (1, 2, 3,
 *   4, 10: "½", "4π²", "10^-3"). An equation set up from two formulas ("BQv = mv²/r") may stay beside a substitution.
 *   Mathematics is left out: there an equation in symbols ("dx/dt = 2t", "∫ y dy = ∫ x dx") is the student's own
 *   derived step, not a formula copied.
 *   Nor may the point's own text be a bare formula (issue 31): the marker matches the text as well as the accepts, so
 *   a text "E = ½CV²" or "Q = CV" gave the method mark to the formula copied; the text is the substitution an examiner
 *   expects, with the template's values ("E = 0.5 × {{C}} × 10^-6 × {{V}}²").
 * - A `required` alternative is a word a wrong answer would not contain by chance: never a single Latin letter ("U"
 *   for uracil, "d" for the d sub-shell) unless it is a symbol of a calculation (a question with a numeric point, an
 *   M or A point) or a label the question itself uses ("Country X", "K⁺"), and never a bare function word (LOOSE_WORDS:
 *   "only", "some", "no", "up"…) on its own: "no resistance", "only gravity" say what the point needs.
 * - No accepted wording of any point appears word for word (normalised) in an answer of the adversarial set that an
 *   examiner gave nothing, of the honest weak kinds or of the kinds that game a marker (keyword lists, rambling, the
 *   question copied, a "not" inserted where the wording is not the negated part).
 */

const bank = readBankWith(defaultContentDir());

interface ProsePoint {
  question: ConcreteQuestion;
  point: MarkPoint;
}

const prose: ProsePoint[] = [...bank.byId.values()].flatMap(({ question }) => {
  if (question.type === 'multiple_choice') return [];
  const concrete = instantiateQuestion(question, 1);
  return concrete.markScheme.filter((p) => !p.numeric && (p.kind ?? 'B') === 'B').map((point) => ({ question: concrete, point }));
});

/** Every point of every written (not multiple-choice) question, templates read with their first seed. */
const written: ProsePoint[] = [...bank.byId.values()].flatMap(({ question }) => {
  if (question.type === 'multiple_choice') return [];
  const concrete = instantiateQuestion(question, 1);
  return concrete.markScheme.map((point) => ({ question: concrete, point }));
});

/** Spacing, case and typographic variants that do not change what a wording says (as the marker's word-for-word match). */
const squash = (text: string) =>
  toPlainText(text)
    .toLowerCase()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[×·]/g, '*')
    .replace(/\s+/g, '');

/** A wording reduced to its mathematics: `\\theta` and "θ", `\\csc` and "cosec", `≡` and `=` alike; braces dropped. */
const mathsOf = (text: string) =>
  squash(text)
    .replace(/θ/g, 'theta')
    .replace(/π/g, 'pi')
    .replace(/cosec/g, 'csc')
    .replace(/≡|equiv/g, '=')
    .replace(/\\,|[{}\\]/g, '');

/** A piece of mathematics rather than a word: an operator or a function applied ("sec θ cosec θ"). */
const isMaths = (side: string) => /[-+*/^()]|sin|cos|tan|sec|csc|cot|ln|log/.test(side);

/** The numbers a wording states ("1.5 × 10^-3" as two numbers is fine: this compares values, not forms). */
const numbersIn = (text: string) => (toPlainText(text).match(/\d+(?:\.\d+)?/g) ?? []).map(Number);

/**
 * The kind of bare wording an accept is, if any: one word ("uncertainty", "implicit"), one symbol with no value
 * ("mgh", "rθ") or a number with at most a unit ("360 s"). A formula or relation ("E = Pt", "I ∝ V") is no bare wording.
 */
function bareKind(wording: string): 'word' | 'symbol' | 'number' | undefined {
  const plain = toPlainText(wording).trim();
  if (/[=<>≤≥→∝≡]/.test(plain)) return undefined;
  const tokens = plain.split(/\s+/).filter(Boolean);
  if (tokens.length === 1 && /^\p{L}+$/u.test(plain)) return 'word';
  if (tokens.length === 1 && !/\d/.test(plain) && !/[-−+*/^×÷()√²³⁻]/.test(plain)) return 'symbol';
  if (/^[-−]?\d[\d.,]*(\s*%|\s+\S{1,4})?$/u.test(plain)) return 'number';
  return undefined;
}

/** Point texts of one word outside brackets ("attractive (opposite charges)") are answered by that word. */
const oneWordPoint = (text: string) =>
  toPlainText(text)
    .replace(/\([^)]*\)/g, ' ')
    .trim()
    .split(/\s+/).length <= 1;

/** Function names that make no statement on their own: "f'(x) = …" restates the question as much as "= …" does. */
const NAMES_ONLY = /^(f'*\(x\)|dy\/dx|d2y\/dx2|y|lhs|rhs)?$/;

/** An accept that contains each required entry: the marker's own match, or the alternative written as a word or symbol. */
function hasRequired(wording: string, entry: string): boolean {
  const plain = toPlainText(wording);
  if (findRequired(analyseText(plain), entry) || findRequired(analyseText(plain), entry, true)) return true;
  return entry
    .split('|')
    .map((alt) => alt.trim())
    .filter(Boolean)
    .some((alt) =>
      /\p{L}/u.test(alt)
        ? new RegExp(`(^|[^\\p{L}])${alt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'iu').test(plain)
        : plain.includes(alt),
    );
}

/** The adversarial kinds whose 0-mark answers no accept may appear in: honest weak answers and the gaming kinds. */
const ZERO_MARK_KINDS = ['weak', 'misconception', 'opposite-direction', 'not-inserted', 'keyword-list', 'rambling', 'question-copy'];

/** The wording stands right after a negation ("do not face menu costs"): a "not" inserted says it, then denies it. */
const negatedBefore = (answer: string, at: number) =>
  /(^|\s)(not|no|never|without|cannot)\s+(\S+\s+){0,2}$|n't\s+(\S+\s+){0,2}$/.test(answer.slice(0, at));

/** A wording as plain lower-case text with one kind of dash, of times sign and of space. */
const normalise = (text: string) =>
  toPlainText(text)
    .toLowerCase()
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/[×·]/g, '*')
    .replace(/\s+/g, ' ')
    .trim();

/** `haystack` (padded with spaces) contains `needle` as whole words (not "49" inside "2049"), optionally not negated. */
function containsWords(haystack: string, needle: string, unlessNegated = false): boolean {
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + needle.length] ?? ' ';
    // (denied before it, or after it as the marker reads a denied value: "so 261 K is not used")
    const negated = unlessNegated && (negatedBefore(haystack, at) || isDeniedValue(haystack, { start: at }));
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after) && !negated) return true;
    at = haystack.indexOf(needle, at + 1);
  }
  return false;
}

/** Symbol names that are words in a formula ("sin θ", "√", "λ" spelt out), not a method statement. */
const FORMULA_WORDS = /\b(sqrt|sin|cos|tan|log|ln|theta|lambda|delta|omega|alpha|beta|gamma|rho|sigma|phi)\b/gi;

/** A bare formula: an equation or proportion in symbols with no value substituted (see the rule above). */
function isBareFormula(wording: string): boolean {
  if (wording.includes('{{')) return false;
  const plain = toPlainText(wording).trim();
  if (!/[=∝]/.test(plain)) return false;
  if (/\p{L}{4,}/u.test(plain.replace(FORMULA_WORDS, ''))) return false;
  return (plain.match(/\d+(?:\.\d+)?/g) ?? []).every((n) => ['1', '2', '3', '4', '10'].includes(n));
}

/** Function words that a wrong answer says as readily as a right one: never a `required` alternative alone. */
const LOOSE_WORDS = new Set(['a', 'an', 'the', 'it', 'is', 'no', 'not', 'up', 'only', 'some', 'very', 'used', 'use', 'and', 'or']);

function statusOf({ question, point }: ProsePoint, answer: string) {
  const feedback = markAnswer({
    questionText: question.text,
    type: question.type,
    totalMarks: question.marks,
    markScheme: question.markScheme,
    answer,
    rules: bankSchemeRules(question),
  });
  return feedback.markscheme_evaluation.find((e) => e.point_id === point.id);
}

beforeAll(() => {
  warmUpMarker();
}, 60_000);

describe('accepted and rejected wordings of the bank’s prose points', () => {
  it('has prose points to check', () => {
    expect(prose.length).toBeGreaterThan(100);
  });

  // one test a topic: each stays well inside the time limit as the bank grows, and names its topic when it fails
  const topicOf = (id: string) => id.replace(/-\d+$/, '');
  const topics = [...new Set(prose.map((p) => topicOf(p.question.id)))].sort();

  it.each(topics)('every accepted wording of a %s point, alone, earns its point', (topic) => {
    const refused = prose
      .filter((p) => topicOf(p.question.id) === topic)
      .flatMap((p) =>
        (p.point.accept ?? []).flatMap((wording) => {
          const result = statusOf(p, wording);
          return result?.status === 'COVERED'
            ? []
            : [`${p.question.id}/${p.point.id}: "${wording}" → ${result?.status} (${result?.rule ?? ''})`];
        }),
      );
    expect(refused).toEqual([]);
  });

  it('accepts a statement of the point, never a bare keyword: a point of more than four words has no accept under three words', () => {
    const words = (text: string) =>
      toPlainText(text)
        .split(/\s+/)
        .filter((w) => /[\p{L}\p{N}]/u.test(w));
    const bare = prose
      .filter((p) => words(p.point.text).length > 4)
      .flatMap((p) =>
        (p.point.accept ?? [])
          .filter((wording) => words(wording).length < 3 && !/[=<>≤≥→∝×]/.test(wording))
          .map((wording) => `${p.question.id}/${p.point.id}: "${wording}"`),
      );
    expect(bare).toEqual([]);
  });

  it('accepts no wording that a wrong answer of the adversarial set says (an answer an examiner gave nothing)', () => {
    // every point of the family's bank question, and the gaming kinds too: an accept that a keyword list says word for
    // word is a keyword. A "not" inserted counts where the wording is not itself negated ("do not face menu costs" is the
    // point denied, refused by the marker's negation rule); a point stated with its opposite ("point-and-opposite")
    // says the accept by design and is left to the contradiction rule
    const wrong = readAdversarialCases().filter((c) => c.expected_marks === 0 && ZERO_MARK_KINDS.includes(c.kind));
    expect(wrong.length).toBeGreaterThan(20);
    const found = wrong.flatMap((c) => {
      const answer = ` ${normalise(c.answer)} `;
      return written
        .filter((p) => p.question.id === c.family)
        .flatMap((p) =>
          p.point.accept
            .filter((wording) => normalise(wording).length > 0 && containsWords(answer, normalise(wording), c.kind === 'not-inserted'))
            .map((wording) => `${c.id} (${c.kind}) says "${wording}", accepted for ${p.question.id}/${p.point.id}`),
        );
    });
    expect(found).toEqual([]);
  });

  it('gives every prose point the misconceptions an examiner rejects and three wordings a student would write', () => {
    // issue 31 item 3: at least one reject wording and three accepted wordings a point
    const thin = prose.flatMap(({ question, point }) => [
      ...((point.reject ?? []).length === 0 ? [`${question.id}/${point.id}: no reject wording`] : []),
      ...((point.accept ?? []).length < 3 ? [`${question.id}/${point.id}: ${(point.accept ?? []).length} accepted wordings`] : []),
    ]);
    expect(thin).toEqual([]);
  });

  it.each(topics)('no rejected wording of a %s point, alone, earns its point', (topic) => {
    const earned = prose
      .filter((p) => topicOf(p.question.id) === topic)
      .flatMap((p) =>
        (p.point.reject ?? []).flatMap((wording) =>
          statusOf(p, wording)?.status === 'COVERED' ? [`${p.question.id}/${p.point.id}: "${wording}"`] : [],
        ),
      );
    expect(earned).toEqual([]);
  });

  it('accepts no bare word, symbol or number for a point that is not itself that value', () => {
    // a numeric point's own value ("{{I:3}} A") and an A mark's value are values; an M point may accept the value it
    // states ("R = 5g = 49 N" accepts "49"), never another number ("360 s" for E = Pt) or a bare symbol ("mgh")
    const bare = written.flatMap(({ question, point }) =>
      point.accept.flatMap((wording) => {
        const kind = bareKind(wording);
        if (!kind || point.numeric || oneWordPoint(point.text)) return [];
        if (kind === 'number') {
          const stated = numbersIn(point.text);
          const own = numbersIn(wording).every((n) => stated.some((s) => Math.abs(s - n) <= 0.01 * Math.max(Math.abs(s), 1e-9)));
          if (point.kind === 'A' || own) return [];
        }
        return [`${question.id}/${point.id}: "${wording}" (a bare ${kind})`];
      }),
    );
    expect(bare).toEqual([]);
  });

  it('accepts no wording that restates the question’s own given equation or expression', () => {
    // "= sec θ cosec θ" is the identity to be proved, "f'(x) = 2x - 5" the derivative to be found from first principles
    const restated = written.flatMap(({ question, point }) => {
      const given = mathsOf(question.text);
      return point.accept.flatMap((wording) => {
        const sides = mathsOf(wording)
          .split(/=/)
          .map((side) => side.replace(/^[.,:;]+|[.,:;]+$/g, ''))
          .filter((side) => !NAMES_ONLY.test(side));
        const copied =
          sides.length > 0 &&
          sides.every((side) => side.length >= 4 && /[a-z]/.test(side) && isMaths(side)) &&
          given.includes(sides.join('='));
        return copied ? [`${question.id}/${point.id}: "${wording}"`] : [];
      });
    });
    expect(restated).toEqual([]);
  });

  it('accepts only wordings that contain the point’s required words', () => {
    // the marker credits an accepted wording before it looks at `required`: an accept without the required word would
    // earn the point for a wording that a student's own, with the same words, cannot
    const missing = written.flatMap(({ question, point }) =>
      point.accept.flatMap((wording) =>
        point.required
          .filter((entry) => !hasRequired(wording, entry))
          .map((entry) => `${question.id}/${point.id}: "${wording}" lacks "${entry}"`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('rejects no wording that contains one of the point’s accepted wordings word for word', () => {
    const clash = written.flatMap(({ question, point }) =>
      point.reject.flatMap((rejected) =>
        point.accept
          .filter((accepted) => squash(accepted).length >= 5 && squash(rejected).includes(squash(accepted)))
          .map((accepted) => `${question.id}/${point.id}: reject "${rejected}" contains accept "${accepted}"`),
      ),
    );
    expect(clash).toEqual([]);
  });

  it('accepts a substitution or a method for a calculation’s method point, not only bare formulas', () => {
    const calculations = [...bank.byId.values()]
      .map(({ question }) => question)
      .filter((q) => q.type !== 'multiple_choice' && !q.id.startsWith('mathematics-') && q.markScheme.some((p) => p.numeric));
    const bare = calculations.flatMap((question) =>
      question.markScheme
        .filter((point) => point.kind === 'M' && point.accept.length > 0 && point.accept.every(isBareFormula))
        .map((point) => `${question.id}/${point.id}: ${JSON.stringify(point.accept)}`),
    );
    expect(bare).toEqual([]);
  });

  it('states a calculation’s method point as the method applied, never as a bare formula in its text', () => {
    // the marker matches a point's text as well as its accepts: a text "E = ½CV²" gives the method mark to a student who
    // copies the formula (often printed in the question); an examiner's M1 is the formula with the question's values
    // substituted, "E = 0.5 × {{C}} × 10^-6 × {{V}}²", or the equation set up with them
    const calculations = [...bank.byId.values()]
      .map(({ question }) => question)
      .filter((q) => q.type !== 'multiple_choice' && !q.id.startsWith('mathematics-') && q.markScheme.some((p) => p.numeric));
    const bare = calculations.flatMap((question) =>
      question.markScheme
        .filter((point) => point.kind === 'M' && isBareFormula(point.text))
        .map(
          (point) => `${question.id}/${point.id}: text "${point.text}" is a bare formula; write it with the question's values substituted`,
        ),
    );
    expect(bare).toEqual([]);
  });

  it('requires no single letter (outside a calculation or the question’s own labels) and no bare function word', () => {
    const loose = written.flatMap(({ question, point }) => {
      const calculation = point.numeric || point.kind === 'M' || point.kind === 'A' || question.markScheme.some((p) => p.numeric);
      const questionText = ` ${toPlainText(question.text)} `;
      return point.required.flatMap((entry) =>
        entry
          .split('|')
          .map((alt) => alt.trim())
          .filter((alt) => {
            if (LOOSE_WORDS.has(alt.toLowerCase())) return true;
            if (!/^[A-Za-z]$/.test(alt) || calculation) return false;
            return !new RegExp(`(^|[^\\p{L}])${alt}($|[^\\p{L}])`, 'u').test(questionText);
          })
          .map((alt) => `${question.id}/${point.id}: "${alt}" in "${entry}"`),
      );
    });
    expect(loose).toEqual([]);
  });
});
