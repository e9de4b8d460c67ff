import { parse } from './mathjs-subset';
import { toMathSyntax } from './formulas';
import { htmlToText, mathsToText } from '../text/html-to-text';

/**
 * A substitution is checked by its value, as an examiner checks it: the scheme's "555 × 10^-9 × 1.5 /
 * 0.51 × 10^-3" is earned by any working that puts the same numbers together to the same value ("(555e-9)(1.5)
 * / (0.51e-3)", "1.5 × 555 × 10^-9 ÷ 0.00051"), even with a slip after it, and not by working that shares
 * the scheme's first numbers but not its value (0.51 left in millimetres, dV/dr divided by dr/dt instead
 * of multiplied). A fragment of the right numbers in a wrong expression is not the method.
 */

/** Arithmetic in numbers only: digits, operators, brackets, powers, π, e, roots and the usual functions. */
const NUMERIC_RUN =
  /(?:(?<![A-Za-z])(?:sqrt|sin|cos|tan|ln|log|exp)(?![A-Za-z])|(?<![A-Za-z])x(?![A-Za-z])|(?<![A-Za-z])e(?=\s*\^)|(?<=\d)e(?=[-+]?\d)|[\d.()+\-−–×*/÷^²³⁻¹½π√°\s])+/g;

/** "0.51 × 10^-3", "6.02 x 10^23" and "1.5×10⁻³" are one number in scientific notation, not a product. */
function collapseStandardForm(text: string): string {
  const exponent = (a?: string, b?: string) => (a ?? b ?? '').replace(/\s/g, '').replace('−', '-');
  return text
    .replace(/⁻/g, '^-')
    .replace(
      /(\d(?:\.\d+)?)\s*[×x*]\s*10\s*\^\s*(?:\(\s*([-+−]?\s*\d+)\s*\)|([-+−]?\s*\d+))/g,
      (_, m: string, a?: string, b?: string) => `${m}e${exponent(a, b)}`,
    )
    .replace(/\b10\s*\^\s*(?:\(\s*([-+−]?\s*\d+)\s*\)|([-+−]?\s*\d+))/g, (_, a?: string, b?: string) => `1e${exponent(a, b)}`);
}

/** The number of numeric literals (a number in standard form counts once). */
function literals(expr: string): number {
  return (expr.match(/\d+(?:\.\d+)?(?:e[-+]?\d+)?/g) ?? []).length;
}

function hasOperator(expr: string): boolean {
  // a leading minus is a sign, not an operation
  return /[+×x*/÷^²³√]|[\d)]\s*[-−–]\s*[\d(π]|\b(?:sqrt|sin|cos|tan|ln|log|exp)\b|π|e\^/.test(expr.replace(/^\s*[-−–]/, ''));
}

const DEGREES = {
  sin: (x: number) => Math.sin((x * Math.PI) / 180),
  cos: (x: number) => Math.cos((x * Math.PI) / 180),
  tan: (x: number) => Math.tan((x * Math.PI) / 180),
};

/** The values an arithmetic expression may mean: with angles in radians and, where it uses sin, cos or tan, in degrees. */
export function evaluateNumeric(expr: string): number[] {
  // a number in standard form ("0.51e-3") is put back as a power of ten: a letter e would be Euler's number
  const syntax = toMathSyntax(expr.replace(/(\d+(?:\.\d+)?)e([-+]?\d+)/g, '($1*10^($2))').replace(/°/g, ''));
  if (!syntax) return [];
  const out: number[] = [];
  for (const scope of /\b(?:sin|cos|tan)\b/.test(syntax) ? [{}, DEGREES] : [{}]) {
    try {
      const v: unknown = parse(syntax).evaluate({ ...scope });
      if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
    } catch {
      // not arithmetic after all
    }
  }
  return out;
}

export interface NumericExpression {
  /** As written. */
  text: string;
  /** What it comes to (two values where an angle may be in radians or degrees). */
  values: number[];
  /** Inside brackets of a longer calculation. */
  inner: boolean;
  /** A calculation (two or more numbers put together), not a number on its own. */
  working: boolean;
}

