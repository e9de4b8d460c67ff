// Builds the engine's pool worker as plain JavaScript (issue 29): dist/engine-worker/, made by esbuild (tsx's own
// dependency) from src/server/engine/builtin/pool/engine-worker.ts, with the packages left as imports and each lazy
// import kept lazy (code splitting). A worker started from it needs no TypeScript loader: tsx costs 30-45 MiB in
// each worker thread. Each source's import.meta.url is replaced by that source's own file URL, so that the files
// it reads beside itself (the marker's model, the word table's converter) are the ones in src/.
// dist/engine-worker/stamp.json lists the sources bundled and a hash of them; the pool uses the bundle only while
// that hash still matches the sources (worker-bundle.ts), and the TypeScript worker otherwise.
//   node scripts/build-engine-worker.mjs            (npm run build; npm start when the sources changed)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ENTRY = 'src/server/engine/builtin/pool/engine-worker.ts';

/** The hash of the bundle's inputs (paths relative to the repository, in the order given) and the lock file. */
export function inputsHash(inputs, dir = root) {
  const hash = createHash('sha256');
  for (const file of [...inputs, 'package-lock.json']) {
    hash.update(file);
    hash.update('\0');
    hash.update(fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file)) : '');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when outDir's stamp matches the sources it was built from (and its entry, `entryFile`, is there). */
export function isFresh(outDir = path.join(root, 'dist/engine-worker'), dir = root, entryFile = 'engine-worker.js') {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(outDir, 'stamp.json'), 'utf8'));
    return fs.existsSync(path.join(outDir, entryFile)) && stamp.hash === inputsHash(stamp.inputs, dir);
  } catch {
    return false;
  }
}

/** Builds the worker into outDir (replacing what was there) and writes its stamp. */
export async function buildEngineWorker(outDir = path.join(root, 'dist/engine-worker')) {
  return buildBundle({
    outDir,
    stdin: {
      contents: `export { runEngineTask as default } from './${ENTRY}';`,
      resolveDir: root,
      sourcefile: 'engine-worker-entry.ts',
      loader: 'ts',
    },
    entryNames: 'engine-worker',
  });
}

/**
 * Bundles our sources from an entry (esbuild's `stdin` or `entryPoints`, with its `entryNames`) into outDir as ES
 * modules for node 20: packages left as imports, lazy imports kept lazy (code splitting), each source's
 * import.meta.url replaced by its own file's URL. Writes outDir/stamp.json: the sources bundled and their hash.
 */
export async function buildBundle({ outDir, ...entry }) {
  const esbuild = await import('esbuild');
  const sourceUrl = {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = fs.readFileSync(args.path, 'utf8');
        const contents = text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    ...entry,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir: outDir,
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrl],
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => file.startsWith('src/'))
    .sort();
  fs.writeFileSync(path.join(outDir, 'stamp.json'), `${JSON.stringify({ inputs, hash: inputsHash(inputs) })}\n`);
  return { outDir, inputs };
}

export async function main() {
  try {
    const { outDir, inputs } = await buildEngineWorker();
    console.log(`Engine worker built: ${path.relative(root, outDir)} (${inputs.length} sources).`);
  } catch (error) {
    // the server still runs: the pool then starts its workers from the sources, with tsx
    console.warn(`Engine worker not built (the pool will use tsx): ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
