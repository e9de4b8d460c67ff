/**
 * Batch marking with the built-in marker, for teachers:
 *
 *   npm run mark -- answers.jsonl > marks.jsonl      (or pipe the lines in on standard input; .npmrc keeps
 *                                                    npm's banner out of standard output)
 *
 * Input, one JSON object a line: {id, question, mark_scheme: [{id, text, ...}], total_marks, answer}
 * (optional: type, options, correct_answer; point marks, kind "M"|"A"|"B", depends_on, ecf, ecf_formula,
 * group; top-level groups [{id, max}], final_answer_full_marks, levels [{level, min_marks, max_marks,
 * descriptor}]). Output, one a line: {id, marks_awarded, total_marks, markscheme_evaluation (each point
 * with marks_awarded and, where a rule applied, note), qualitative_feedback, level (levels only)}, or
 * {id, line, error} for a line that cannot be marked or whose scheme is broken (every problem listed).
 * A summary goes to standard error; the exit code is 0 unless the input file cannot be read.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { markBatchLine } from './mark-batch';

const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (file && !fs.existsSync(file)) {
  console.error(`mark: no such file: ${file}`);
  process.exit(2);
}
const input = file ? fs.createReadStream(file, 'utf8') : process.stdin;
const lines = readline.createInterface({ input, crlfDelay: Infinity });
let n = 0;
let marked = 0;
let failed = 0;
for await (const line of lines) {
  n++;
  if (!line.trim()) continue;
  const out = markBatchLine(line, n);
  if ('error' in out) failed++;
  else marked++;
  process.stdout.write(JSON.stringify(out) + '\n');
}
console.error(`mark: ${marked} answers marked, ${failed} lines with errors`);