/**
 * Every piece of arithmetic written in numbers only, split at "=" and at prose, with each bracketed part
 * of it too ("(6370 + 950) × 10^3" also says 6370 + 950).
 */
export function numericExpressions(text: string): NumericExpression[] {
  const out: NumericExpression[] = [];
  const seen = new Set<string>();
  const add = (raw: string, inner: boolean) => {
    const t = raw.trim();
    // a run that starts or ends on an operator is cut out of algebra or prose ("x^3/3", "10^2 - 2 × 9.8 × h")
    if (!/\d/.test(t) || /^[×x*/÷^+]|[×x*/÷^+\-−–]$/.test(t) || seen.has(t)) return;
    seen.add(t);
    const values = evaluateNumeric(t);
    if (values.length === 0) return;
    out.push({ text: t, values, inner, working: literals(t) >= 2 && hasOperator(t) });
  };
  for (const piece of collapseStandardForm(text).split(/[=≈:;,\n]|\.\s/)) {
    for (const m of piece.matchAll(NUMERIC_RUN)) {
      // numbers written against a letter are algebra ("4πr²", "50e^(-0.062t)"), not arithmetic
      const at = m.index ?? 0;
      const end = at + m[0].length;
      if ((!/^\s/.test(m[0]) && /[A-Za-z_]$/.test(piece.slice(0, at))) || (!/\s$/.test(m[0]) && /^[A-Za-z_]/.test(piece.slice(end))))
        continue;
      const run = balance(m[0]);
      if (!run) continue;
      add(run, false);
      for (const inner of run.matchAll(/\(([^()]+)\)/g)) add(inner[1], true);
    }
  }
  return out;
}

/** A run cut out of prose may keep an unmatched bracket: drop the unmatched ones. */
function balance(run: string): string {
  let s = run.trim();
  for (let guard = 0; guard < 4; guard++) {
    const open = (s.match(/\(/g) ?? []).length;
    const close = (s.match(/\)/g) ?? []).length;
    if (open === close) break;
    if (open > close) s = s.replace(/^([^(]*)\(/, '$1').trim();
    else s = s.replace(/\)([^)]*)$/, '$1').trim();
  }
  return s;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 5e-3 * Math.max(Math.abs(a), Math.abs(b)) || Math.abs(a - b) < 1e-12;
}

export type SubstitutionVerdict =
  | { kind: 'same'; evidence: string }
  | { kind: 'different'; evidence: string; value: number; target: number }
  /** No calculation of the student's own at all. */
  | { kind: 'unshown' };

const valuesOf = (e: NumericExpression) => e.values;

/**
 * The values of the substitutions a point's wordings write (numbers only, two or more of them put
 * together). Empty when the point writes none.
 */
export function substitutionTargets(wordings: string[]): number[] {
  return wordings.flatMap((w) =>
    numericExpressions(w)
      .filter((e) => e.working && !e.inner)
      .flatMap(valuesOf),
  );
}

/**
 * A point that is a substitution step: it writes a calculation in numbers, and every number in it belongs to that
 * calculation or is what it comes to ("orbital radius r = 6370 + 950 = 7320 km"). A point that also sets other
 * values ("s = ut + ½at² with s = 0, u = 18 sin 35°, a = −9.81") is a larger step than the calculation in it.
 */
export function isSubstitutionStep(text: string): boolean {
  const expressions = numericExpressions(text).filter((e) => e.working && !e.inner);
  if (expressions.length === 0) return false;
  const own = new Set(expressions.flatMap((e) => numbersIn(e.text)));
  const results = expressions.flatMap(valuesOf);
  // (a name with a number in it, "C2" or "T1", is a quantity's name, not a number of the working)
  const named = collapseStandardForm(text).replace(/\b[A-Za-z]+\d+\b/g, 'x');
  return numbersIn(named).every((n) => own.has(n) || results.some((v) => close(v, Number(n))));
}

function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:\.\d+)?(?:e[-+]?\d+)?/g) ?? []).map((n) => String(Number(n)));
}

