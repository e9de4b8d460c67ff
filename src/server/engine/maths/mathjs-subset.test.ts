import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as mathjs from 'mathjs';
import { describe, expect, it } from 'vitest';
import { findQuantities, normaliseUnit } from '../builtin/marker/numeric';
import { toMathSyntax } from './formulas';
import {
  factoriesFor,
  inMainInstance,
  mainInstanceUse,
  MARKER_MATH_FUNCTIONS,
  markerMath,
  parse,
  TEMPLATE_MATH_FUNCTIONS,
  unit,
} from './mathjs-subset';
import { numericExpressions } from './substitution';

/**
 * The marker reads formulas and units with mathjs-subset.ts's instance (issue 29) and must read them as mathjs's
 * full instance ('mathjs') does: every expression and unit the marker's own tests, the A-Level marker cases and
 * the bank's ECF formulas give it is read by both and must come to the same thing, and the functions the marker
 * writes itself (and the ECF formulas use) must be in the subset, not borrowed from the full instance.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
/** The reference: the instance of mathjs's main entry, which the marker imported before (`import { parse } from 'mathjs'`). */
const full = { parse: mathjs.parse, unit: mathjs.unit };

function filesUnder(dir: string, test: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && test(file) ? [file] : [];
  });
}

/** The string literals of the marker's and the maths' tests, and every string of the A-Level marker cases. */
function corpus(): string[] {
  const texts = new Set<string>();
  const testDirs = ['src/server/engine/maths', 'src/server/engine/builtin/marker', 'src/server/engine/grading'];
  for (const dir of testDirs)
    for (const file of filesUnder(path.join(root, dir), (f) => f.endsWith('.test.ts') && !f.endsWith('mathjs-subset.test.ts'))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g))
        texts.add((m[1] ?? m[2] ?? m[3]).replace(/\\n/g, '\n').replace(/\\(.)/g, '$1'));
    }
  const strings = (value: unknown): void => {
    if (typeof value === 'string') texts.add(value);
    else if (Array.isArray(value)) value.forEach(strings);
    else if (value && typeof value === 'object') Object.values(value).forEach(strings);
  };
  for (const file of filesUnder(path.join(root, 'content/marker-cases'), (f) => /\.jsonl?$/.test(f))) {
    const text = fs.readFileSync(file, 'utf8');
    if (file.endsWith('.jsonl')) for (const line of text.split('\n').filter((l) => l.trim())) strings(JSON.parse(line));
    else strings(JSON.parse(text));
  }
  return [...texts].filter((t) => t.trim() && t.length < 5000);
}

/** The bank's ECF formulas, each template value ({{name}}) given a number. */
function ecfFormulas(): string[] {
  const out = new Set<string>();
  for (const file of filesUnder(path.join(root, 'content'), (f) => f.endsWith('.json') && !f.includes('marker-cases')))
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/"ecf_formula":\s*"((?:[^"\\]|\\.)*)"/g))
      out.add(JSON.parse(`"${m[1]}"`).replace(/\{\{\s*\w+\s*\}\}/g, '1.7'));
  return [...out];
}

/** What the formulas the marker reads may be: each side of an equation and each piece of arithmetic, in mathjs syntax. */
function expressionsIn(texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const line of text.split(/\n|(?<=[.;])\s+/)) {
      for (const side of [line, ...line.split('=')]) {
        const syntax = toMathSyntax(side);
        if (syntax) out.add(syntax);
      }
    }
    for (const e of numericExpressions(text)) {
      const syntax = toMathSyntax(e.text.replace(/(\d+(?:\.\d+)?)e([-+]?\d+)/g, '($1*10^($2))').replace(/°/g, ''));
      if (syntax) out.add(syntax);
    }
  }
  return [...out];
}

const DEGREES = {
  sin: (x: number) => Math.sin((x * Math.PI) / 180),
  cos: (x: number) => Math.cos((x * Math.PI) / 180),
  tan: (x: number) => Math.tan((x * Math.PI) / 180),
};

