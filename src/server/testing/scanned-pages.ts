import PDFDocument from 'pdfkit';
import sharp, { type OverlayOptions } from 'sharp';

/** Scanned class sets for tests (issue 26): pages with a printed page's QR code and answers written on them, bound as a scanner binds them. */

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A scanned page: the printed page's QR code at the top right and the student's answers written below it. */
export async function scannedPage(qr: Buffer | null, lines: string[]): Promise<Buffer> {
  const width = 1240;
  const height = 1754;
  const text = lines
    .map((l, i) => `<text x="90" y="${520 + i * 64}" font-family="DejaVu Sans" font-size="40">${escapeXml(l)}</text>`)
    .join('');
  const layers: OverlayOptions[] = [
    { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text}</svg>`), top: 0, left: 0 },
  ];
  if (qr) layers.push({ input: await sharp(qr).resize(320).toBuffer(), top: 60, left: width - 400 });
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The scanner's PDF: one JPEG per page, as a scanner binds them. */
export async function scannerPdf(pages: Buffer[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  for (const page of pages) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc.image(page, 0, 0, { width: 595.28 });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
