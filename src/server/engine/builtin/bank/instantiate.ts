import type { EvalFunction } from 'mathjs';
import type { MarkPoint } from '../../../../shared/mark-scheme';
import { templateMath } from '../../maths/mathjs-subset';
import { sigFigsOfValue, writeExactNumber, writeNumber } from '../../text/sig-figs';
import type { BankQuestion, Template } from './schema';

/**
 * Template (parametrised) questions made concrete for a seed: variables drawn with a seeded PRNG,
 * `computed` evaluated in order with mathjs, `constraints` enforced by redrawing, {{name}} and
 * {{name:N}} (N significant figures) replaced everywhere a student or marker reads, numeric point
 * values turned into numbers. The same question and seed always give the same result.
 */

/** A question ready to show and mark: no template; `values` holds the drawn and computed numbers of a template. */
export type ConcreteQuestion = Omit<BankQuestion, 'template'> & { values?: Record<string, number> };

/** The fields instantiation reads and fills. */
export type InstantiableQuestion = Pick<BankQuestion, 'id' | 'text' | 'options' | 'markScheme' | 'modelAnswer' | 'hints' | 'template'>;

/**
 * A template that cannot be instantiated. `path` says where, as a zod-style path into the question
 * ('template.computed.E', 'markScheme.1.numeric.value', 'hints.0'), or '' for the template as a whole;
 * `detail` is what is wrong. instantiateQuestion's errors also carry `questionId`, and their message
 * reads 'question <id>: <path>: <detail>'.
 */
export class TemplateError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
    readonly questionId?: string,
  ) {
    const where = path ? `${path}: ${detail}` : detail;
    super(questionId !== undefined ? `question ${questionId}: ${where}` : where);
    this.name = 'TemplateError';
  }
}

// Only the functions templates use, without loading mathjs's main entry (maths/mathjs-subset.ts): a thread that draws
// every template holds about 55 MiB less than with create(all) when nothing else in it imports 'mathjs'.
const math = templateMath;
const compiled = new Map<string, EvalFunction>();

/** The compiled expression; a syntax error is a TemplateError at `path`. */
function compileExpression(expression: string, path = ''): EvalFunction {
  let fn = compiled.get(expression);
  if (!fn) {
    try {
      fn = math.compile(expression);
    } catch (error) {
      throw new TemplateError(path, `syntax error in "${expression}": ${(error as Error).message}`);
    }
    compiled.set(expression, fn);
  }
  return fn;
}

/** An evaluation error that no redraw can fix (a name that is not a variable, computed value or mathjs function). */
function isFatal(message: string): boolean {
  return /Undefined (symbol|function)|Unexpected|SyntaxError|Parenthesis|Value expected|Unknown function/i.test(message);
}

/** Evaluates a compiled expression; a fatal error becomes a TemplateError at `path`, any other is rethrown as it is. */
function evaluateAt(expression: string, path: string, scope: Record<string, number>): unknown {
  const fn = compileExpression(expression, path);
  try {
    return fn.evaluate({ ...scope });
  } catch (error) {
    const message = (error as Error).message;
    if (isFatal(message)) throw new TemplateError(path, `cannot evaluate "${expression}": ${message}`);
    throw error;
  }
}

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. Returns numbers in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from any number of strings and numbers (FNV-1a), e.g. a paper seed and a question id. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function decimalsOf(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.includes('.') ? s.split('.')[1].length : 0;
}

/** One value in [min, max]: a multiple of `step` from min, or rounded to `dp` places; integers when neither is given and both ends are integers, otherwise 2 dp. */
export function drawVariable(spec: Template['variables'][string], random: () => number): number {
  const { min, max } = spec;
  if (spec.step !== undefined) {
    const steps = Math.floor((max - min) / spec.step + 1e-9);
    const k = Math.floor(random() * (steps + 1));
    const places = Math.max(decimalsOf(spec.step), decimalsOf(min));
    return Number((min + k * spec.step).toFixed(Math.min(places, 15)));
  }
  const dp = spec.dp ?? (Number.isInteger(min) && Number.isInteger(max) ? 0 : 2);
  if (dp === 0) {
    const low = Math.ceil(min);
    const count = Math.max(1, Math.floor(max) - low + 1);
    return low + Math.floor(random() * count);
  }
  const value = Number((min + random() * (max - min)).toFixed(dp));
  return Math.min(max, Math.max(min, value));
}

