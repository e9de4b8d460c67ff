// @vitest-environment jsdom
import { QueryClientProvider, focusManager, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course, Question } from '../../../shared/practice';
import { createQueryClient } from '../../lib/api-client';
import { AnalyticsPage } from './analytics-page';
import type { UserAnswer } from '../../../shared/practice';
import { OVERVIEW_URL, answer, course, localTime, overviewFromLists, question, stubAnalyticsFetch } from './test-fixtures';

const NOW = new Date(2026, 2, 10, 15, 0); // Tuesday 10 March 2026, 15:00 local
const URLS = [OVERVIEW_URL] as const;

type Data = { courses: Course[]; questions: Question[]; answers: UserAnswer[] };

/**
 * Biology: four answers over three days (56, 58, 60, 62 — two correct at 60%+), 3900 s of real time;
 * Chemistry: one answer (85), 900 s. A Physics draft (not submitted) must not count anywhere.
 */
function populated(): Data {
  return {
    courses: [course('bio', 'Biology'), course('chem', 'Chemistry'), course('phys', 'Physics')],
    questions: [
      question('b1', 'bio', 'Cells'),
      question('b2', 'bio', 'Cells'),
      question('b3', 'bio', 'Genetics'),
      question('b4', 'bio', 'Genetics'),
      question('c1', 'chem', 'Bonding'),
      question('c2', 'chem', 'Bonding'),
      question('p1', 'phys', 'Forces'),
    ],
    answers: [
      answer('b2', 'bio', localTime(NOW, 0, 10, 10), 62, 1200),
      answer('b1', 'bio', localTime(NOW, 0, 10, 0), 60, 900),
      answer('b4', 'bio', localTime(NOW, 1, 9), 58, 600),
      answer('b3', 'bio', localTime(NOW, 2, 9), 56, 1200),
      answer('c1', 'chem', localTime(NOW, 3, 9), 85, 900),
      answer('p1', 'phys', localTime(NOW, 0, 11), null, 3000, { submitted: false }),
    ],
  };
}

