// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_STARTED_GETS, startEarly, takeEarly } from '../lib/api-request';
import { firstRequestsOf } from './page-loaders';
import { pagePreloadScript } from './page-preload-script';

const script = pagePreloadScript(['assets/signed-in-app.js'], (module) => [`assets/${module.split('/').pop()}.js`, 'assets/shared.js']);

/** Runs index.html's preload script at this path: the URLs it asked for and the files it preloaded. */
function runAt(path: string) {
  history.replaceState(null, '', path);
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push(url);
      return Response.json({ url, authorization: (init.headers as Record<string, string>).Authorization });
    }),
  );
  document.head.innerHTML = '';
  new Function(script)();
  const preloaded = [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) => link.getAttribute('href'));
  return { asked, preloaded };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete (globalThis as Record<string, unknown>)[PAGE_STARTED_GETS];
});

describe('index.html’s preload script', () => {
  it('asks for what the route table says each page reads as it opens, as page-loaders.ts would', () => {
    localStorage.setItem('sessionToken', 'tok');
    const paths = [
      '/',
      '/courses/c1/papers/p1/exam',
      '/courses/c1/papers/p1/exam/',
      '/Courses/c1/papers/p1/results',
      '/courses/c1/papers/p1/questions/q1',
      '/courses/c1/specification',
      '/question-papers/p2/results',
      '/progress',
      '/courses/c%20x/papers/p1/exam',
      '/no-such-page',
    ];
    for (const path of paths) expect(runAt(path).asked, path).toEqual(['/api/users/me', ...firstRequestsOf(path)]);
  });

  it('fetches the signed-in app’s files and the screen’s at this path', () => {
    localStorage.setItem('sessionToken', 'tok');
    expect(runAt('/courses/c1/papers/p1/exam').preloaded).toEqual([
      '/assets/signed-in-app.js',
      '/assets/exam-page.js',
      '/assets/shared.js',
      '/assets/feedback-panel.js',
      '/assets/tutor-chat.js',
    ]);
    expect(runAt('/classes/k1').preloaded).toEqual(['/assets/signed-in-app.js', '/assets/class-page.js', '/assets/shared.js']);
    // A screen that comes with the signed-in app: its files only.
    expect(runAt('/courses/c1').preloaded).toEqual(['/assets/signed-in-app.js']);
    // An odd id: the screen's code, no reads.
    expect(runAt('/courses/c%20x/papers/p1/exam').preloaded).toContain('/assets/exam-page.js');
  });

  it('fetches nothing without a stored session', () => {
    expect(runAt('/courses/c1/papers/p1/exam')).toEqual({ asked: [], preloaded: [] });
  });

  it('hands its replies to the app, once, with the session it asked with', async () => {
    localStorage.setItem('sessionToken', 'tok');
    const { asked } = runAt('/question-papers/p2/results');
    startEarly(['/api/users/me', '/api/question-papers/p2/results']);
    expect(asked).toEqual(['/api/users/me', '/api/question-papers/p2/results']); // not asked again
    await expect(takeEarly('/api/question-papers/p2/results')).resolves.toEqual({
      url: '/api/question-papers/p2/results',
      authorization: 'Bearer tok',
    });
    // Signed in as someone else since: asked again with the new session.
    runAt('/');
    localStorage.setItem('sessionToken', 'other');
    const fetched = vi.mocked(fetch);
    startEarly(['/api/courses']);
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(['/api/users/me', '/api/courses', '/api/assignments', '/api/courses']);
    await expect(takeEarly<{ authorization: string }>('/api/courses')).resolves.toMatchObject({ authorization: 'Bearer other' });
  });
});
