import type { SheetReading } from '../../engine';
import { findPrintedPaperCode, readQrPaperCode } from './read-paper-code';
import { readImageText } from './read-image-text';

/** Each photographed sheet's text (Tesseract) and practice-paper code (its QR code, else the printed words). */
export async function readSheets(images: Uint8Array[]): Promise<SheetReading[]> {
  const readings: SheetReading[] = [];
  for (const image of images) {
    const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    const [read, qr] = await Promise.all([readImageText(bytes), readQrPaperCode(bytes)]);
    readings.push({ text: read.text, confidence: read.confidence, paperCode: qr ?? findPrintedPaperCode(read.text), readBy: 'Tesseract' });
  }
  return readings;
}
