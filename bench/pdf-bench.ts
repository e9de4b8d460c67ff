// Reading a long text PDF with pdf.js on the main thread: total time, and how long the event loop stalls
// meanwhile (other requests on the instance wait that long). Prints numbers; asserts nothing.
//   npm run bench:pdf            (BENCH_PAGES=400 by default, 70 lines a page)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readPdfPages } from '../src/server/engine/documents/read-pdf';
import { buildPdf } from '../src/server/engine/builtin/documents/testing/build-pdf';

const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const LINES = 70;

const line = (i: number) =>
  `BT /F1 10 Tf 50 ${800 - (i % LINES) * 11} Td (Line ${i}: osmosis is the net movement of water molecules across a partially permeable membrane) Tj ET`;
const pdf = buildPdf(
  Array.from({ length: PAGES }, (_, p) => Array.from({ length: LINES }, (_, i) => line(p * LINES + i)).join('\n')),
  { compress: true },
);

async function main() {
  await readPdfPages(buildPdf(['BT /F1 10 Tf 50 800 Td (warm-up) Tj ET'])); // loads pdf.js
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t = performance.now();
  const pages = await readPdfPages(pdf);
  const ms = performance.now() - t;
  delay.disable();
  console.log(`${PAGES} pages x ${LINES} lines, ${(pdf.byteLength / 1024).toFixed(0)} KB (Node ${process.version})`);
  console.log(`read ${pages.length} pages in ${ms.toFixed(0)} ms (${(ms / pages.length).toFixed(2)} ms a page)`);
  console.log(
    `event loop stall: max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, mean ${(delay.mean / 1e6).toFixed(1)} ms`,
  );
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
}

void main();