/**
 * Whether the answer's working reaches the value of the scheme's substitution: 'same' when a calculation the
 * student writes has it, 'different' when the student writes calculations and neither they nor a value stated
 * has it, 'unshown' when the answer writes no calculation of its own. Undefined when it states the step's value
 * bare (left to the rules on a correct value, which a "show that" question does not apply).
 * Calculations the question itself writes are not the student's.
 */
export function judgeSubstitution(targets: number[], answerText: string, questionText: string): SubstitutionVerdict | undefined {
  if (targets.length === 0) return undefined;
  const inQuestion = numericExpressions(questionText);
  const given = new Set(inQuestion.filter((e) => e.working).map((e) => e.text));
  const data = inQuestion.filter((e) => !e.working).flatMap(valuesOf);
  // (the question's own expression copied, however the question's layout split it: "8^(2/3)" of "find 8^(2/3)")
  // (brackets aside: the question's "8^{2/3}" reads as "8^ 2/3")
  const bare = (t: string) => squashed(t).replace(/[()]/g, '');
  const questionBare = bare(questionText);
  const copied = (e: NumericExpression) => given.has(e.text) || (bare(e.text).length >= 5 && questionBare.includes(bare(e.text)));
  // a calculation the question writes, or a number it gives, is not the student's working
  const written = numericExpressions(answerText).filter((e) =>
    e.working ? !copied(e) : !e.values.some((v) => data.some((d) => close(v, d))),
  );
  const onTarget = (e: { values: number[] }) => e.values.some((v) => targets.some((t) => close(v, t)));
  // a bracket inside working that comes to another value is part of that working, not the step: "(9.2e-3 × 0.03)" in
  // the inverted "1.38e-23 × 299 / (9.2e-3 × 0.03)"
  const insideOther = (e: NumericExpression) =>
    e.inner && written.some((o) => o !== e && !o.inner && o.working && o.text.includes(e.text) && !onTarget(o));
  const hits = written.filter((e) => onTarget(e) && !insideOther(e));
  const hit = hits.find((e) => e.working);
  if (hit) return { kind: 'same', evidence: hit.text };
  // the step's value stated without the working: the rules on a correct value decide (a "show that" wants working)
  if (hits.length > 0) return undefined;
  const working = written.filter((e) => e.working);
  if (working.length === 0) return { kind: 'unshown' };
  // the longest calculation is the one that stands for the student's method
  const shown = working.reduce((a, b) => (literals(b.text) > literals(a.text) ? b : a));
  return { kind: 'different', evidence: shown.text, value: shown.values[0], target: targets[0] };
}

const plain = (html: string) => mathsToText(htmlToText(html, { joinInline: false }));

/** Spacing, case and the usual signs aside, the same characters ("dV/dt = dV/dr × dr/dt"). */
function squashed(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[×·]/g, '*')
    .replace(/\s+/g, '');
}

export interface StepOutcome {
  status: 'COVERED' | 'NOT_COVERED';
  justification: string;
  rule: 'substitution' | 'no-evidence';
  /** The student's working it rests on. */
  evidence?: string;
}

/** A number as a student writes it: "12", "1.60e-19", "6.67 × 10^-11", or a bracket just closed. */
const WRITTEN_NUMBER = String.raw`(\d[\d.,]*(?:\s*(?:[x×*]\s*10\s*\^?\s*[-−+]?\d+|[eE][-−+]?\d+))?|\))`;
const IN_WORDS: [RegExp, string][] = [
  [new RegExp(String.raw`${WRITTEN_NUMBER}\s+(?:divided\s+by|over)\s+(?=[\d(])`, 'gi'), '$1 / '],
  [new RegExp(String.raw`${WRITTEN_NUMBER}\s+(?:times|multiplied\s+by)\s+(?=[\d(])`, 'gi'), '$1 × '],
  [new RegExp(String.raw`${WRITTEN_NUMBER}\s+plus\s+(?=[\d(])`, 'gi'), '$1 + '],
  [new RegExp(String.raw`${WRITTEN_NUMBER}\s+minus\s+(?=[\d(])`, 'gi'), '$1 - '],
  [new RegExp(String.raw`${WRITTEN_NUMBER}\s+squared\b`, 'gi'), '$1^2'],
  [/\bdivide\s+(\d[\d.]*(?:[eE][-−+]?\d+)?)\s+by\s+(?=\d)/gi, '$1 / '],
];

