// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DueQuestion, ReviewDue } from '../../../shared/review';
import { createQueryClient } from '../../lib/api-client';
import { examHrefOf } from './components/due-question-card';
import { ReviewPage } from './review-page';

const TODAY = '2026-11-24';
const emptyDue = (over: Partial<ReviewDue> = {}): ReviewDue => ({
  today: TODAY,
  examDate: null,
  daysUntilExam: null,
  counts: { dueToday: 0, overdue: 0, upcomingWeek: 0, scheduled: 0 },
  questions: [],
  ...over,
});
const dueQuestion = (over: Partial<DueQuestion> = {}): DueQuestion => ({
  questionId: 'q1',
  paperId: 'p1',
  courseId: 'c1',
  courseTitle: 'Physics practice',
  subject: 'Physics',
  topic: 'Waves',
  snippet: 'State the principle of superposition of waves.',
  totalMarks: 4,
  lastScore: 25,
  lastRating: 'Again',
  lastReviewedAt: '2026-11-20T10:00:00.000Z',
  due: '2026-11-21T10:00:00.000Z',
  overdue: true,
  ...over,
});

let current: ReviewDue;
let posted: unknown[];
let postResponse: () => Response;

beforeEach(() => {
  current = emptyDue();
  posted = [];
  postResponse = () => Response.json({ examDate: null, daysUntilExam: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/review/exam-date' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        const res = postResponse();
        if (res.ok) current = { ...current, examDate: body.examDate, daysUntilExam: body.examDate ? 30 : null };
        return res;
      }
      if (url === '/api/review/due') return Response.json(current);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const { hook } = memoryLocation({ path: '/review' });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <ReviewPage />
      </Router>
    </QueryClientProvider>,
  );
}

describe('ReviewPage', () => {
  it('names the tab, loads, and says when nothing is due', async () => {
    renderPage();
    expect(document.title).toBe('Review - Markwell');
    expect(screen.getByText('Loading your reviews...')).toBeTruthy();
    expect(await screen.findByText('Nothing to review today')).toBeTruthy();
    expect(screen.getByText(/each one you answer is scheduled for review/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Review' })).toBeTruthy();
    expect(screen.getByText('No exam date set: reviews follow plain spaced repetition.')).toBeTruthy();
  });

  it('shows the counts and the questions due, each opening the exam screen at that question', async () => {
    current = emptyDue({
      counts: { dueToday: 2, overdue: 1, upcomingWeek: 3, scheduled: 9 },
      questions: [
        dueQuestion(),
        dueQuestion({
          questionId: 'q2',
          paperId: null,
          courseId: 'c2',
          courseTitle: 'Chemistry practice',
          subject: 'Chemistry',
          topic: null,
          snippet: '<b>Define</b> relative atomic mass.',
          lastScore: 75,
          lastRating: 'Good',
          overdue: false,
          due: '2026-11-24T08:00:00.000Z',
        }),
      ],
    });
    renderPage();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const counts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(counts).toEqual(['2', '1', '3']);
    expect(screen.getByText('Upcoming this week')).toBeTruthy();

    const first = within(items[0]);
    expect(first.getByText('State the principle of superposition of waves.')).toBeTruthy();
    expect(first.getByText(/Overdue since/)).toBeTruthy();
    expect(first.getByText('Waves')).toBeTruthy();
    expect(first.getByText(/Last time: 25% of 4 marks/)).toBeTruthy();
    expect(first.getByText('Again')).toBeTruthy();
    expect(first.getByRole('link', { name: /Answer again/ }).getAttribute('href')).toBe('/courses/c1/papers/p1/questions/q1');

    const second = within(items[1]);
    expect(second.getByText('Due today')).toBeTruthy();
    // Snippets are plain text: markup in one is shown as text, never rendered.
    expect(second.getByText('<b>Define</b> relative atomic mass.')).toBeTruthy();
    expect(items[1].querySelector('b')).toBeNull();
    expect(second.getByRole('link', { name: /Answer again/ }).getAttribute('href')).toBe('/courses/c2/questions/q2');
    expect(screen.queryByText('Nothing to review today')).toBeNull();
  });

  it('says how many more there are when the list is cut', async () => {
    current = emptyDue({ counts: { dueToday: 250, overdue: 200, upcomingWeek: 0, scheduled: 250 }, questions: [dueQuestion()] });
    renderPage();
    expect(await screen.findByText('Showing the first 100 of 250, the longest overdue first.')).toBeTruthy();
  });

  it('saves an exam date, shows it, and clears it', async () => {
    renderPage();
    const input = (await screen.findByLabelText('Exam date', { selector: 'input' })) as HTMLInputElement;
    expect(input.min).toBe(TODAY);
    fireEvent.change(input, { target: { value: '2026-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save exam date' }));
    await waitFor(() => expect(posted).toEqual([{ examDate: '2026-12-24' }]));
    expect(await screen.findByText(/Your exam is in 30 days/)).toBeTruthy();
    expect(((await screen.findByLabelText('Exam date', { selector: 'input' })) as HTMLInputElement).value).toBe('2026-12-24');

    fireEvent.click(screen.getByRole('button', { name: 'Clear exam date' }));
    await waitFor(() => expect(posted).toEqual([{ examDate: '2026-12-24' }, { examDate: null }]));
    expect(await screen.findByText('No exam date set: reviews follow plain spaced repetition.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear exam date' })).toBeNull();
  });

  it("shows the server's reason when a date is refused, and asks for a date before saving an empty one", async () => {
    renderPage();
    const input = await screen.findByLabelText('Exam date', { selector: 'input' });
    fireEvent.click(screen.getByRole('button', { name: 'Save exam date' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a date first, or clear the exam date.');
    expect(posted).toEqual([]);

    // (A past date is stopped by the browser: the field's min is today.)
    postResponse = () => Response.json({ message: 'The exam date must be within the next five years.' }, { status: 400 });
    fireEvent.change(input, { target: { value: '2033-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save exam date' }));
    await waitFor(() => expect(posted).toEqual([{ examDate: '2033-06-01' }]));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The exam date must be within the next five years.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? Response.json({ message: 'The database is busy.' }, { status: 503 }) : Response.json(emptyDue()))),
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Your review list could not be loaded: The database is busy.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing to review today')).toBeTruthy();
  });
});

describe('examHrefOf', () => {
  it('opens the question in its paper, or in its course without one, with ids encoded', () => {
    expect(examHrefOf({ courseId: 'c1', paperId: 'p1', questionId: 'q1' })).toBe('/courses/c1/papers/p1/questions/q1');
    expect(examHrefOf({ courseId: 'c 1', paperId: null, questionId: 'q/1' })).toBe('/courses/c%201/questions/q%2F1');
  });
});
