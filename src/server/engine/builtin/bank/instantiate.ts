import { all, create, type EvalFunction } from 'mathjs';
import type { MarkPoint } from '../../../../shared/mark-scheme';
import type { BankQuestion, Template } from './schema';

/**
 * Template (parametrised) questions made concrete for a seed: variables drawn with a seeded PRNG,
 * `computed` evaluated in order with mathjs, `constraints` enforced by redrawing, {{name}} and
 * {{name:N}} (N significant figures) replaced everywhere a student or marker reads, numeric point
 * values turned into numbers. The same question and seed always give the same result.
 */

/** A question ready to show and mark: no template; `values` holds the drawn and computed numbers of a template. */
export type ConcreteQuestion = Omit<BankQuestion, 'template'> & { values?: Record<string, number> };

const math = create(all);
const compiled = new Map<string, EvalFunction>();

function compileExpression(expression: string): EvalFunction {
  let fn = compiled.get(expression);
  if (!fn) {
    fn = math.compile(expression);
    compiled.set(expression, fn);
  }
  return fn;
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

/** Draws values until every computed value is finite and every constraint holds. Throws after `maxTries`. */
export function drawValues(template: Template, seed: number, maxTries = 500): Record<string, number> {
  const random = createRandom(seed);
  let lastProblem = '';
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const scope: Record<string, number> = {};
    for (const [name, spec] of Object.entries(template.variables)) scope[name] = drawVariable(spec, random);
    try {
      for (const [name, expression] of Object.entries(template.computed ?? {})) {
        scope[name] = toNumber(compileExpression(expression).evaluate({ ...scope }), `computed ${name} = ${expression}`);
      }
      const failed = (template.constraints ?? []).find((c) => !compileExpression(c).evaluate({ ...scope }));
      if (failed === undefined) return scope;
      lastProblem = `constraint "${failed}" failed`;
    } catch (error) {
      const message = (error as Error).message;
      // An expression that cannot be evaluated at all (unknown name, syntax) will never succeed.
      if (/Undefined symbol|Unexpected|SyntaxError|Parenthesis|Value expected/i.test(message)) throw error;
      lastProblem = message;
    }
  }
  throw new Error(`no values satisfied the template after ${maxTries} draws (last: ${lastProblem})`);
}

/** `value` to `sigFigs` significant figures, without exponent notation for everyday magnitudes: 12345 → '12300', 0.0012345 → '0.00123'. */
export function formatSigFigs(value: number, sigFigs: number): string {
  if (value === 0) return '0';
  const rounded = Number(value.toPrecision(sigFigs));
  const exponent = Math.floor(Math.log10(Math.abs(rounded)));
  if (exponent >= 15 || exponent <= -7) {
    const [mantissa, power] = rounded.toExponential(sigFigs - 1).split('e');
    return `${mantissa} × 10^${Number(power)}`;
  }
  const decimals = sigFigs - 1 - exponent;
  return decimals > 0 ? rounded.toFixed(decimals) : String(Math.round(rounded));
}

/** A value as written without a format: integers as they are, otherwise at most 10 significant figures. */
export function formatValue(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const rounded = Number(value.toPrecision(10));
  const exponent = Math.floor(Math.log10(Math.abs(rounded)));
  if (exponent >= 15 || exponent <= -7) return formatSigFigs(rounded, 10).replace(/\.?0+ ×/, ' ×');
  return String(rounded);
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)(?:\s*:\s*(\d+)\s*(dp)?)?\s*\}\}/g;

/** Replaces {{name}}, {{name:N}} (N significant figures) and {{name:Ndp}} (N decimal places); an unknown name is an error. */
export function fillPlaceholders(text: string, values: Record<string, number>): string {
  return text.replace(PLACEHOLDER, (whole, name: string, digits: string | undefined, dp: string | undefined) => {
    if (!(name in values)) throw new Error(`unknown placeholder ${whole}`);
    const value = values[name];
    if (digits === undefined) return formatValue(value);
    if (dp) return value.toFixed(Math.min(15, Number(digits)));
    return formatSigFigs(value, Math.max(1, Math.min(15, Number(digits))));
  });
}

/** True when the text still holds a {{name}} placeholder. */
export function hasPlaceholder(text: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(text);
}

function fillPoint(point: MarkPoint, values: Record<string, number>): MarkPoint {
  const fill = (s: string) => fillPlaceholders(s, values);
  const out: MarkPoint = {
    ...point,
    text: fill(point.text),
    accept: point.accept.map(fill),
    reject: point.reject.map(fill),
    ignore: point.ignore.map(fill),
    required: point.required.map(fill),
  };
  if (point.numeric) {
    const value =
      typeof point.numeric.value === 'number'
        ? point.numeric.value
        : toNumber(compileExpression(point.numeric.value).evaluate({ ...values }), `point ${point.id} numeric value "${point.numeric.value}"`);
    out.numeric = { ...point.numeric, value };
  }
  return out;
}

/**
 * The concrete question for `seed`. A question without a template is returned unchanged (the same
 * object). Throws with the question id when the template cannot be instantiated.
 */
export function instantiateQuestion(question: BankQuestion, seed: number): ConcreteQuestion {
  if (!question.template) return question;
  try {
    const values = drawValues(question.template, hashSeed(seed, question.id));
    const fill = (s: string) => fillPlaceholders(s, values);
    const { template: _template, ...rest } = question;
    return {
      ...rest,
      text: fill(question.text),
      ...(question.options && {
        options: Object.fromEntries(Object.entries(question.options).map(([k, v]) => [k, fill(v)])),
      }),
      markScheme: question.markScheme.map((p) => fillPoint(p, values)),
      modelAnswer: fill(question.modelAnswer),
      hints: question.hints.map(fill),
      values,
    };
  } catch (error) {
    throw new Error(`question ${question.id}: ${(error as Error).message}`);
  }
}
