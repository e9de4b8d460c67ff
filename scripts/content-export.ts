/**
 * npm run -s content:export -- --subject S [--topic T] [--format gift|xml|json] [--seed N] [--out file]
 * Writes a subject (or one of its topics) to stdout (or to --out; `npm run -s` keeps npm's banner out of stdout): the bank's JSON exchange format (lossless, a topic
 * file for one topic, a {subject, topics} bundle for several), Moodle GIFT or Moodle XML (templates instantiated
 * for --seed, default 1). See docs/question-bank-format.md.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { exportGift, exportJson } from '../src/server/engine/builtin/bank/export-questions';
import { exportMoodleXml } from '../src/server/engine/builtin/bank/export-moodle-xml';
import { findSubject, findTopic } from '../src/server/engine/builtin/bank/bank';
import { readBank } from '../src/server/engine/builtin/bank/load-bank';

function fail(message: string): never {
  console.error(`content:export: ${message}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      subject: { type: 'string' },
      topic: { type: 'string' },
      format: { type: 'string', default: 'json' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
    },
  }).values;
} catch (error) {
  fail((error as Error).message);
}
const bank = readBank();
if (!args.subject) fail(`pass --subject (one of: ${bank.subjects.map((s) => s.name).join(', ')})`);
const subject = findSubject(args.subject, bank);
if (!subject) fail(`the bank has no subject "${args.subject}" (it has: ${bank.subjects.map((s) => s.name).join(', ')})`);
let topics = subject.topics;
if (args.topic) {
  const topic = findTopic(subject.name, args.topic, bank);
  if (!topic) fail(`${subject.name} has no topic like "${args.topic}" (it has: ${subject.topics.map((t) => t.topic).join(', ')})`);
  topics = [topic];
}
const seed = Number(args.seed);
if (!Number.isInteger(seed)) fail(`--seed must be an integer, not "${args.seed}"`);
if (args.format !== 'gift' && args.format !== 'xml' && args.format !== 'json')
  fail(`--format must be gift, xml or json, not "${args.format}"`);
const text = args.format === 'gift' ? exportGift(topics, seed) : args.format === 'xml' ? exportMoodleXml(topics, seed) : exportJson(topics);
if (args.out) {
  writeFileSync(args.out, text);
  const count = topics.reduce((n, t) => n + t.questions.length, 0);
  console.error(`Exported ${count} question(s) from ${topics.length} topic(s) of ${subject.name} to ${args.out}.`);
} else process.stdout.write(text);
