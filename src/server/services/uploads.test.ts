import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isHttpError } from '../http-error';
import { decodedSize, decodeUpload, detectImage } from './uploads';

const png = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures/question-sheet.png'));
/** A 24 x 16 baseline JPEG written by Chromium's canvas (its ICC profile removed). */
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABgDASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAAYHBf/EAC0QAAACCAMGBwAAAAAAAAAAAAISAAEDBQYRExQHFTEEFiIkMmEIFyElQURi/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpjpi55V5J7JmuZV/t0KdOn+BTnU7Sl3RVwt8Re/cduyG91rC9q8xmFUhGQ2nTSDOZJaq1Sqx1h9DEd2O9bsv7I9vzDVkQ5TdAgzmQOs9EyoWwdgSFX7sr5cLitHlsxqTa8btCmCsAuEQ1qXwiWr1V8oD+ggggf/9k=',
  'base64',
);

const limits = { maxBytes: 100, tooLarge: 'too large', invalid: 'not base64' };

function statusOf(fn: () => unknown): [number, string] {
  try {
    fn();
  } catch (error) {
    if (isHttpError(error)) return [error.statusCode, error.message];
    throw error;
  }
  throw new Error('expected an HTTP error');
}

/** The PNG with its first IDAT chunk's data changed and its CRC recomputed, so only the pixel data is wrong. */
function pngWithBadPixels(): Buffer {
  const copy = Buffer.from(png);
  let offset = 8;
  for (;;) {
    const length = copy.readUInt32BE(offset);
    if (copy.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
      copy.fill(0x55, offset + 8 + 10, offset + 8 + 60);
      copy.writeUInt32BE(crc32(copy.subarray(offset + 4, offset + 8 + length)), offset + 8 + length);
      return copy;
    }
    offset += 12 + length;
  }
}

describe('decodeUpload', () => {
  it('decodes base64, tolerating a data: prefix and line breaks', () => {
    const bytes = Buffer.from('hello, world');
    const base64 = bytes.toString('base64');
    expect(decodeUpload(base64, limits)).toEqual(bytes);
    expect(decodeUpload(`data:application/pdf;base64,${base64}`, limits)).toEqual(bytes);
    expect(decodeUpload(`${base64.slice(0, 8)}\r\n${base64.slice(8)}`, limits)).toEqual(bytes);
  });

  it('counts the decoded size without decoding, and refuses more than the maximum with 413', () => {
    for (const n of [0, 1, 2, 3, 99, 100, 101]) expect(decodedSize(Buffer.alloc(n).toString('base64'))).toBe(n);
    expect(() => decodeUpload(Buffer.alloc(100).toString('base64'), limits)).not.toThrow();
    expect(statusOf(() => decodeUpload(Buffer.alloc(101).toString('base64'), limits))).toEqual([413, 'too large']);
  });

  it('refuses text that is not base64 with 400', () => {
    for (const text of ['%%%%', 'abc$', 'a', '====', 'data:application/pdf;base64,']) {
      expect(statusOf(() => decodeUpload(text, limits))).toEqual([400, 'not base64']);
    }
  });
});

describe('detectImage', () => {
  it('recognises complete PNG and JPEG files', () => {
    expect(detectImage(png)).toBe('png');
    expect(detectImage(jpeg)).toBe('jpeg');
  });

  it('refuses anything else, and truncated or corrupt images (which would crash the OCR reader)', () => {
    for (const bytes of [
      Buffer.from('not an image at all'),
      Buffer.alloc(0),
      png.subarray(0, png.length >> 1),
      png.subarray(0, png.length - 12), // no IEND
      Buffer.concat([png.subarray(0, 40), Buffer.from([1, 2, 3]), png.subarray(43)]), // a chunk's CRC no longer matches
      pngWithBadPixels(),
      jpeg.subarray(0, jpeg.length >> 1),
      jpeg.subarray(0, jpeg.length - 2), // no end-of-image marker
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]),
      Buffer.concat([png.subarray(0, 8), Buffer.alloc(100, 7)]),
    ]) {
      expect(detectImage(bytes)).toBeNull();
    }
  });
});
