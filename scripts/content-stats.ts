/**
 * npm run content:stats — counts of the built-in question bank as JSON on stdout:
 * {subjects, topics, questions, templates, by_subject: {Biology: {topics, questions, templates, by_type, by_difficulty}}}.
 * Problems found while loading (invalid files or questions, which are left out of the counts) go to stderr.
 */
import { computeBankStats } from '../src/server/engine/builtin/bank/bank-stats';
import { formatIssue, readBank } from '../src/server/engine/builtin/bank/load-bank';

const bank = readBank();
for (const issue of bank.issues) console.error(`warning: ${formatIssue(issue)}`);
console.log(JSON.stringify(computeBankStats(bank), null, 2));
