// `npm start`, after the client build: runs scripts/make-pglite-template.ts (decision 020) only where a start would
// use the template and it is not there yet: no DATABASE_URL, a data folder not made yet, and no template for this
// PGlite version in either cache folder. These are file lookups in plain Node, so a start on a tree already set up
// costs milliseconds rather than a TypeScript start and a read of the whole template (issue 29: first 200 within 3 s).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Why no template need be made now, or null when one should be. */
function notNeeded() {
  if (process.env.DATABASE_URL) return 'DATABASE_URL is set';
  // the server opens DATA_DIR relative to where it starts, as this script does
  if (fs.existsSync(path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'PG_VERSION'))) return 'the data folder is made';
  let version = 'unknown';
  try {
    version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version ?? version;
  } catch {
    return null;
  }
  const userId = typeof process.getuid === 'function' ? process.getuid() : 'user';
  for (const dir of [path.join(root, 'node_modules/.cache/markwell'), path.join(os.tmpdir(), `markwell-cache-${userId}`)]) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    if (names.some((n) => n.startsWith(`pglite-${version}-cluster`) && n.endsWith('.tar.gz'))) return 'a template is there';
  }
  return null;
}

if (!notNeeded()) {
  // the maker checks the template itself and never fails the start (a missing template means initdb in the server)
  spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/make-pglite-template.ts')], { stdio: 'inherit', cwd: root });
}