/** What an evaluation comes to, as the marker tells results apart: a number (exactly), another value's type, or an error. */
function outcome(run: () => unknown): string {
  try {
    const v = run();
    if (typeof v === 'number') return `number ${Object.is(v, -0) ? '-0' : String(v)}`;
    if (v && typeof v === 'object' && 'type' in v) return `${typeof v} ${String((v as { type: unknown }).type)}`;
    return typeof v;
  } catch {
    return 'error';
  }
}

/** Scopes as the marker gives them: none, angles in degrees, and each variable a number (as formulas.ts compares). */
function scopes(expr: string): Record<string, unknown>[] {
  let names: string[] = [];
  try {
    const node = full.parse(expr);
    const found = new Set<string>();
    node.traverse((n, p, parent) => {
      if (n.type === 'SymbolNode' && !(parent?.type === 'FunctionNode' && p === 'fn'))
        found.add((n as mathjs.MathNode & { name: string }).name);
    });
    names = [...found].filter((n) => n !== 'pi' && n !== 'e');
  } catch {
    // compared as an error below
  }
  const values = Object.fromEntries(names.map((n, k) => [n, 0.5 + ((k * 0.618) % 2.5)]));
  return [{}, DEGREES, values];
}

/** Differences between the marker's reading of each expression and the full instance's. */
function differences(expressions: string[]): string[] {
  const out: string[] = [];
  for (const expr of expressions) {
    const parsedFull = outcome(() => full.parse(expr).toString());
    const parsedMarker = outcome(() => parse(expr).toString());
    if (parsedFull !== parsedMarker) out.push(`${expr}: parse ${parsedMarker} (full: ${parsedFull})`);
    if (parsedFull === 'error') continue;
    for (const scope of scopes(expr)) {
      const a = outcome(() =>
        parse(expr)
          .compile()
          .evaluate({ ...scope }),
      );
      const b = outcome(() =>
        full
          .parse(expr)
          .compile()
          .evaluate({ ...scope }),
      );
      if (a !== b) out.push(`${expr} with ${Object.keys(scope).join(',') || 'no scope'}: ${a} (full: ${b})`);
    }
  }
  return out;
}

