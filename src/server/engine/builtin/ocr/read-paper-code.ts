import jsQR from 'jsqr';
import sharp from 'sharp';
import { normalisePaperCode } from '../../../../shared/teacher-text';

/** The widest side the QR reader scans: a phone photo is shrunk to this first (jsQR's time grows with the pixels). */
const SCAN_WIDTHS = [1600, 1000];

async function scan(image: Buffer, width: number, threshold: boolean): Promise<string | null> {
  let pipeline = sharp(image, { failOn: 'none' }).rotate().resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
  if (threshold) pipeline = pipeline.grayscale().normalise().threshold(140);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, {
    inversionAttempts: 'dontInvert',
  });
  return found ? normalisePaperCode(found.data) : null;
}

/**
 * The practice-paper code in a photographed sheet's QR code (jsQR, offline), or null. Tries the photo
 * as it is at two sizes, then a black-and-white version for dim or uneven light.
 */
export async function readQrPaperCode(image: Buffer): Promise<string | null> {
  try {
    for (const threshold of [false, true]) {
      for (const width of SCAN_WIDTHS) {
        const code = await scan(image, width, threshold);
        if (code) return code;
      }
    }
  } catch {
    // An image sharp cannot decode has no code to find; the OCR reports the unreadable image.
  }
  return null;
}

/** The paper code printed in words ('Paper code MW-7K3QXP'), as OCR read it, or null. */
export function findPrintedPaperCode(text: string): string | null {
  for (const match of text.toUpperCase().matchAll(/\bMW\s*[-–—]?\s*([A-Z0-9]{6})\b/g)) {
    const code = normalisePaperCode(match[1]);
    if (code) return code;
  }
  return null;
}
