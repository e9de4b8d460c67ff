import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/durability-harness';
import { findRepoRoot } from './engine/repo-root';
import { buildServer, SERVER_FILE, serverIsFresh } from '../../scripts/build-server.mjs';

const root = findRepoRoot();

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): string[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
        ? [stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))]
        : [];
    } catch {
      return [];
    }
  });
}

/** Issue 29: `npm run serve` runs the server built as JavaScript (no tsx in the process) while it matches the sources. */
describe('the server built as JavaScript (scripts/build-server.mjs)', () => {
  let dir: string;
  beforeAll(async () => {
    // inside the repository, as dist/server is: the bundle imports its packages from node_modules
    fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
    dir = fs.mkdtempSync(path.join(root, 'dist', 'server-test-'));
    await buildServer(dir);
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is fresh while its stamp matches the sources, and reads the files beside each source from src/', () => {
    expect(serverIsFresh(dir)).toBe(true);
    const chunks = fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
    expect(chunks.some((text) => text.includes('import.meta.url'))).toBe(false);
    expect(chunks.some((text) => text.includes('tsx/esm'))).toBe(false);
    expect(
      chunks.some((text) => text.includes(pathToFileURL(path.join(root, 'src/server/engine/builtin/pool/worker-bundle.ts')).href)),
    ).toBe(true);
    const stampFile = path.join(dir, 'stamp.json');
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as { inputs: string[]; hash: string };
    expect(stamp.inputs).toEqual(expect.arrayContaining(['src/server/index.ts', 'src/server/app.ts', 'src/server/db/client.ts']));
    // a source changed since the build: not fresh (npm run serve then runs the sources)
    fs.writeFileSync(stampFile, JSON.stringify({ ...stamp, hash: '0'.repeat(64) }));
    expect(serverIsFresh(dir)).toBe(false);
    fs.writeFileSync(stampFile, JSON.stringify(stamp));
    expect(serverIsFresh(dir)).toBe(true);
    expect(serverIsFresh(path.join(dir, 'missing'))).toBe(false);
  });

  it('starts with PGlite in a new DATA_DIR, serves the API without tsx (no esbuild process), and stops on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = path.join(fs.mkdtempSync(path.join(tmpdir(), 'markwell-bundle-')), 'data');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && !k.startsWith('AI_') && k !== 'NODE_OPTIONS'),
    );
    const child = spawn(process.execPath, [path.join(dir, SERVER_FILE)], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ENGINE_WORKERS: '1' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Markwell is serving') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(output).toContain(`Markwell is serving http://localhost:${port} with PGlite in ${dataDir}`);
      expect((await fetch(`http://127.0.0.1:${port}/api/public/stats`)).status).toBe(200);
      const register = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bundle@example.org', password: 'secret1' }),
      });
      expect(register.status).toBe(201);
      if (fs.existsSync('/proc')) expect(childrenOf(child.pid!)).not.toContain('esbuild');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 150_000);
});
