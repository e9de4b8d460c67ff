import { beforeAll, describe, expect, it } from 'vitest';
import type { Feedback } from '../../../../shared/mark-scheme';
import { markAnswer, warmUpMarker } from '../marker/mark-answer';
import { defaultContentDir } from './bank';
import { readBank } from './load-bank';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';
import { bankSchemeRules } from './to-generated-paper';

/**
 * Every question in the bank against the built-in marker: its own model answer (instantiated, for
 * templates over 30 seeds) earns full marks; a blank answer and an unrelated answer earn nothing.
 * A failure names the question, the answer and each point the marker did not award, with its reason.
 */

const TEMPLATE_SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);
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