function toNumber(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new Error(`${what} is not a finite number (got ${typeof value === 'object' ? String(value) : value})`);
  return n;
}

/**
 * Draws values until every computed value is finite and every constraint holds. Throws after
 * `maxTries`, or at once (a TemplateError naming the expression) for an expression that can never be
 * evaluated: a syntax error or an unknown name.
 */
export function drawValues(template: Template, seed: number, maxTries = 500): Record<string, number> {
  const random = createRandom(seed);
  const computed = Object.entries(template.computed ?? {});
  const constraints = template.constraints ?? [];
  // Syntax errors first, whatever the values.
  for (const [name, expression] of computed) compileExpression(expression, `template.computed.${name}`);
  constraints.forEach((c, i) => compileExpression(c, `template.constraints.${i}`));
  let lastProblem = '';
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const scope: Record<string, number> = {};
    for (const [name, spec] of Object.entries(template.variables)) scope[name] = drawVariable(spec, random);
    try {
      for (const [name, expression] of computed) {
        scope[name] = toNumber(evaluateAt(expression, `template.computed.${name}`, scope), `computed ${name} = ${expression}`);
      }
      const failed = constraints.findIndex((c, i) => !evaluateAt(c, `template.constraints.${i}`, scope));
      if (failed === -1) return scope;
      lastProblem = `constraint "${constraints[failed]}" failed`;
    } catch (error) {
      if (error instanceof TemplateError) throw error;
      lastProblem = (error as Error).message;
    }
  }
  throw new TemplateError('', `no values satisfied the template after ${maxTries} draws (last: ${lastProblem})`);
}

/** `value` to `sigFigs` significant figures, as every number shown to a person is written (text/sig-figs.ts): 12345 → '12300', 0.0012345 → '0.00123', 0.00012345 → '1.23 × 10^-4'. */
export function formatSigFigs(value: number, sigFigs: number): string {
  return writeNumber(value, sigFigs);
}

/** A value this exact or less (113.05, 73639.8, 2.0714) is the template's own number; one with more figures was computed and is rounded. */
const EXACT_FIGURES = 6;

/**
 * A value as written without a format: integers as they are; a value with up to EXACT_FIGURES significant figures
 * as it is, without float noise (0.1 + 0.2 → '0.3'); a computed value with more (-51.59314285714285) to the
 * A-Level default of 3 significant figures ('-51.6'). Never "e" notation: standard form for very large or small.
 */
export function formatValue(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const figures = sigFigsOfValue(value);
  return writeNumber(value, figures <= EXACT_FIGURES ? figures : undefined);
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)(?:\s*:\s*(\d+)\s*(dp)?)?\s*\}\}/g;

export interface FillOptions {
  /** Significant figures for {{name}} of a value a point marks to them (its `numeric.value` is `name` and it sets `sigFigs`). */
  sigFigs?: Record<string, number>;
  /** For a machine (an ECF formula read by mathjs): full precision in JavaScript's notation, never standard form. */
  exact?: boolean;
}

/** Replaces {{name}}, {{name:N}} (N significant figures) and {{name:Ndp}} (N decimal places); an unknown name is an error. */
export function fillPlaceholders(text: string, values: Record<string, number>, options: FillOptions = {}): string {
  return text.replace(PLACEHOLDER, (whole, name: string, digits: string | undefined, dp: string | undefined) => {
    if (!(name in values)) throw new Error(`unknown placeholder ${whole}`);
    const value = values[name];
    if (dp) return value.toFixed(Math.min(15, Number(digits)));
    const sigFigs = digits === undefined ? undefined : Math.max(1, Math.min(15, Number(digits)));
    if (options.exact) return writeExactNumber(sigFigs === undefined ? value : Number(value.toPrecision(sigFigs)));
    if (sigFigs !== undefined) return formatSigFigs(value, sigFigs);
    const marked = options.sigFigs && Object.hasOwn(options.sigFigs, name) ? options.sigFigs[name] : undefined;
    return marked === undefined ? formatValue(value) : formatSigFigs(value, marked);
  });
}

