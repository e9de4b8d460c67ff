import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { create as createMath, FactoryFunctionMap, MathJsInstance, MathNode } from 'mathjs';

/**
 * A mathjs instance with only the functions the question bank's templates use (issue 29), for the engine's
 * threads. mathjs's main entry ('mathjs') builds every one of its ~500 functions when it is imported (about 85 MiB
 * resident and 30 MiB of heap per thread, whether or not `create(all)` follows); this instance is built from the
 * factory modules of the functions below and what they depend on only (124 factories), loaded from mathjs's
 * own ES module build (createSubset below). Measured (node 20): the two instances cost a thread about 25 MiB
 * resident, against 60-80 MiB when they were built from mathjs's generated dependency modules (which load every
 * factory module) and 85 MiB for the main entry. The
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

/** mathjs's ES module build, beside its package.json (its main entry is not imported). */
const requireHere = createRequire(import.meta.url);
const mathjsEsm = path.join(path.dirname(requireHere.resolve('mathjs/package.json')), 'lib/esm');
const esmModule = (file: string) => pathToFileURL(path.join(mathjsEsm, file)).href;
const capitalised = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;
/** The module of a name's factory, where it is not named after the name itself. */
const MODULE_NAME: Record<string, string> = { unit: 'UnitFunction', E: 'UppercaseE' };
const DEPENDENCIES_DIR = 'entry/dependenciesAny';
const dependenciesFile = (name: string) => `${DEPENDENCIES_DIR}/dependencies${MODULE_NAME[name] ?? capitalised(name)}.generated.js`;

/** One key of a generated dependencies object: another name's dependencies (its file) or a factory (`createX`). */
interface DependencyEntry {
  key: string;
  file?: string;
}

const readEsm = (file: string) => fs.readFileSync(path.join(mathjsEsm, file), 'utf8');

const dependencyEntries = new Map<string, DependencyEntry[]>();
/** The keys of a generated dependencies object, in order, read from its file's text (the file is not imported). */
function entriesOf(file: string): DependencyEntry[] {
  let entries = dependencyEntries.get(file);
  if (!entries) {
    const text = readEsm(`${DEPENDENCIES_DIR}/${file}`);
    const fileOf = new Map([...text.matchAll(/import \{ (\w+) \} from '\.\/(dependencies\w+\.generated\.js)'/g)].map((m) => [m[1], m[2]]));
    const body = /export var \w+ = \{([^}]*)\}/.exec(text);
    if (!body) throw new Error(`mathjs: no dependencies object in ${file}`);
    entries = body[1]
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean)
      .map((key) => ({ key, file: fileOf.get(key) }));
    dependencyEntries.set(file, entries);
  }
  return entries;
}

/**
 * The factories `create()` imports for these names, in the order it imports them: what
 * `create(Object.assign({}, ...names' dependencies objects))` flattens to (depth first, each factory where it first
 * appears), read from the generated dependency files' text.
 */
export function factoriesFor(names: readonly string[]): string[] {
  const top = new Map<string, DependencyEntry>();
  for (const name of names) {
    for (const entry of entriesOf(path.basename(dependenciesFile(name)))) if (!top.has(entry.key)) top.set(entry.key, entry);
  }
  const order: string[] = [];
  const seen = new Set<string>();
  const walk = (entry: DependencyEntry) => {
    if (seen.has(entry.file ?? entry.key)) return; // a file seen once has put all its factories in order already
    seen.add(entry.file ?? entry.key);
    if (entry.file) for (const child of entriesOf(entry.file)) walk(child);
    else order.push(entry.key);
  };
  for (const entry of top.values()) walk(entry);
  return order;
}

let factoryModules: Map<string, string> | undefined;
/** Each factory's own module (`createAdd` → function/arithmetic/add.js), from the re-exports of factoriesAny.js. */
function factoryModule(factory: string): string {
  if (!factoryModules) {
    factoryModules = new Map();
    for (const m of readEsm('factoriesAny.js').matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
      for (const part of m[1].replace(/\/\/[^\n]*/g, '').split(',')) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        if (name) factoryModules.set((alias ?? name).trim(), m[2]);
      }
    }
  }
  const file = factoryModules.get(factory);
  if (!file) throw new Error(`mathjs: no module for ${factory} in factoriesAny.js`);
  return file;
}

/**
 * An instance with these names (and what they depend on): the same factories, in the same order, as
 * `create(<the names' dependencies objects>)`, but each factory imported from its own module. The generated
 * dependencies modules import their factory from factoriesAny.js, which imports every one of mathjs's ~300 factory
 * modules: importing them loaded (parsed and compiled) all of mathjs's code, about 40 MiB a thread, for an instance
 * that uses 124 factories.
 */
async function createSubset(
  create: typeof createMath,
  names: readonly string[],
  modules: Map<string, Promise<unknown>>,
): Promise<MathJsInstance> {
  const order = factoriesFor(names);
  const factories = await Promise.all(
    order.map((factory) => {
      let loaded = modules.get(factory);
      if (!loaded) {
        loaded = (import(esmModule(factoryModule(factory))) as Promise<Record<string, unknown>>).then((m) => {
          if (!m[factory]) throw new Error(`mathjs: ${factoryModule(factory)} does not export ${factory}`);
          return m[factory];
        });
        modules.set(factory, loaded);
      }
      return loaded;
    }),
  );
  const map: Record<string, unknown> = {};
  order.forEach((factory, i) => (map[factory] = factories[i]));
  return create(map as FactoryFunctionMap);
}

const { create } = (await import(esmModule('core/create.js'))) as { create: typeof createMath };
const modules = new Map<string, Promise<unknown>>();
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
