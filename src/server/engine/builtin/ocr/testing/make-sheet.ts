import sharp from 'sharp';
import { qrMatrix } from '../../../paper-identity';
import { escapeHtml } from '../../../text/html-entities';

/** The phone-photo conditions the OCR benches measure (bench/photo-ocr.ts, bench/handwriting-ocr.ts). */
export const PHOTO_CONDITIONS = [
  { name: 'clean PNG', rotate: 0, blur: 0, jpegQuality: undefined },
  { name: 'photo: 3° turn, blur 1.0, JPEG 60', rotate: 3, blur: 1.0, jpegQuality: 60 },
  { name: 'poor photo: 6° turn, blur 1.6, JPEG 40', rotate: 6, blur: 1.6, jpegQuality: 40 },
] as const;

/** Text broken into lines of at most `width` characters, at spaces, as a student writes across a page. */
export function wrapLines(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

export interface SheetOptions {
  /** Lines of writing, top to bottom. */
  lines: string[];
  /** A practice paper's code, drawn as its QR code in the bottom right corner (as printed). */
  code?: string;
  /** A font family known to fontconfig; default 'DejaVu Sans'. */
  font?: string;
  fontSize?: number;
  /** Degrees the page is turned, as in a photo not taken square on. */
  rotate?: number;
  /** Gaussian blur sigma, as in a photo slightly out of focus. */
  blur?: number;
  /** JPEG quality (a phone photo); PNG when not given. */
  jpegQuality?: number;
}

/** A page image for tests: lines of text and optionally the paper's QR code, made with sharp from SVG. */
export async function makeSheet(options: SheetOptions): Promise<Buffer> {
  const width = 1240;
  const size = options.fontSize ?? 30;
  const lineHeight = Math.round(size * 1.6);
  const height = Math.max(900, 120 + options.lines.length * lineHeight + 260);
  const font = options.font ?? 'DejaVu Sans';
  const text = options.lines
    .map(
      (line, i) =>
        `<text x="80" y="${100 + i * lineHeight}" font-family="${escapeHtml(font)}" font-size="${size}" fill="#1a1a2e">${escapeHtml(line)}</text>`,
    )
    .join('');
  let qr = '';
  if (options.code) {
    const { size: n, dark } = qrMatrix(options.code);
    const cell = 8;
    const x0 = width - 80 - (n + 8) * cell;
    const y0 = height - 60 - (n + 8) * cell;
    let path = '';
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) if (dark(x, y)) path += `M${x0 + (x + 4) * cell} ${y0 + (y + 4) * cell}h${cell}v${cell}h-${cell}z`;
    qr = `<rect x="${x0}" y="${y0}" width="${(n + 8) * cell}" height="${(n + 8) * cell}" fill="#fff"/><path d="${path}" fill="#000"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fbfaf5"/>${text}${qr}</svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: '#fbfaf5' });
  if (options.rotate) image = image.rotate(options.rotate, { background: '#fbfaf5' });
  if (options.blur) image = image.blur(options.blur);
  return options.jpegQuality ? image.jpeg({ quality: options.jpegQuality }).toBuffer() : image.png().toBuffer();
}
