import type { SheetReading } from '../../engine';
import { findPrintedPaperCode, readPaperQr } from './read-paper-code';
import { readImageText } from './read-image-text';

/** Each photographed sheet's text (Tesseract) and practice-paper code (its QR code, else the printed words). */
export async function readSheets(images: Uint8Array[]): Promise<SheetReading[]> {
  const readings: SheetReading[] = [];
  for (const image of images) {
    const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    const [read, qr] = await Promise.all([readImageText(bytes), readPaperQr(bytes)]);
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
