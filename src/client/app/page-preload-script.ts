import { SESSION_STORAGE_KEY } from '../../shared/auth-text';
import { urlFromQueryKey } from '../lib/api/query-keys';
import { PAGE_STARTED_GETS } from '../lib/api-request';
import { isLazyScreen, LAZY_SCREENS, PAGES, patternOf, SCREEN_PARTS } from './pages';

/**
 * The inline script the build puts in index.html (vite.config.ts), made from the route table (pages.ts). With a
 * stored session it does, as soon as the page arrives, what page-loaders.ts does once the app's first download has
 * arrived and run: it asks for the session and the reads of the screen at this path (fetch; api-request.ts's
 * startEarly takes the replies over from PAGE_STARTED_GETS), then fetches the signed-in app's files and the
 * screen's, with its SCREEN_PARTS (modulepreload). On a phone that first download took about a second to arrive and run, and the screen's
 * code and data were asked for only after it (docs/benchmarks.md). A visitor without a session fetches nothing.
 *
 * `appFiles`: the signed-in app's files beyond the first download; `filesOf(module)`: a lazy screen's (the module
 * as LAZY_SCREENS names it); both as the build names them ('assets/exam-page-<hash>.js').
 */
export function pagePreloadScript(appFiles: readonly string[], filesOf: (module: string) => readonly string[]): string {
  const files: string[] = [];
  const indexOf = (file: string) => {
    if (!files.includes(file)) files.push(file);
    return files.indexOf(file);
  };
  const app = appFiles.map(indexOf);
  // Each row: the pattern's regular expression, its parameters' names, the screen's own files (indexes into
  // files), and the URLs of its first reads with ':name' where each parameter goes. Every row, in the table's order:
  // the first match wins, as in the router.
  const rows = PAGES.map((page) => {
    const { source, names } = patternOf(page.path);
    const urls = page.queries?.(Object.fromEntries(names.map((name) => [name, `:${name}`]))).map(urlFromQueryKey) ?? [];
    const modules = isLazyScreen(page.screen) ? [LAZY_SCREENS[page.screen], ...(SCREEN_PARTS[page.screen] ?? [])] : [];
    const own = [...new Set(modules.flatMap(filesOf).map(indexOf))];
    return [source, names, own.filter((file) => !app.includes(file)), urls];
  });
  const json = JSON.stringify;
  // An id as the server makes them (pages.ts's isId): a path whose ids look odd starts no reads, only the code.
  return (
    `try{var t=localStorage.getItem(${json(SESSION_STORAGE_KEY)});if(t){` +
    `var F=${json(files)},R=${json(rows)},A=${json(app)},p=location.pathname,s={token:t,replies:{}},` +
    `h={'Content-Type':'application/json',Authorization:'Bearer '+t};window[${json(PAGE_STARTED_GETS)}]=s;` +
    `var g=function(u){var q=fetch(u,{headers:h,credentials:'include'});q.catch(function(){});s.replies[u]=q};` +
    `g('/api/users/me');` +
    `for(var i=0;i<R.length;i++){var r=R[i],m=new RegExp(r[0],'i').exec(p);if(m){var v={},ok=true;` +
    `for(var j=0;j<r[1].length;j++){v[r[1][j]]=m[j+1];ok=ok&&/^[\\w-]+$/.test(m[j+1])}` +
    `if(ok)r[3].forEach(function(u){g(u.replace(/:(\\w+)/g,function(_,n){return v[n]}))});A=A.concat(r[2]);break}}` +
    `A.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';` +
    `l.href='/'+F[f];document.head.appendChild(l)})}}catch(e){}`
  );
}
