// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen, preloadable } from './lazy-screen';

afterEach(cleanup);

const Screen = ({ name }: { name: string }) => <p>{name} screen</p>;

describe('screens loaded on demand', () => {
  it('renders a screen whose code has already arrived at once, without showing the fallback', async () => {
    const load = preloadable(async () => ({ Screen }));
    await load(); // fetched while the session was checked
    const Lazy = lazyScreen(load, (m) => m.Screen);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="exam" />
      </Suspense>,
    );
    // In the same render: no fallback was ever committed.
    expect(screen.getByText('exam screen')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the fallback while the code is still on its way, then the screen', async () => {
    let arrive: (module: { Screen: typeof Screen }) => void = () => undefined;
    const load = preloadable(() => new Promise<{ Screen: typeof Screen }>((resolve) => (arrive = resolve)));
    const Lazy = lazyScreen(load, (m) => m.Screen);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="results" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => arrive({ Screen }));
    expect(await screen.findByText('results screen')).toBeTruthy();
  });

  it('downloads once however often it is asked, and can try again after a failed download', async () => {
    let calls = 0;
    const load = preloadable(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return { Screen };
    });
    await expect(load()).rejects.toThrow('offline');
    expect(load.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(calls).toBe(2);
    expect(load.loaded()).toBe(a);
  });
});
