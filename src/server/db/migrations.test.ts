import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const migrations = path.join(root, 'src/server/db/migrations');

describe('migrations', () => {
  it('match the schema: drizzle-kit finds nothing left to generate', () => {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'markwell-migrations-')), 'migrations');
    cpSync(migrations, copy, { recursive: true });
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        'src/server/db/schema.ts',
        '--out',
        path.relative(root, copy),
      ],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('No schema changes');
    expect(readdirSync(copy).sort()).toEqual(readdirSync(migrations).sort());
  }, 60_000);
});