describe('the marker mathjs subset', () => {
  it('knows every name of the full instance (an expression naming one goes to the full instance)', () => {
    // create(all)'s namespace, and the main entry's names (its exports less the factories; _true is true)
    const names = [
      ...Object.keys(mathjs.create(mathjs.all)),
      ...Object.keys(mathjs)
        .filter((k) => !/Dependencies$|^create[A-Z]|^(all|docs)$/.test(k))
        .map((k) => k.replace(/^_/, '')),
    ];
    expect(names.length).toBeGreaterThan(700);
    const missed = names.filter((name) => !inMainInstance(name));
    expect(missed).toEqual([]);
    expect(inMainInstance('speed')).toBe(false);
    expect(inMainInstance('x')).toBe(false);
    expect(inMainInstance('I')).toBe(false);
    expect(inMainInstance('i')).toBe(true);
  });

  it('has the functions the marker writes itself and the ECF formulas use, without the full instance', () => {
    const before = mainInstanceUse.count;
    const own = [
      'I * R',
      'distance / t',
      'v.t',
      'sqrt(2)',
      'sin(1)',
      'cos(1)',
      'tan(1)',
      'log(2)',
      'log10(2)',
      'exp(1)',
      'pi * e',
      'E * i',
      '2^3 / 4 - 1',
    ];
    const formulas = ecfFormulas();
    expect(formulas.length).toBeGreaterThan(100);
    for (const expr of [...own, ...formulas]) {
      const names: string[] = [];
      markerMath.parse(expr).traverse((n) => {
        if (n.type === 'FunctionNode') names.push((n as mathjs.MathNode & { fn: { name: string } }).fn.name);
      });
      for (const name of names) expect(name in markerMath, `${name} in the subset (${expr})`).toBe(true);
      parse(expr);
    }
    expect(mainInstanceUse.count).toBe(before);
    expect(differences([...own, ...formulas])).toEqual([]);
  });

  it('reads unit names, constants and functions the subset lacks as the full instance does', () => {
    const edge = [
      '2 m / 1 m',
      '5 cm / 2 m',
      'sin(30 deg)',
      'm',
      'kg * m / s^2 / N',
      'x',
      '2 x 3',
      'gamma(4)',
      'phi * tau',
      'speedOfLight / 2',
      'gravity',
      'sinh(1)',
      'arcsin(0.5)',
      'asin(0.5)',
      '5 & 3',
      '7 % 3',
      '50%',
      '3 .* 2',
      '[1, 2] * 2',
      '[a] * 2',
      'a.b',
      'a.b.c * 2',
      'v.t',
      'x[2]',
      'I * R',
      'distance / time',
      'distance(1, 2)',
      'Infinity',
      'NaN',
      'true',
      'null',
      'version',
      'LN2',
      'sqrt(-4)',
      '(-8)^(1/3)',
      '1/0',
      'speed * time',
      'thalf',
      'dydx',
    ];
    expect(differences(edge)).toEqual([]);
    expect(mainInstanceUse.count).toBeGreaterThan(0);
  });

  it('reads every formula and piece of arithmetic in the marker tests and the A-Level cases as the full instance does', () => {
    const expressions = expressionsIn(corpus());
    expect(expressions.length).toBeGreaterThan(500);
    expect(differences(expressions)).toEqual([]);
  }, 120_000);

  it('reads every unit written after a number in the marker tests and the A-Level cases as the full instance does', () => {
    const units = new Set<string>(['m s^-1', 'kJ mol^-1', 'degC', 'ohm', 'uF', '%', 'N m', 'eV', 'cm^3', 'g dm^-3']);
    for (const text of corpus()) for (const q of findQuantities(text)) for (const u of q.unitCandidates) units.add(normaliseUnit(u));
    expect(units.size).toBeGreaterThan(200);
    const wrong: string[] = [];
    for (const u of units) {
      const a = outcome(() => unit(2.5, u).toSI().toString());
      const b = outcome(() => full.unit(2.5, u).toSI().toString());
      const c = outcome(() => unit(1, u).toString());
      const d = outcome(() => full.unit(1, u).toString());
      if (a !== b || c !== d) wrong.push(`${u}: ${a} / ${c} (full: ${b} / ${d})`);
      if (b !== 'error') expect(outcome(() => unit(3, u).toNumber(u))).toBe(outcome(() => full.unit(3, u).toNumber(u)));
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("builds its instances from the same factories, in the same order, as create() given the names' dependencies objects", async () => {
    // what the instances were built from before (the generated dependencies modules, which import factoriesAny.js)
    const esm = path.join(root, 'node_modules/mathjs/lib/esm');
    const { deepFlatten } = (await import(path.join(esm, 'utils/object.js'))) as { deepFlatten: (o: object) => Record<string, unknown> };
    const MODULE_NAME: Record<string, string> = { unit: 'UnitFunction', E: 'UppercaseE' };
    for (const names of [TEMPLATE_MATH_FUNCTIONS, MARKER_MATH_FUNCTIONS]) {
      const dependencies = await Promise.all(
        names.map(async (name) => {
          const file = `dependencies${MODULE_NAME[name] ?? `${name[0].toUpperCase()}${name.slice(1)}`}.generated.js`;
          const module = (await import(path.join(esm, 'entry/dependenciesAny', file))) as Record<string, object>;
          return module[`${name}Dependencies`];
        }),
      );
      expect(factoriesFor(names)).toEqual(Object.keys(deepFlatten(Object.assign({}, ...dependencies))));
    }
  });

  it("loads only its factories' modules, not mathjs's main entry nor factoriesAny.js (every factory of mathjs)", () => {
    // A resolve hook that fails the import of mathjs's main entry or of its module of all factories.
    const hook = `export async function resolve(s, c, next) { const r = await next(s, c); if (s === 'mathjs' || /\\/factoriesAny\\.js$/.test(r.url)) throw new Error('imported ' + r.url); return r; }`;
    const script = [
      `import { register } from 'node:module';`,
      `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`,
      `const { markerMath, templateMath } = await import('./src/server/engine/maths/mathjs-subset.ts');`,
      `console.log(markerMath.evaluate('sqrt(2 m^2) / (1 m) + sum(1:10)'), templateMath.evaluate('round(nthRoot(27, 3))'));`,
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(out.trim()).toBe('56.41421356237309 3');
  }, 60_000);
});
