import fs from 'node:fs';
import { DIMENSIONS, SCALE, type ParsedEmbeddings } from './embeddings-json';

/**
 * The word vectors as one compact, read-only block of bytes (about 45 MB), so that one copy in a
 * SharedArrayBuffer serves every engine thread: no thread builds a Map of 350,000 strings.
 *
 *   header   8 × u32: magic, format, rows, dimensions, scale, hash slots, vocabulary bytes, total bytes
 *   vectors  rows × 100 int8 (L2-normalised, × SCALE), as the JSON parser quantised them
 *   offsets  (rows + 1) × u32: where each row's word starts in the vocabulary (a repeated word: empty)
 *   slots    u32 hash slots (a power of two, at most half full): row + 1, or 0 for an empty slot
 *   words    the vocabulary, UTF-8, one word after another
 *
 * A lookup hashes the word's UTF-8 bytes (FNV-1a), probes the slots linearly and compares bytes in the
 * vocabulary. A word that occurs twice in the package keeps its first row, as the parser's Map did.
 *
 * A process keeps only the table's index in memory (header, offsets, slots, words: about 8 MB, one copy shared
 * by its threads): the vectors (35 MB) stay in the file, and each thread reads the rows it needs from it into a
 * small cache of its own (a marking needs a few hundred rows; the kernel's page cache holds the file, not the
 * process). Where no file could be kept, the whole table is in memory instead.
 */

const MAGIC = 0x5657_574d; // 'MWWV'
export const WORD_TABLE_FORMAT = 1;
const HEADER_WORDS = 8;
const HEADER_BYTES = HEADER_WORDS * 4;

export interface WordTable {
  /** The row of a word, or -1. */
  findRow(word: string): number;
  /** Rows in the table (the package's words, repeats included). */
  size: number;
  /** Makes rows `a` and `b` (-1: none) readable in `vectors` until the next call of fetchRows. */
  fetchRows(a: number, b: number): void;
  /** Where a fetched row's DIMENSIONS int8 components start in `vectors`. */
  at(row: number): number;
  /** The components: the whole table's (row × DIMENSIONS), or this thread's cache of the rows fetched. */
  vectors: Int8Array;
}

/** A table whose vectors are all in memory (`vectors`: rows × DIMENSIONS), e.g. the JSON parser's. */
export function wordTableInMemory(findRow: (word: string) => number, vectors: Int8Array, size: number): WordTable {
  return { findRow, size, vectors, fetchRows: () => {}, at: (row) => row * DIMENSIONS };
}

interface Layout {
  vectorsAt: number;
  offsetsAt: number;
  slotsAt: number;
  wordsAt: number;
  total: number;
}

/** Where the parts of the table whose header is `header` (its first HEADER_BYTES bytes) are in its file. */
export function wordTableLayout(header: ArrayBufferLike): Layout & { rows: number; slots: number } {
  if (header.byteLength < HEADER_BYTES) throw new Error('word table: too short');
  const [magic, format, rows, dimensions, scale, slots, wordBytes, total] = new Uint32Array(header, 0, HEADER_WORDS);
  if (magic !== MAGIC || format !== WORD_TABLE_FORMAT || dimensions !== DIMENSIONS || scale !== SCALE) {
    throw new Error('word table: not a table of this format');
  }
  const layout = layoutOf(rows, slots, wordBytes);
  if (total !== layout.total || (slots & (slots - 1)) !== 0) throw new Error('word table: wrong size');
  return { ...layout, rows, slots };
}

/** The table's index without its vectors, as a process keeps it: the header, then the file from the offsets on. */
export const WORD_TABLE_HEADER_BYTES = HEADER_BYTES;

function layoutOf(rows: number, slots: number, wordBytes: number): Layout {
  const vectorsAt = HEADER_BYTES;
  const offsetsAt = (vectorsAt + rows * DIMENSIONS + 3) & ~3;
  const slotsAt = offsetsAt + (rows + 1) * 4;
  const wordsAt = slotsAt + slots * 4;
  return { vectorsAt, offsetsAt, slotsAt, wordsAt, total: wordsAt + wordBytes };
}

function slotCountFor(words: number): number {
  let slots = 1024;
  while (slots < words * 2) slots *= 2;
  return slots;
}

/** FNV-1a over bytes given one at a time. */
const FNV_OFFSET = 0x811c_9dc5;
const FNV_PRIME = 0x0100_0193;

function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], FNV_PRIME);
  return h >>> 0;
}

