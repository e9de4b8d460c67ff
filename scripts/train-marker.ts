/**
 * Trains the built-in marker's point classifier on the TRAIN splits of the SemEval-2013 short-answer
 * data (SciEntsBank + Beetle) and writes src/server/engine/builtin/marker/marker-model.json.
 *
 *   npm run train:marker            (dataset dir: $ASAG_DIR or <repo>/../shared/datasets/asag)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAsagDir, LABELS_3WAY, readAsagFile } from '../src/server/engine/builtin/marker/training/asag-data';
import { recordFeatures, trainMarkerModel } from '../src/server/engine/builtin/marker/training/training';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = defaultAsagDir(repoRoot, process.env.ASAG_DIR);
const TRAIN_FILES = ['scientsbank-train.jsonl', 'beetle-train.jsonl'];
const out = path.join(repoRoot, 'src/server/engine/builtin/marker/marker-model.json');

if (!TRAIN_FILES.every((f) => fs.existsSync(path.join(dir, f)))) {
  console.log(`train:marker: no training data in ${dir} (set ASAG_DIR); nothing trained.`);
  process.exit(0);
}
const records = TRAIN_FILES.flatMap((f) => readAsagFile(path.join(dir, f)));
console.log(`train:marker: ${records.length} training answers from ${dir}`);
const t0 = performance.now();
const X = records.map(recordFeatures);
console.log(`features: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const y = records.map((r) => LABELS_3WAY.indexOf(r.label_3way));
const t1 = performance.now();
const model = trainMarkerModel(X, y);
console.log(`training: ${((performance.now() - t1) / 1000).toFixed(1)} s, ${model.trees.length} rounds`);
fs.writeFileSync(out, JSON.stringify({ ...model, trainedOn: TRAIN_FILES, trainedAnswers: records.length }) + '\n');
console.log(`wrote ${path.relative(repoRoot, out)}`);
