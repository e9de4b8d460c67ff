// A thread of its own for mark-bank.ts (the marker caches analysed texts, so each word table is tried in a fresh
// thread). Plain JavaScript: it registers tsx in this thread, then loads the TypeScript.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { markBankWith } = await import('./mark-bank.ts');
parentPort.postMessage(markBankWith(workerData));
