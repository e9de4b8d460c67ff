import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import { engineError } from '../../engine';

const require = createRequire(import.meta.url);
/** English trained data shipped in @tesseract.js-data/eng: nothing is downloaded at run time. */
const english = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

/**
 * Everything the OCR worker loads, as local paths: the English data from @tesseract.js-data/eng, the
 * worker script from tesseract.js and the WebAssembly core from tesseract.js-core (in Node tesseract.js
 * requires the core from that package; corePath says so explicitly). Without a langPath, tesseract.js
 * would fetch the data from a CDN.
 */
export const ocrWorkerOptions = {
  langPath: english.langPath,
  gzip: english.gzip,
  workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
  cacheMethod: 'none',
} as const;

let worker: Promise<Worker> | null = null;

function getWorker(): Promise<Worker> {
  // With an errorHandler, a failed job only rejects its promise; without one tesseract.js also throws
  // from its message handler, and a corrupt image would take the whole server down.
  worker ??= createWorker('eng', 1, { ...ocrWorkerOptions, errorHandler: () => undefined }).catch((error: unknown) => {
    worker = null;
    throw error;
  });
  return worker;
}

export interface ImageText {
  text: string;
  /** Tesseract's mean confidence, 0–100. */
  confidence: number;
}

/** Reads the text on a photographed or scanned page (JPEG, PNG, WebP, BMP). One shared worker; jobs queue. */
export async function readImageText(image: Buffer): Promise<ImageText> {
  const w = await getWorker();
  try {
    const { data } = await w.recognize(image);
    return { text: data.text.replace(/[ \t]+\n/g, '\n').trim(), confidence: Math.round(data.confidence) };
  } catch {
    throw engineError('BAD_INPUT', 'The image could not be read. Please upload a JPG or PNG photo of the page.');
  }
}

/** Stops the OCR worker (tests, shutdown). */
export async function stopImageReader(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current).terminate();
}
