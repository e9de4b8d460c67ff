import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { findRepoRoot } from '../../repo-root';
import { readBankWith } from './bank';
import { readBank } from './load-bank';
import { makeQuestion, writeFixtureBank } from './testing/write-fixture-bank';

describe("the server's bank (bank.ts) and the checked bank (load-bank.ts)", () => {
  const template = {
    text: '<p>A mass of {{m}} kg moves at {{v}} m/s. Find its kinetic energy.</p>',
    template: { variables: { m: { min: 1, max: 10 }, v: { min: 2, max: 20 } }, computed: { E: 'm * (v' } },
  };
  const dir = () =>
    writeFixtureBank({
      'physics/mechanics.json': {
        subject: 'Physics',
        topic: 'Mechanics',
        description: 'Forces and motion.',
        questions: [makeQuestion('physics-mechanics-01'), makeQuestion('physics-mechanics-02', template), { id: 'physics-mechanics-03' }],
      },
    });

  it('reads without instantiating templates, and still leaves out a question that fails the schema', () => {
    const bank = readBankWith(dir());
    expect([...bank.byId.keys()]).toEqual(['physics-mechanics-01', 'physics-mechanics-02']);
    expect(bank.issues.every((i) => i.questionId === 'physics-mechanics-03')).toBe(true);
  });

  it('readBank (content:stats, content:import, tests) also instantiates templates and reports the broken one', () => {
    const bank = readBank(dir());
    expect([...bank.byId.keys()]).toEqual(['physics-mechanics-01']);
    expect(bank.issues.some((i) => i.questionId === 'physics-mechanics-02' && i.path === 'template.computed.E')).toBe(true);
  });

  it('loads the repository bank without loading mathjs (the main thread reads it for /api/public/stats and topics)', () => {
    // A resolve hook that fails any import of mathjs, then the server's bank and its topic lookups.
    const hook = `export async function resolve(s, c, next) { if (s === 'mathjs' || s.startsWith('mathjs/')) throw new Error('mathjs imported'); return next(s, c); }`;
    const script = [
      `import { register } from 'node:module';`,
      `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`,
      `const { loadBank } = await import('./src/server/engine/builtin/bank/bank.ts');`,
      `await import('./src/server/engine/builtin/bank-topics.ts');`,
      `console.log(loadBank().byId.size);`,
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: findRepoRoot(),
      encoding: 'utf8',
    });
    expect(Number(out.trim())).toBeGreaterThan(100);
  }, 60_000);
});
