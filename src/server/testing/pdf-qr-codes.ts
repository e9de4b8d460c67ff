import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * The QR codes drawn in a PDF we print (render-practice-paper-pdf.ts draws each module as a small filled square),
 * as images, one per page that has one, in the order of the pages' content streams: each stream's squares are
 * laid back on a grid of modules and drawn 8 pixels a module with a white quiet zone, for the QR reader to read as
 * it reads a photo. For tests: no PDF rasteriser runs on Node 20 here (pdfjs's operator list needs Node 22).
 */
export async function pdfQrImages(pdf: Buffer): Promise<Buffer[]> {
  const images: Buffer[] = [];
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/\/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    const squares = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)]
      .map((m) => m.slice(1, 5).map(Number))
      .filter(([, , w, h]) => w === h && w < 5);
    if (squares.length < 50) continue;
    const cell = squares[0][2];
    const minX = Math.min(...squares.map((s) => s[0]));
    const minY = Math.min(...squares.map((s) => s[1]));
    const cols = squares.map((s) => Math.round((s[0] - minX) / cell));
    const rows = squares.map((s) => Math.round((s[1] - minY) / cell));
    const size = Math.max(...cols, ...rows) + 1;
    const scale = 8;
    const side = (size + 8) * scale;
    const pixels = Buffer.alloc(side * side, 255);
    squares.forEach((_, i) => {
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) pixels[((rows[i] + 4) * scale + dy) * side + (cols[i] + 4) * scale + dx] = 0;
    });
    images.push(
      await sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
        .png()
        .toBuffer(),
    );
  }
  return images;
}
