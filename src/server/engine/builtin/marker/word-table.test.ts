import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS, parseEmbeddingsFile, resolveEmbeddingsPath, type ParsedEmbeddings } from './embeddings-json';
import type { markBankWith, WordTableChoice } from './testing/mark-bank';
import { encodeWordTable, openWordTable, type WordTable } from './word-table';
import { loadWordTable, loadWordTableSync, wordTableCacheFiles } from './word-vector-cache';

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
  let shared: SharedArrayBuffer;
  let table: WordTable;
  beforeAll(() => {
    parsed = parseEmbeddingsFile(resolveEmbeddingsPath()!);
    shared = loadWordTableSync()!;
    table = openWordTable(shared);
  }, 600_000);

  it('finds every word of the package at the row the Map gave it, with the same int8 vector', () => {
    expect(parsed.index.size).toBeGreaterThan(300_000);
    expect(table.size).toBe(parsed.size);
    expect(table.vectors.length).toBe(parsed.size * DIMENSIONS);
    let differentComponents = 0;
    for (let i = 0; i < table.vectors.length; i++) if (table.vectors[i] !== parsed.vectors[i]) differentComponents++;
    expect(differentComponents).toBe(0);
    let differentRows = 0;
    for (const [word, row] of parsed.index) if (table.findRow(word) !== row) differentRows++;
    expect(differentRows).toBe(0);
  });

  it('answers -1 exactly where the Map had no word (case, accents, lone surrogates, the empty word)', () => {
    const words = ['', 'Osmosis', 'OSMOSIS', 'osmosis', 'café', 'cafe', 'naïve', 'straße', '日本', '😀', '\uD800', 'a\uDC00b', 'zzqxjv'];
    words.push(...[...parsed.index.keys()].filter((w) => /[^\x00-\x7f]/.test(w)).slice(0, 500));
    words.push(...[...parsed.index.keys()].slice(0, 2000).map((w) => `${w}x`));
    for (const word of words) expect(table.findRow(word), word).toBe(parsed.index.get(word) ?? -1);
  });

  it('is the same table when converted again, and one buffer for the whole process', async () => {
    const again = encodeWordTable(parsed);
    expect(Buffer.compare(Buffer.from(again), Buffer.from(new Uint8Array(shared)))).toBe(0);
    expect(await loadWordTable()).toBe(shared);
    // kept on disk under a name that changes with the package's version and the table's format
    expect(wordTableCacheFiles(resolveEmbeddingsPath()!).some((file) => fs.existsSync(file))).toBe(true);
  });

  it('refuses bytes that are not a whole table of this format', () => {
    const bytes = new Uint8Array(shared);
    expect(() => openWordTable(bytes.slice(0, bytes.length - 1).buffer)).toThrow(/wrong size/);
    const other = bytes.slice(0, 4096);
    other[0] ^= 0xff;
    expect(() => openWordTable(other.buffer)).toThrow(/format/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'word-table-')), 't.bin');
    fs.writeFileSync(file, bytes.subarray(0, 1000));
    expect(() => openWordTable(new Uint8Array(fs.readFileSync(file)).buffer)).toThrow();
  });

  it('marks about 600 questions of the bank the same with the shared table as with the Map: same word rows, weights, similarities and marks', async () => {
    const [before, after] = await Promise.all([
      markBankInThread({ table: 'json-map' }),
      markBankInThread({ table: 'shared', buffer: shared }),
    ]);
    expect(before.questions).toBeGreaterThan(500);
    expect(after.rows).toEqual(before.rows);
    expect(after.similarities).toEqual(before.similarities);
    expect(after.marks).toEqual(before.marks);
    // the comparison compares something: most words are known, and some answers earn marks
    expect(before.rows.flat().filter((r) => r >= 0).length).toBeGreaterThan(10_000);
    expect(before.marks.filter((m) => (m as { marks_awarded: number }).marks_awarded > 0).length).toBeGreaterThan(500);
  }, 600_000);
});
