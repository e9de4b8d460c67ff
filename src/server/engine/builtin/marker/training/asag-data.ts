import fs from 'node:fs';
import path from 'node:path';

/**
 * Reading the SemEval-2013 (SciEntsBank, Beetle) short-answer data used to train and measure the
 * marker. The data stay in the shared datasets folder; nothing is copied into the repository.
 */

export interface AsagRecord {
  id: string;
  corpus: string;
  question_id: string;
  question: string;
  reference_answer: string;
  reference_answers: { id: string; category: string | null; text: string }[];
  student_answer: string;
  label_2way: 'correct' | 'incorrect';
  label_3way: 'correct' | 'contradictory' | 'incorrect';
  split: string;
}

export const LABELS_3WAY = ['correct', 'contradictory', 'incorrect'] as const;

/** The data set's folder: `override` (the scripts pass $ASAG_DIR), else ../shared/datasets/asag beside the repository. */
export function defaultAsagDir(repoRoot: string, override?: string): string {
  return override || path.resolve(repoRoot, '..', 'shared', 'datasets', 'asag');
}

export function readAsagFile(file: string): AsagRecord[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as AsagRecord);
}

/** The point's wordings: the reference answer first, then the other reference answers as accepts. */
export function referenceWordings(r: AsagRecord): string[] {
  const out = [r.reference_answer];
  for (const a of r.reference_answers ?? []) if (a.text && !out.includes(a.text)) out.push(a.text);
  return out;
}

export interface ClassScores {
  n: number;
  accuracy: number;
  macroF1: number;
  weightedF1: number;
}

/** Accuracy, macro-F1 and weighted-F1, computed as the dataset's evaluate.mjs does. */
export function scoreLabels(gold: string[], pred: string[], labels: readonly string[]): ClassScores {
  const n = gold.length;
  let ok = 0;
  const per = Object.fromEntries(labels.map((l) => [l, { tp: 0, fp: 0, fn: 0, s: 0 }]));
  gold.forEach((g, i) => {
    per[g].s++;
    if (g === pred[i]) {
      ok++;
      per[g].tp++;
    } else {
      per[g].fn++;
      if (per[pred[i]]) per[pred[i]].fp++;
    }
  });
  let macro = 0;
  let weighted = 0;
  for (const l of labels) {
    const { tp, fp, fn, s } = per[l];
    const P = tp + fp ? tp / (tp + fp) : 0;
    const R = tp + fn ? tp / (tp + fn) : 0;
    const F = P + R ? (2 * P * R) / (P + R) : 0;
    macro += F / labels.length;
    weighted += (F * s) / n;
  }
  return { n, accuracy: n ? ok / n : 0, macroF1: macro, weightedF1: weighted };
}

export function toTwoWay(label: string): 'correct' | 'incorrect' {
  return label === 'correct' ? 'correct' : 'incorrect';
}

/** Deterministic grouped folds: every question (per corpus) goes to exactly one fold. */
export function groupedFolds(records: AsagRecord[], k: number): number[] {
  const hash = (s: string) => {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    return h;
  };
  // sort the questions by hash, then deal them round-robin so folds are balanced in questions
  const byCorpus = new Map<string, string[]>();
  for (const r of records) {
    const key = `${r.corpus}:${r.question_id}`;
    const list = byCorpus.get(r.corpus) ?? [];
    if (!list.includes(key)) list.push(key);
    byCorpus.set(r.corpus, list);
  }
  const foldOf = new Map<string, number>();
  for (const list of byCorpus.values()) {
    list.sort((a, b) => hash(a) - hash(b) || a.localeCompare(b));
    list.forEach((key, i) => foldOf.set(key, i % k));
  }
  return records.map((r) => foldOf.get(`${r.corpus}:${r.question_id}`)!);
}
