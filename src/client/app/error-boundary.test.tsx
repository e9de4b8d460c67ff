// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';

afterEach(cleanup);

function Broken(): never {
  throw new Error('The exam screen could not read its questions');
}

describe('top-level screens', () => {
  it("shows 'App Error' with the message when a page fails to render", () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'App Error' })).toBeTruthy();
    expect(screen.getByText('The exam screen could not read its questions')).toBeTruthy();
    consoleError.mockRestore();
  });

  it("shows the full-screen 'Loading...' spinner while the session loads", () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });
});
