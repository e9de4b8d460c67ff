/**
 * A small multiclass gradient-boosted decision-tree classifier (softmax loss, second-order splits on
 * quantile bins), trained and evaluated in plain TypeScript. Deterministic: no sampling.
 */

export interface TreeJson {
  /** Split feature per node; -1 marks a leaf. */
  f: number[];
  /** Threshold: go left when x <= t. */
  t: number[];
  l: number[];
  r: number[];
  /** Leaf value (already scaled by the learning rate). */
  v: number[];
}

export interface GbdtModel {
  classes: string[];
  featureNames: string[];
  base: number[];
  /** trees[round][class] */
  trees: TreeJson[][];
}

export interface GbdtOptions {
  rounds: number;
  learningRate: number;
  maxDepth: number;
  minLeaf: number;
  lambda: number;
  bins: number;
  /** Per-class sample weights (e.g. to balance rare classes). */
  classWeights?: number[];
}

export const DEFAULT_GBDT_OPTIONS: GbdtOptions = { rounds: 120, learningRate: 0.08, maxDepth: 3, minLeaf: 25, lambda: 2, bins: 32 };

function predictTree(tree: TreeJson, x: number[]): number {
  let n = 0;
  while (tree.f[n] >= 0) n = x[tree.f[n]] <= tree.t[n] ? tree.l[n] : tree.r[n];
  return tree.v[n];
}

/** Class probabilities for one feature vector. */
export function predictProbabilities(model: GbdtModel, x: number[]): number[] {
  const scores = model.base.slice();
  for (const round of model.trees) for (let k = 0; k < round.length; k++) scores[k] += predictTree(round[k], x);
  const m = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - m));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / z);
}

function quantileThresholds(values: number[], bins: number): number[] {
  const sorted = Float64Array.from(values).sort();
  const out: number[] = [];
  for (let b = 1; b < bins; b++) {
    const v = sorted[Math.floor((b * sorted.length) / bins)];
    if (out.length === 0 || v > out[out.length - 1]) out.push(v);
  }
  // thresholds are "x <= t"; drop the max so that the right side is never empty
  const max = sorted[sorted.length - 1];
  return out.filter((t) => t < max);
}

/** Trains on rows X with labels y (indices into classes). */
export function trainGbdt(
  X: number[][],
  y: number[],
  classes: string[],
  featureNames: string[],
  opts: GbdtOptions = DEFAULT_GBDT_OPTIONS,
): GbdtModel {
  const n = X.length;
  const K = classes.length;
  const F = featureNames.length;
  const sw = y.map((c) => opts.classWeights?.[c] ?? 1);
  const thresholds = Array.from({ length: F }, (_, f) =>
    quantileThresholds(
      X.map((r) => r[f]),
      opts.bins,
    ),
  );
  const binned = Array.from({ length: F }, (_, f) => {
    const th = thresholds[f];
    const col = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const v = X[i][f];
      let b = 0;
      while (b < th.length && v > th[b]) b++;
      col[i] = b;
    }
    return col;
  });
  const totalW = sw.reduce((a, b) => a + b, 0);
  const prior = classes.map((_, k) => y.reduce((s, c, i) => s + (c === k ? sw[i] : 0), 0) / totalW);
  const base = prior.map((p) => Math.log(Math.max(p, 1e-6)));
  const scores = Array.from({ length: n }, () => base.slice());
  const trees: TreeJson[][] = [];
  const g = new Float64Array(n);
  const h = new Float64Array(n);

  for (let round = 0; round < opts.rounds; round++) {
    const probs = scores.map((s) => {
      const m = Math.max(...s);
      const e = s.map((v) => Math.exp(v - m));
      const z = e.reduce((a, b) => a + b, 0);
      return e.map((v) => v / z);
    });
    const roundTrees: TreeJson[] = [];
    for (let k = 0; k < K; k++) {
      for (let i = 0; i < n; i++) {
        const p = probs[i][k];
        g[i] = (p - (y[i] === k ? 1 : 0)) * sw[i];
        h[i] = Math.max(p * (1 - p), 1e-6) * sw[i];
      }
      const tree: TreeJson = { f: [], t: [], l: [], r: [], v: [] };
      const build = (idx: number[], depth: number): number => {
        const node = tree.f.length;
        tree.f.push(-1);
        tree.t.push(0);
        tree.l.push(-1);
        tree.r.push(-1);
        tree.v.push(0);
        let G = 0;
        let H = 0;
        for (const i of idx) {
          G += g[i];
          H += h[i];
        }
        const leafValue = (-G / (H + opts.lambda)) * opts.learningRate;
        if (depth >= opts.maxDepth || idx.length < 2 * opts.minLeaf) {
          tree.v[node] = leafValue;
          return node;
        }
        const parentScore = (G * G) / (H + opts.lambda);
        let bestGain = 1e-6;
        let bestF = -1;
        let bestB = -1;
        for (let f = 0; f < F; f++) {
          const nb = thresholds[f].length + 1;
          if (nb < 2) continue;
          const hg = new Float64Array(nb);
          const hh = new Float64Array(nb);
          const hc = new Int32Array(nb);
          const col = binned[f];
          for (const i of idx) {
            const b = col[i];
            hg[b] += g[i];
            hh[b] += h[i];
            hc[b]++;
          }
          let GL = 0;
          let HL = 0;
          let CL = 0;
          for (let b = 0; b < nb - 1; b++) {
            GL += hg[b];
            HL += hh[b];
            CL += hc[b];
            const CR = idx.length - CL;
            if (CL < opts.minLeaf || CR < opts.minLeaf) continue;
            const GR = G - GL;
            const HR = H - HL;
            const gain = (GL * GL) / (HL + opts.lambda) + (GR * GR) / (HR + opts.lambda) - parentScore;
            if (gain > bestGain) {
              bestGain = gain;
              bestF = f;
              bestB = b;
            }
          }
        }
        if (bestF < 0) {
          tree.v[node] = leafValue;
          return node;
        }
        const col = binned[bestF];
        const left = idx.filter((i) => col[i] <= bestB);
        const right = idx.filter((i) => col[i] > bestB);
        tree.f[node] = bestF;
        tree.t[node] = thresholds[bestF][bestB];
        tree.l[node] = build(left, depth + 1);
        tree.r[node] = build(right, depth + 1);
        return node;
      };
      build(
        Array.from({ length: n }, (_, i) => i),
        0,
      );
      roundTrees.push(tree);
    }
    for (let i = 0; i < n; i++) for (let k = 0; k < K; k++) scores[i][k] += predictTree(roundTrees[k], X[i]);
    trees.push(roundTrees);
  }
  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  for (const r of trees)
    for (const t of r) {
      t.v = t.v.map(round6);
    }
  return { classes, featureNames, base: base.map(round6), trees };
}
