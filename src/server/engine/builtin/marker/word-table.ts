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
 */

const MAGIC = 0x5657_574d; // 'MWWV'
export const WORD_TABLE_FORMAT = 1;
const HEADER_WORDS = 8;
const HEADER_BYTES = HEADER_WORDS * 4;

export interface WordTable {
  /** The row of a word, or -1. */
  findRow(word: string): number;
  /** rows × DIMENSIONS int8 components. */
  vectors: Int8Array;
  /** Rows in the table (the package's words, repeats included). */
  size: number;
}

interface Layout {
  vectorsAt: number;
  offsetsAt: number;
  slotsAt: number;
  wordsAt: number;
  total: number;
}

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

/**
 * Reads a table from its bytes (a SharedArrayBuffer shared by every thread, or any buffer) without
 * copying them. Throws on bytes that are not a table of this format.
 */
export function openWordTable(buffer: ArrayBufferLike): WordTable {
  if (buffer.byteLength < HEADER_BYTES) throw new Error('word table: too short');
  const [magic, format, rows, dimensions, scale, slots, wordBytes, total] = new Uint32Array(buffer, 0, HEADER_WORDS);
  if (magic !== MAGIC || format !== WORD_TABLE_FORMAT || dimensions !== DIMENSIONS || scale !== SCALE) {
    throw new Error('word table: not a table of this format');
  }
  const layout = layoutOf(rows, slots, wordBytes);
  if (total !== layout.total || buffer.byteLength !== total || (slots & (slots - 1)) !== 0) throw new Error('word table: wrong size');
  const vectors = new Int8Array(buffer, layout.vectorsAt, rows * DIMENSIONS);
  const offsets = new Uint32Array(buffer, layout.offsetsAt, rows + 1);
  const table = new Uint32Array(buffer, layout.slotsAt, slots);
  const words = new Uint8Array(buffer, layout.wordsAt, wordBytes);
  const mask = slots - 1;

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

  return { findRow, vectors, size: rows };
}
