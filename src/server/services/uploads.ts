import { crc32, inflateSync } from 'node:zlib';
import { httpError } from '../http-error';

/**
 * Files that arrive as base64 inside JSON (the PDF and grading calls): size checks before decoding,
 * strict base64, and a structural check of images before any image reader sees them.
 */

const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The base64 text of a `data:` URL or of a bare base64 string, without whitespace. */
function bareBase64(data: string): string {
  const text = DATA_URL_PREFIX.test(data) ? data.slice(data.indexOf(',') + 1) : data;
  return /\s/.test(text) ? text.replace(/\s+/g, '') : text;
}

/** The number of bytes a base64 text decodes to (counted, not decoded). */
export function decodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * Decodes a base64 upload (a `data:` prefix and line breaks are tolerated). Answers 413 `tooLarge`
 * when it decodes to more than `maxBytes`, and 400 `invalid` when it is not base64 or is empty.
 */
export function decodeUpload(data: string, limits: { maxBytes: number; tooLarge: string; invalid: string }): Buffer {
  const base64 = bareBase64(data);
  if (decodedSize(base64) > limits.maxBytes) throw httpError(413, limits.tooLarge);
  if (base64.length === 0 || base64.length % 4 === 1 || !BASE64.test(base64)) throw httpError(400, limits.invalid);
  return Buffer.from(base64, 'base64');
}

export type ImageKind = 'jpeg' | 'png';

/** Above this, a PNG is refused before it is inflated (a sheet photographed at 8000 x 5000 is 40 megapixels). */
const MAX_PIXELS = 40_000_000;

/**
 * 'jpeg' or 'png' when the bytes are a complete image of that kind, else null. Image readers (the OCR's
 * Leptonica in particular) fail hard on truncated or corrupt files, so every PNG chunk and its CRC, the
 * compressed pixel data and the JPEG marker structure (frame, scan, end of image) are checked first.
 */
export function detectImage(bytes: Buffer): ImageKind | null {
  if (isCompletePng(bytes)) return 'png';
  if (isCompleteJpeg(bytes)) return 'jpeg';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes of filtered scanlines a PNG's pixel data inflates to. */
function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8)));
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (n, [x0, y0, dx, dy]) => n + rows(Math.max(0, Math.ceil((width - x0) / dx)), Math.max(0, Math.ceil((height - y0) / dy))),
    0,
  );
}

function isCompletePng(bytes: Buffer): boolean {
  if (bytes.length < PNG_SIGNATURE.length + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let offset = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | null = null;
  const data: Buffer[] = [];
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) return false;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (header === null) {
      if (type !== 'IHDR' || length !== 13) return false;
      const [width, height, depth, colour, , , interlace] = [
        body.readUInt32BE(0),
        body.readUInt32BE(4),
        body[8],
        body[9],
        body[10],
        body[11],
        body[12],
      ];
      const channels = PNG_CHANNELS[colour];
      if (!width || !height || !channels || ![1, 2, 4, 8, 16].includes(depth) || interlace > 1) return false;
      if (width * height > MAX_PIXELS) return false;
      header = { width, height, bitsPerPixel: channels * depth, interlaced: interlace === 1 };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      if (data.length === 0) return false;
      const expected = pngRawSize(header.width, header.height, header.bitsPerPixel, header.interlaced);
      try {
        return inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 }).length === expected;
      } catch {
        return false;
      }
    }
    offset = end;
  }
  return false; // no IEND: truncated
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function isCompleteJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  let frame = false;
  let scans = 0;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    while (bytes[offset] === 0xff && offset < bytes.length) offset += 1; // fill bytes
    const marker = bytes[offset];
    offset += 1;
    if (marker === undefined) return false;
    if (marker === 0xd9) return frame && scans > 0; // end of image
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (offset + 2 > bytes.length) return false;
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return false;
    if (isFrameMarker(marker)) {
      if (length < 8 || bytes.readUInt16BE(offset + 3) === 0 || bytes.readUInt16BE(offset + 5) === 0) return false;
      frame = true;
    }
    offset += length;
    if (marker === 0xda) {
      if (!frame) return false;
      scans += 1;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (offset + 1 < bytes.length) {
        if (
          bytes[offset] === 0xff &&
          bytes[offset + 1] !== 0x00 &&
          !(bytes[offset + 1] >= 0xd0 && bytes[offset + 1] <= 0xd7) &&
          bytes[offset + 1] !== 0xff
        )
          break;
        offset += 1;
      }
      if (offset + 1 >= bytes.length) return false; // truncated in a scan
    }
  }
  return false; // no end-of-image marker: truncated
}
