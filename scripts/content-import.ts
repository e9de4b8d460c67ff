/**
 * npm run content:import -- <file> [--subject S] [--topic T] [--description D] [--difficulty easy|medium|hard]
 *                           [--format gift|xml|json] [--out content/<subject>/<topic>.json] [--force] [--check] [--strict]
 * Reads a GIFT (.gift, .txt), Moodle XML (.xml, or any file that starts as XML does) or JSON exchange file (see
 * docs/question-bank-format.md), validates every
 * question as the bank loader does (schema, marks, templates instantiated over 50 seeds) and writes one
 * topic file (default content/<subject-slug>/<topic-slug>.json). --difficulty (the default for GIFT
 * questions without a `// difficulty:` comment) also takes challenging or difficult, stored as hard.
 * GIFT and Moodle XML are imported in part: every question that can be is written, and a report lists, question by
 * question, what was imported, what was changed on the way (and why) and what was skipped (and why); a file with
 * several categories (and no --topic) becomes one topic file each. --strict keeps the all-or-nothing rule: any
 * invalid question and nothing is written (exit 1). JSON is always all-or-nothing.
 * --check validates without writing; --force replaces an existing file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  importTree,
  treeTopics,
  UNMARKED_ESSAY_NOTE,
  type GiftImportReport,
  type UnmarkedEssay,
} from '../src/server/engine/builtin/bank/import-gift';
import { formatImportError, importJson, type ImportOptions, type ImportResult } from '../src/server/engine/builtin/bank/import-questions';
import { readBank } from '../src/server/engine/builtin/bank/load-bank';
import { findRepoRoot } from '../src/server/engine/repo-root';
import { slugify } from '../src/server/engine/builtin/bank/match-text';
import { parseGift } from '../src/server/engine/builtin/bank/parse-gift';
import { parseMoodleXml } from '../src/server/engine/builtin/bank/parse-moodle-xml';
import { toBankDifficulty } from '../src/server/engine/builtin/bank/schema';
import { IMPORT_FORMATS, importFormatOf, type ImportFormat } from '../src/shared/question-import-text';

function fail(message: string): never {
  console.error(`content:import: ${message}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      subject: { type: 'string' },
      topic: { type: 'string' },
      description: { type: 'string' },
      difficulty: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    },
  });
} catch (error) {
  fail((error as Error).message);
}
const { values: args, positionals } = parsed;
if (positionals.length !== 1)
  fail('pass exactly one file to import, e.g. npm run content:import -- questions.gift --subject Physics --topic Waves');
const source = path.resolve(positionals[0]);
if (!existsSync(source)) fail(`no such file: ${positionals[0]}`);
const text = readFileSync(source, 'utf8');
const format = args.format ?? importFormatOf(source, text);
if (!(IMPORT_FORMATS as readonly string[]).includes(format)) fail(`--format must be gift, xml or json, not "${format}"`);
// GIFT and Moodle XML are read into one tree (import-gift.ts turns it into bank questions); JSON is read as it is
const tree =
  (format as ImportFormat) === 'json' ? undefined : format === 'xml' ? parseMoodleXml(text) : { ...parseGift(text), fileErrors: [] };
if (tree && tree.fileErrors.length > 0) fail(`${path.basename(source)}: ${tree.fileErrors.join('; ')}; nothing written`);
const difficulty = args.difficulty === undefined ? undefined : toBankDifficulty(args.difficulty);
if (args.difficulty !== undefined && !difficulty)
  fail(`--difficulty must be easy, medium or hard (or challenging or difficult, read as hard), not "${args.difficulty}"`);

const root = findRepoRoot();
const bank = readBank(path.join(root, 'content'));
// An essay with no mark scheme is recognised as the app recognises it (unmarkedEssays): the app stores it flagged
// "needs a mark scheme"; a topic file holds only markable questions, so here it is listed with the same words, not written.
const baseOptions = { subject: args.subject, description: args.description, difficulty, strict: args.strict, unmarkedEssays: !args.strict };

function runImport(
  options: ImportOptions & { strict?: boolean; unmarkedEssays?: boolean },
): ImportResult & { report?: GiftImportReport; unmarked?: UnmarkedEssay[] } {
  return tree ? importTree(tree, options) : importJson(text, options);
}

function printUnmarked(unmarked: UnmarkedEssay[] | undefined): void {
  for (const e of unmarked ?? [])
    console.log(
      `  needs a mark scheme  Question ${e.number}${e.title ? ` "${e.title}"` : ''} (essay, ${e.marks} mark${e.marks === 1 ? '' : 's'}): ${UNMARKED_ESSAY_NOTE}; not written, since a topic file holds only questions with a scheme (add a '// points:' comment or Moodle grader information, or import it in the app)`,
    );
}

function printReport(report: GiftImportReport | undefined): void {
  if (!report) return;
  for (const q of report.imported)
    console.log(
      `  imported  Question ${q.number}${q.title ? ` "${q.title}"` : ''}: ${q.id} (${q.type}, ${q.marks} mark${q.marks === 1 ? '' : 's'})`,
    );
  for (const n of report.changed) console.log(`  changed   ${formatImportError(n)}`);
  for (const n of report.skipped) console.log(`  skipped   ${formatImportError(n)}`);
}

/** Imports one topic (the file's only one, or the one named); returns false when nothing could be written. */
function importTopic(topicOption: string | undefined): boolean {
  const options = { ...baseOptions, topic: topicOption };
  // The output path depends on the subject and topic, which may come from the file itself: import once to learn them.
  const first = runImport(options);
  const subject = first.topicFile?.subject ?? args.subject;
  const topic = first.topicFile?.topic ?? topicOption;
  const out = args.out
    ? path.resolve(args.out)
    : subject && topic
      ? path.join(root, 'content', slugify(subject), `${slugify(topic)}.json`)
      : undefined;
  const relativeOut = out ? path.relative(root, out) : undefined;

  // Ids must be unique across the bank, except for the file being replaced.
  const existingIds = new Set(
    [...bank.byId.values()].filter(({ topic: t }) => !out || path.join(root, t.file) !== out).map(({ question }) => question.id),
  );
  const result = runImport({ ...options, existingIds });

  if (result.errors.length > 0 || !result.topicFile) {
    console.error(
      `content:import: ${path.basename(source)}${topic ? ` (${topic})` : ''}: ${result.errors.length} problem(s); nothing written.`,
    );
    for (const error of result.errors) console.error(`  ${formatImportError(error)}`);
    printReport(result.report && { ...result.report, imported: [] });
    printUnmarked(result.unmarked);
    return false;
  }
  const count = result.topicFile.questions.length;
  if (args.check) {
    console.log(`${path.basename(source)}: ${count} valid question(s) for ${result.topicFile.subject} / ${result.topicFile.topic}.`);
    printReport(result.report);
    printUnmarked(result.unmarked);
    return true;
  }
  if (!out) fail('pass --out, or --subject and --topic');
  if (existsSync(out) && !args.force) fail(`${relativeOut} already exists; pass --force to replace it`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result.topicFile, null, 2)}\n`);
  console.log(`Imported ${count} question(s) into ${relativeOut} (${result.topicFile.subject} / ${result.topicFile.topic}).`);
  printReport(result.report);
  printUnmarked(result.unmarked);
  return true;
}

const topics = tree && !args.topic ? treeTopics(tree) : [];
if (topics.length > 1 && args.out)
  fail(
    `the file has ${topics.length} categories (${topics.join(', ')}); pass --topic with --out, or leave out --out to write one file per topic`,
  );
const results = topics.length > 1 ? topics.map((t) => importTopic(t)) : [importTopic(args.topic)];
process.exit(results.every(Boolean) ? 0 : 1);
