import DOMPurify from 'dompurify';
import { PDF_PRINT_DELAY_MS } from '../../../shared/practice-paper-text';

const PENDING_DOCUMENT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Preparing your practice paper...</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem; color: #334155"><p>Preparing your practice paper...</p></body></html>`;

/**
 * The printable paper is a whole HTML document from our server (already escaped there). It is still
 * sanitised before it is shown, like every HTML string: its own stylesheet and title are kept (the title
 * names the file when it is saved as PDF), scripts, handlers and forms are not.
 */
export function sanitisePrintableDocument(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    USE_PROFILES: { html: true, mathMl: true, svg: true },
    ADD_TAGS: ['style', 'title'],
    FORBID_TAGS: ['form'],
  });
  return `<!doctype html>\n${clean}`;
}

function writeDocument(target: Window, html: string): void {
  target.document.open();
  target.document.write(html);
  target.document.close();
}

/**
 * Opens the window for the paper at once, while the click still counts as the user's own (a window
 * opened later, when the response arrives, is what popup blockers stop). Null when it was blocked.
 */
export function openPrintWindow(): Window | null {
  let opened: Window | null;
  try {
    opened = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!opened) return null;
  try {
    // The paper needs no way back to this page.
    opened.opener = null;
    writeDocument(opened, PENDING_DOCUMENT);
  } catch {
    // The placeholder is a courtesy; the paper itself is written (or the window closed) later.
  }
  return opened;
}

/**
 * Writes the paper into the window opened on click and prints it PDF_PRINT_DELAY_MS (§9) later.
 * False when the window is gone (closed meanwhile) or cannot be written to.
 */
export function printInWindow(target: Window | null, html: string): boolean {
  if (!target || target.closed) return false;
  try {
    writeDocument(target, sanitisePrintableDocument(html));
    target.focus();
  } catch {
    return false;
  }
  setTimeout(() => {
    if (!target.closed) target.print();
  }, PDF_PRINT_DELAY_MS);
  return true;
}

/** The fallback when no window could be used: the paper as a blob: URL for a link the user opens. */
export function createPrintableUrl(html: string): string {
  return URL.createObjectURL(new Blob([sanitisePrintableDocument(html)], { type: 'text/html;charset=utf-8' }));
}
