import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './text/html-entities';
import { htmlToText } from './text/html-to-text';

/** Text helpers for what goes into prompts and what comes back from a model. */

/** Question HTML as plain text for a prompt: tags dropped, block ends as line breaks, entities decoded. */
export function htmlToPlainText(html: string): string {
  return htmlToText(html.replace(/<li\b[^>]*>/gi, '- '));
}

/**
 * Untrusted text placed between <tag> and </tag> in a prompt: any opening or closing tag of that name
 * inside it (in any case or spacing, or written as an entity) is replaced, so the text cannot end its
 * own block early and pose as instructions.
 */
export function neutraliseTags(text: string, tag: string): string {
  const name = tag.split('').join('\\s*');
  const pattern = new RegExp(`(<|&lt;|＜)\\s*/?\\s*${name}(\\s+[^<>＜＞&]*)?\\s*(>|&gt;|＞)?`, 'gi');
  return text.replace(pattern, '[removed tag]');
}

const allowedTags = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'blockquote',
  'h3',
  'h4',
  'h5',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
];

/** HTML a model wrote, reduced to simple formatting tags (no scripts, styles, links or attributes). */
export function sanitizeModelHtml(html: string): string {
  return sanitizeHtml(html, { allowedTags, allowedAttributes: {}, disallowedTagsMode: 'discard' }).trim();
}

/** An embedded image the question HTML may keep: PNG, JPEG, GIF or WebP as base64 (no SVG: it can hold scripts). */
export const SAFE_IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * Imported question HTML (Moodle XML): the same simple tags as `sanitizeModelHtml`, plus `<img>` whose `src` is an
 * embedded image (`SAFE_IMAGE_DATA_URL`), with its `alt`. Any other image (a web address, SVG) is dropped.
 */
export function sanitizeHtmlWithImages(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...allowedTags, 'img'],
    allowedAttributes: { img: ['src', 'alt'] },
    allowedSchemes: [],
    allowedSchemesByTag: { img: ['data'] },
    exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMAGE_DATA_URL.test(frame.attribs.src ?? ''),
    disallowedTagsMode: 'discard',
  }).trim();
}

function renderInline(escaped: string): string {
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w\\])\*([^*\s][^*]*?)\*(?!\*)/g, '$1<em>$2</em>');
}

/**
 * A model's reply as safe HTML. Markdown (paragraphs, **bold**, *italic*, `code`, # headings, - and 1.
 * lists) is converted after escaping everything; a reply that is already HTML is sanitised instead.
 * KaTeX delimiters \( \) and \[ \] pass through untouched.
 */
export function markdownToHtml(text: string): string {
  const trimmed = text.trim();
  if (/<(p|ul|ol|li|strong|em|br|h[1-6])\b[^>]*>/i.test(trimmed)) return sanitizeModelHtml(trimmed);
  const out: string[] = [];
  let list: { kind: 'ul' | 'ol'; items: string[] } | null = null;
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${paragraph.map((l) => renderInline(escapeHtml(l))).join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.kind}>${list.items.map((i) => `<li>${renderInline(escapeHtml(i))}</li>`).join('')}</${list.kind}>`);
    list = null;
  };
  for (const raw of trimmed.split(/\r?\n/)) {
    const line = raw.trim();
    const bullet = /^[-*•]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!line) {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      out.push(`<p><strong>${renderInline(escapeHtml(heading[1]))}</strong></p>`);
    } else if (bullet || numbered) {
      flushParagraph();
      const kind = bullet ? 'ul' : 'ol';
      if (list && list.kind !== kind) flushList();
      if (!list) list = { kind, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return out.join('\n');
}