/** True when the text still holds a {{name}} placeholder. */
export function hasPlaceholder(text: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(text);
}

/** Fills the placeholders of one field; an unknown name is a TemplateError at `path`. */
function fillAt(text: string, path: string, values: Record<string, number>, options: FillOptions = {}): string {
  try {
    return fillPlaceholders(text, values, options);
  } catch (error) {
    throw new TemplateError(path, (error as Error).message);
  }
}

/** The significant figures the scheme marks a value to, by name: a point whose `numeric.value` is that name and sets `sigFigs`. */
function markedSigFigs(points: readonly MarkPoint[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of points) {
    const name = typeof p.numeric?.value === 'string' ? p.numeric.value.trim() : '';
    if (p.numeric?.sigFigs && /^[a-zA-Z][a-zA-Z0-9_]*$/.test(name) && !Object.hasOwn(out, name)) out[name] = p.numeric.sigFigs;
  }
  return out;
}

function fillPoint(point: MarkPoint, index: number, values: Record<string, number>, sigFigs: Record<string, number>): MarkPoint {
  const at = `markScheme.${index}`;
  const fill = (text: string, path: string) => fillAt(text, path, values, { sigFigs });
  const out: MarkPoint = {
    ...point,
    text: fill(point.text, `${at}.text`),
    accept: point.accept.map((s, i) => fill(s, `${at}.accept.${i}`)),
    reject: point.reject.map((s, i) => fill(s, `${at}.reject.${i}`)),
    ignore: point.ignore.map((s, i) => fill(s, `${at}.ignore.${i}`)),
    required: point.required.map((s, i) => fill(s, `${at}.required.${i}`)),
    // read by mathjs when an error is carried forward: full precision, never rounded for show
    ...(point.ecf_formula !== undefined && { ecf_formula: fillAt(point.ecf_formula, `${at}.ecf_formula`, values, { exact: true }) }),
  };
  if (point.numeric) {
    const path = `${at}.numeric.value`;
    let value: number;
    if (typeof point.numeric.value === 'number') value = point.numeric.value;
    else {
      try {
        value = toNumber(evaluateAt(point.numeric.value, path, values), `point ${point.id} numeric value "${point.numeric.value}"`);
      } catch (error) {
        if (error instanceof TemplateError) throw error;
        throw new TemplateError(path, (error as Error).message);
      }
    }
    out.numeric = { ...point.numeric, value };
  }
  return out;
}

/** The instantiable fields filled for `seed`; throws a TemplateError without the question id. */
function fillQuestion<Q extends InstantiableQuestion>(question: Q & { template: Template }, seed: number) {
  const values = drawValues(question.template, hashSeed(seed, question.id));
  const { template: _template, ...rest } = question;
  // scheme text, model answer and hints write a value the scheme marks to N s.f. with N s.f.
  const sigFigs = markedSigFigs(question.markScheme);
  return {
    ...rest,
    text: fillAt(question.text, 'text', values),
    ...(question.options && {
      options: Object.fromEntries(Object.entries(question.options).map(([k, v]) => [k, fillAt(v, `options.${k}`, values)])),
    }),
    markScheme: question.markScheme.map((p, i) => fillPoint(p, i, values, sigFigs)),
    modelAnswer: fillAt(question.modelAnswer, 'modelAnswer', values, { sigFigs }),
    hints: question.hints.map((h, i) => fillAt(h, `hints.${i}`, values, { sigFigs })),
    values,
  };
}

