import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { create as createMath, FactoryFunctionMap, MathJsInstance, MathNode } from 'mathjs';

/**
 * A mathjs instance with only the functions the question bank's templates use (issue 29), for the engine's
 * threads. mathjs's main entry ('mathjs') builds every one of its ~500 functions when it is imported (about 85 MiB
 * resident and 30 MiB of heap per thread, whether or not `create(all)` follows); this instance is built from the
 * modules of the functions below only, loaded from mathjs's own ES module build (the same files the main entry
 * loads, so a thread that also imports 'mathjs' holds each of them once). Measured (node 20, tsx): drawing every
 * template of the bank for three seeds, 174 MiB resident and 36 MiB heap against 230 and 57 with create(all). The
 * saving is only there in a thread where nothing else imports 'mathjs'; the marker reads formulas and units with
 * `markerMath` below (parse, unit), which falls back to the main entry only for an expression naming something
 * only the full instance has.
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

/**
 * What the marker adds to the templates' functions (issue 29): the parser and units (`unit`, and with it the Unit
 * class, so that an unknown symbol that is a unit's name, "m" in "2 m / 1 m", evaluates to that unit as in the full
 * instance), and the names of the full instance a written formula commonly uses as a variable (E for energy, i for
 * current, γ, φ, τ, "distance = speed × time"), so that such a formula needs no fallback. Anything else the full instance has is read by the
 * full instance (`parse` below).
 */
export const MARKER_MATH_FUNCTIONS = [...TEMPLATE_MATH_FUNCTIONS, 'parse', 'unit', 'E', 'i', 'gamma', 'phi', 'tau', 'distance'] as const;

type Dependencies = Record<string, FactoryFunctionMap>;

/** mathjs's ES module build, beside its package.json (its main entry is not imported). */
const requireHere = createRequire(import.meta.url);
const mathjsEsm = path.join(path.dirname(requireHere.resolve('mathjs/package.json')), 'lib/esm');
const esmModule = (file: string) => pathToFileURL(path.join(mathjsEsm, file)).href;
const capitalised = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;
/** The module of a name's factory, where it is not named after the name itself. */
const MODULE_NAME: Record<string, string> = { unit: 'UnitFunction', E: 'UppercaseE' };
const dependenciesFile = (name: string) => `entry/dependenciesAny/dependencies${MODULE_NAME[name] ?? capitalised(name)}.generated.js`;

async function createSubset(
  create: typeof createMath,
  names: readonly string[],
  modules: Map<string, Promise<FactoryFunctionMap>>,
): Promise<MathJsInstance> {
  const dependencies = await Promise.all(
    names.map((name) => {
      let loaded = modules.get(name);
      if (!loaded) {
        loaded = (import(esmModule(dependenciesFile(name))) as Promise<Dependencies>).then((m) => m[`${name}Dependencies`]);
        modules.set(name, loaded);
      }
      return loaded;
    }),
  );
  return create(Object.assign({}, ...dependencies) as FactoryFunctionMap);
}

const { create } = (await import(esmModule('core/create.js'))) as { create: typeof createMath };
const modules = new Map<string, Promise<FactoryFunctionMap>>();
const [templateInstance, markerInstance] = await Promise.all([
  createSubset(create, TEMPLATE_MATH_FUNCTIONS, modules),
  createSubset(create, MARKER_MATH_FUNCTIONS, modules),
]);

/** The templates' instance: its functions are built on first use, as in any mathjs instance. */
export const templateMath: MathJsInstance = templateInstance;

/** The marker's instance (the templates' functions and MARKER_MATH_FUNCTIONS); read formulas with `parse` below. */
export const markerMath: MathJsInstance = markerInstance;

/**
 * Names of the full instance's namespace that have no module of their own under their name (the others have one:
 * dependencies<Name>.generated.js). mathjs-subset.test.ts checks that every name of create(all) is covered.
 */
