import QRCode from 'qrcode';
import { normalisePaperCode } from '../../shared/teacher-text';
import { escapeHtml } from './text/html-entities';

/**
 * A printed practice paper's identity: its code in words and in a QR code, on every page. The QR code
 * is drawn here from the `qrcode` package's module matrix (no network, no canvas).
 */

/** What a printed page's QR code says: the paper's code and, on a class set's copies, the student and the page. */
export interface PaperQr {
  paperCode: string;
  /** The student whose copy the page is (a class set, issue 26), else absent. */
  studentId?: string;
  /** The page within the copy (1-based), when printed. */
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The QR payload of a page: the paper code alone ('MW-7K3QXP', as every printed paper carries), or on a class
 * set's copy the code with the student and page added as fields ('MW-7K3QXP/S:<32 hex>/P:2'). Every character
 * is in the QR alphanumeric set (upper case, digits, '-', '/', ':'), which keeps the code small.
 */
export function paperQrPayload(qr: PaperQr): string {
  let payload = qr.paperCode;
  if (qr.studentId) {
    if (!UUID.test(qr.studentId)) throw new Error('a class set page names its student by id');
    payload += `/S:${qr.studentId.replace(/-/g, '').toUpperCase()}`;
  }
  if (qr.page !== undefined) payload += `/P:${qr.page}`;
  return payload;
}

/** A scanned QR payload read back: both the paper code alone and a class set's code/student/page; null when neither. */
export function parsePaperQr(text: string): PaperQr | null {
  const fields = /^\s*(.+?)((?:\/[SP]:[0-9A-Fa-f]+)+)\s*$/.exec(text);
  const paperCode = normalisePaperCode(fields ? fields[1] : text);
  if (!paperCode) return null;
  const qr: PaperQr = { paperCode };
  if (!fields) return qr;
  for (const [, key, value] of fields[2].matchAll(/\/([SP]):([0-9A-Fa-f]+)/g)) {
    if (key === 'S' && /^[0-9A-Fa-f]{32}$/.test(value)) {
      const hex = value.toLowerCase();
      qr.studentId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    } else if (key === 'P' && /^\d{1,3}$/.test(value) && Number(value) >= 1) qr.page = Number(value);
  }
  return qr;
}

/** The QR code of `code` as a square of modules: `dark(x, y)` for each of `size` × `size`. */
export function qrMatrix(code: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => Boolean(modules.data[y * modules.size + x]) };
}

/** The QR code as an SVG element (a quiet zone of 4 modules around it), `mm` millimetres wide. */
export function qrSvg(code: string, mm = 18): string {
  const { size, dark } = qrMatrix(code);
  const quiet = 4;
  const total = size + quiet * 2;
  let path = '';
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (dark(x, y)) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" width="${mm}mm" height="${mm}mm" shape-rendering="crispEdges" role="img" aria-label="QR code of paper ${escapeHtml(code)}"><rect width="${total}" height="${total}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

const STYLE = `<style>
  .paper-identity { display: flex; align-items: center; gap: .6rem; justify-content: flex-end; font: 11px/1.3 Arial, sans-serif; color: #111; }
  .paper-identity strong { font-size: 13px; letter-spacing: .04em; }
  table.paper-frame { width: 100%; border-collapse: collapse; }
  table.paper-frame > tbody > tr > td { padding: 0; }
  table.paper-frame > tfoot { display: none; }
  @media print {
    .paper-identity { position: fixed; bottom: 0; right: 0; background: #fff; padding: 2px 0 2px 6px; }
    table.paper-frame > tfoot { display: table-footer-group; }
    .paper-identity-spacer { height: 24mm; }
  }
</style>`;

/**
 * The printable HTML with the paper's code and QR code added: at the top of the screen copy and, in
 * print, at the foot of every page (a fixed element repeats on each printed page). The page's content is
 * framed in a table whose footer, repeated on every printed page, keeps the stamp's height free, so the
 * stamp never covers the text at the foot of a page.
 */
export function stampPaperIdentity(html: string, code: string): string {
  const stamp = `<div class="paper-identity" data-paper-code="${escapeHtml(code)}">${qrSvg(code)}<span>Paper code<br><strong>${escapeHtml(code)}</strong><br>Write answers by question number.</span></div>`;
  const frame =
    '<table class="paper-frame" role="presentation"><tfoot><tr><td><div class="paper-identity-spacer"></div></td></tr></tfoot><tbody><tr><td>';
  return html
    .replace(/<\/head>/i, `${STYLE}\n</head>`)
    .replace(/<body([^>]*)>/i, (body) => `${body}\n${stamp}\n${frame}`)
    .replace(/<\/body>/i, '</td></tr></tbody></table>\n</body>');
}