/**
 * The concrete question for `seed`. A question without a template is returned unchanged (the same
 * object). Throws a TemplateError with the question id when the template cannot be instantiated.
 */
export function instantiateQuestion(question: BankQuestion, seed: number): ConcreteQuestion {
  if (!question.template) return question;
  try {
    return fillQuestion({ ...question, template: question.template }, seed);
  } catch (error) {
    if (error instanceof TemplateError) throw new TemplateError(error.path, error.detail, question.id);
    throw new Error(`question ${question.id}: ${(error as Error).message}`, { cause: error });
  }
}

/** How many seeds import and the bank loader try each template with (the bank tests try 200). */
export const CHECK_SEEDS = 50;

export interface InstantiationProblem {
  /** zod-style path into the question, e.g. 'template.computed.E' or 'hints.0'; 'template' for the template as a whole. */
  path: string;
  message: string;
}

function textFields(q: InstantiableQuestion): [string, string][] {
  return [
    ['text', q.text],
    ...Object.entries(q.options ?? {}).map(([k, v]): [string, string] => [`options.${k}`, v]),
    ...q.markScheme.flatMap((p, i) =>
      (['text', 'accept', 'reject', 'ignore', 'required', 'ecf_formula'] as const).flatMap((f): [string, string][] => {
        const v = p[f];
        if (v === undefined) return [];
        return typeof v === 'string' ? [[`markScheme.${i}.${f}`, v]] : v.map((s, j): [string, string] => [`markScheme.${i}.${f}.${j}`, s]);
      }),
    ),
    ['modelAnswer', q.modelAnswer],
    ...q.hints.map((h, i): [string, string] => [`hints.${i}`, h]),
  ];
}

/**
 * Everything that stops a question from being shown and marked, found by instantiating it for seeds
 * 0 .. seeds-1: for a template, an expression with a syntax error or an unknown name, a {{name}} that
 * is neither a variable nor a computed value, constraints that never hold, a numeric value that is
 * not a finite number; for a question without a template, a {{name}} placeholder or a numeric value
 * given as an expression. One problem per kind, with how many seeds it happened for when not all.
 */
export function instantiationProblems(question: InstantiableQuestion, seeds = CHECK_SEEDS): InstantiationProblem[] {
  if (!question.template) {
    const problems: InstantiationProblem[] = [];
    for (const [path, text] of textFields(question)) {
      const m = new RegExp(PLACEHOLDER.source).exec(text);
      if (m) problems.push({ path, message: `${m[0]} is a template placeholder, but the question has no template` });
    }
    question.markScheme.forEach((p, i) => {
      if (typeof p.numeric?.value === 'string')
        problems.push({
          path: `markScheme.${i}.numeric.value`,
          message: `"${p.numeric.value}" is an expression, but the question has no template`,
        });
    });
    return problems;
  }
  const template = question.template;
  const found = new Map<string, { problem: InstantiationProblem; seeds: number[] }>();
  let tried = 0;
  for (let seed = 0; seed < seeds; seed++) {
    tried++;
    try {
      fillQuestion({ ...question, template }, seed);
    } catch (error) {
      const problem =
        error instanceof TemplateError
          ? { path: error.path || 'template', message: error.detail }
          : { path: 'template', message: (error as Error).message };
      const key = `${problem.path}\u0000${problem.message.replace(/-?\d[\d.]*(e[+-]?\d+)?/g, '#')}`;
      const entry = found.get(key) ?? { problem, seeds: [] };
      entry.seeds.push(seed);
      found.set(key, entry);
    }
    // The same failure for each of the first seeds: it fails for every seed; no need to try the rest.
    if (seed === 4 && found.size === 1 && [...found.values()][0].seeds.length === 5) break;
  }
  return [...found.values()].map(({ problem, seeds: failed }) => ({
    path: problem.path,
    message:
      failed.length === tried ? problem.message : `${problem.message} (for ${failed.length} of ${seeds} seeds, e.g. seed ${failed[0]})`,
  }));
}
