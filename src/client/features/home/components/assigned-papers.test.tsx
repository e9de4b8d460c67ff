// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssignedPaper } from '../../../../shared/classes';
import { createQueryClient } from '../../../lib/api-client';
import { HomePage } from '../home-page';
import { sortAssigned } from './assigned-papers';

const assigned = (over: Partial<AssignedPaper>): AssignedPaper => ({
  assignmentId: 'a1',
  classId: 'k1',
  className: '12B Chemistry',
  paperId: 'p1',
  paperTitle: 'Rates of reaction',
  subject: 'Chemistry',
  dueAt: null,
  questionCount: 4,
  totalMarks: 12,
  answered: 0,
  marksAwarded: null,
  score: null,
  finished: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...over,
});

let assignments: AssignedPaper[] | 'error';

beforeEach(() => {
  assignments = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/assignments') {
        return assignments === 'error' ? Response.json({ message: 'boom' }, { status: 500 }) : Response.json(assignments);
      }
      return Response.json([]);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHome() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(<HomePage firstName="Ada" />, { wrapper });
}

describe('Home: Assigned', () => {
  it('is absent for a student with nothing assigned (the home page stays as the spec draws it)', async () => {
    renderHome();
    expect(await screen.findByText('No courses available')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Assigned' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Assigned' })).toBeNull();
  });

  it('stays absent when the list cannot be loaded', async () => {
    assignments = 'error';
    renderHome();
    expect(await screen.findByText('No courses available')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Assigned' })).toBeNull();
  });

  it('lists assigned papers: overdue first and marked as such, due dates, progress and a start/continue link', async () => {
    assignments = [
      assigned({ assignmentId: 'a1', paperId: 'p1', paperTitle: 'Rates of reaction', dueAt: '2099-12-01T17:00:00.000Z' }),
      assigned({
        assignmentId: 'a2',
        paperId: 'p2',
        paperTitle: 'Energetics',
        dueAt: '2020-01-10T17:00:00.000Z',
        answered: 2,
        marksAwarded: 5,
        score: 41.7,
      }),
      assigned({
        assignmentId: 'a3',
        paperId: 'p3',
        paperTitle: 'Moles',
        className: 'Year 12 set 1',
        dueAt: null,
        answered: 4,
        finished: true,
        score: 90,
      }),
    ];
    renderHome();
    const section = await screen.findByRole('region', { name: 'Assigned' });
    const cards = within(section).getAllByTestId('assigned-paper');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Energetics', 'Rates of reaction', 'Moles']);

    expect(within(cards[0]!).getByText('Overdue · was due 1/10/2020')).toBeTruthy();
    expect(within(cards[0]!).getByText('2 of 4 answered')).toBeTruthy();
    expect(within(cards[0]!).getByText('Score so far: 41.7%')).toBeTruthy();
    expect(within(cards[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(cards[0]!).getByRole('link', { name: 'Continue Energetics' }).getAttribute('href')).toBe('/question-papers/p2');

    expect(within(cards[1]!).getByText('Due 12/1/2099')).toBeTruthy();
    expect(within(cards[1]!).queryByText(/Overdue/)).toBeNull();
    expect(within(cards[1]!).getByText('12B Chemistry · Chemistry')).toBeTruthy();
    expect(within(cards[1]!).getByRole('link', { name: 'Start Rates of reaction' }).getAttribute('href')).toBe('/question-papers/p1');

    expect(within(cards[2]!).getByText('No due date')).toBeTruthy();
    expect(within(cards[2]!).getByText('Finished · 4 of 4 answered')).toBeTruthy();
    expect(within(cards[2]!).getByRole('link', { name: 'Review Moles' })).toBeTruthy();
    // The rest of the home page is still there.
    expect(screen.getByRole('region', { name: 'Quick actions' })).toBeTruthy();
  });

  it('a finished paper past its date is not overdue', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const late = assigned({ assignmentId: 'late', dueAt: '2026-11-01T00:00:00Z' });
    const done = assigned({ assignmentId: 'done', dueAt: '2026-10-01T00:00:00Z', finished: true });
    const soon = assigned({ assignmentId: 'soon', dueAt: '2026-11-30T00:00:00Z' });
    expect(sortAssigned([done, soon, late], now).map((a) => a.assignmentId)).toEqual(['late', 'soon', 'done']);
  });
});

describe('Home: Assigned, with the assessment settings (issue 30)', () => {
  it('shows each paper’s status and its rules in words', async () => {
    assignments = [
      assigned({
        status: 'in_progress',
        answered: 1,
        settings: {
          lateWork: 'flag',
          timeLimitMinutes: null,
          attempts: 2,
          counts: 'best',
          feedback: 'on_release',
          releasedAt: null,
          released: false,
        },
      }),
    ];
    renderHome();
    const card = await screen.findByTestId('assigned-paper');
    expect(within(card).getByText('In progress')).toBeTruthy();
    expect(within(card).getByTestId('assigned-settings').textContent).toBe(
      '2 attempts, best counts, feedback when your teacher releases it',
    );
  });
});
