// A "PDF bomb": a small PDF whose one content stream inflates to BENCH_BOMB_MB (default 1024) MiB of zeros,
// read the way the server reads an upload: through the engine's worker pool (BENCH_POOL=0: on this thread).
// Prints the file size, the time, the outcome, and the process's resident memory before, at its peak and
// after (the peak from getrusage, which covers the worker threads too). Asserts nothing.
//   npm run bench:pdf-bomb
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { buildPdfWithStreams } from '../src/server/engine/builtin/documents/testing/build-pdf';
import { readPdfPages } from '../src/server/engine/documents/read-pdf';
import { createPooledEngine } from '../src/server/engine/builtin/pool/pooled-engine';

const BOMB_MB = Number(process.env.BENCH_BOMB_MB ?? 1024);
const POOL = process.env.BENCH_POOL !== '0';
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** deflate(BOMB_MB MiB of zeros), written a MiB at a time so that this script never holds the zeros. */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) if (!deflate.write(zeros)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

async function main() {
  const stream = await deflatedZeros(BOMB_MB);
  const pdf = buildPdfWithStreams([{ data: stream, filter: '/Filter /FlateDecode' }]);
  const engine = POOL ? createPooledEngine({ workers: 1, maxQueue: 4 }) : undefined;
  const read = engine ? (data: Uint8Array) => engine.tools.run('readPdf', data) : readPdfPages;
  // Warm up: the worker loads the marker (word vectors) before the bomb arrives, as on a running server.
  await read(Buffer.from(buildPdfWithStreams([{ data: Buffer.from('BT /F1 12 Tf 50 800 Td (warm) Tj ET'), filter: '' }]))).catch(
    () => undefined,
  );
  const before = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const t = performance.now();
  const outcome = await read(pdf).then(
    (pages) => `read ${pages.length} page(s)`,
    (error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`,
  );
  const ms = performance.now() - t;
  const peak = process.resourceUsage().maxRSS * 1024;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = process.memoryUsage().rss;
  console.log(`bomb: ${mib(BOMB_MB * 1024 * 1024)} of zeros in a ${(pdf.byteLength / 1024).toFixed(0)} KB PDF (Node ${process.version})`);
  console.log(`${POOL ? 'worker pool' : 'main thread'}: ${outcome} in ${ms.toFixed(0)} ms`);
  console.log(
    `RSS before ${mib(before)}, peak ${mib(Math.max(peak, peakBefore))} (peak before the bomb ${mib(peakBefore)}), 2 s after ${mib(after)}`,
  );
  await engine?.close();
}

void main();
