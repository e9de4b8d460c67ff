// The thread that converts the word vectors' JSON to the binary table once per install (word-vector-cache.ts).
// Plain JavaScript, so that it loads in any parent (node --import tsx, tsx, vitest): it registers tsx in this
// thread, then loads the TypeScript converter.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { convertForParent } = await import('./word-vector-cache.ts');
parentPort.postMessage(convertForParent(workerData.jsonFile));
