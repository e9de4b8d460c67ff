import { beforeAll, describe, expect, it } from 'vitest';
import type { Feedback } from '../../../../shared/mark-scheme';
import { markAnswer, warmUpMarker } from '../marker/mark-answer';
import { defaultContentDir } from './bank';
import { readBank } from './load-bank';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';
import { bankSchemeRules } from './to-generated-paper';

/**
 * Every question in the bank against the built-in marker: its own model answer (instantiated, for
 * templates over 10 seeds, or BANK_SEEDS when set: `BANK_SEEDS=30 npx vitest run …bank-marking` before adding
 * templates) earns full marks; a blank answer and an unrelated answer (with the first seed's values) earn nothing.
 * A failure names the question, the answer and each point the marker did not award, with its reason.
 * (Template values themselves are checked over 200 seeds by bank-content.test.ts, without the marker.)
 */

const TEMPLATE_SEEDS = Array.from({ length: Number(process.env.BANK_SEEDS) || 10 }, (_, i) => i + 1);
const UNRELATED = 'I enjoy reading novels and playing football with my friends at the weekend.';

const bank = readBank(defaultContentDir());
const entries = [...bank.byId.values()];

function mark(q: ConcreteQuestion, answer: string): Feedback {
  return markAnswer({
    questionText: q.text,
    type: q.type,
    totalMarks: q.marks,
    markScheme: q.markScheme,
    answer,
    ...(q.options && { options: q.options }),
    ...(q.correctAnswer && { correctAnswer: q.correctAnswer }),
    rules: bankSchemeRules(q),
  });
}

/** Points not covered, with the marker's reasons, for a readable failure. */
function missed(feedback: Feedback): string[] {
  return feedback.markscheme_evaluation.filter((p) => p.status !== 'COVERED').map((p) => `${p.point_id} ${p.status}: ${p.justification}`);
}

function covered(feedback: Feedback): string[] {
  return feedback.markscheme_evaluation.filter((p) => p.status === 'COVERED').map((p) => `${p.point_id}: ${p.justification}`);
}

beforeAll(() => {
  warmUpMarker();
}, 60_000);

describe('the built-in marker on the bank', () => {
  it('has questions to mark', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(entries.map((e) => [e.question.id, e.question] as const))(
    '%s: model answer full marks; blank and unrelated zero',
    (id, question) => {
      const seeds = question.template ? TEMPLATE_SEEDS : [1];
      const failures: string[] = [];
      for (const seed of seeds) {
        const q = instantiateQuestion(question, seed);
        const where = question.template ? `${id} (seed ${seed})` : id;
        const model = mark(q, q.modelAnswer);
        if (model.marks_awarded !== q.marks) {
          failures.push(`${where}: model answer scored ${model.marks_awarded}/${q.marks}; missed ${missed(model).join(' | ')}`);
        }
        if (seed !== seeds[0]) continue;
        for (const [label, answer] of [
          ['blank', ''],
          ['unrelated', UNRELATED],
        ] as const) {
          const feedback = mark(q, answer);
          if (feedback.marks_awarded !== 0) {
            failures.push(
              `${where}: ${label} answer scored ${feedback.marks_awarded}/${q.marks}; awarded ${covered(feedback).join(' | ')}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
