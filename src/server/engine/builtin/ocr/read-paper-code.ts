import jsQR from 'jsqr';
import sharp from 'sharp';
import { normalisePaperCode } from '../../../../shared/teacher-text';
import { parsePaperQr, type PaperQr } from '../../paper-identity';

/** The widest side the QR reader scans: a phone photo is shrunk to this first (jsQR's time grows with the pixels). */
const SCAN_WIDTHS = [1600, 1000];

async function scan(image: Buffer, width: number, threshold: boolean): Promise<PaperQr | null> {
  let pipeline = sharp(image, { failOn: 'none' }).rotate().resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
  if (threshold) pipeline = pipeline.grayscale().normalise().threshold(140);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, {
    inversionAttempts: 'dontInvert',
  });
  return found ? parsePaperQr(found.data) : null;
}

/**
 * What a photographed sheet's QR code says (jsQR, offline): the practice-paper code, and on a class set's copy
 * the student and page too; null when none is found. Tries the photo as it is at two sizes, then a
 * black-and-white version for dim or uneven light.
 */
export async function readPaperQr(image: Buffer): Promise<PaperQr | null> {
  try {
    for (const threshold of [false, true]) {
      for (const width of SCAN_WIDTHS) {
        const qr = await scan(image, width, threshold);
        if (qr) return qr;
      }
    }
  } catch {
    // An image sharp cannot decode has no code to find; the OCR reports the unreadable image.
  }
  return null;
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
