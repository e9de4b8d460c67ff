/**
 * Probabilities compared as mathematics: "P(X ≥ 15)", "P(X > 14)" and "1 − P(X ≤ 14)" are the same tail of a discrete
 * distribution, and "P(X = 15)" is another (the classic slip in a binomial test: the probability of the value observed
 * instead of the tail). A point that finds a tail is not made by an answer that finds only other probabilities.
 */

/** One probability of a discrete variable, as a tail or a point: X ≥ k, X ≤ k or X = k. */
export interface Probability {
  variable: string;
  op: 'ge' | 'le' | 'eq';
  k: number;
}

const OPS: Record<string, '>' | '<' | '≥' | '≤' | '='> = {
  '>': '>',
  '<': '<',
  '≥': '≥',
  '⩾': '≥',
  '>=': '≥',
  '=>': '≥',
  '≤': '≤',
  '⩽': '≤',
  '<=': '≤',
  '=<': '≤',
  '=': '=',
};
const PROBABILITY = /(1\s*[-−–]\s*)?P\(\s*([A-Z])\s*(>=|=>|<=|=<|[≥⩾≤⩽<>=])\s*(\d+)\s*\)/g;

/** The probabilities a text writes, each as the tail or point it is (complements turned round). */
export function probabilities(text: string): Probability[] {
  const out: Probability[] = [];
  for (const m of text.matchAll(PROBABILITY)) {
    const complement = Boolean(m[1]);
    const op = OPS[m[3]];
    const k = Number(m[4]);
    const variable = m[2];
    if (op === '=') {
      if (!complement) out.push({ variable, op: 'eq', k });
      continue;
    }
    // as "X ≥ k" or "X ≤ k", on integers
    let p: Probability =
      op === '≥'
        ? { variable, op: 'ge', k }
        : op === '>'
          ? { variable, op: 'ge', k: k + 1 }
          : op === '≤'
            ? { variable, op: 'le', k }
            : { variable, op: 'le', k: k - 1 };
    if (complement) p = p.op === 'ge' ? { variable, op: 'le', k: p.k - 1 } : { variable, op: 'ge', k: p.k + 1 };
    out.push(p);
  }
  return out;
}

/**
 * Where a point finds a tail ("P(X ≥ 15)") and the answer writes probabilities of the same variable, none of them that
 * tail or its complement: the one it wrote instead ("P(X = 15)", "P(X ≥ 14)"). Undefined when the answer writes that
 * tail, or no probability of the variable at all.
 */
export function otherProbability(pointText: string, answer: string): string | undefined {
  const wanted = probabilities(pointText).filter((p) => p.op !== 'eq');
  if (wanted.length === 0) return undefined;
  const variable = wanted[0].variable;
  const given = [...answer.matchAll(PROBABILITY)].filter((m) => m[2] === variable);
  if (given.length === 0) return undefined;
  const found = probabilities(answer).filter((p) => p.variable === variable);
  // the tail itself, or its complement (worked as "1 − P(X ≤ 14)" in two steps)
  const same = (f: Probability, w: Probability) =>
    (f.op === w.op && f.k === w.k) ||
    (f.op === 'le' && w.op === 'ge' && f.k === w.k - 1) ||
    (f.op === 'ge' && w.op === 'le' && f.k === w.k + 1);
  if (found.some((f) => wanted.some((w) => same(f, w)))) return undefined;
  return given[0][0].replace(/\s+/g, ' ');
}
