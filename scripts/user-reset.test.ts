import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { DATA_DIR_LOCK_FILE } from '../src/server/db/data-dir-lock';
import { passwordResets, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/passwords';
import { resetPassword } from '../src/server/services/password-reset';
import { loadConfig } from '../src/server/config';
import { userReset } from './user-reset';

/** `npm run user:reset -- EMAIL` on a PGlite folder, as an administrator runs it. */
function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: { log: (l: string) => lines.push(l), error: (l: string) => errors.push(l) } };
}
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

async function folderWithUser(email: string) {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'markwell-user-reset-')), 'data');
  const database = await openDatabase({ dataDir });
  await database.db.insert(users).values({ email, username: 'ada', passwordHash: await hashPassword('old-password-1') });
  await database.close();
  return dataDir;
}

describe('npm run user:reset', () => {
  it('prints a one-time code that resets the password with the user’s e-mail', async () => {
    const dataDir = await folderWithUser('ada@school.org');
    const env = { DATA_DIR: dataDir, NODE_ENV: 'test' };
    const { lines, errors, out } = capture();
    expect(await userReset(['Ada@School.org'], env, out)).toBe(0);
    expect(errors).toEqual([]);
    const code = /Reset code for ada@school\.org: ([2-9A-Z]{5}-[2-9A-Z]{5})/.exec(lines.join('\n'))?.[1] ?? '';
    expect(code).not.toBe('');
    expect(fs.existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(passwordResets);
      expect(rows).toMatchObject([{ kind: 'admin', issuedBy: null, usedAt: null }]);
      expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));
      const config = loadConfig({ NODE_ENV: 'test' });
      await resetPassword(database.db, config, { email: 'ada@school.org', code, password: 'new-password-2' }, '127.0.0.1');
      const [used] = await database.db.select().from(passwordResets).where(eq(passwordResets.kind, 'admin'));
      expect(used.usedAt).not.toBeNull();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('says clearly when the data folder is in use by a running process, and takes over one left by a process that is gone', async () => {
    const dataDir = await folderWithUser('ada@school.org');
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(running);
    fs.writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), `${running.pid}\n`);
    const held = capture();
    expect(await userReset(['ada@school.org'], { DATA_DIR: dataDir }, held.out)).toBe(1);
    expect(held.errors.join('\n')).toMatch(
      new RegExp(`The data folder .* is in use by process ${running.pid} \\(a running Markwell server\\?\\)`),
    );
    expect(held.errors.join('\n')).toContain('Stop the server');
    expect(held.lines).toEqual([]);

    running.kill();
    await new Promise((resolve) => running.once('exit', resolve));
    const stale = capture();
    expect(await userReset(['ada@school.org'], { DATA_DIR: dataDir }, stale.out)).toBe(0);
    expect(stale.lines[0]).toMatch(/^Reset code for ada@school\.org: /);
  }, 60_000);

  it('names an unknown address and a missing argument', async () => {
    const dataDir = await folderWithUser('ada@school.org');
    const unknown = capture();
    expect(await userReset(['bob@school.org'], { DATA_DIR: dataDir }, unknown.out)).toBe(1);
    expect(unknown.errors).toEqual(['No account has that e-mail address. (bob@school.org)']);
    const missing = capture();
    expect(await userReset([], { DATA_DIR: dataDir }, missing.out)).toBe(2);
    expect(missing.errors).toEqual(['Usage: npm run user:reset -- EMAIL']);
  }, 60_000);
});
