import { beforeAll, describe, expect, it } from 'vitest';
import type { MarkPoint } from '../../../../shared/mark-scheme';
import { markAnswer, warmUpMarker } from '../marker/mark-answer';
import { defaultContentDir, readBankWith } from './bank';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';
import { bankSchemeRules } from './to-generated-paper';
import { toPlainText } from '../marker/text';
import { readAdversarialCases } from '../../../../../scripts/marker-quality/adversarial-cases';

/**
 * The bank's accepted and rejected wordings against the built-in marker (issue 31 item 3): each accepted wording of a
 * prose point, written alone as the answer, earns its point (an accept the marker refuses, or one a loose reject
 * catches, is no accept), and no rejected wording, written alone, earns it. Prose points are B points without a value,
 * outside multiple choice; templates are read with their first seed.
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
});
