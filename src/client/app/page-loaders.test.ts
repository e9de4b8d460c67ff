// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarly } from '../lib/api-request';
import { preloadPage } from './page-loaders';
import { pageAt } from './pages';
import { SCREENS } from './screens';

afterEach(() => vi.unstubAllGlobals());

describe('a reload of the exam screen', () => {
  it('asks for the session, the paper’s data and then the first question’s answer before the screen’s code has run', async () => {
    localStorage.setItem('sessionToken', 'tok');
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url === '/api/question-papers/p1/questions') return Response.json([{ id: 'q1' }, { id: 'q2' }]);
        return Response.json({ url });
      }),
    );
    preloadPage('/courses/c1/papers/p1/exam');
    expect(asked).toEqual([
      '/api/users/me',
      '/api/courses/c1',
      '/api/question-papers/p1',
      '/api/question-papers/p1/questions',
      '/api/user/answers',
    ]);
    await vi.waitFor(() => expect(asked).toContain('/api/questions/q1/answer'));
    // The screen then takes each reply instead of asking again; the questions were only looked at, not taken.
    await expect(takeEarly('/api/questions/q1/answer')).resolves.toEqual({ url: '/api/questions/q1/answer' });
    await expect(takeEarly('/api/question-papers/p1/questions')).resolves.toEqual([{ id: 'q1' }, { id: 'q2' }]);
    expect(asked.filter((url) => url === '/api/question-papers/p1/questions')).toHaveLength(1);
    // And the screen's code was fetched along with them.
    expect(pageAt('/courses/c1/papers/p1/exam')?.page.screen).toBe('exam');
    await vi.waitFor(() => expect(SCREENS.exam.loaded()?.name).toBe('ExamPage'), { timeout: 10_000 });
  });
});

describe('a reload of a paper’s results', () => {
  it('asks for the session and the results with the screen’s code, from either path to the screen', () => {
    for (const [path, paperId] of [
      ['/courses/c1/papers/p1/results', 'p1'],
      ['/question-papers/p2/results', 'p2'],
    ]) {
      localStorage.setItem('sessionToken', `tok-${paperId}`);
      const asked: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          asked.push(url);
          return Response.json({ url });
        }),
      );
      preloadPage(path);
      expect(asked, path).toEqual(['/api/users/me', `/api/question-papers/${paperId}/results`]);
    }
  });
});

describe('warming up the first render', () => {
  async function formattersMadeOpening(path: string): Promise<number> {
    vi.resetModules();
    const Original = Intl.NumberFormat;
    let count = 0;
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        count += 1;
      }
    } as typeof Original;
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json(null)),
      );
      const { preloadPage: preload } = await import('./page-loaders');
      preload(path);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return count;
    } finally {
      Intl.NumberFormat = Original;
    }
  }

  it('makes no Intl number formatter before the exam screen’s first paint (it writes none), but does before results', async () => {
    expect(await formattersMadeOpening('/courses/c1/papers/p1/exam')).toBe(0);
    expect(await formattersMadeOpening('/courses/c1/papers/p1/results')).toBe(1);
  });
});
