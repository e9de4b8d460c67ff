import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { create as createMath, FactoryFunctionMap, MathJsInstance } from 'mathjs';

/**
 * A mathjs instance with only the functions the question bank's templates use (issue 29), for the engine's
 * threads. mathjs's main entry ('mathjs') builds every one of its ~500 functions when it is imported (about 85 MiB
 * resident and 30 MiB of heap per thread, whether or not `create(all)` follows); this instance is built from the
 * modules of the functions below only, loaded from mathjs's own ES module build (the same files the main entry
 * loads, so a thread that also imports 'mathjs' holds each of them once). Measured (node 20, tsx): drawing every
 * template of the bank for three seeds, 174 MiB resident and 36 MiB heap against 230 and 57 with create(all). The
 * saving is only there in a thread where nothing else imports 'mathjs': today the marker does (numeric.ts,
 * apply-scheme.ts, ../maths/formulas.ts and substitution.ts), so a worker that marks still loads the main entry.
 *
 * A template using a function not listed fails at once with "Undefined function" (a TemplateError naming the
 * expression); template-math.test.ts evaluates every template expression of the bank here and with create(all).
 */
export const TEMPLATE_MATH_FUNCTIONS = [
  // what the parser's nodes need to evaluate, operators included
  'compile',
  'evaluate',
  'add',
  'subtract',
  'multiply',
  'divide',
  'pow',
  'unaryMinus',
  'unaryPlus',
  'mod',
  'factorial',
  'larger',
  'smaller',
  'largerEq',
  'smallerEq',
  'equal',
  'unequal',
  'and',
  'or',
  'not',
  'xor',
  // 0:n, [a, b], f(i) = ... over a range
  'range',
  'matrix',
  'map',
  // the functions the templates call
  'abs',
  'round',
  'floor',
  'ceil',
  'fix',
  'sqrt',
  'cbrt',
  'nthRoot',
  'exp',
  'log',
  'log10',
  'log2',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'min',
  'max',
  'sum',
  'mean',
  'median',
  'combinations',
  'permutations',
  'erf',
  // constants
  'pi',
  'e',
  // the expression parser's own versions of these (as create(all) has them): a range includes its end, indices
  // and dimensions count from 1, `and` and `or` stop at the first operand that decides
  'andTransform',
  'orTransform',
  'rangeTransform',
  'mapTransform',
  'sumTransform',
  'minTransform',
  'maxTransform',
  'meanTransform',
] as const;

type Dependencies = Record<string, FactoryFunctionMap>;

/** mathjs's ES module build, beside its package.json (its main entry is not imported). */
const mathjsEsm = path.join(path.dirname(createRequire(import.meta.url).resolve('mathjs/package.json')), 'lib/esm');
const esmModule = (file: string) => pathToFileURL(path.join(mathjsEsm, file)).href;

async function createTemplateMath(): Promise<MathJsInstance> {
  const [{ create }, ...dependencies] = await Promise.all([
    import(esmModule('core/create.js')) as Promise<{ create: typeof createMath }>,
    ...TEMPLATE_MATH_FUNCTIONS.map((name) => {
      const file = `entry/dependenciesAny/dependencies${name[0].toUpperCase()}${name.slice(1)}.generated.js`;
      return (import(esmModule(file)) as Promise<Dependencies>).then((loaded) => loaded[`${name}Dependencies`]);
    }),
  ]);
  return create(Object.assign({}, ...dependencies) as FactoryFunctionMap);
}

/** The instance: its functions are built on first use, as in any mathjs instance. */
export const templateMath: MathJsInstance = await createTemplateMath();
