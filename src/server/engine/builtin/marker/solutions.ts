/**
 * Extra solutions (../shared/MARK-SCHEMES.md: "a contradiction loses the mark"; in mathematics, "A0 if extra
 * solutions are given and not rejected"). A point that keeps only some solutions ("only solution x = 4", "x = 5,
 * rejecting x = 15", "rejects x = -1 because ln x is not defined for x ≤ 0") is not earned by an answer whose final
 * solutions still include a value the point rejects or leaves out: "x = -1 doesn't work … So the solutions are x = 4
 * and x = -1" has rejected x = -1 and then given it back.
 */

/** What a point says of a variable's solutions: the values it keeps, those it rejects, and whether it keeps only those. */
export interface SolutionRule {
  variable: string;
  kept: number[];
  rejected: number[];
  only: boolean;
}

const NUMBER = String.raw`[-−]?\d+(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?)?`;
/** "x = 4", "θ = 30°", "x=−1": a one-letter variable given a number. */
const ASSIGNMENT = new RegExp(
  String.raw`(?<![\p{L}\p{N}_^])([a-zθ])\s*=\s*(${NUMBER})(?![\d.]*[\p{L}(√^])(?!\s*[-+*/×÷^−]\s*[\p{L}\p{N}(])`,
  'giu',
);
/** Words that reject a solution ("doesn't work", "is undefined", "not valid", "reject", "ignore", "discard"). */
const REJECTS =
  /\b(reject(s|ed|ing)?|discard(s|ed|ing)?|ignor(e|es|ed|ing)|invalid|undefined|impossible|(does ?n[o'’]t|do ?n[o'’]t|cannot|can[’']t|can ?not) (work|be)|not (valid|possible|allowed|defined|a solution)|out(side)? of (the )?range|too (big|large|small))\b/i;
/** A rejection denied ("is not rejected", "isn't invalid"): says the value stays. */
const DENIED_REJECTION = /\b(not|n't|never)\s+(be\s+)?(rejected|discarded|ignored|invalid|undefined)\b/i;

function toNumber(text: string): number {
  const [a, b] = text.replace('−', '-').split('/');
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

/** The same solution, allowing for rounding (which the point's own accuracy mark judges, not this rule). */
function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.01 * Math.max(1, Math.abs(b));
}

/** The rule a point states, or undefined when it says nothing about which solutions to keep. */
export function solutionRule(pointText: string): SolutionRule | undefined {
  const assignments = [...pointText.matchAll(ASSIGNMENT)];
  if (assignments.length === 0) return undefined;
  const variable = assignments[0][1].toLowerCase();
  if (assignments.some((m) => m[1].toLowerCase() !== variable)) return undefined;
  const rejected: number[] = [];
  const kept: number[] = [];
  for (const m of assignments) {
    const before = pointText.slice(Math.max(0, m.index - 14), m.index);
    (/\breject(s|ed|ing)?\s*$/i.test(before) ? rejected : kept).push(toNumber(m[2]));
  }
  const only = /\bonly\b|\bexactly one\b/i.test(pointText) && kept.length > 0;
  if (rejected.length === 0 && !only) return undefined;
  return { variable, kept, rejected, only };
}

/** Where the conclusion of a clause begins: "x = 15 gives zero volume so x = 5". */
const CONCLUDES = /\b(?:so|therefore|hence|thus|giving|leaving)\b|∴/gi;

/**
 * The solutions the answer ends with for a variable: the values of its last clause giving the variable values that
 * does not reject them (from its conclusion on, where it has one), less any value rejected after it. Empty when the
 * answer gives none. Clauses are lines, sentences, and their parts between commas, semicolons, brackets and "but".
 */
export function finalSolutions(answer: string, variable: string): { values: number[]; statement: string } {
  const clauses = answer
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?;])\s+|,\s+|;|[()]\s|\s[()]|\bbut\b/i))
    .map((s) => (s ?? '').trim())
    .filter(Boolean);
  let statement = '';
  let values: number[] = [];
  const valuesIn = (s: string) => [...s.matchAll(ASSIGNMENT)].filter((m) => m[1].toLowerCase() === variable).map((m) => toNumber(m[2]));
  for (const clause of clauses) {
    const found = valuesIn(clause);
    if (found.length === 0) continue;
    if (REJECTS.test(clause) && !DENIED_REJECTION.test(clause)) {
      // a rejection after the final statement takes its values out of it
      values = values.filter((v) => !found.some((f) => same(v, f)));
      continue;
    }
    const conclusion = [...clause.matchAll(CONCLUDES)].pop();
    const tail = conclusion ? valuesIn(clause.slice(conclusion.index)) : [];
    statement = clause;
    values = tail.length > 0 ? tail : found;
  }
  return { values, statement };
}

/** Why the answer's final solutions break the point's rule (a sentence for the student), or undefined when they keep it. */
export function extraSolution(rule: SolutionRule, answer: string): { why: string; evidence: string } | undefined {
  const { values, statement } = finalSolutions(answer, rule.variable);
  if (values.length === 0) return undefined;
  const shown = (v: number) => `${rule.variable} = ${String(v).replace('-', '−')}`;
  const back = values.find((v) => rule.rejected.some((r) => same(v, r)));
  if (back !== undefined) return { why: `${shown(back)} should be rejected, but your final answer keeps it`, evidence: statement };
  const extra = rule.only ? values.find((v) => !rule.kept.some((k) => same(v, k))) : undefined;
  if (extra !== undefined) return { why: `your final answer also gives ${shown(extra)}, which is not a solution`, evidence: statement };
  return undefined;
}
