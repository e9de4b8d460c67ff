// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './toast';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, dismissToast, toast } from './toast-store';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('Toaster', () => {
  it('keeps the §9 constants', () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX]).toEqual([1, 5000, 1_000_000, 50]);
  });

  it('shows at most one toast: the newest replaces the last', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Answer submitted', description: 'First' });
      toast({ title: 'Error submitting answer', description: 'Second', variant: 'destructive' });
    });
    expect(screen.queryByText('Answer submitted')).toBeNull();
    expect(screen.getByText('Error submitting answer')).toBeTruthy();
    expect(screen.getByText('Second').closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
  });

  it('offers the F8 hotkey region for keyboard users', () => {
    render(<Toaster />);
    expect(screen.getByRole('region').getAttribute('aria-label')).toMatch(/F8/);
  });

  it('sits at the top on every width, over the header, not over the feedback the exam screen has just shown (issue 24)', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Answer submitted', description: 'Your answer has been evaluated by the built-in marker.' }));
    const list = screen.getByText('Answer submitted').closest('ol')!;
    const classes = list.className.split(/\s+/);
    // below `sm` (phones): across the top; from `sm` up: top right; at no width at the bottom
    expect(classes).toEqual(expect.arrayContaining(['fixed', 'top-0', 'sm:right-0']));
    expect(classes.filter((c) => /(^|:)(bottom-|top-auto)/.test(c))).toEqual([]);
  });
});
