import { peekEarly, startEarly } from '../lib/api-request';
import { cn } from '../lib/cn';
import { browserLocales } from '../lib/locale';
import { urlFromQueryKey } from '../lib/api/query-keys';
import { isId, isLazyScreen, NO_FORMATS_ON_OPEN, pageAt, type FollowingReads, type PageParams } from './pages';
import { SCREENS } from './screens';

/** The GETs the screen at this path makes as it opens (pages.ts), as URLs; none for a path whose ids look odd. */
export function firstRequestsOf(pathname: string): string[] {
  const found = pageAt(pathname);
  if (!found?.page.queries || !Object.values(found.params).every(isId)) return [];
  return found.page.queries(found.params).map(urlFromQueryKey);
}

/**
 * A stored session: fetch the screen at this path along with the signed-in app, and start the screen's first
 * requests (startEarly) with it, so its data is not asked for only after its code has arrived and run.
 */
export function preloadPage(pathname: string): void {
  const first = firstRequestsOf(pathname);
  startEarly(['/api/users/me', ...first]);
  const found = pageAt(pathname);
  warmUpFirstRender({ formats: !found || !NO_FORMATS_ON_OPEN.has(found.page.screen) });
  if (!found) return;
  if (found.page.then && first.length > 0) void startFollowing(found.page.then, found.params);
  if (isLazyScreen(found.page.screen)) void SCREENS[found.page.screen]();
}

/** The reads that follow from one started above, once its reply is in (looked at, not taken: the screen takes it). */
async function startFollowing(then: FollowingReads, params: PageParams): Promise<void> {
  const reply = await peekEarly<unknown>(urlFromQueryKey(then.after(params)))?.catch(() => null);
  const next = then.queries(reply);
  if (next.length > 0) startEarly(next.map(urlFromQueryKey));
}

let warmedUp = false;

/**
 * Work a signed-in screen's first render would otherwise do inside its own long task, done now, while the app waits
 * for its files and data, each piece in a task of its own: the browser's number and date formatting data (the first
 * Intl.NumberFormat in a page took 17-63 ms on this machine, four times that on Lighthouse's phone: the results
 * page's marks) and tailwind-merge's tables (cn's first call). The formatters only for a screen that writes numbers
 * or dates as it opens (not NO_FORMATS_ON_OPEN: there they would only delay its first paint).
 */
function warmUpFirstRender({ formats }: { formats: boolean }): void {
  if (warmedUp) return;
  warmedUp = true;
  const steps = [
    ...(formats
      ? [() => new Intl.NumberFormat(browserLocales()).format(1.5), () => new Intl.DateTimeFormat(browserLocales()).format(0)]
      : []),
    () => cn('px-1', 'px-2'),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