/** The binary table of the parser's result: what the cache file holds. */
export function encodeWordTable(parsed: ParsedEmbeddings): Uint8Array {
  const rows = parsed.size;
  const words = [...parsed.index.entries()].map(([word, row]) => ({ bytes: Buffer.from(word, 'utf8'), row }));
  const byRow = new Map(words.map((w) => [w.row, w.bytes]));
  const wordBytes = words.reduce((sum, w) => sum + w.bytes.length, 0);
  const slots = slotCountFor(words.length);
  const layout = layoutOf(rows, slots, wordBytes);
  const out = new Uint8Array(layout.total);
  const header = new Uint32Array(out.buffer, 0, HEADER_WORDS);
  header.set([MAGIC, WORD_TABLE_FORMAT, rows, DIMENSIONS, SCALE, slots, wordBytes, layout.total]);
  out.set(new Uint8Array(parsed.vectors.buffer, parsed.vectors.byteOffset, rows * DIMENSIONS), layout.vectorsAt);
  const offsets = new Uint32Array(out.buffer, layout.offsetsAt, rows + 1);
  const table = new Uint32Array(out.buffer, layout.slotsAt, slots);
  let at = 0;
  for (let row = 0; row < rows; row++) {
    offsets[row] = at;
    const bytes = byRow.get(row);
    if (!bytes) continue;
    out.set(bytes, layout.wordsAt + at);
    at += bytes.length;
  }
  offsets[rows] = at;
  const mask = slots - 1;
  for (const { bytes, row } of words) {
    let slot = hashBytes(bytes, 0, bytes.length) & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = row + 1;
  }
  return out;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const encoder = new TextEncoder();

/** Rows a thread keeps of a table read from its file (100 bytes each); all are let go when it is full. */
const CACHED_ROWS = 8192;

/**
 * Reads a table without copying its bytes: either the whole table (`buffer` is the file's bytes), or its index
 * (the header, then the file from the offsets on, in a SharedArrayBuffer shared by every thread) with the vectors
 * read from `vectorFile` as rows are fetched. Throws on bytes that are not a table of this format.
 */
export function openWordTable(buffer: ArrayBufferLike, vectorFile?: string): WordTable {
  const layout = wordTableLayout(buffer);
  const { rows, slots, total } = layout;
  const indexOnly = vectorFile !== undefined && buffer.byteLength === HEADER_BYTES + total - layout.offsetsAt;
  if (!indexOnly && buffer.byteLength !== total) throw new Error('word table: wrong size');
  const shift = indexOnly ? layout.offsetsAt - HEADER_BYTES : 0;
  const offsets = new Uint32Array(buffer, layout.offsetsAt - shift, rows + 1);
  const table = new Uint32Array(buffer, layout.slotsAt - shift, slots);
  const words = new Uint8Array(buffer, layout.wordsAt - shift, layout.total - layout.wordsAt);
  const mask = slots - 1;
  const vectorRows = indexOnly ? fileRows(vectorFile, layout.vectorsAt, rows, total) : undefined;
  const vectors = vectorRows?.vectors ?? new Int8Array(buffer, layout.vectorsAt, rows * DIMENSIONS);

  /** Probes for a word whose UTF-8 bytes are `length` long, hashed to `hash`, equal where `same(start)` says. */
  function probe(hash: number, length: number, same: (start: number) => boolean): number {
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = table[slot];
      if (entry === 0) return -1;
      const row = entry - 1;
      const start = offsets[row];
      if (offsets[row + 1] - start === length && same(start)) return row;
    }
  }

  function findRow(word: string): number {
    let ascii = true;
    let h = FNV_OFFSET;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (c >= 0x80) {
        ascii = false;
        break;
      }
      h = Math.imul(h ^ c, FNV_PRIME);
    }
    if (ascii) {
      return probe(h >>> 0, word.length, (start) => {
        for (let i = 0; i < word.length; i++) if (words[start + i] !== word.charCodeAt(i)) return false;
        return true;
      });
    }
    // A lone surrogate has no UTF-8 form (the encoder would write U+FFFD): no word of the table is it.
    if (LONE_SURROGATE.test(word)) return -1;
    const bytes = encoder.encode(word);
    return probe(hashBytes(bytes, 0, bytes.length), bytes.length, (start) => {
      for (let i = 0; i < bytes.length; i++) if (words[start + i] !== bytes[i]) return false;
      return true;
    });
  }

  if (vectorRows) return { findRow, size: rows, vectors, fetchRows: vectorRows.fetchRows, at: vectorRows.at };
  return { findRow, size: rows, vectors, fetchRows: () => {}, at: (row) => row * DIMENSIONS };
}

/**
 * This thread's cache of rows read from the table's file (opened on the first fetch, kept open: a file replaced
 * meanwhile is read as it was). A row is read with one pread of DIMENSIONS bytes.
 */
function fileRows(file: string, vectorsAt: number, rows: number, total: number) {
  const vectors = new Int8Array(CACHED_ROWS * DIMENSIONS);
  /** The cache slot of each row, or -1. */
  let slotOf: Int32Array | undefined;
  const rowIn = new Int32Array(CACHED_ROWS);
  let used = 0;
  let fd = -1;

  function open(): Int32Array {
    fd = fs.openSync(file, 'r');
    if (fs.fstatSync(fd).size !== total) {
      fs.closeSync(fd);
      fd = -1;
      throw new Error(`word table: ${file} is not the table whose index this thread has`);
    }
    return (slotOf = new Int32Array(rows).fill(-1));
  }

  function read(row: number, slots: Int32Array) {
    const slot = used++;
    const got = fs.readSync(fd, vectors, slot * DIMENSIONS, DIMENSIONS, vectorsAt + row * DIMENSIONS);
    if (got !== DIMENSIONS) throw new Error(`word table: ${file} ended early`);
    slots[row] = slot;
    rowIn[slot] = row;
  }

  return {
    vectors,
    fetchRows(a: number, b: number) {
      const slots = slotOf ?? open();
      const missing = (a >= 0 && slots[a] < 0 ? 1 : 0) + (b >= 0 && b !== a && slots[b] < 0 ? 1 : 0);
      if (missing === 0) return;
      if (used + missing > CACHED_ROWS) {
        for (let i = 0; i < used; i++) slots[rowIn[i]] = -1;
        used = 0;
      }
      if (a >= 0 && slots[a] < 0) read(a, slots);
      if (b >= 0 && slots[b] < 0) read(b, slots);
    },
    at: (row: number) => slotOf![row] * DIMENSIONS,
  };
}
