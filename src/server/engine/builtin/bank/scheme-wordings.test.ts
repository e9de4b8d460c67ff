import { beforeAll, describe, expect, it } from 'vitest';
import type { MarkPoint } from '../../../../shared/mark-scheme';
import { markAnswer, warmUpMarker } from '../marker/mark-answer';
import { defaultContentDir, readBankWith } from './bank';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';
import { bankSchemeRules } from './to-generated-paper';
import { analyseText, toPlainText } from '../marker/text';
import { findRequired } from '../marker/phrases';
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
 * `required` words; no rejected wording contains an accepted one word for word.
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

  // one test a subject: each stays well inside the time limit as the bank grows, and names its subject when it fails
  const subjects = [...new Set(prose.map((p) => p.question.id.split('-')[0]))].sort();

  it.each(subjects)('every accepted wording of a %s point, alone, earns its point', (subject) => {
    const refused = prose
      .filter((p) => p.question.id.startsWith(`${subject}-`))
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
    // keyword lists are refused by their own rule, and a point stated with its opposite by the contradiction rule
    const wrong = readAdversarialCases().filter(
      (c) => c.expected_marks === 0 && ['weak', 'misconception', 'opposite-direction', 'rambling', 'question-copy'].includes(c.kind),
    );
    expect(wrong.length).toBeGreaterThan(20);
    const found = wrong.flatMap((c) => {
      const answer = toPlainText(c.answer).toLowerCase();
      return prose
        .filter((p) => p.question.id === c.family)
        .flatMap((p) =>
          (p.point.accept ?? [])
            .filter((wording) => answer.includes(toPlainText(wording).toLowerCase().trim()))
            .map((wording) => `${c.id} (${c.kind}) says "${wording}", accepted for ${p.question.id}/${p.point.id}`),
        );
    });
    expect(found).toEqual([]);
  });

  it('no rejected wording, alone, earns its point', () => {
    const earned = prose.flatMap((p) =>
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
});
