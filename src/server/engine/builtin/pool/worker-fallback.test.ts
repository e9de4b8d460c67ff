import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEngineWorker, inputsHash } from '../../../../../scripts/build-engine-worker.mjs';
import type { Engine } from '../../engine';
import { createBuiltinEngine } from '../builtin-engine';
import { createPooledEngine, type PooledEngine } from './pooled-engine';
import { engineWorkerFile } from './worker-bundle';

/**
 * Issue 29: a prebuilt worker that is up to date by its stamp but does not load (a bad bundle, a missing chunk) must
 * not leave the pool restarting it for ever: the pool falls back to the sources' worker, says so in one line, and
 * marks as the engine in this thread does.
 */
describe('the pool when the prebuilt worker does not load', () => {
  const dirs: string[] = [];
  const pools: PooledEngine[] = [];
  let built: string;
  const inProcess = createBuiltinEngine();
  // inside the repository, as dist/engine-worker is: a bundle imports its packages from node_modules
  const dist = path.resolve(fileURLToPath(import.meta.url), '../../../../../../dist');
  const tempDir = (name: string) => {
    fs.mkdirSync(dist, { recursive: true });
    const dir = fs.mkdtempSync(path.join(dist, `engine-worker-${name}-`));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    built = tempDir('built');
    await buildEngineWorker(built);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A bundle directory with `files` as its code and a stamp that matches (so the pool takes it as up to date): a stamp
   * of no sources, only the lock file, so that it still matches while sources are edited meanwhile.
   */
  function brokenBundle(name: string, files: Record<string, string>): string {
    const dir = tempDir(name);
    fs.writeFileSync(path.join(dir, 'stamp.json'), JSON.stringify({ inputs: [], hash: inputsHash([]) }));
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    const chosen = engineWorkerFile(dir);
    expect(chosen.bundled).toBe(true);
    return chosen.filename;
  }

  async function marksAsInProcess(pooled: Engine) {
    const paper = await inProcess.generatePaper({ subject: 'Physics', difficulty: 'medium', count: 2, seed: 29 });
    expect(await pooled.generatePaper({ subject: 'Physics', difficulty: 'medium', count: 2, seed: 29 })).toEqual(paper);
    for (const question of paper.questions) {
      for (const answer of [question.modelAnswer ?? 'an answer', 'I do not know']) {
        expect(await pooled.evaluateAnswer({ question, answer })).toEqual(await inProcess.evaluateAnswer({ question, answer }));
      }
    }
  }

  it('falls back to the sources when the worker fails as it loads (a missing module), in one line', async () => {
    const workerFile = brokenBundle('missing-module', {
      'engine-worker.js': "import './chunk-that-is-not-there.js';\nexport default () => undefined;\n",
    });
    const lines: string[] = [];
    const pooled = createPooledEngine({ workers: 1, maxQueue: 50, workerFile, onFallback: (line) => lines.push(line) });
    pools.push(pooled);
    await marksAsInProcess(pooled);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The prebuilt engine worker failed to load \(.*chunk-that-is-not-there\.js.*\); .*sources/);
    expect(lines[0]).not.toContain('\n');
  }, 600_000); // the sources' worker starts and warms up on a busy machine

  it('falls back when the worker throws while loading, and when a chunk it loads on first use is missing', async () => {
    const throwing = brokenBundle('throws', { 'engine-worker.js': "throw new Error('a bad bundle');\n" });
    const lines: string[] = [];
    const pooled = createPooledEngine({ workers: 1, maxQueue: 50, workerFile: throwing, onFallback: (line) => lines.push(line) });
    pools.push(pooled);
    const question = (await inProcess.generatePaper({ subject: 'Chemistry', difficulty: 'easy', count: 1, seed: 3 })).questions[0];
    const answer = question.modelAnswer ?? 'an answer';
    expect(await pooled.evaluateAnswer({ question, answer })).toEqual(await inProcess.evaluateAnswer({ question, answer }));
    expect(lines).toEqual([expect.stringContaining('(a bad bundle)')]);

    // the real build without the chunks its entry imports on first use (import('./x.js')): it loads, then a call fails
    const entry = fs.readFileSync(path.join(built, 'engine-worker.js'), 'utf8');
    const lazy = new Set([...entry.matchAll(/import\(\s*"\.\/([^"]+)"\s*\)/g)].map((m) => m[1]));
    expect(lazy.size).toBeGreaterThan(0);
    const files = Object.fromEntries(
      fs
        .readdirSync(built)
        .filter((file) => file.endsWith('.js') && !lazy.has(file))
        .map((file) => [file, fs.readFileSync(path.join(built, file), 'utf8')]),
    );
    const withoutLazyChunks = brokenBundle('no-lazy-chunks', files);
    const chunkLines: string[] = [];
    const second = createPooledEngine({
      workers: 1,
      maxQueue: 50,
      workerFile: withoutLazyChunks,
      onFallback: (line) => chunkLines.push(line),
    });
    pools.push(second);
    expect(await second.evaluateAnswer({ question, answer })).toEqual(await inProcess.evaluateAnswer({ question, answer }));
    expect(chunkLines).toHaveLength(1);
  }, 600_000);
});
