import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch, useParams } from 'wouter';
import { PAGES, isLazyScreen, matchPath, pageAt } from './pages';

/** What wouter's Switch, as signed-in-app.tsx renders it from the table, shows at this path. */
function switchAt(pathname: string): string {
  function Shown({ path }: { path: string }) {
    // wouter also gives each parameter by its index: the names are what the screens read.
    const params = Object.fromEntries(Object.entries(useParams()).filter(([name]) => !/^\d+$/.test(name)));
    return <>{JSON.stringify({ path, params })}</>;
  }
  const html = renderToString(
    <Router ssrPath={pathname}>
      <Switch>
        {PAGES.map((page) => (
          <Route key={page.path} path={page.path}>
            {() => <Shown path={page.path} />}
          </Route>
        ))}
        <Route>none</Route>
      </Switch>
    </Router>,
  );
  return html.replaceAll('&quot;', '"');
}

const PATHS = [
  '/',
  '/auth',
  '/auth/reset',
  '/courses/c-1',
  '/courses/c-1/',
  '/courses/c-1/papers',
  '/courses/c-1/papers/p-2',
  '/courses/c-1/papers/p-2/exam',
  '/courses/c-1/papers/p-2/questions/q-3',
  '/courses/c-1/papers/p-2/results',
  '/courses/c-1/questions/q-3',
  '/Courses/C-1/Papers/P-2/Exam',
  '/exam/c-1',
  '/question-papers/p-2',
  '/question-papers/p-2/results',
  '/classes',
  '/classes/k-1',
  '/classes/k-1/assignments/a-1/review',
  '/join/ABC123',
  '/analytics',
  '/progress',
  '/account',
  '/nowhere',
  '/courses',
  '/courses/c-1/papers/p-2/exam/more',
];

describe('the signed-in route table', () => {
  it('finds the page and parameters wouter’s Switch shows, for every path the app links to', () => {
    for (const path of PATHS) {
      const found = pageAt(path);
      const expected = found ? JSON.stringify({ path: found.page.path, params: found.params }) : 'none';
      expect(switchAt(path), path).toBe(expected);
    }
  });

  it('reads a pattern’s parameters, one segment each', () => {
    expect(matchPath('/courses/:courseId/papers/:paperId/exam', '/courses/c1/papers/p1/exam/')).toEqual({ courseId: 'c1', paperId: 'p1' });
    expect(matchPath('/courses/:courseId', '/courses/c1/papers')).toBeNull();
    expect(matchPath('/classes', '/classes')).toEqual({});
  });

  it('lists each path once, and gives a screen one name', () => {
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
    const names = new Map<unknown, string>();
    for (const page of PAGES) {
      if (!isLazyScreen(page.screen)) continue;
      expect(names.get(page.screen) ?? page.name, page.path).toBe(page.name);
      names.set(page.screen, page.name);
    }
  });
});
