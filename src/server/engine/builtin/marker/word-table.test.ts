import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS, parseEmbeddingsFile, resolveEmbeddingsPath, type ParsedEmbeddings } from './embeddings-json';
import type { markBankWith, WordTableChoice } from './testing/mark-bank';
import { encodeWordTable, openWordTable, type WordTable } from './word-table';
import { loadWordTable, loadWordTableSync, wordTableCacheFiles, type SharedWordTable } from './word-vector-cache';

/** Marks the bank in a fresh thread with the word table chosen (the marker caches what it has analysed). */
function markBankInThread(choice: WordTableChoice): Promise<ReturnType<typeof markBankWith>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./testing/mark-bank-worker.mjs', import.meta.url), { workerData: choice, execArgv: [] });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('the shared word table against the JSON parser it is converted from', () => {
  let parsed: ParsedEmbeddings;
  let shared: SharedWordTable;
  /** The table file's bytes. */
  let bytes: Uint8Array;
  let table: WordTable;
  beforeAll(() => {
    parsed = parseEmbeddingsFile(resolveEmbeddingsPath()!);
    shared = loadWordTableSync()!;
    bytes = new Uint8Array(fs.readFileSync(shared.file!));
    table = openWordTable(shared.buffer, shared.file!);
  }, 600_000);

  /** A row's components as `t` gives them. */
  const rowOf = (t: WordTable, row: number) => {
    t.fetchRows(row, -1);
    return t.vectors.subarray(t.at(row), t.at(row) + DIMENSIONS);
  };

  it('finds every word of the package at the row the Map gave it, with the same int8 vector read from the file', () => {
    expect(parsed.index.size).toBeGreaterThan(300_000);
    expect(table.size).toBe(parsed.size);
    let differentComponents = 0;
    for (let row = 0; row < parsed.size; row++) {
      const components = rowOf(table, row);
      for (let d = 0; d < DIMENSIONS; d++) if (components[d] !== parsed.vectors[row * DIMENSIONS + d]) differentComponents++;
    }
    expect(differentComponents).toBe(0);
    let differentRows = 0;
    for (const [word, row] of parsed.index) if (table.findRow(word) !== row) differentRows++;
    expect(differentRows).toBe(0);
  });

  it('keeps only the index in memory, and reads pairs of rows right past its cache (the same as the whole table in memory)', () => {
    expect(shared.buffer.byteLength).toBeLessThan(bytes.length - parsed.size * DIMENSIONS + 64);
    const whole = openWordTable(bytes.buffer);
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) % parsed.size;
    let different = 0;
    for (let i = 0; i < 30_000; i++) {
      const [a, b] = [next(), i % 3 === 0 ? -1 : next()];
      table.fetchRows(a, b);
      for (const row of [a, b]) {
        if (row < 0) continue;
        for (let d = 0; d < DIMENSIONS; d++) if (table.vectors[table.at(row) + d] !== whole.vectors[whole.at(row) + d]) different++;
      }
    }
    expect(different).toBe(0);
  });

  it('answers -1 exactly where the Map had no word (case, accents, lone surrogates, the empty word)', () => {
    const words = ['', 'Osmosis', 'OSMOSIS', 'osmosis', 'café', 'cafe', 'naïve', 'straße', '日本', '😀', '\uD800', 'a\uDC00b', 'zzqxjv'];
    words.push(...[...parsed.index.keys()].filter((w) => /[^\x00-\x7f]/.test(w)).slice(0, 500));
    words.push(...[...parsed.index.keys()].slice(0, 2000).map((w) => `${w}x`));
    for (const word of words) expect(table.findRow(word), word).toBe(parsed.index.get(word) ?? -1);
  });

  it('is the same table when converted again, and one index for the whole process', async () => {
    const again = encodeWordTable(parsed);
    expect(Buffer.compare(Buffer.from(again), Buffer.from(bytes))).toBe(0);
    expect(await loadWordTable()).toBe(shared);
    // kept on disk under a name that changes with the package's version and the table's format
    expect(wordTableCacheFiles(resolveEmbeddingsPath()!)).toContain(shared.file);
  });

  it('refuses bytes that are not a whole table of this format, and a file that is not the table of the index', () => {
    expect(() => openWordTable(bytes.slice(0, bytes.length - 1).buffer)).toThrow(/wrong size/);
    const other = bytes.slice(0, 4096);
    other[0] ^= 0xff;
    expect(() => openWordTable(other.buffer)).toThrow(/format/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'word-table-')), 't.bin');
    fs.writeFileSync(file, bytes.subarray(0, 1000));
    expect(() => openWordTable(new Uint8Array(fs.readFileSync(file)).buffer)).toThrow();
    const onShortFile = openWordTable(shared.buffer, file);
    expect(() => onShortFile.fetchRows(0, -1)).toThrow(/not the table/);
  });

  it('marks about 600 questions of the bank the same with the shared table as with the Map: same word rows, weights, similarities and marks', async () => {
    const [before, after] = await Promise.all([markBankInThread({ table: 'json-map' }), markBankInThread({ table: 'shared', shared })]);
    expect(before.questions).toBeGreaterThan(500);
    expect(after.rows).toEqual(before.rows);
    expect(after.similarities).toEqual(before.similarities);
    expect(after.marks).toEqual(before.marks);
    // the comparison compares something: most words are known, and some answers earn marks
    expect(before.rows.flat().filter((r) => r >= 0).length).toBeGreaterThan(10_000);
    expect(before.marks.filter((m) => (m as { marks_awarded: number }).marks_awarded > 0).length).toBeGreaterThan(500);
  }, 600_000);
});
