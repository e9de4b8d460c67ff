// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '../../../shared/disputes';
import { createQueryClient } from '../../lib/api-client';
import { DisputesPage } from './disputes-page';

const AT = '2026-11-20T10:00:00.000Z';
const dispute = (over: Partial<Dispute> = {}): Dispute => ({
  id: 'd1',
  questionId: 'q1',
  courseId: 'c1',
  paperId: 'p1',
  questionText: '<p>Explain why enzymes stop working at high temperature.</p><script>window.hacked = 1</script>',
  pointId: 'p2',
  pointText: 'the active site changes shape',
  answerText: 'The enzyme unfolds so the pocket no longer fits.',
  reason: 'Unfolding is the same idea.',
  status: 'open',
  outcomeComment: null,
  acceptedWording: null,
  marksBefore: 1,
  marksAfter: null,
  totalMarks: 3,
  canResolve: true,
  createdAt: AT,
  resolvedAt: null,
  ...over,
});

let list: () => Response;
let posted: { url: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  list = () => Response.json([]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push({ url, body });
        const resolved = dispute({
          status: body.accept ? 'accepted' : 'rejected',
          outcomeComment: body.comment ?? null,
          acceptedWording: body.accept ? (body.wording ?? 'The enzyme unfolds so the pocket no longer fits.') : null,
          marksAfter: body.accept ? 2 : null,
          canResolve: false,
          resolvedAt: AT,
        });
        list = () => Response.json([resolved]);
        return Response.json(resolved);
      }
      if (url === '/api/disputes') return list();
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const { hook } = memoryLocation({ path: '/disputes' });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <DisputesPage />
      </Router>
    </QueryClientProvider>,
  );
}

describe('DisputesPage', () => {
  it('names the tab, shows loading and then the empty state', async () => {
    renderPage();
    expect(screen.getByText('Loading your disputes...')).toBeTruthy();
    expect(await screen.findByText('No disputes yet')).toBeTruthy();
    expect(document.title).toBe('Disputes - Markwell');
  });

  it('shows an error with a way to try again', async () => {
    list = () => Response.json({ message: 'The server is busy' }, { status: 503 });
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('could not be loaded');
    list = () => Response.json([dispute()]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the active site changes shape')).toBeTruthy();
  });

  it('lists a dispute with its question (sanitised), point, answer, reason and a link to the question', async () => {
    list = () => Response.json([dispute()]);
    renderPage();
    expect(await screen.findByText('the active site changes shape')).toBeTruthy();
    expect(screen.getByText('Explain why enzymes stop working at high temperature.')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('The enzyme unfolds so the pocket no longer fits.')).toBeTruthy();
    expect(screen.getByText('Unfolding is the same idea.')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText(/Waiting for a decision\. Marked 1\/3 when you disputed\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the question' }).getAttribute('href')).toBe('/courses/c1/papers/p1/questions/q1');
  });

  it('accepts with the wording given and shows the changed mark', async () => {
    list = () => Response.json([dispute()]);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Wording to accept (optional)'), { target: { value: 'the enzyme unfolds' } });
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Fair point.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: '/api/disputes/d1/resolve', body: { accept: true, comment: 'Fair point.', wording: 'the enzyme unfolds' } },
      ]),
    );
    expect(await screen.findByText(/Marks: 1\/3 → 2\/3\./)).toBeTruthy();
    expect(screen.getByText('Accepted')).toBeTruthy();
    expect(screen.getByText(/Now accepted for this point: .the enzyme unfolds./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('rejects with a comment, sending no wording', async () => {
    list = () => Response.json([dispute()]);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Wording to accept (optional)'), { target: { value: 'ignored when rejecting' } });
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'The point needs the active site.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(posted).toEqual([{ url: '/api/disputes/d1/resolve', body: { accept: false, comment: 'The point needs the active site.' } }]),
    );
    expect(await screen.findByText('Rejected')).toBeTruthy();
    expect(screen.getByText(/The point needs the active site\./)).toBeTruthy();
  });

  it('names the student on a class student’s dispute the teacher resolves', async () => {
    list = () => Response.json([dispute({ studentName: 'Sam Okafor' })]);
    renderPage();
    expect(await screen.findByText(/Disputed by Sam Okafor/)).toBeTruthy();
    expect(screen.getByText("Sam Okafor's answer")).toBeTruthy();
    expect(screen.getByText("Sam Okafor's reason")).toBeTruthy();
  });

  it('offers no decision on a dispute the student may not resolve', async () => {
    list = () => Response.json([dispute({ canResolve: false })]);
    renderPage();
    await screen.findByText('the active site changes shape');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
