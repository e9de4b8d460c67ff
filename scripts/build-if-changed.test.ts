import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceHash } from './build-if-changed.mjs';

/** `npm start` builds only when the client's sources changed (issue 29): the hash it compares. */
describe('the client build hash', () => {
  it('changes with a source file, a new file or the Vite config, and not with a test file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwell-hash-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('src/client/main.tsx', 'export {};');
    write('src/shared/text.ts', 'export const A = 1;');
    write('vite.config.ts', 'export default {};');
    const first = sourceHash(dir);
    expect(sourceHash(dir)).toBe(first);
    write('src/client/main.test.tsx', 'it();');
    expect(sourceHash(dir)).toBe(first);
    write('src/shared/text.ts', 'export const A = 2;');
    const second = sourceHash(dir);
    expect(second).not.toBe(first);
    write('src/client/new.ts', '');
    expect(sourceHash(dir)).not.toBe(second);
    const third = sourceHash(dir);
    write('vite.config.ts', 'export default { base: "/" };');
    expect(sourceHash(dir)).not.toBe(third);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
