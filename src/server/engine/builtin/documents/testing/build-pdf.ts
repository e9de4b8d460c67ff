import { deflateSync } from 'node:zlib';

/**
 * Writes a real PDF 1.4 file for tests: catalog, page tree, a standard Helvetica font (WinAnsi), one
 * content stream per page (Flate-compressed when asked, as most producers do) and a byte-exact xref
 * table. A page is given as its content-stream operators, so tests control exactly how text is drawn.
 * (The same writer as read-pdf.test.ts's, shared for the API tests.)
 */
export function buildPdf(pageStreams: string[], options: { compress?: boolean; encrypted?: boolean } = {}): Uint8Array {
  const pages = pageStreams.map((ops) => ({
    data: options.compress ? deflateSync(Buffer.from(ops, 'latin1')) : Buffer.from(ops, 'latin1'),
    filter: options.compress ? '/Filter /FlateDecode' : '',
  }));
  return buildPdfWithStreams(pages, options);
}

/**
 * A PDF whose pages' content streams are the given bytes, as they are, with `filter` (e.g. '/Filter /FlateDecode')
 * in each stream's dictionary: for tests of what a reader does with a stream's encoding (a stream that
 * inflates to far more than the file, say).
 */
export function buildPdfWithStreams(pages: { data: Uint8Array; filter: string }[], options: { encrypted?: boolean } = {}): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // returns the new object's number
  const catalog = add('');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const bytes = Buffer.from(page.data.buffer, page.data.byteOffset, page.data.byteLength);
    const filter = page.filter ? ` ${page.filter}` : '';
    const content = add(`<< /Length ${bytes.length}${filter} >>\nstream\n${bytes.toString('latin1')}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  // Standard security handler, RC4 40-bit, with an O and U no empty password matches: a reader must ask for one.
  const encrypt = options.encrypted ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -3904 >>`) : 0;

  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(file, 'latin1');
    file += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(file, 'latin1');
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const id = `<${'5a'.repeat(16)}>`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /ID [${id} ${id}]${encrypt ? ` /Encrypt ${encrypt} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(file, 'latin1'));
}

/** A page's operators: text lines drawn top-down, 16 pt apart, each with one Tj. */
export const pdfLines = (...texts: string[]) =>
  ['BT', '/F1 12 Tf', '16 TL', '72 770 Td', ...texts.map((t) => `(${t.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj T*`), 'ET'].join('\n');

/** A page's operators for running text, wrapped at about `width` characters so every line fits the page. */
export function pdfParagraphs(paragraphs: string[], width = 75): string {
  const lines: string[] = [];
  for (const paragraph of paragraphs) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  return pdfLines(...lines);
}

/**
 * A small "PDF bomb": `pages` pages whose content streams are each 64 MiB of zeros, deflated (64 KB each), so
 * the file is `pages` × 64 KB and inflates to `pages` × 64 MiB. With `twice`, each stream is deflated twice
 * and declared as [/FlateDecode /FlateDecode] (a few hundred bytes a page).
 */
export function buildPdfBomb(pages: number, options: { twice?: boolean } = {}): Uint8Array {
  bombStream ??= deflateSync(Buffer.alloc(64 * 1024 * 1024));
  const data = options.twice ? deflateSync(bombStream) : bombStream;
  const filter = options.twice ? '/Filter [/FlateDecode /FlateDecode]' : '/Filter /FlateDecode';
  return buildPdfWithStreams(Array.from({ length: pages }, () => ({ data, filter })));
}
let bombStream: Buffer | undefined;
