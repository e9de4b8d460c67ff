/**
 * Text into HTML and back: the engine's one escaper and one decoder of the entities it (and the
 * sanitiser) writes. Deterministic and dependency-free.
 */

/** Text safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The five entities escapeHtml writes, back to their characters (&amp; last, so '&amp;lt;' stays '&lt;'). */
export function decodeEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}
