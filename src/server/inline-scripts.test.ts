import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { inlineScriptHashes } from './inline-scripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline scripts in the CSP', () => {
  it('hashes each inline script exactly as written, and no script loaded by src', () => {
    const html = `<head><script>\n  apply();\n</script><script type="module" src="/assets/x.js"></script></head>
      <body><script type="text/javascript">b()</script><script> </script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha('\n  apply();\n'), sha('b()')]);
  });

  it("allows index.html's theme script by its hash and nothing else inline", async () => {
    const { buildApp } = await import('./app');
    const { createBuiltinEngine } = await import('./engine/builtin/builtin-engine');
    const { openDatabase } = await import('./db/client');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwell-csp-'));
    const source = fs.readFileSync(path.resolve(__dirname, '../client/index.html'), 'utf8');
    fs.writeFileSync(path.join(dir, 'index.html'), source);
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: 'memory://' }),
      database,
      engine: createBuiltinEngine(),
      clientDir: dir,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
      const themeScript = /<script>([\s\S]*?)<\/script>/.exec(source)![1]!;
      expect(scriptSrc).toEqual(["'self'", sha(themeScript)]);
      expect(res.body).toContain(themeScript);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
