import { all, create } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { templateMath } from '../../maths/mathjs-subset';
import { defaultContentDir } from './bank';
import { drawValues, instantiateQuestion, TemplateError } from './instantiate';
import { readBank } from './load-bank';

/**
 * Issue 29: templates are evaluated by a mathjs instance with only the functions they use (maths/mathjs-subset.ts),
 * not create(all). Every template expression of the bank (computed values, constraints, numeric point values) gives
 * here what it gives with create(all), the reference, for several seeds each; a function missing from the subset
 * fails this test by the name of the question.
 */
const reference = create(all);
const bank = readBank(defaultContentDir());
const templates = [...bank.byId.values()].map((entry) => entry.question).filter((q) => q.template);
const SEEDS = [1, 2, 3, 29, 1234];

describe('the template mathjs subset', () => {
  it('has templates to check', () => {
    expect(templates.length).toBeGreaterThan(100);
  });

  it('evaluates every template expression in the bank as create(all) does', () => {
    const differences: string[] = [];
    let checked = 0;
    for (const q of templates) {
      const template = q.template!;
      const expressions = [
        ...Object.entries(template.computed ?? {}).map(([name, expression]) => ({ where: `computed.${name}`, expression })),
        ...(template.constraints ?? []).map((expression, i) => ({ where: `constraints.${i}`, expression })),
        ...q.markScheme.flatMap((p) =>
          typeof p.numeric?.value === 'string' ? [{ where: `${p.id}.numeric.value`, expression: p.numeric.value }] : [],
        ),
      ];
      for (const seed of SEEDS) {
        let values: Record<string, number>;
        try {
          values = drawValues(template, seed);
        } catch (error) {
          differences.push(`${q.id} seed ${seed}: ${(error as Error).message}`);
          continue;
        }
        for (const { where, expression } of expressions) {
          const outcome = (math: typeof reference) => {
            try {
              return math.evaluate(expression, { ...values }) as unknown;
            } catch (error) {
              return `error: ${(error as Error).message}`;
            }
          };
          const subset = outcome(templateMath);
          const expected = outcome(reference);
          checked += 1;
          if (!Object.is(subset, expected)) {
            differences.push(`${q.id} ${where} "${expression}" seed ${seed}: ${String(subset)}, create(all) ${String(expected)}`);
          }
        }
        // and the whole question, as the engine draws it
        instantiateQuestion(q, seed);
      }
    }
    expect(differences).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('names a function outside the subset as the template error it is', () => {
    const template = { variables: { x: { min: 1, max: 2 } }, computed: { y: 'sech(x)' }, constraints: [] };
    expect(() => drawValues(template, 1)).toThrow(TemplateError);
    expect(() => drawValues(template, 1)).toThrow(/Undefined function sech/);
  });
});
