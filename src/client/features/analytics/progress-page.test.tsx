// @vitest-environment jsdom
import { QueryClientProvider, focusManager, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course, Question } from '../../../shared/practice';
import { createQueryClient } from '../../lib/api-client';
import type { UserAnswer } from '../../../shared/practice';
import { ProgressPage } from './progress-page';
import { OVERVIEW_URL, answer, course, localTime, overviewFromLists, question, stubAnalyticsFetch } from './test-fixtures';

const NOW = new Date(2026, 2, 10, 15, 0); // Tuesday 10 March 2026, 15:00 local

type Data = { courses: Course[]; questions: Question[]; answers: UserAnswer[] };

/** The same student as in the /analytics tests: Biology 56, 58, 60, 62 over three days; Chemistry 85. */
function populated(): Data {
  return {
    courses: [course('bio', 'Biology'), course('chem', 'Chemistry')],
    questions: [
      question('b1', 'bio', 'Cells'),
      question('b2', 'bio', 'Cells'),
      question('b3', 'bio', 'Genetics'),
      question('b4', 'bio', 'Genetics'),
      question('c1', 'chem', 'Bonding'),
      question('c2', 'chem', 'Bonding'),
    ],
    answers: [
      answer('b2', 'bio', localTime(NOW, 0, 10, 10), 62, 1200),
      answer('b1', 'bio', localTime(NOW, 0, 10, 0), 60, 900),
      answer('b4', 'bio', localTime(NOW, 1, 9), 58, 600),
      answer('b3', 'bio', localTime(NOW, 2, 9), 56, 1200),
      answer('c1', 'chem', localTime(NOW, 3, 9), 85, 900),
    ],
  };
}

let data: Data;
let calls: string[];
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
    () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
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
      <ProgressPage />
    </QueryClientProvider>,
  );
  return client;
}

const countOf = (url: string) => calls.filter((c) => c === url).length;
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
const loaded = () => screen.findByRole('tab', { name: 'Overview' });

