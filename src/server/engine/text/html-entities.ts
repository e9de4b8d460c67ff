/**
 * Text into HTML and back: the engine's one escaper and one decoder of the entities it (and the
 * sanitiser) writes. Deterministic and dependency-free.
 */

/** Text safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  minus: '-',
  times: '×',
  deg: '°',
  micro: 'µ',
  ohm: 'Ω',
};

/**
 * Entities back to their characters, in one pass (so '&amp;lt;' becomes '&lt;', not '<'): the five
 * escapeHtml writes, the ones question HTML uses for science (&deg; &times; &minus; &micro; &ohm; &nbsp;)
 * and any numeric one (&#39; &#x2212;). An unknown named entity is left as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const name = entity.toLowerCase();
    return Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : whole;
  });
}