/** Arithmetic said in words between numbers, as symbols: "1.60e-19 divided by 1.67e-27" → "1.60e-19 / 1.67e-27". */
export function operatorsInWords(text: string): string {
  return IN_WORDS.reduce((t, [pattern, symbol]) => t.replace(pattern, symbol), text);
}

const FUNCTION_OF = String.raw`(?:sin|cos|tan|sec|cosec|csc|cot|ln|log)\s*\(?\s*[a-zθ]\s*\)?`;

/**
 * The answer gives the step's value to another function than the scheme's ("sin x = 1/2" where the scheme has "cos x =
 * 1/2"): the answer's "function = value" as written, or undefined.
 */
function functionChanged(wordings: string[], answer: string, evidence: string): string | undefined {
  const lhs = (t: string) => new RegExp(String.raw`(${FUNCTION_OF})\s*=\s*$`, 'i').exec(t)?.[1];
  const schemes = wordings.flatMap((w) => [...w.matchAll(new RegExp(String.raw`(${FUNCTION_OF})\s*=`, 'gi'))].map((m) => squashed(m[1])));
  if (schemes.length === 0) return undefined;
  const at = answer.indexOf(evidence);
  if (at < 0) return undefined;
  const theirs = lhs(answer.slice(Math.max(0, at - 20), at));
  if (!theirs || schemes.includes(squashed(theirs))) return undefined;
  return `${theirs.trim()} = ${evidence}`;
}

/**
 * A method point that writes its substitution in numbers ("555 × 10^-9 × 1.5 / 0.51 × 10^-3"), judged by value for
 * either marker: working that comes to the same value earns it, slips after it or not; working that comes to another
 * value does not, whatever numbers it shares with the scheme's; working not shown at all does not earn it (the rules on
 * a correct value may still imply it). Undefined when the point writes no substitution, when the answer states the
 * step's value bare, or when it writes the step's formula in symbols that the scheme accepts on its own (left to the
 * marker's judgement of words).
 */
export function judgeSubstitutionStep(
  point: { text: string; accept: string[] },
  answerHtml: string,
  questionHtml: string,
): StepOutcome | undefined {
  const text = plain(point.text);
  if (!isSubstitutionStep(text)) return undefined;
  const answer = operatorsInWords(plain(answerHtml));
  const verdict = judgeSubstitution(substitutionTargets([text, ...point.accept.map(plain)]), answer, plain(questionHtml));
  if (!verdict) return undefined;
  const symbolic = point.accept.map(plain).filter((w) => !/\d/.test(w) && squashed(w).length >= 5);
  if (verdict.kind !== 'same' && symbolic.some((w) => squashed(answer).includes(squashed(w)))) return undefined;
  if (verdict.kind === 'unshown')
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: your answer does not show this step (${point.text}).`,
      rule: 'no-evidence',
    };
  // (the step's value given to another function: "sin x = 1/2" for "rewrites as cos x = 1/2")
  const otherFunction = verdict.kind === 'same' ? functionChanged([text, ...point.accept.map(plain)], answer, verdict.evidence) : undefined;
  if (otherFunction)
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: you wrote "${otherFunction}", another function from the mark scheme's step (${point.text}).`,
      rule: 'substitution',
      evidence: otherFunction,
    };
  if (verdict.kind === 'same')
    return {
      status: 'COVERED',
      justification: `Credited: your working "${verdict.evidence}" is the mark scheme's step (${point.text}).`,
      rule: 'substitution',
      evidence: verdict.evidence,
    };
  return {
    status: 'NOT_COVERED',
    justification: `Not credited: your working "${verdict.evidence}" does not come to the value of the mark scheme's step (${point.text}).`,
    rule: 'substitution',
    evidence: verdict.evidence,
  };
}
