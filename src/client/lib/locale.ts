/**
 * The browser's locale for Intl: the reader's preferred languages (navigator.languages, what the browser sends as
 * Accept-Language), not only the language of the browser's own menus, which Intl takes by default: a British
 * reader of a browser installed in US English still reads 04/03/2026. Without a navigator (Node), Intl's default.
 * lib/format.ts formats with it; this module is apart so that the landing page can use it without format.ts.
 */
export function browserLocales(): string | readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language || undefined;
}
