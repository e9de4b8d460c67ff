import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEngineWorker } from '../../../../../scripts/build-engine-worker.mjs';
import { createBuiltinEngine } from '../builtin-engine';
import { createPooledEngine, type PooledEngine } from './pooled-engine';
import { engineWorkerFile, SOURCE_WORKER } from './worker-bundle';

/** Issue 29: the pool's worker as prebuilt JavaScript (no tsx in each thread) when it is up to date, the sources otherwise. */
describe('the prebuilt engine worker', () => {
  let dir: string;
  let pooled: PooledEngine | undefined;
  beforeAll(async () => {
    // inside the repository, as dist/engine-worker is: the bundle imports its packages from node_modules
    const dist = path.resolve(fileURLToPath(import.meta.url), '../../../../../../dist');
    fs.mkdirSync(dist, { recursive: true });
    dir = fs.mkdtempSync(path.join(dist, 'engine-worker-test-'));
    await buildEngineWorker(dir);
  }, 60_000);
  afterAll(async () => {
    await pooled?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is used when built from the sources as they are, and the sources otherwise', () => {
    expect(engineWorkerFile(dir)).toEqual({ filename: pathToFileURL(path.join(dir, 'engine-worker.js')).href, bundled: true });
    // no TypeScript loader in it
    expect(fs.readFileSync(path.join(dir, 'engine-worker.js'), 'utf8')).not.toContain('tsx/esm');
    // the files a source reads beside itself are the ones in src/
    const chunks = fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
    expect(
      chunks.some((text) => text.includes(pathToFileURL(path.resolve(fileURLToPath(import.meta.url), '../../marker/mark-answer.ts')).href)),
    ).toBe(true);
    expect(chunks.some((text) => text.includes('import.meta.url'))).toBe(false);

    const stampFile = path.join(dir, 'stamp.json');
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as { inputs: string[]; hash: string };
    expect(stamp.inputs).toContain('src/server/engine/builtin/marker/mark-answer.ts');
    // a source changed since the build (its hash no longer matches): the sources
    fs.writeFileSync(stampFile, JSON.stringify({ ...stamp, hash: '0'.repeat(64) }));
    expect(engineWorkerFile(dir)).toEqual({ filename: SOURCE_WORKER, bundled: false });
    fs.writeFileSync(stampFile, JSON.stringify(stamp));
    expect(engineWorkerFile(dir).bundled).toBe(true);
    // no build
    expect(engineWorkerFile(path.join(dir, 'missing'))).toEqual({ filename: SOURCE_WORKER, bundled: false });
  });

  it('marks as the engine in this thread does', async () => {
    const inProcess = createBuiltinEngine();
    pooled = createPooledEngine({ workers: 1, maxQueue: 50, workerFile: engineWorkerFile(dir).filename });
    const paper = await inProcess.generatePaper({ subject: 'Physics', difficulty: 'medium', count: 2, seed: 11 });
    expect(await pooled.generatePaper({ subject: 'Physics', difficulty: 'medium', count: 2, seed: 11 })).toEqual(paper);
    for (const question of paper.questions) {
      for (const answer of [question.modelAnswer ?? 'an answer', `${question.modelAnswer ?? ''} 3.2 m/s`]) {
        expect(await pooled.evaluateAnswer({ question, answer })).toEqual(await inProcess.evaluateAnswer({ question, answer }));
      }
    }
    expect(pooled.stats().completed).toBeGreaterThan(0);
  }, 600_000); // the worker's start and both warm-ups, on a busy machine
});
