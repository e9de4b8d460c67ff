// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/api-client';
import { HomePage } from './home-page';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('offers the practice-paper PDF dialog beside the quick actions', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    render(<HomePage firstName="Ada" />, { wrapper });

    const quickActions = screen.getByRole('region', { name: 'Quick actions' });
    for (const name of [/Progress Tracker/, /Upload & Analyze PDFs/, /Teacher Grading/]) {
      expect(within(quickActions).getByRole('link', { name })).toBeTruthy();
    }
    fireEvent.click(within(quickActions).getByRole('button', { name: 'Practice paper PDF' }));
    const dialog = screen.getByRole('dialog', { name: 'Practice paper PDF' });
    expect(within(dialog).getByLabelText('Subject')).toBeTruthy();
    expect(within(dialog).getByLabelText('Include answer keys (for teachers)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Include mark schemes (for teachers)')).toBeTruthy();
    expect(await screen.findByText('No courses available')).toBeTruthy();
  });
});