let data: Data;
let calls: string[];
/** When set, every read waits for this before answering. */
let gate: Promise<void> | null;
let failing: Set<string>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  data = populated();
  calls = [];
  gate = null;
  failing = new Set();
  stubAnalyticsFetch(
    () => ({ data, gate, failing }),
    calls,
    () => Response.json({ message: 'Database unavailable' }, { status: 500 }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

function renderPage(client: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <AnalyticsPage />
    </QueryClientProvider>,
  );
  return client;
}

const countOf = (url: string) => calls.filter((c) => c === url).length;
const card = (name: string) => screen.getByRole('group', { name });

describe('AnalyticsPage (/analytics)', () => {
  it('shows the loading state until the data arrives', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    renderPage();
    expect(screen.getByText('Loading your analytics data...')).toBeTruthy();
    open();
    expect(await screen.findByRole('group', { name: 'Total Questions' })).toBeTruthy();
    expect(screen.queryByText('Loading your analytics data...')).toBeNull();
  });

  it('shows every empty state with the spec’s words when nothing has been done yet', async () => {
    data = { courses: [], questions: [], answers: [] };
    renderPage();
    await screen.findByRole('group', { name: 'Total Questions' });
    expect(within(card('Total Questions')).getByText('0')).toBeTruthy();
    expect(within(card('Total Questions')).getByText('Available to practice')).toBeTruthy();
    expect(within(card('Answers Submitted')).getByText('0')).toBeTruthy();
    expect(within(card("Today's Progress")).getByText('0')).toBeTruthy();
    expect(screen.getByText('Start practicing to see your progress')).toBeTruthy();
    expect(screen.queryByText('Great job practicing today!')).toBeNull();
    expect(screen.getByText('No subject performance data yet')).toBeTruthy();
    expect(screen.getByText('No courses available')).toBeTruthy();
    expect(screen.getByText('Start practicing to see your activity here.')).toBeTruthy();
  });

  it('shows the real numbers: questions, answers, today, subjects with their real time spent, courses and recent activity', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Total Questions' });
    expect(within(card('Total Questions')).getByText('7')).toBeTruthy();
    expect(within(card('Answers Submitted')).getByText('5')).toBeTruthy(); // the Physics draft is not submitted
    const today = card("Today's Progress");
    expect(within(today).getByText('2')).toBeTruthy();
    expect(within(today).getByText('questions answered today · 35m')).toBeTruthy();
    expect(screen.getByText('Great job practicing today!')).toBeTruthy();

    const biology = card('Biology');
    expect(within(biology).getByText('59.0%')).toBeTruthy();
    expect(within(biology).getByText('100% done')).toBeTruthy();
    expect(within(biology).getByRole('progressbar', { name: 'Biology progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(within(biology).getByText('Questions answered').nextElementSibling?.textContent).toBe('4 / 4');
    expect(within(biology).getByText('Correct answers').nextElementSibling?.textContent).toBe('2');
    // 1200 + 900 + 600 + 1200 seconds of measured time, not a fixed 30m
    expect(within(biology).getByText('Time Spent').nextElementSibling?.textContent).toBe('1h 5m');

    const chemistry = card('Chemistry');
    expect(within(chemistry).getByText('85.0%')).toBeTruthy();
    expect(within(chemistry).getByText('50% done')).toBeTruthy();
    expect(within(chemistry).getByText('Correct answers').nextElementSibling?.textContent).toBe('1');
    expect(within(chemistry).getByText('Time Spent').nextElementSibling?.textContent).toBe('15m');
    expect(screen.queryByRole('group', { name: 'Physics' })).toBeNull();
    expect(screen.queryByText('30m')).toBeNull();

    const overview = card('Biology A-Level Practice');
    expect(within(overview).getByText('59.0%').getAttribute('data-band')).toBe('yellow');
    expect(within(overview).getByText(/4 questions answered of 4/)).toBeTruthy();
    expect(within(card('Chemistry A-Level Practice')).getByText('85.0%').getAttribute('data-band')).toBe('green');
    expect(within(card('Physics A-Level Practice')).getByText('Not marked yet')).toBeTruthy();

    expect(screen.getByText("You've answered 5 questions across 2 courses.")).toBeTruthy();
  });

  it("counts today's answers by the local day", async () => {
    data.answers = [answer('b1', 'bio', localTime(NOW, 1, 23, 59), 70, 60), answer('b2', 'bio', localTime(NOW, 0, 0, 1), 70, 60)];
    renderPage();
    await screen.findByRole('group', { name: 'Total Questions' });
    expect(within(card("Today's Progress")).getByText('1')).toBeTruthy();
    data.answers = [answer('b1', 'bio', localTime(NOW, 1, 23, 59), 70, 60)];
    cleanup();
    renderPage();
    await screen.findByRole('group', { name: 'Total Questions' });
    expect(within(card("Today's Progress")).getByText('0')).toBeTruthy();
    expect(screen.getByText('Start practicing to see your progress')).toBeTruthy();
  });

  it("reloads the overview on 'Refresh Data', showing that it is working, and never downloads the answers", async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Total Questions' });
    const before = URLS.map(countOf);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    data.answers = [...data.answers, answer('c2', 'chem', localTime(NOW, 0, 12), 90, 300)];

    const button = screen.getByRole('button', { name: 'Refresh Data' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('status').textContent).toBe('Refreshing your analytics data...');
    fireEvent.click(button); // a second click while working does not start another round
    expect(URLS.map(countOf)).toEqual(before.map((n) => n + 1));

    open();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    expect(within(card('Answers Submitted')).getByText('6')).toBeTruthy();
    expect(within(card("Today's Progress")).getByText('3')).toBeTruthy();
    expect(countOf('/api/user/answers')).toBe(0);
  });

  it('refetches everything when the window regains focus (zero staleness)', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Total Questions' });
    const before = URLS.map(countOf);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(URLS.map(countOf)).toEqual(before.map((n) => n + 1)));
  });

  it('refetches cached data when it mounts', async () => {
    const client = createQueryClient();
    client.setQueryData([OVERVIEW_URL], overviewFromLists({ ...data, answers: [] }, NOW));
    renderPage(client);
    expect(within(card('Answers Submitted')).getByText('0')).toBeTruthy(); // the cache shows at once
    await waitFor(() => expect(URLS.map(countOf)).toEqual([1]));
    await waitFor(() => expect(within(card('Answers Submitted')).getByText('5')).toBeTruthy());
  });

  it('shows an error with a retry when the data cannot be loaded', async () => {
    failing.add(OVERVIEW_URL);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your analytics data could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText(/^500: /)).toBeTruthy();

    failing.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Total Questions' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(countOf(OVERVIEW_URL)).toBe(2);
  });
});
