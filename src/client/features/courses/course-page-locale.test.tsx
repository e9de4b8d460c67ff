// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course, Paper } from '../../../shared/practice';
import { DueDate } from '../../components/assignment-status';
import { createQueryClient } from '../../lib/api-client';
import { setBrowserLanguages } from '../../testing/browser-languages';
import { CoursePage } from './course-page';

// Issue 28 item 4: dates in the browser's locale. 4 December 2026 at noon UTC is the 4th in every time zone the
// tests run in; a British browser writes it 04/12/2026, day first, an American one 12/4/2026.
const COURSE: Course = {
  id: 'c1',
  title: 'Chemistry A-Level Practice',
  subject: 'Chemistry',
  totalQuestions: 0,
  createdAt: '2026-01-01T00:00:00Z',
};
const PAPER: Paper = {
  id: 'p1',
  courseId: 'c1',
  title: 'Paper p1',
  description: null,
  topic: 'Energetics',
  difficultyLevel: 'medium',
  totalQuestions: 3,
  createdAt: '2026-12-04T12:00:00Z',
  generatedBy: null,
};

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  restore?.();
  restore = undefined;
});

function renderCoursePage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/courses/c1') return Response.json(COURSE);
      if (url === '/api/courses/c1/question-papers') return Response.json([PAPER]);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  const { hook } = memoryLocation({ path: '/courses/c1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <Route path="/courses/:courseId" component={CoursePage} />
      </Router>
    </QueryClientProvider>,
  );
}

async function paperCard() {
  const papers = await screen.findByRole('region', { name: 'Question papers' });
  await within(papers).findByText('Paper 1');
  return papers;
}

describe("the course page's paper dates in the browser's locale", () => {
  it('writes the day before the month in a British browser', async () => {
    restore = setBrowserLanguages(['en-GB', 'en']);
    renderCoursePage();
    const papers = await paperCard();
    expect(within(papers).getByText('04/12/2026')).toBeTruthy();
    expect(within(papers).queryByText('12/4/2026')).toBeNull();
  });

  it('writes the month first in an American browser', async () => {
    restore = setBrowserLanguages(['en-US', 'en']);
    renderCoursePage();
    const papers = await paperCard();
    expect(within(papers).getByText('12/4/2026')).toBeTruthy();
    expect(within(papers).queryByText('04/12/2026')).toBeNull();
  });
});

describe("the due-date badge: the spec's words, the browser's date", () => {
  it("reads 'Due 04/12/2026' and 'Overdue · was due 04/12/2026' in a British browser", () => {
    restore = setBrowserLanguages(['en-GB']);
    const { container, rerender } = render(
      <DueDate dueAt="2026-12-04T12:00:00Z" finished={false} now={new Date('2026-12-01T00:00:00Z')} />,
    );
    expect(container.textContent).toBe('Due 04/12/2026');
    rerender(<DueDate dueAt="2026-12-04T12:00:00Z" finished={false} now={new Date('2026-12-10T00:00:00Z')} />);
    expect(container.textContent).toBe('Overdue · was due 04/12/2026');
    rerender(<DueDate dueAt={null} finished={false} />);
    expect(container.textContent).toBe('No due date');
  });
});
