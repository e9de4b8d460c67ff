// `npm start`: builds the client only when its sources changed since the last build (issue 29), and the engine's
// pool worker (scripts/build-engine-worker.mjs) and the server (scripts/build-server.mjs) when their sources changed. The sources are
// hashed (paths and contents of src/client and src/shared, the Vite config, the lock file); the hash of the last
// successful build is kept beside it in dist/client/.source-hash. A missing or different hash runs `vite build`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isFresh, main as buildEngineWorkerOrWarn } from './build-engine-worker.mjs';
import { serverIsFresh, main as buildServerOrWarn } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const STAMP = path.join(root, 'dist/client/.source-hash');

/** Every file under the inputs, in a stable order (tests are not part of the build). */
function files(dir, entry) {
  const full = path.join(dir, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => (/\.test\.tsx?$/.test(d.name) ? [] : files(dir, path.join(entry, d.name))));
}

/** The hash of the client's build inputs under `dir`. */
export function sourceHash(dir = root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((entry) => files(dir, entry))) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

async function main() {
  const wanted = sourceHash();
  const built = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : null;
  if (built === wanted && fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    console.log('Client is up to date (sources unchanged since the last build).');
  } else {
    console.log(built ? 'Client sources changed: building.' : 'No client build yet: building.');
    const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    fs.writeFileSync(STAMP, `${wanted}\n`);
  }
  // the engine's pool worker as JavaScript (no tsx in each worker thread), when its sources changed since
  if (isFresh()) console.log('Engine worker is up to date.');
  else await buildEngineWorkerOrWarn();
  // the server as JavaScript (no tsx in the server process), when its sources changed since
  if (serverIsFresh()) console.log('Server is up to date.');
  else await buildServerOrWarn();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
