import { createHash } from 'node:crypto';
import fs from 'node:fs';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources ('sha256-...') of the inline scripts of a page (the theme script in index.html, run before first
 * paint): the policy keeps script-src 'self' and allows exactly these, hashed from the file as built, so an edit to
 * the script needs no second edit here.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1]!)
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/** The hashes of the built index.html's inline scripts; none when the client is not built. */
export function inlineScriptHashesOf(indexHtmlPath: string): string[] {
  return fs.existsSync(indexHtmlPath) ? inlineScriptHashes(fs.readFileSync(indexHtmlPath, 'utf8')) : [];
}
