import { constants, createInflate } from 'node:zlib';

/**
 * Whether a PDF's Flate-compressed streams, inflated, come to at most `limit` bytes together. A PDF of a
 * megabyte can hold a stream that inflates to a gigabyte (deflate reaches about 1,000 to 1); pdf.js would
 * decode it whole into memory. This is measured before pdf.js sees the file, with node's zlib: each stream's
 * output is counted as it comes and thrown away, and inflating stops at the limit, so measuring costs a few
 * kilobytes of memory whatever the file holds.
 *
 * Every stream is found by its `stream` … `endstream` keywords (its /Length may be an indirect object), its
 * /Filter read from the dictionary before it. Filters that are all FlateDecode (/FlateDecode, or a chain of
 * them) are measured; a chain's earlier stages are inflated (within what is left of the limit) to feed the
 * next. Streams with other filters are not measured (LZW and RunLength, rare in today's PDFs, and
 * encrypted streams, which only pdf.js can decrypt); see docs/security.md.
 */
export async function inflatesWithin(data: Uint8Array, limit: number): Promise<boolean> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const text = bytes.toString('latin1'); // one character per byte: string offsets are byte offsets
  const keyword = /(?<!end)stream\r?\n/g;
  let total = 0;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end === -1) break;
    keyword.lastIndex = end + 'endstream'.length;
    const stages = flateStages(dictionaryBefore(text, match.index));
    if (stages === 0) continue;
    let input: Buffer = bytes.subarray(start, end);
    for (let stage = 1; stage <= stages; stage++) {
      const last = stage === stages;
      const inflated = await inflate(input, limit - total, !last);
      if (inflated.over) return false;
      if (last) total += inflated.size;
      else input = inflated.output;
    }
  }
  return true;
}

/** The text between a stream's `N G obj` and its `stream` keyword: the stream's dictionary. */
function dictionaryBefore(text: string, streamAt: number): string {
  const from = Math.max(text.lastIndexOf('obj', streamAt), streamAt - 16_384, 0);
  return text.slice(from, streamAt);
}

/** How many FlateDecode filters the stream's /Filter begins with (0: not a Flate stream). */
function flateStages(dictionary: string): number {
  const filter = /\/Filter\s*(\/[^\s/[\]<>()]+|\[[^\]]*\])/.exec(dictionary)?.[1] ?? '';
  const names = filter.match(/\/[^\s/[\]<>()]+/g) ?? [];
  let stages = 0;
  while (stages < names.length && (names[stages] === '/FlateDecode' || names[stages] === '/Fl')) stages += 1;
  return stages;
}

/**
 * Inflates `input` through node's zlib until it ends, fails (pdf.js keeps what inflated before a damaged
 * part, so that counts) or passes `limit` bytes. `keep` keeps the output (a chain's next stage reads it).
 */
function inflate(input: Buffer, limit: number, keep: boolean): Promise<{ size: number; over: boolean; output: Buffer }> {
  return new Promise((resolve) => {
    const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (over: boolean) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve({ size, over, output: keep && !over ? Buffer.concat(chunks) : Buffer.alloc(0) });
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return settle(true);
      if (keep) chunks.push(chunk);
    });
    inflater.on('end', () => settle(false));
    inflater.on('error', () => settle(false));
    inflater.end(input);
  });
}
