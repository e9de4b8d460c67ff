import type { MathNode } from 'mathjs';
import { parse } from './mathjs-subset';

/**
 * Formulas read as mathematics, as an examiner reads them: `v = √(GM/r)` is not `v = GM/r`, `λ = ws/D` is
 * not `λ = D/ws`, and `v² = GM/r` or `w = λD/s` are the same relation rearranged (STACK's algebraic
 * equivalence, checked by evaluation at random points rather than by symbolic algebra).
 */

/** An equation as written, and its two sides in mathjs syntax. */
export interface Equation {
  /** As written in the text. */
  text: string;
  left: MathNode;
  right: MathNode;
  symbols: string[];
  /** Where it starts in the text it was read from. */
  start: number;
}

const FUNCTIONS = ['sqrt', 'sin', 'cos', 'tan', 'log', 'ln', 'exp', 'arcsin', 'arccos', 'arctan'];
const GREEK: Record<string, string> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  Δ: 'Delta',
  ε: 'epsilon',
  θ: 'theta',
  λ: 'lambda',
  μ: 'mu',
  ν: 'nu',
  π: 'pi',
  ρ: 'rho',
  σ: 'sigma',
  τ: 'tau',
  φ: 'phi',
  ω: 'omega',
  Ω: 'Omega',
};
const GREEK_NAMES = new Set(Object.values(GREEK));
const SUPERSCRIPT: Record<string, string> = { '²': '^2', '³': '^3', '¹': '^1', '⁻¹': '^(-1)', '⁻²': '^(-2)', '½': '(1/2)' };

/**
 * A written formula in mathjs syntax: Greek letters by name, × ÷ · as operators, √x as sqrt(x), powers from
 * superscripts, and runs of one to three letters that are not a function read as products of one-letter
 * variables ("ut" → u*t, "GMm" → G*M*m), as physics writes them; longer words stay whole ("speed").
 * Returns undefined when it cannot be parsed.
 */
