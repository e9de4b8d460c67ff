/**
 * Scores the built-in marker against human marks (SemEval-2013 SciEntsBank and Beetle).
 *
 *   npm run eval:marker                       test splits with the shipped model, a question-grouped
 *                                             cross-validation on train ("unseen questions"), each
 *                                             corpus marked by a model trained on the other ("unseen domain"),
 *                                             and issue 12's split: CV on the tuning part (tuned on) and the
 *                                             held-out question families (not tuned on)
 *   npm run eval:marker -- --no-cv            test splits (and our A-Level cases) only
 *   npm run eval:marker -- --cases            also list each A-Level case the marker labels differently
 *   npm run eval:marker -- --predictions P    also write P-3way.jsonl and P-2way.jsonl ({id, label} a line)
 *                                             for the dataset's own evaluate.mjs
 *   npm run eval:marker -- --structured       only the structured A-Level cases (content/marker-cases/structured):
 *                                             whole questions marked as `npm run mark` marks them, against the
 *                                             examiner's mark; exact agreement and QWK per category, for the
 *                                             tune split (tuned on) and the held-out split (not tuned on).
 *                                             With --cases it lists every case marked differently.
 *   npm run eval:marker -- --adversarial      only the adversarial set (content/marker-cases/adversarial, issue 24):
 *                                             exact, within one, QWK, weak answers' over-credit and the share of
 *                                             marks gaming answers collect, per subject and per kind, for the tune
 *                                             split (tuned on) and the held-out split (not tuned on). With --cases it
 *                                             lists the tune split's disagreements only.
 *
 * Each reference answer is a one-mark point (the other reference answers are its accepted wordings).
 * COVERED → correct, CONTRADICTED → contradictory, otherwise incorrect. The data are read from
 * $ASAG_DIR or ../shared/datasets/asag and never copied into the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  defaultAsagDir,
  LABELS_3WAY,
  readAsagFile,
  referenceWordings,
  scoreLabels,
  toTwoWay,
  type AsagRecord,
  type ClassScores,
} from '../src/server/engine/builtin/marker/training/asag-data';
import { labelPoint, readMarkerCases, scoreMarkerCases } from '../src/server/engine/builtin/marker/training/marker-cases';
import {
  crossDomain,
  crossValidate,
  HELD_OUT_FAMILIES,
  heldOutEvaluation,
  recordFeatures,
} from '../src/server/engine/builtin/marker/training/training';
import {
  describeDisagreement,
  formatAgreement,
  markCase,
  readStructuredCases,
  scoreStructuredCases,
  SPLIT_TITLES,
  SPLITS,
} from './marker-quality/structured-cases';
import {
  describeAdversarial,
  formatAdversarial,
  markAdversarialCase,
  readAdversarialCases,
  scoreAdversarial,
} from './marker-quality/adversarial-cases';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = defaultAsagDir(repoRoot, process.env.ASAG_DIR);
const args = process.argv.slice(2);
const predictionsFile = args.includes('--predictions') ? args[args.indexOf('--predictions') + 1] : undefined;
const runCv = !args.includes('--no-cv');

const TEST_FILES = ['scientsbank-test-ua.jsonl', 'beetle-test-ua.jsonl'];
const TRAIN_FILES = ['scientsbank-train.jsonl', 'beetle-train.jsonl'];

const showCases = args.includes('--cases');

function row(name: string, two: ClassScores, three: ClassScores): string {
  const f = (x: number) => x.toFixed(3);
  return `| ${name} | ${two.n} | ${f(two.accuracy)} | ${f(two.macroF1)} | ${f(two.weightedF1)} | ${f(three.accuracy)} | ${f(three.macroF1)} | ${f(three.weightedF1)} |`;
}

const header =
  '| split | answers | 2-way acc | 2-way macro-F1 | 2-way weighted-F1 | 3-way acc | 3-way macro-F1 | 3-way weighted-F1 |\n|---|---|---|---|---|---|---|---|';

/** Our own A-Level cases (content/marker-cases): the product's domain, not seen in training. */
function evaluateOwnCases(): void {
  const cases = readMarkerCases();
  if (cases.length === 0) return;
  const { scores, disagreements } = scoreMarkerCases(cases);
  console.log(
    `\nOur A-Level cases (content/marker-cases, ${cases.length} answers labelled as an examiner would; never used in training):\n`,
  );
  console.log(header);
  for (const s of scores) console.log(row(s.group, s.twoWay, s.threeWay));
  if (showCases) {
    console.log('\nDisagreements (label → marker):');
    for (const d of disagreements) console.log(`- ${d.id}: ${d.label} → ${d.predicted} | point "${d.point}" | answer "${d.answer}"`);
  } else console.log(`\n${disagreements.length} disagreements; --cases lists them.`);
}

/** Structured A-Level cases: whole questions with M/A/B, ECF, groups, final answer and levels. */
function evaluateStructured(): void {
  const cases = readStructuredCases();
  if (cases.length === 0) return;
  const marked = cases.map((c) => markCase(c, c.line));
  console.log(
    `\nStructured A-Level cases (content/marker-cases/structured, ${cases.length} answers to whole questions, each marked as ` +
      '`npm run mark` marks it and compared with the mark an examiner would give; QWK = quadratic weighted kappa):',
  );
  console.log(formatAgreement(scoreStructuredCases(marked)));
  const wrong = marked.filter((m) => m.predicted !== m.c.expected_marks);
  if (showCases) {
    for (const split of SPLITS) {
      console.log(`\nMarked differently, ${SPLIT_TITLES[split]} (examiner → marker; per point ✓ covered, ✗ contradicted, – not):`);
      for (const m of wrong.filter((x) => x.c.split === split)) console.log(describeDisagreement(m));
    }
  } else console.log(`\n${wrong.length} cases marked differently; --cases lists them.`);
}

