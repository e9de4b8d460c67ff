import jsQR from 'jsqr';
import sharp from 'sharp';
import { normalisePaperCode } from '../../../../shared/teacher-text';
import { parsePaperQr, type PaperQr } from '../../paper-identity';

/** The widest side the QR reader scans: a phone photo is shrunk to this first (jsQR's time grows with the pixels). */
const SCAN_WIDTHS = [1600, 1000];

/** Where a QR code lies on the photo (upright as sharp's .rotate() turns it by its EXIF), in the photo's pixels. */
export interface QrBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

async function scan(image: Buffer, width: number, threshold: boolean): Promise<{ qr: PaperQr; box: QrBox } | null> {
  let pipeline = sharp(image, { failOn: 'none' }).rotate().resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
  if (threshold) pipeline = pipeline.grayscale().normalise().threshold(140);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, {
    inversionAttempts: 'dontInvert',
  });
  const qr = found ? parsePaperQr(found.data) : null;
  if (!found || !qr) return null;
  const meta = await sharp(image, { failOn: 'none' }).metadata();
  const upright = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const scale = (upright ?? info.width) / info.width;
  const corners = [
    found.location.topLeftCorner,
    found.location.topRightCorner,
    found.location.bottomLeftCorner,
    found.location.bottomRightCorner,
  ];
  const xs = corners.map((c) => c.x * scale);
  const ys = corners.map((c) => c.y * scale);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { qr, box: { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top } };
}

/** What the QR code says and where it lies (see readPaperQr), or null when none is found. */
export async function findPaperQr(image: Buffer): Promise<{ qr: PaperQr; box: QrBox } | null> {
  try {
    for (const threshold of [false, true]) {
      for (const width of SCAN_WIDTHS) {
        const found = await scan(image, width, threshold);
        if (found) return found;
      }
    }
  } catch {
    // An image sharp cannot decode has no code to find; the OCR reports the unreadable image.
  }
  return null;
}

/**
 * What a photographed sheet's QR code says (jsQR, offline): the practice-paper code, and on a class set's copy
 * the student and page too; null when none is found. Tries the photo as it is at two sizes, then a
 * black-and-white version for dim or uneven light.
 */
export async function readPaperQr(image: Buffer): Promise<PaperQr | null> {
  return (await findPaperQr(image))?.qr ?? null;
}

/** The practice-paper code in a photographed sheet's QR code (a class set's page included), or null. */
export async function readQrPaperCode(image: Buffer): Promise<string | null> {
  return (await readPaperQr(image))?.paperCode ?? null;
}

/** The paper code printed in words ('Paper code MW-7K3QXP'), as OCR read it, or null. */
export function findPrintedPaperCode(text: string): string | null {
  for (const match of text.toUpperCase().matchAll(/\bMW\s*[-–—]?\s*([A-Z0-9]{6})\b/g)) {
    const code = normalisePaperCode(match[1]);
    if (code) return code;
  }
  return null;
}
