// Builds the server as plain JavaScript (issue 29): dist/server/, made by esbuild from src/server/index.ts the same way
// as the engine's pool worker (scripts/build-engine-worker.mjs: packages left as imports, lazy imports kept lazy, each
// source's import.meta.url replaced by its own file's URL, a stamp of the sources' hash). `npm run serve`
// (scripts/serve.mjs) runs it while the stamp matches the sources, and the sources through tsx otherwise: tsx in the
// server process costs about 60 MiB (its loader thread and its esbuild service, a process of its own).
//   node scripts/build-server.mjs            (npm run build; npm start when the sources changed)
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildBundle, isFresh } from './build-engine-worker.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = 'src/server/index.ts';
export const SERVER_DIR = path.join(root, 'dist/server');
/** The built server's entry, in SERVER_DIR. */
export const SERVER_FILE = 'index.js';

/** Builds the server into outDir (replacing what was there) and writes its stamp. */
export function buildServer(outDir = SERVER_DIR) {
  return buildBundle({ outDir, entryPoints: { index: SERVER_ENTRY } });
}

/** True when outDir holds a server built from the sources as they are now. */
export function serverIsFresh(outDir = SERVER_DIR, dir = root) {
  return isFresh(outDir, dir, SERVER_FILE);
}

export async function main() {
  try {
    const { outDir, inputs } = await buildServer();
    console.log(`Server built: ${path.relative(root, outDir)} (${inputs.length} sources).`);
  } catch (error) {
    // the server still runs, from the sources with tsx
    console.warn(`Server not built (npm run serve will use tsx): ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
