// `npm run serve`: the server built as JavaScript (dist/server, scripts/build-server.mjs) while it was built from the
// sources as they are now, else the TypeScript sources through tsx (no build, or a source changed since it; say so in
// one line). Without tsx the server process holds about 60 MiB less (issue 29): no loader thread, no esbuild service.
// SERVE_FROM_SOURCES=1 runs the sources whatever is built.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_DIR, SERVER_FILE, serverIsFresh } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!process.env.SERVE_FROM_SOURCES && serverIsFresh()) {
  await import(pathToFileURL(path.join(SERVER_DIR, SERVER_FILE)).href);
} else {
  if (!process.env.SERVE_FROM_SOURCES) {
    console.warn('The server runs from its TypeScript sources (tsx): dist/server is missing or older than the sources (npm run build).');
  }
  // what `node --import tsx` registers, then the sources
  await import('tsx');
  await import(pathToFileURL(path.join(root, 'src/server/index.ts')).href);
}