const MAIN_ONLY_NAMES = new Set([
  'on',
  'off',
  'once',
  'emit',
  'config',
  'expression',
  'import',
  'create',
  'factory',
  'apply',
  'cumsum',
  'unit',
  'Unit',
  'PI',
  'BigNumber',
  'Chain',
  'Complex',
  'Fraction',
  'Help',
  'Index',
  'Matrix',
  'Parser',
  'Range',
  'DenseMatrix',
  'SparseMatrix',
  'ImmutableDenseMatrix',
  'FibonacciHeap',
  'Spa',
  'ArgumentsError',
  'DimensionError',
  'IndexError',
]);
const inMainChecked = new Map<string, boolean>();

/** Whether the full instance ('mathjs') may have this name (true for every name it has; a few more are harmless). */
export function inMainInstance(name: string): boolean {
  if (MAIN_ONLY_NAMES.has(name) || /^is[A-Z]/.test(name)) return true;
  let known = inMainChecked.get(name);
  if (known === undefined) {
    // the module is named with a capital ("i" and "I" share dependenciesI): it must export this very name
    const file = path.join(mathjsEsm, dependenciesFile(name));
    known =
      /^[A-Za-z_$][\w$]*$/.test(name) && fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(`export var ${name}Dependencies `);
    inMainChecked.set(name, known);
  }
  return known;
}

/**
 * The nodes the marker's instance compiles as the full instance does (an array is a matrix of either; `a.b` reads a
 * property, as in "v.t" or "m.s" left in a student's formula); any other kind of node goes to the full one.
 */
const PLAIN_NODES = new Set(['ConstantNode', 'SymbolNode', 'OperatorNode', 'FunctionNode', 'ParenthesisNode', 'ArrayNode']);
const isPropertyRead = (n: MathNode) =>
  (n.type === 'AccessorNode' && (n as MathNode & { index: { isObjectProperty(): boolean } }).index.isObjectProperty()) ||
  (n.type === 'IndexNode' && (n as MathNode & { isObjectProperty(): boolean }).isObjectProperty());

/** Whether evaluating the node could differ from the full instance: it names a function, constant or operator the
 * marker's instance lacks and the full one has, or has a node beyond plain arithmetic. */
function needsMainInstance(node: MathNode): boolean {
  let needed = false;
  node.traverse((n: MathNode) => {
    if (needed) return;
    if (!PLAIN_NODES.has(n.type) && !isPropertyRead(n)) needed = true;
    else {
      const name =
        n.type === 'SymbolNode'
          ? (n as MathNode & { name: string }).name
          : n.type === 'OperatorNode'
            ? (n as MathNode & { fn: string }).fn
            : undefined;
      if (name !== undefined && !(name in markerMath) && inMainInstance(name)) needed = true;
    }
  });
  return needed;
}

let mainInstance: MathJsInstance | undefined;
/** mathjs's main entry, loaded on first need only (about 55-80 MiB a thread). */
function mainMath(): MathJsInstance {
  mainInstance ??= requireHere('mathjs') as MathJsInstance;
  return mainInstance;
}

/** How many expressions went to the full instance in this thread (for the memory bench and tests). */
export const mainInstanceUse = { count: 0 };

/**
 * The marker's parser: an expression parsed by the marker's instance, so that evaluating the node gives what
 * mathjs's full instance ('mathjs') gives; where it might not (see needsMainInstance), the node is the full
 * instance's own (loaded then). Throws as mathjs's parse throws.
 */
export function parse(expr: string): MathNode {
  const node = markerMath.parse(expr);
  if (!needsMainInstance(node)) return node;
  mainInstanceUse.count++;
  return mainMath().parse(expr);
}

/** The marker's units (mathjs's unit(), the same definitions as the full instance's). */
export const unit = ((...args: unknown[]) => (markerMath.unit as (...a: unknown[]) => unknown)(...args)) as MathJsInstance['unit'];