export function toMathSyntax(written: string): string | undefined {
  let s = written
    // a derivative is one quantity: "dy/dx" is not d·y ÷ d·x (a four-letter run stays whole below)
    .replace(/\bd([A-Za-z])\s*\/\s*d([A-Za-z])\b/g, 'd$1d$2')
    // a half as a subscript names a quantity ("t½" is the half-life), it does not multiply
    .replace(/([A-Za-z])\s?½/g, '$1half')
    // "image x magnification", "19000 x 17500": a lone x between numbers or words is a times sign
    .replace(/(\d|[A-Za-z]{2,}|\))\s+x\s+(?=\d|[A-Za-z]{2,}|\()/g, '$1 * ')
    .replace(/⁻¹/g, '^(-1)')
    .replace(/⁻²/g, '^(-2)')
    // raised digits are a power: "(2x² − 1)⁴", "10¹⁰"
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (run) => {
      const digits = [...run].map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c)).join('');
      return digits.length > 1 ? `^(${digits})` : `^${digits}`;
    })
    .replace(/[²³¹½]/g, (c) => SUPERSCRIPT[c])
    .replace(/[αβγδΔεθλμνπρστφωΩ]/g, (c) => ` ${GREEK[c]} `)
    .replace(/[×·∙]|\\times|\\cdot/g, '*')
    .replace(/[÷]/g, '/')
    .replace(/[−–]/g, '-')
    .replace(/\*\*/g, '^');
  // √(…) and √x
  s = s.replace(/√\s*\(/g, 'sqrt(').replace(/√\s*([A-Za-z0-9.]+)/g, 'sqrt($1)');
  if (/[√=<>!;:,?"']/.test(s)) return undefined;
  // a function followed by a bare argument: "cos θ" → cos(theta), "sin37" → sin(37)
  s = s.replace(/\b(sin|cos|tan|log|ln)\s*([A-Za-z]+|\d+(?:\.\d+)?)(?![\w(])/g, '$1($2)');
  // words side by side are prose ("the wave speed"), not a product of variables
  if (/[A-Za-z]{4,}\s+[A-Za-z]{2,}|[A-Za-z]{2,}\s+[A-Za-z]{4,}/.test(s.replace(/\b(?:sqrt|sin|cos|tan|log|ln|exp)\b/g, '')))
    return undefined;
  // split letter runs into variables; ln is the natural logarithm (mathjs's log), log the common one
  s = s.replace(/[A-Za-z]+/g, (run) => {
    if (run === 'ln') return ' log ';
    if (run === 'log') return ' log10 ';
    if (FUNCTIONS.includes(run) || GREEK_NAMES.has(run) || run.length > 3) return ` ${run} `;
    return ` ${run.split('').join(' * ')} `;
  });
  // implicit products the parser would not see: "2 t", ") (", "t (" and "4.9t"
  s = s.replace(/\s+/g, ' ').trim();
  // a one-letter variable before a bracket multiplies it ("20x(2x^2 - 1)^4"): mathjs would call x as a function
  s = s.replace(/(^|[^A-Za-z0-9_])([A-Za-z]) \(/g, '$1$2 * (');
  try {
    parse(s);
    return s;
  } catch {
    return undefined;
  }
}

function symbolsIn(node: MathNode): string[] {
  const names = new Set<string>();
  node.traverse((n: MathNode, path: string, parent: MathNode | null) => {
    if (n.type !== 'SymbolNode') return;
    // a function's own name is not a variable
    if (parent?.type === 'FunctionNode' && path === 'fn') return;
    const name = (n as MathNode & { name: string }).name;
    if (name === 'pi' || name === 'e') return;
    names.add(name);
  });
  return [...names];
}

function parseSide(text: string): MathNode | undefined {
  const syntax = toMathSyntax(text);
  if (!syntax) return undefined;
  try {
    return parse(syntax);
  } catch {
    return undefined;
  }
}

/** A number with a unit after it, or a bare number: a value, not a formula. */
const VALUE =
  /^[-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:\s*(?:[x×*]\s*10\s*\^?\s*[-+]?\d+|e[-+]?\d+))?(?:\s*[A-Za-zΩµμ°%][A-Za-z0-9Ωµμ°%^⁻¹²³/\- ]*)?$/;

/** One equation, `left = right`, when both sides read as mathematics. */
export function readEquation(text: string, start = 0): Equation | undefined {
  const sides = text.split('=');
  if (sides.length !== 2 || !sides[0].trim() || !sides[1].trim()) return undefined;
  // "t = 4.08 s" states a value (a number and its unit), not a relation between variables (a bare number is a side of
  // an equation in one unknown: "1 - k/2 = 0")
  if (sides.some((side) => VALUE.test(side.trim()) && !/^[-+]?\d+(?:\.\d+)?$/.test(side.trim()))) return undefined;
  const left = parseSide(sides[0]);
  const right = parseSide(sides[1]);
  if (!left || !right) return undefined;
  return { text: text.trim(), left, right, symbols: [...new Set([...symbolsIn(left), ...symbolsIn(right)])], start };
}

/** Words that end the maths before an "=" or after it ("so v = …", "… = 2 s, then", "at the bottom T = …"). */
const PROSE =
  /\b(so|then|and|therefore|hence|thus|giving|gives|where|using|use|with|which|because|since|if|we|get|got|is|the|of|by|from|into|as|for|it|that|this|plug|sub|substitute|rearrange|rearranged|answer|final|top|bottom|highest|lowest|point|when)\b/i;

function trimLeft(part: string): string {
  // the left side runs back to the last break: punctuation, a new line, a prose word
  const cut = part.split(/[,;:\n]|\.\s/).pop() ?? part;
  const words = cut.split(/(\s+)/);
  let i = words.length;
  while (i > 0 && !PROSE.test(words[i - 1])) i--;
  return words.slice(i).join('').trim();
}

function trimRight(part: string): string {
  const cut = part.split(/[,;:\n]|\.\s|\.$/)[0] ?? part;
  const words = cut.split(/(\s+)/);
  let i = 0;
  while (i < words.length && !PROSE.test(words[i])) i++;
  return words.slice(0, i).join('').trim();
}

/**
 * Every equation an answer writes, read pairwise along a chain ("v = GM/r = 6.67e-11 × 6e24 / 6.37e6"
 * gives v = GM/r and GM/r = 6.67e-11 × …), each side trimmed back to the maths around its "=".
 */
export function findEquations(text: string): Equation[] {
  const out: Equation[] = [];
  const parts = text.split('=');
  let offset = 0;
  // the start of the chain the current link belongs to ("y = e^(x^2/2 + ln 2) = 2e^(x^2/2)" also says y = 2e^(x^2/2))
  let chainStart: { text: string; at: number } | undefined;
  for (let i = 0; i + 1 < parts.length; i++) {
    const left = trimLeft(parts[i]);
    // the right side of a link in a chain ends where the next "=" begins
    const inChain = i + 2 < parts.length && !/[,;:\n]|\.\s/.test(parts[i + 1]);
    const right = inChain ? trimRight(parts[i + 1]) || parts[i + 1].trim() : trimRight(parts[i + 1]);
    const start = offset + parts[i].lastIndexOf(left);
    offset += parts[i].length + 1;
    if (!left || !right) {
      chainStart = undefined;
      continue;
    }
    if (!chainStart || left !== parts[i].trim()) chainStart = { text: left, at: start };
    const eq = readEquation(`${left} = ${right}`, start);
    if (eq) out.push(eq);
    if (chainStart.text !== left) {
      const whole = readEquation(`${chainStart.text} = ${right}`, chainStart.at);
      if (whole) out.push(whole);
    }
    if (!inChain) chainStart = undefined;
  }
  return out;
}

/** A small deterministic generator, so the same formulas always get the same verdict. */
function sampler(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function evaluate(node: MathNode, scope: Record<string, number>): number | undefined {
  try {
    const v: unknown = node.compile().evaluate({ ...scope });
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The variable an equation gives: a lone symbol on one side ("v" in v = √(GM/r)). */
function solvedFor(eq: Equation): { name: string; expr: MathNode } | undefined {
  for (const [side, other] of [
    [eq.left, eq.right],
    [eq.right, eq.left],
  ] as const) {
    if (side.type === 'SymbolNode') {
      const name = (side as MathNode & { name: string }).name;
      if (!symbolsIn(other).includes(name)) return { name, expr: other };
    }
  }
  return undefined;
}

/**
 * A relation solved for none of its symbols by a lone symbol on one side, a function of one symbol instead ("tan θ =
 * v²/(rg)"): one of its symbols whose
 * positive value the other symbols' values fix, found by bisection where the two sides cross (the first crossing on a
 * grid from 0.01 to 1000). The first symbol for which every trial finds one; undefined when none does.
 */
function solvedNumerically(eq: Equation): { name: string; root: (scope: Record<string, number>) => number | undefined } | undefined {
  // (only a relation with a function of one symbol on a side, "tan θ = …", "ln y = …": "y − 23 = 4(x − 3)" is working)
  const fnOfOne = (n: MathNode) => n.type === 'FunctionNode' && symbolsIn(n).length === 1;
  if (!fnOfOne(eq.left) && !fnOfOne(eq.right)) return undefined;
  const grid = [0.01, 0.03, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 7, 10, 20, 30, 50, 100, 300, 1000];
  for (const name of eq.symbols) {
    const root = (scope: Record<string, number>): number | undefined => {
      const f = (x: number) => {
        const l = evaluate(eq.left, { ...scope, [name]: x });
        const r = evaluate(eq.right, { ...scope, [name]: x });
        return l === undefined || r === undefined ? undefined : l - r;
      };
      for (let i = 1; i < grid.length; i++) {
        let [a, b] = [grid[i - 1], grid[i]];
        let fa = f(a);
        const fb = f(b);
        if (fa === undefined || fb === undefined || Math.sign(fa) === Math.sign(fb)) continue;
        for (let k = 0; k < 60; k++) {
          const m = (a + b) / 2;
          const fm = f(m);
          if (fm === undefined) return undefined;
          if (Math.sign(fm) === Math.sign(fa)) [a, fa] = [m, fm];
          else b = m;
        }
        return (a + b) / 2;
      }
      return undefined;
    };
    const random = sampler(104729);
    const trials = Array.from({ length: 4 }, () =>
      Object.fromEntries(eq.symbols.filter((s) => s !== name).map((s) => [s, 0.5 + 2.5 * random()])),
    );
    if (trials.every((scope) => root(scope) !== undefined)) return { name, root };
  }
  return undefined;
}

export type Agreement = 'same' | 'different' | 'unrelated';

/**
 * Whether an answer's equation states the scheme's relation: 'same' when it holds wherever the scheme's
 * does (at random positive values of the other variables), 'different' when it is about the scheme's
 * variables (two or more shared, none of its own) but does not hold, 'unrelated' otherwise.
 */
export function compareEquations(scheme: Equation, answer: Equation): Agreement {
  if (scheme.symbols.length === 1) return compareOneUnknown(scheme, answer);
  // a side with no variable is a substitution or a value ("GM/r = 6.67e-11 × 6e24 / 6.37e6"), not a relation
  if (symbolsIn(answer.left).length === 0 || symbolsIn(answer.right).length === 0) return 'unrelated';
  const shared = answer.symbols.filter((s) => scheme.symbols.includes(s));
  const extra = answer.symbols.filter((s) => !scheme.symbols.includes(s));
  if (shared.length < Math.min(2, scheme.symbols.length) || extra.length > 0) return 'unrelated';
  const solved = solvedFor(scheme) ?? solvedNumerically(scheme);
  if (!solved) return 'unrelated';
  const random = sampler(7919);
  let held = 0;
  let tried = 0;
  for (let k = 0; k < 12 && tried < 6; k++) {
    const scope: Record<string, number> = {};
    for (const s of scheme.symbols) if (s !== solved.name) scope[s] = 0.5 + 2.5 * random();
    const target = 'expr' in solved ? evaluate(solved.expr, scope) : solved.root(scope);
    if (target === undefined) continue;
    scope[solved.name] = target;
    const l = evaluate(answer.left, scope);
    const r = evaluate(answer.right, scope);
    if (l === undefined || r === undefined) continue;
    tried++;
    if (Math.abs(l - r) <= 1e-6 * Math.max(1, Math.abs(l), Math.abs(r))) held++;
  }
  if (tried < 3) return 'unrelated';
  return held === tried ? 'same' : 'different';
}

/**
 * The scheme point's formula, when its wording is one equation in symbols ("v = √(GM/r)", "s = ut + ½at²"), or an
 * equation in one unknown that a step forms, after the words that name the step ("forms 2(1/8) - 7(1/4) + k/2 + 3 = 0").
 */
export function schemeEquation(wording: string): Equation | undefined {
  const plain = wording.replace(/\s+/g, ' ').trim();
  const eq = readEquation(plain);
  if (eq && eq.symbols.length >= 2 && (solvedFor(eq) ?? solvedNumerically(eq))) return eq;
  return oneUnknown(plain);
}

/**
 * An equation in one unknown ("2(1/8) - 7(1/4) + k/2 + 3 = 0"), the words before it left out; not a value ("k = -3"), and
 * not one in function notation ("g(1/2) = 0" is no equation in g).
 */
function oneUnknown(wording: string): Equation | undefined {
  const at = wording.search(/[-\d(√]|(?<!\p{L})\p{L}(?!\p{L})/u);
  // (the words before it end before it: "sin(x + 30) = 1/2" is not "(x + 30) = 1/2" after the word "sin")
  if (at < 0 || /[^\p{L}\s:]/u.test(wording.slice(0, at)) || /\p{L}$/u.test(wording.slice(0, at))) return undefined;
  if (/\b(?:sin|cos|tan|ln|log|exp|sqrt)\s*$/i.test(wording.slice(0, at))) return undefined;
  const maths = wording.slice(at);
  // (nor one with a function: "sin(x + 30°) = 1/2" has a root every turn)
  if (/(?<!\p{L})\p{L}\s*\(|\p{L}{2}|√/u.test(maths)) return undefined;
  const eq = readEquation(maths, at);
  if (!eq || eq.symbols.length !== 1) return undefined;
  // a lone symbol on one side is a value worked out, not an equation formed
  if (eq.left.type === 'SymbolNode' || eq.right.type === 'SymbolNode') return undefined;
  return rootsOf(eq).length > 0 ? eq : undefined;
}

/** The real roots of an equation in one unknown, found where its two sides cross between -1000 and 1000. */
function rootsOf(eq: Equation): number[] {
  const name = eq.symbols[0];
  const f = (x: number) => {
    const l = evaluate(eq.left, { [name]: x });
    const r = evaluate(eq.right, { [name]: x });
    return l === undefined || r === undefined ? undefined : l - r;
  };
  const roots: number[] = [];
  const grid = [-1000, -100, -30, -10, -5, -3, -2, -1, -0.5, -0.1, 0, 0.1, 0.5, 1, 2, 3, 5, 10, 30, 100, 1000];
  const fine = grid.flatMap((x, i) => (i + 1 < grid.length ? Array.from({ length: 8 }, (_, k) => x + ((grid[i + 1] - x) * k) / 8) : [x]));
  for (let i = 0; i + 1 < fine.length; i++) {
    let [a, b] = [fine[i], fine[i + 1]];
    let fa = f(a);
    const fb = f(b);
    if (fa === undefined || fb === undefined) continue;
    if (fa === 0) {
      roots.push(a);
      continue;
    }
    if (Math.sign(fa) === Math.sign(fb)) continue;
    for (let k = 0; k < 60; k++) {
      const m = (a + b) / 2;
      const fm = f(m);
      if (fm === undefined) break;
      if (Math.sign(fm) === Math.sign(fa)) [a, fa] = [m, fm];
      else b = m;
    }
    roots.push((a + b) / 2);
  }
  return roots.filter((r, i) => i === 0 || Math.abs(r - roots[i - 1]) > 1e-6 * Math.max(1, Math.abs(r)));
}

/**
 * An answer's equation against an equation in one unknown: 'same' when it is in that unknown and has the same roots
 * (rearranged, simplified, multiplied through), 'different' when it is in that unknown with other roots, 'unrelated'
 * otherwise (a value such as "k = -3" is checked as a value, not here).
 */
function compareOneUnknown(scheme: Equation, answer: Equation): Agreement {
  if (answer.symbols.length !== 1 || answer.symbols[0] !== scheme.symbols[0]) return 'unrelated';
  if (answer.left.type === 'SymbolNode' || answer.right.type === 'SymbolNode') return 'unrelated';
  const ours = rootsOf(scheme);
  const theirs = rootsOf(answer);
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-4 * Math.max(1, Math.abs(a));
  return ours.length === theirs.length && ours.every((r) => theirs.some((t) => near(r, t))) ? 'same' : 'different';
}

/** An expression as written ("2x^2 + 3x - 2", "(x - 3)(2x^2 + 3x - 2)") and read. */
export interface Expression {
  text: string;
  node: MathNode;
  symbols: string[];
  start: number;
}

/** A run of working: numbers, one-letter variables, operators and brackets (a word of two letters ends it). */
const WORKING_RUN = /(?:[\d.()+\-−–×*·/^²³⁴√\s]|(?<!\p{L})\p{L}(?!\p{L}))+/gu;

function readExpression(written: string, start: number): Expression | undefined {
  // a series goes on: "1 + 2x - 2x^2 + …" is read up to its dots
  const text = written
    .trim()
    .replace(/\s*[+-]?\s*(?:\.{2,}|…)\s*$/, '')
    .trim();
  // an expression has a variable and an operation on it: not a lone letter, a number, a value or a decade ("1950s")
  if (!/\p{L}/u.test(text) || !/[+\-−–×*·/^²³⁴√]|\)\s*\(/u.test(text) || text.replace(/\s/g, '').length < 3) return undefined;
  const node = parseSide(text);
  if (!node) return undefined;
  const symbols = symbolsIn(node);
  if (symbols.length === 0 || node.type === 'SymbolNode') return undefined;
  return { text, node, symbols, start: start + written.indexOf(text) };
}

/**
 * The scheme point's expression, when its wording is one, alone or after words that name it ("quadratic factor
 * 2x^2 + 3x - 2"), with no "=" (an equation is schemeEquation's): what the answer must write, in any equivalent form.
 */
export function schemeExpression(wording: string): Expression | undefined {
  const plain = wording.replace(/\s+/g, ' ').trim();
  if (/[=<>≤≥≈]/.test(plain)) return undefined;
  const runs = [...plain.matchAll(WORKING_RUN)].filter((m) => m[0].trim());
  const last = runs.at(-1);
  if (!last || last.index + last[0].length < plain.length) return undefined;
  // (the words before it only name it: "quadratic factor", "the derivative is")
  const before = plain.slice(0, last.index);
  if (/[^\p{L}\s':-]/u.test(before)) return undefined;
  const expression = readExpression(last[0], last.index);
  return expression && expression.symbols.length <= 2 ? expression : undefined;
}

/** The run of working that holds the text from `start` to `end` ("(x - 3)" round the "3" of "so (x - 3) is a factor"). */
export function workingRunAround(text: string, start: number, end: number): string {
  for (const m of text.matchAll(WORKING_RUN)) if (m.index <= start && m.index + m[0].length >= end) return m[0];
  return text.slice(start, end);
}

/** Every expression an answer writes: each run of working between words, "=" and punctuation. */
export function findExpressions(text: string): Expression[] {
  return [...text.matchAll(WORKING_RUN)].flatMap((m) => readExpression(m[0], m.index) ?? []);
}

/** The terms of a sum, each with its sign ("1 + 2x - 2x^2" gives 1, 2x and -2x^2). */
function termsOf(node: MathNode): MathNode[] {
  const inner = node.type === 'ParenthesisNode' ? (node as MathNode & { content: MathNode }).content : node;
  if (inner.type !== 'OperatorNode') return [inner];
  const op = inner as MathNode & { fn: string; args: MathNode[] };
  if (op.fn === 'add') return op.args.flatMap(termsOf);
  if (op.fn === 'subtract') return [...termsOf(op.args[0]), ...termsOf(op.args[1]).map((t) => parse(`-(${t.toString()})`))];
  if (op.fn === 'unaryMinus') return termsOf(op.args[0]).map((t) => parse(`-(${t.toString()})`));
  return [inner];
}

/** The factors of a product, brackets undone ("(x - 3)(2x - 1)" gives x - 3 and 2x - 1). */
function factorsOf(node: MathNode): MathNode[] {
  const inner = node.type === 'ParenthesisNode' ? (node as MathNode & { content: MathNode }).content : node;
  if (inner.type === 'OperatorNode' && (inner as MathNode & { fn: string }).fn === 'multiply')
    return (inner as MathNode & { args: MathNode[] }).args.flatMap(factorsOf);
  return [inner];
}

function sameExpression(a: MathNode, b: MathNode, symbols: string[]): boolean {
  const random = sampler(104729);
  let tried = 0;
  for (let k = 0; k < 12 && tried < 6; k++) {
    const scope: Record<string, number> = {};
    for (const s of symbols) scope[s] = -2.5 + 5 * random();
    const x = evaluate(a, scope);
    const y = evaluate(b, scope);
    if (x === undefined || y === undefined) continue;
    tried++;
    if (Math.abs(x - y) > 1e-6 * Math.max(1, Math.abs(x), Math.abs(y))) return false;
  }
  return tried >= 3;
}

/**
 * Whether an answer's expression is the scheme's: 'same' when equal wherever both are defined (expanded, factorised or
 * reordered), 'factor' when it is a product with the scheme's expression as one factor ("(x - 3)(2x^2 + 3x - 2)" for
 * the quadratic factor), 'terms' when `series` (the question asks for an expansion) and the scheme's terms are among its
 * terms ("1 + 2x" of "1 + 2x - 2x^2 + 4x^3"), 'different' when it is in the scheme's variables and none of these, 'unrelated' when it has
 * others.
 */
export function compareExpressions(
  scheme: Expression,
  answer: Expression,
  series = false,
): 'same' | 'factor' | 'terms' | 'different' | 'unrelated' {
  if (answer.symbols.some((s) => !scheme.symbols.includes(s))) return 'unrelated';
  if (sameExpression(scheme.node, answer.node, scheme.symbols)) return 'same';
  const factors = factorsOf(answer.node);
  if (factors.length > 1 && factors.some((f) => symbolsIn(f).length > 0 && sameExpression(scheme.node, f, scheme.symbols))) return 'factor';
  // terms of a series or a polynomial: "1 + 2x" and "- 2x^2 + 4x^3" are in "1 + 2x - 2x^2 + 4x^3"
  const ours = termsOf(scheme.node);
  const theirs = termsOf(answer.node);
  if (series && ours.length < theirs.length && ours.every((t) => theirs.some((a) => sameExpression(t, a, scheme.symbols)))) return 'terms';
  return 'different';
}
