import { decodeEntities } from './html-entities';

/**
 * The engine's one reading of question HTML as text. Scripts and styles go; line breaks and the ends
 * of blocks (paragraphs, list items, headings, table rows) become new lines; inline formatting runs into
 * the text around it (H<sub>2</sub>O → H2O, m s<sup>-1</sup> → m s-1); any other tag becomes a space;
 * entities are decoded; dashes and the minus sign become '-', curly quotes straight ones; spaces are
 * collapsed. KaTeX is left as written (mathsToText reads it). `joinInline: false` turns inline tags into
 * spaces too: the built-in marker reads text that way (its model and its pinned marks were made so).
 */
export function htmlToText(html: string, options: { joinInline?: boolean } = {}): string {
  const withBreaks = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\s*br\b[^>]*>|<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, '\n');
  const joined = options.joinInline === false ? withBreaks : withBreaks.replace(/<\/?(sub|sup|em|strong|b|i|u|span|code)(\s[^>]*)?>/gi, '');
  const withoutTags = joined.replace(/<[^>]*>/g, ' ');
  return decodeEntities(withoutTags)
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function wrapTerm(term: string): string {
  const t = term.trim();
  return /^[-\w.]+$/.test(t) ? t : `(${t})`;
}

/**
 * KaTeX as a person would read it aloud: delimiters dropped, \frac{a}{b} → a/b, \times and \cdot → ×,
 * \text{...}, \mathrm{...} and \ce{...} unwrapped, other commands by their names, braces gone.
 */
export function mathsToText(text: string): string {
  return text
    .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a: string, b: string) => `${wrapTerm(a)}/${wrapTerm(b)}`)
    .replace(/\\(?:text|mathrm|mathbf|rm|ce)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\\(?:left|right|displaystyle|,|;|!|quad)/g, ' ')
    .replace(/\\times|\\cdot/g, ' × ')
    .replace(/\\[()[\]]/g, ' ')
    .replace(/\\([a-zA-Z]+)/g, '$1')
    .replace(/[{}]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}
