import { defaultContentDir } from '../../src/server/engine/builtin/bank/bank';
import { instantiateQuestion } from '../../src/server/engine/builtin/bank/instantiate';
import { readBank } from '../../src/server/engine/builtin/bank/load-bank';

/**
 * The start of an adversarial-set line for a bank question (content/marker-cases/adversarial/, issue 24): the question
 * with its seed-1 values and its scheme as `npm run mark` reads them. The writer adds id, family, subject, split, kind,
 * answer, expected_marks and why.
 *
 *   npx tsx scripts/marker-quality/case-skeleton.ts economics-demand-supply-and-elasticity-04 [more ids…]
 */

const ids = process.argv.slice(2);
if (ids.length === 0) {
  console.error('Usage: npx tsx scripts/marker-quality/case-skeleton.ts <bank question id> [more ids…]');
  process.exit(2);
}
const bank = readBank(defaultContentDir());
for (const id of ids) {
  const entry = bank.byId.get(id);
  if (!entry) {
    console.error(`No bank question ${id}`);
    process.exitCode = 1;
    continue;
  }
  const q = instantiateQuestion(entry.question, 1);
  const line = {
    family: id,
    question: q.text,
    mark_scheme: q.markScheme,
    total_marks: q.marks,
    type: q.type,
    ...(q.options && { options: q.options }),
    ...(q.correctAnswer && { correct_answer: q.correctAnswer }),
    ...(q.groups?.length && { groups: q.groups }),
    ...(q.final_answer_full_marks && { final_answer_full_marks: true }),
    ...(q.levels?.length && { levels: q.levels }),
    modelAnswer: q.modelAnswer,
  };
  console.log(JSON.stringify(line));
}
