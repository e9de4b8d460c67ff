import DOMPurify from 'dompurify';

const CONFIG = { USE_PROFILES: { html: true, mathMl: true, svg: true }, FORBID_TAGS: ['style', 'form'] };

/**
 * This module's own DOMPurify, given its settings once: passed to every call, they were read again each time (a
 * few hundred tags and attributes), which the results page paid for every question and feedback it drew.
 * Its own instance, so another module's use of DOMPurify keeps the library's defaults.
 */
let purifier: ReturnType<typeof DOMPurify> | undefined;

/** Every HTML string from the server or a model passes through here before it is rendered. */
export function sanitiseHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.setConfig(CONFIG);
  }
  return purifier.sanitize(html);
}
