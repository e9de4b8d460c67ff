/**
 * Registers the service worker (src/client/sw.ts, built by vite-plugin-pwa) from the signed-in app, once, after
 * the page has loaded: the landing and /auth pages never load this code, so their first download does not grow.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
