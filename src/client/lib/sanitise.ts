import DOMPurify from 'dompurify';

/** Every HTML string from the server or a model passes through here before it is rendered. */
export function sanitiseHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true, mathMl: true, svg: true }, FORBID_TAGS: ['style', 'form'] });
}
