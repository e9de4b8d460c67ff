import { getDocumentProxy } from 'unpdf';
import { DOCUMENT_TEXT } from '../../../shared/documents-text';
import { PDF_MAX_INFLATED_BYTES } from '../../../shared/limits';
import { engineError, isEngineError } from '../engine';
import { inflatesWithin } from './pdf-inflated-size';

/**
 * The text of a PDF, one string per page, for answerFromDocument / questionsFromDocument. It uses the
 * pdf.js build bundled in unpdf (no worker, no canvas, nothing fetched): fonts are not rendered, only
 * their text is read.
 */

export const notAPdfMessage = 'The file is not a readable PDF.';
export const passwordProtectedMessage = 'The PDF is password-protected. Remove the password and upload it again.';
export const noPagesMessage = 'The PDF has no pages.';
export const noTextMessage = 'The PDF has no text to read. It may be a scanned image; upload a PDF with selectable text.';

/** A PDF starts with `%PDF-` (readers accept it anywhere in the first 1024 bytes). */
function hasPdfHeader(data: Uint8Array): boolean {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

interface TextPiece {
  str?: string;
  hasEOL?: boolean;
}

/**
 * pdf.js gives the page's text pieces in content order (the order the producer wrote them, which is the
 * reading order for ordinary documents), marking each piece that ends a line. Lines keep their breaks;
 * within a line every run of whitespace becomes one space; blank lines, soft hyphens and zero-width or
 * control characters are dropped.
 */
export function piecesToText(pieces: readonly TextPiece[]): string {
  let raw = '';
  for (const piece of pieces) {
    if (typeof piece.str !== 'string') continue; // marked-content markers carry no text
    raw += piece.str;
    if (piece.hasEOL) raw += '\n';
  }
  return raw
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
    .split(/\r\n?|\n|\u2028|\u2029/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * One string per page (page 1 first), in reading order with normalised whitespace; a page without text
 * is ''. Throws an EngineError (code BAD_INPUT) with a message for the user when the bytes are not a
 * PDF pdf.js can open, when its compressed streams inflate to more than PDF_MAX_INFLATED_BYTES, when the
 * PDF needs a password, has no pages, or has no text on any page.
 */
export async function readPdfPages(data: Uint8Array): Promise<string[]> {
  if (data.byteLength === 0 || !hasPdfHeader(data)) throw engineError('BAD_INPUT', notAPdfMessage);
  // Before pdf.js, which would inflate a "PDF bomb" whole into memory.
  if (!(await inflatesWithin(data, PDF_MAX_INFLATED_BYTES))) throw engineError('BAD_INPUT', DOCUMENT_TEXT.inflatedTooLarge);

  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes ownership of the bytes it is given (and refuses a Node Buffer).
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw Object.assign(engineError('BAD_INPUT', name === 'PasswordException' ? passwordProtectedMessage : notAPdfMessage), {
      cause: error,
    });
  }

  try {
    if (pdf.numPages === 0) throw engineError('BAD_INPUT', noPagesMessage);
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(piecesToText(content.items as TextPiece[]));
      page.cleanup();
    }
    if (pages.every((text) => text === '')) throw engineError('BAD_INPUT', noTextMessage);
    return pages;
  } catch (error) {
    if (isEngineError(error)) throw error;
    throw Object.assign(engineError('BAD_INPUT', notAPdfMessage), { cause: error });
  } finally {
    await pdf.destroy();
  }
}
