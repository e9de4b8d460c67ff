import QRCode from 'qrcode';
import { escapeHtml } from './text/html-entities';

/**
 * A printed practice paper's identity: its code in words and in a QR code, on every page. The QR code
 * is drawn here from the `qrcode` package's module matrix (no network, no canvas).
 */

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
