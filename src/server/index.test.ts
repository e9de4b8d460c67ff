import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../bench/durability-harness';
import { findRepoRoot } from './engine/repo-root';

const root = findRepoRoot();

/** This machine's environment without a database URL or AI settings: the offline defaults. */
function offlineEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && !k.startsWith('AI_')));
}

describe('the server process (npm run serve)', () => {
  it('starts on PORT with PGlite in a new DATA_DIR, serves the API, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'markwell-serve-')), 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      cwd: root,
      env: { ...offlineEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes('Markwell is serving') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(output).toContain(`Markwell is serving http://localhost:${port} with PGlite in ${dataDir}; AI: the built-in`);
      expect(existsSync(dataDir)).toBe(true);
      const me = await fetch(`http://127.0.0.1:${port}/api/users/me`);
      expect(me.status).toBe(401);
      expect(await me.json()).toEqual({ message: 'Authentication required' });
      const register = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'first@example.org', password: 'secret1' }),
      });
      expect(register.status).toBe(201);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 90_000);

  it('refuses to start on a bad setting, naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      cwd: root,
      env: { ...offlineEnv(), PORT: 'eighty' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  }, 60_000);
});
