/**
 * npm run content:import -- <file> [--subject S] [--topic T] [--description D] [--difficulty easy|medium|hard]
 *                           [--format gift|json] [--out content/<subject>/<topic>.json] [--force] [--check]
 * Reads a GIFT (.gift, .txt) or JSON exchange file (see docs/question-bank-format.md), validates every
 * question as the bank loader does (schema, marks, templates instantiated over 50 seeds) and writes one
 * topic file (default content/<subject-slug>/<topic-slug>.json). --difficulty (the default for GIFT
 * questions without a `// difficulty:` comment) also takes challenging or difficult, stored as hard.
 * Prints each invalid question (number, title or id, line, what is wrong) and exits 1 when any is invalid;
 * nothing is written then. --check validates without writing; --force replaces an existing file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatImportError, importGift, importJson } from '../src/server/engine/builtin/bank/import-questions';
import { findRepoRoot, readBank } from '../src/server/engine/builtin/bank/load-bank';
import { slugify } from '../src/server/engine/builtin/bank/match-text';
import { toBankDifficulty } from '../src/server/engine/builtin/bank/schema';

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
const format = args.format ?? (/\.json$/i.test(source) ? 'json' : 'gift');
if (format !== 'gift' && format !== 'json') fail(`--format must be gift or json, not "${format}"`);
const difficulty = args.difficulty === undefined ? undefined : toBankDifficulty(args.difficulty);
if (args.difficulty !== undefined && !difficulty)
  fail(`--difficulty must be easy, medium or hard (or challenging or difficult, read as hard), not "${args.difficulty}"`);

const root = findRepoRoot();
const bank = readBank(path.join(root, 'content'));
const text = readFileSync(source, 'utf8');
const options = { subject: args.subject, topic: args.topic, description: args.description, difficulty };

// The output path depends on the subject and topic, which may come from the file itself: import once to learn them.
const first = (format === 'json' ? importJson : importGift)(text, options);
const subject = first.topicFile?.subject ?? args.subject;
const topic = first.topicFile?.topic ?? args.topic;
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
const result = (format === 'json' ? importJson : importGift)(text, { ...options, existingIds });

if (result.errors.length > 0 || !result.topicFile) {
  console.error(`content:import: ${path.basename(source)}: ${result.errors.length} problem(s); nothing written.`);
  for (const error of result.errors) console.error(`  ${formatImportError(error)}`);
  process.exit(1);
}
const count = result.topicFile.questions.length;
if (args.check) {
  console.log(`${path.basename(source)}: ${count} valid question(s) for ${result.topicFile.subject} / ${result.topicFile.topic}.`);
  process.exit(0);
}
if (!out) fail('pass --out, or --subject and --topic');
if (existsSync(out) && !args.force) fail(`${relativeOut} already exists; pass --force to replace it`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result.topicFile, null, 2)}\n`);
console.log(`Imported ${count} question(s) into ${relativeOut} (${result.topicFile.subject} / ${result.topicFile.topic}).`);
