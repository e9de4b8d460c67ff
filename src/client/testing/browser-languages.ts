/**
 * Tests: the browser's preferred languages as a reader elsewhere has them (lib/format.ts reads navigator.languages,
 * as a browser sets it from its language settings). Returns what puts the test environment's own back.
 */
export function setBrowserLanguages(languages: readonly string[]): () => void {
  const own = Object.getOwnPropertyDescriptor(navigator, 'languages');
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => languages });
  return () => {
    if (own) Object.defineProperty(navigator, 'languages', own);
    else delete (navigator as { languages?: readonly string[] }).languages;
  };
}