/**
 * The adversarial set (issue 24): answers as students write them, honest and gaming, to bank questions and
 * typed schemes. Disagreements are listed for the tune split only: the held-out split is scored, never read.
 */
function evaluateAdversarial(): void {
  const cases = readAdversarialCases();
  if (cases.length === 0) return;
  const marked = cases.map(markAdversarialCase);
  console.log(
    `\nAdversarial set (content/marker-cases/adversarial, ${cases.length} answers to ${new Set(cases.map((c) => c.family)).size} questions, ` +
      'marked as `npm run mark` marks them; weak over-credit = mean marks above the examiner on weak answers, as a share of the ' +
      "question's marks; gaming share = the share of the available marks given to gaming answers):",
  );
  console.log(formatAdversarial(scoreAdversarial(marked)));
  if (showCases) {
    console.log('\nMarked differently, tune split (the held-out split is never listed):');
    for (const m of marked.filter((x) => x.c.split === 'tune' && x.predicted !== x.c.expected_marks)) console.log(describeAdversarial(m));
  }
}

if (args.includes('--structured')) {
  evaluateStructured();
  process.exit(0);
}

if (args.includes('--adversarial')) {
  evaluateAdversarial();
  process.exit(0);
}

if (!fs.existsSync(dir)) {
  console.error(`eval:marker: no SemEval data at ${dir} (set ASAG_DIR to the folder with its jsonl files).`);
  evaluateOwnCases();
  evaluateStructured();
  process.exit(2);
}

/** The marker's label for one record, through the same markAnswer the app uses. */
function labelRecord(r: AsagRecord): string {
  const [text, ...accept] = referenceWordings(r);
  return labelPoint(r.question, text, accept, r.student_answer);
}

const predictions: { id: string; label: string }[] = [];
const latencies: number[] = [];
console.log(`Built-in marker on ${dir}\n`);
console.log("Unseen answers (test-ua; the shipped model was trained on these questions' other answers):\n");
console.log(header);
for (const file of TEST_FILES) {
  const p = path.join(dir, file);
  if (!fs.existsSync(p)) continue;
  const records = readAsagFile(p);
  const pred = records.map((r) => {
    const t = performance.now();
    const label = labelRecord(r);
    latencies.push(performance.now() - t);
    predictions.push({ id: r.id, label });
    return label;
  });
  const gold = records.map((r) => r.label_3way);
  console.log(
    row(
      file.replace('.jsonl', ''),
      scoreLabels(gold.map(toTwoWay), pred.map(toTwoWay), ['correct', 'incorrect']),
      scoreLabels(gold, pred, LABELS_3WAY),
    ),
  );
}
if (predictionsFile) {
  const write = (scheme: string, map: (l: string) => string) =>
    fs.writeFileSync(
      `${predictionsFile}-${scheme}.jsonl`,
      predictions.map((p) => JSON.stringify({ id: p.id, label: map(p.label) })).join('\n') + '\n',
    );
  write('3way', (l) => l);
  write('2way', toTwoWay);
}
evaluateOwnCases();
evaluateStructured();
evaluateAdversarial();
latencies.sort((a, b) => a - b);
const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
console.log(`\nmarkAnswer per answer: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms (${latencies.length} answers, first call includes loading)`);

if (runCv) {
  const records = TRAIN_FILES.flatMap((f) => (fs.existsSync(path.join(dir, f)) ? readAsagFile(path.join(dir, f)) : []));
  console.log(
    `\nUnseen questions (5-fold cross-validation on train, folds grouped by question, model retrained per fold; ${records.length} answers):\n`,
  );
  console.log(header);
  const X = records.map(recordFeatures);
  for (const r of crossValidate(records, X, 5)) console.log(row(`${r.corpus} (unseen questions)`, r.twoWay, r.threeWay));
  const domains = crossDomain(records, X);
  if (domains.length) {
    console.log('\nUnseen domain (each corpus marked by a model trained only on the other):\n');
    console.log(header);
    for (const r of domains) console.log(row(`${r.corpus} (unseen domain)`, r.twoWay, r.threeWay));
  }
  const { tuneCv, heldOut } = heldOutEvaluation(records, X);
  const families = Object.entries(HELD_OUT_FAMILIES)
    .map(([c, f]) => `${c}: ${f.join(', ')}`)
    .join('; ');
  console.log(
    `\nIssue 12 split (held-out families ${families}). Tune part: question-grouped 5-fold CV on the other questions, ` +
      'where the decision settings were tuned (tuned on). Held-out: marked by a model trained on the tune part (not tuned on).\n',
  );
  console.log(header);
  for (const r of tuneCv) console.log(row(`${r.corpus}, tune part (CV, tuned on)`, r.twoWay, r.threeWay));
  for (const r of heldOut) console.log(row(`${r.corpus}, held-out families`, r.twoWay, r.threeWay));
}
