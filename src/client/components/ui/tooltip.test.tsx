// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Tooltip', () => {
  it('opens after 700 ms of hover (§9), not before', () => {
    vi.useFakeTimers();
    render(
      <TooltipProvider>
        <Tooltip content="Open the help">
          <button type="button">Help</button>
        </Tooltip>
      </TooltipProvider>,
    );
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Help' }));
    act(() => vi.advanceTimersByTime(690));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole('tooltip').textContent).toBe('Open the help');
  });
});
