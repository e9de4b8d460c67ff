import sharp from 'sharp';
import type { SheetReading } from '../../engine';
import { findPaperQr, findPrintedPaperCode, type QrBox } from './read-paper-code';
import { readImageText } from './read-image-text';

/**
 * The photo with its QR code painted white: OCR reads a QR code's modules as a few lines of stray characters
 * ("[=] =] / gl i er"), which would be taken for the start of the student's answer (issue 26, bench:class-set).
 * The box grows by a fifth each way for the quiet zone and a turned photo.
 */
async function withoutQrCode(image: Buffer, box: QrBox): Promise<Buffer> {
  const upright = sharp(image, { failOn: 'none' }).rotate();
  const { data, info } = await upright.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  const pad = Math.max(box.width, box.height) / 5;
  const left = Math.max(0, Math.floor(box.left - pad));
  const top = Math.max(0, Math.floor(box.top - pad));
  const width = Math.min(info.width - left, Math.ceil(box.width + 2 * pad));
  const height = Math.min(info.height - top, Math.ceil(box.height + 2 * pad));
  if (width <= 0 || height <= 0) return data;
  const white = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return sharp(data)
    .composite([{ input: white, left, top }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Each photographed sheet's text (Tesseract) and practice-paper code (its QR code, else the printed words). */
export async function readSheets(images: Uint8Array[]): Promise<SheetReading[]> {
  const readings: SheetReading[] = [];
  for (const image of images) {
    const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    const found = await findPaperQr(bytes);
    const read = await readImageText(found ? await withoutQrCode(bytes, found.box) : bytes);
    const qr = found?.qr;
    readings.push({
      text: read.text,
      confidence: read.confidence,
      paperCode: qr?.paperCode ?? findPrintedPaperCode(read.text),
      // a class set's page says whose copy it is and which page (issue 26)
      studentId: qr?.studentId ?? null,
      page: qr?.page ?? null,
      readBy: 'Tesseract',
    });
  }
  return readings;
}