describe('ProgressPage (/progress)', () => {
  it("says 'Loading your analytics data...' while loading", async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    renderPage();
    expect(screen.getByText('Loading your analytics data...')).toBeTruthy();
    open();
    await loaded();
    expect(screen.queryByText('Loading your analytics data...')).toBeNull();
  });

  it('shows the spec’s empty states on every tab when nothing has been answered', async () => {
    data.answers = [];
    renderPage();
    await loaded();
    expect(screen.getByText('No topic analysis available yet')).toBeTruthy();
    expect(screen.getByText('Answer questions to see your performance analysis by topic')).toBeTruthy();
    expect(screen.getByText('0 topics analysed')).toBeTruthy();
    expect(screen.getByText('No subject performance data yet')).toBeTruthy();

    openTab('Mastery');
    expect(await screen.findByRole('heading', { name: 'No subject performance data yet' })).toBeTruthy();
    openTab('Predictions');
    expect(await screen.findByRole('heading', { name: 'No predictions available yet.' })).toBeTruthy();
    openTab('Heatmap');
    expect((await screen.findAllByRole('gridcell')).length).toBe(365);
    expect(screen.getByText('0.0 hours')).toBeTruthy();
    openTab('Time Analysis');
    expect(await screen.findByText('No study time recorded yet')).toBeTruthy();
  });

  it('says No courses available when there are no courses', async () => {
    data = { courses: [], questions: [], answers: [] };
    renderPage();
    await loaded();
    expect(screen.getByText('No courses available')).toBeTruthy();
  });

  it('shows the summary and the Overview: topics, subject mastery and course cards with real numbers', async () => {
    renderPage();
    await loaded();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(within(summary).getByRole('group', { name: 'Questions answered' })).getByText('5')).toBeTruthy();
    expect(within(within(summary).getByRole('group', { name: 'Average score' })).getByText('64.2%')).toBeTruthy();
    expect(within(within(summary).getByRole('group', { name: 'Study time' })).getByText('1h 20m')).toBeTruthy();
    expect(within(within(summary).getByRole('group', { name: 'Current streak' })).getByText('4 days')).toBeTruthy();

    expect(screen.getByText('3 topics analysed')).toBeTruthy();
    const topics = screen.getByRole('list', { name: 'Topics' });
    const rows = within(topics)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'CellsBiology2 questions answered · 2 correct answers61.0%',
      'GeneticsBiology2 questions answered · 0 correct answers57.0%',
      'BondingChemistry1 question answered · 1 correct answer85.0%',
    ]);

    const mastery = screen.getByRole('list', { name: 'Subject mastery' });
    expect(within(mastery).getByRole('progressbar', { name: 'Biology mastery' }).getAttribute('aria-valuenow')).toBe('59');
    expect(within(mastery).getByText('Developing')).toBeTruthy();
    expect(within(mastery).getByText('Mastered')).toBeTruthy();

    const bio = screen.getByRole('article', { name: 'Biology A-Level Practice' });
    expect(within(bio).getByText('59.0%').getAttribute('data-band')).toBe('yellow');
    expect(within(bio).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('59');
    expect(within(bio).getByText(/4 questions answered/)).toBeTruthy();
    const chem = screen.getByRole('article', { name: 'Chemistry A-Level Practice' });
    expect(within(chem).getByText('85.0%').getAttribute('data-band')).toBe('green');
    expect(within(chem).getByText(/1 question answered/)).toBeTruthy();
  });

  it('colours course averages green at 80, blue at 60, yellow at 40 and red below (one decimal)', async () => {
    const scores = [80, 79.9, 60, 59.9, 40, 39.9];
    data = {
      courses: scores.map((_, i) => course(`k${i}`, `Subject ${i}`, { title: `Course ${i}` })),
      questions: scores.map((_, i) => question(`q${i}`, `k${i}`)),
      answers: scores.map((score, i) => answer(`q${i}`, `k${i}`, localTime(NOW, 0, 9), score, 60)),
    };
    renderPage();
    await loaded();
    const shown = scores.map((_, i) => {
      const value = within(screen.getByRole('article', { name: `Course ${i}` })).getByText(/%$/);
      return [value.textContent, value.getAttribute('data-band'), value.className.match(/text-(green|blue|yellow|red)-\d+/)?.[1]];
    });
    expect(shown).toEqual([
      ['80.0%', 'green', 'green'],
      ['79.9%', 'blue', 'blue'],
      ['60.0%', 'blue', 'blue'],
      ['59.9%', 'yellow', 'yellow'],
      ['40.0%', 'yellow', 'yellow'],
      ['39.9%', 'red', 'red'],
    ]);
  });

  it('switches tabs with the mouse and with the arrow keys', async () => {
    renderPage();
    const overview = await loaded();
    expect(overview.getAttribute('aria-selected')).toBe('true');

    openTab('Heatmap');
    expect(screen.getByRole('tab', { name: 'Heatmap' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('grid', { name: 'Study activity over the last 365 days' })).toBeTruthy();
    expect(screen.queryByText('Topic Analysis')).toBeNull();

    const heatmapTab = screen.getByRole('tab', { name: 'Heatmap' });
    act(() => heatmapTab.focus());
    fireEvent.keyDown(heatmapTab, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Mastery' }).getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Mastery' }));
    expect(screen.getByRole('article', { name: 'Biology mastery' })).toBeTruthy();

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Heatmap' })));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('Topic Analysis')).toBeTruthy();
  });

  it('draws a 365-day heatmap ending today, each day named with its numbers, total time in hours, and arrow-key navigation', async () => {
    renderPage();
    await loaded();
    openTab('Heatmap');
    const grid = await screen.findByRole('grid');
    const cells = within(grid).getAllByRole('gridcell');
    expect(cells).toHaveLength(365);
    const today = within(grid).getByRole('gridcell', { name: 'Tuesday, March 10, 2026: 2 questions answered, 35m studied' });
    expect(today.getAttribute('tabindex')).toBe('0');
    expect(today.getAttribute('data-level')).toBe('2');
    expect(cells.filter((c) => c.getAttribute('tabindex') === '0')).toHaveLength(1); // one tab stop
    expect(
      within(grid).getByRole('gridcell', { name: 'Saturday, March 7, 2026: 1 question answered, 15m studied' }).getAttribute('data-level'),
    ).toBe('1');
    expect(within(grid).getByRole('gridcell', { name: 'Tuesday, March 11, 2025: no questions answered' }).getAttribute('data-level')).toBe(
      '0',
    );
    expect(screen.getByText('1.3 hours')).toBeTruthy(); // 4800 s = 80 minutes

    act(() => today.focus());
    fireEvent.keyDown(today, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Monday, March 9, 2026: 1 question answered, 10m studied');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Monday, March 2, 2026: no questions answered');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(today);
    fireEvent.keyDown(today, { key: 'ArrowDown' }); // nothing after today
    expect(document.activeElement).toBe(today);
  });

  it('shows subject mastery in detail on the Mastery tab', async () => {
    renderPage();
    await loaded();
    openTab('Mastery');
    const biology = await screen.findByRole('article', { name: 'Biology mastery' });
    expect(within(biology).getByText('59.0%')).toBeTruthy();
    expect(within(biology).getByText('Answered').nextElementSibling?.textContent).toBe('4');
    expect(within(biology).getByText('Correct').nextElementSibling?.textContent).toBe('2');
    expect(within(biology).getByText('Time').nextElementSibling?.textContent).toBe('1h 5m');
    expect(within(biology).getByText('61.0%')).toBeTruthy(); // Cells
    expect(within(biology).getByText('57.0%')).toBeTruthy(); // Genetics
  });

  it('says how many marked answers each subject still needs before it is predicted', async () => {
    renderPage();
    await loaded();
    openTab('Predictions');
    const biology = await screen.findByRole('article', { name: 'Biology prediction' });
    expect(within(biology).getByText('Not enough answers yet (4 of 5)')).toBeTruthy();
    expect(within(biology).getByText('1 more marked answer and a prediction appears here.')).toBeTruthy();
    const chemistry = screen.getByRole('article', { name: 'Chemistry prediction' });
    expect(within(chemistry).getByText('Not enough answers yet (1 of 5)')).toBeTruthy();
    expect(screen.queryByText(/Predicted score/)).toBeNull();
  });

  it('analyses time: totals, averages, sessions, charts with text alternatives, and efficiency', async () => {
    renderPage();
    await loaded();
    openTab('Time Analysis');
    const total = await screen.findByRole('group', { name: 'Total study time' });
    const panel = screen.getByRole('tabpanel', { name: 'Time Analysis' });
    expect(within(total).getByText('1h 20m')).toBeTruthy();
    expect(within(within(panel).getByRole('group', { name: 'Questions answered' })).getByText('5')).toBeTruthy();
    expect(within(within(panel).getByRole('group', { name: 'Average per question' })).getByText('16m')).toBeTruthy();
    // four sessions (today's two answers are ten minutes apart), 4800 s / 4
    const session = within(panel).getByRole('group', { name: 'Average session time' });
    expect(within(session).getByText('20m')).toBeTruthy();
    expect(within(session).getByText(/^4 sessions/)).toBeTruthy();

    const trend = screen.getByRole('table', { name: 'Daily study trend' });
    const trendRows = within(trend).getAllByRole('row').slice(1);
    expect(trendRows).toHaveLength(30);
    expect(trendRows[29].textContent).toBe('3/10/2026352');
    expect(trendRows[28].textContent).toBe('3/9/2026101');

    const bySubject = screen.getByRole('table', { name: 'Time by subject' });
    expect(
      within(bySubject)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Biology1h 5m81%', 'Chemistry15m19%']);
    expect(screen.getByText('Biology 1h 5m (81%), Chemistry 15m (19%).')).toBeTruthy();

    const sessions = screen.getByRole('table', { name: 'Session types' });
    expect(
      within(sessions)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Quick (1–2 questions)41h 20m', 'Standard (3–9 questions)00m', 'Extended (10 or more questions)00m']);

    const efficiency = screen.getByRole('list', { name: 'Efficiency by subject' });
    expect(within(efficiency).getByText('70% efficient')).toBeTruthy(); // Chemistry: 15 minutes a question
    expect(within(efficiency).getByRole('progressbar', { name: 'Chemistry efficiency' }).getAttribute('aria-valuenow')).toBe('70');
  });

  it('refetches the overview on mount and window focus, and never downloads the answers or questions', async () => {
    const client = createQueryClient();
    client.setQueryData([OVERVIEW_URL], overviewFromLists({ ...data, answers: [] }, NOW));
    renderPage(client);
    await waitFor(() => expect(countOf(OVERVIEW_URL)).toBe(1));
    expect(await screen.findByText('3 topics analysed')).toBeTruthy();
    expect(countOf('/api/user/answers')).toBe(0);
    expect(countOf('/api/user/questions')).toBe(0);

    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(countOf(OVERVIEW_URL)).toBe(2));
    expect(countOf('/api/user/answers')).toBe(0);
  });

  it('shows an error with a retry, and recovers', async () => {
    failing.add(OVERVIEW_URL);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('503: Service Unavailable')).toBeTruthy();
    failing.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await loaded()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
