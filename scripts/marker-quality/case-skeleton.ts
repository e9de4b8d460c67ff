import fs from 'node:fs';
import { defaultContentDir } from '../../src/server/engine/builtin/bank/bank';
import { instantiateQuestion } from '../../src/server/engine/builtin/bank/instantiate';
import { readBank } from '../../src/server/engine/builtin/bank/load-bank';
import { checkCaseLines } from './adversarial-cases';

/**
 * The start of an adversarial-set line for a bank question (content/marker-cases/adversarial/, issue 24): the question
 * with its seed-1 values and its scheme as `npm run mark` reads them. The writer adds id, family, subject, split, kind,
 * answer, expected_marks and why.
 *
 *   npx tsx scripts/marker-quality/case-skeleton.ts economics-demand-supply-and-elasticity-04 [more ids…]
 *
 * With `--check <file>` it checks a writer's finished file instead, marking nothing: every line a valid case, ids unique,
 * no label above the question's marks.
 */

const args = process.argv.slice(2);
if (args[0] === '--check') {
  if (!args[1]) {
    console.error('Usage: npx tsx scripts/marker-quality/case-skeleton.ts --check <file>');
    process.exit(2);
  }
  const problems = checkCaseLines(fs.readFileSync(args[1], 'utf8'));
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(`${args[1]}: every line is a case`);
  process.exit(0);
}
const ids = args;
if (ids.length === 0) {
  console.error('Usage: npx tsx scripts/marker-quality/case-skeleton.ts <bank question id> [more ids…] | --check <file>');
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
