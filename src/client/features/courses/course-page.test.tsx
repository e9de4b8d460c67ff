// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course, Paper } from '../../../shared/practice';
import { toast } from '../../components/ui/toast-store';
import { createQueryClient } from '../../lib/api-client';
import { CoursePage } from './course-page';

vi.mock('../../components/ui/toast-store', () => ({ toast: vi.fn(), flashToast: vi.fn() }));

let course: Course;
let papers: Paper[] = [];

beforeEach(() => {
  course = { id: 'c1', title: 'Chemistry A-Level Practice', subject: 'Chemistry', totalQuestions: 0, createdAt: '2020-01-01T00:00:00Z' };
  vi.mocked(toast).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/courses/c1') return Response.json(course);
      if (url === '/api/courses/c1/question-papers') return Response.json(papers);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  papers = [];
});

function renderCoursePage() {
  const { hook } = memoryLocation({ path: '/courses/c1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <Route path="/courses/:courseId" component={CoursePage} />
      </Router>
    </QueryClientProvider>,
  );
}

async function clickGenerateWithoutTopic() {
  renderCoursePage();
  fireEvent.click(await screen.findByRole('button', { name: 'Generate Question Paper' }));
}

describe('CoursePage paper generator', () => {
  it('says which topic is missing, in the course’s subject, when the topic is blank (§5)', async () => {
    await clickGenerateWithoutTopic();
    expect(toast).toHaveBeenCalledWith({
      title: 'Topic required',
      description: 'Please enter a chemistry topic to generate questions',
      variant: 'destructive',
    });
  });

  it('falls back to the default subject, Physics, when the course has none', async () => {
    course = { ...course, subject: ' ' };
    await clickGenerateWithoutTopic();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Please enter a physics topic to generate questions' }));
  });
});

describe('CoursePage paper cards', () => {
  const paper = (id: string, totalQuestions: number): Paper => ({
    id,
    courseId: 'c1',
    title: `Paper ${id}`,
    description: null,
    topic: 'Energetics',
    difficultyLevel: 'medium',
    totalQuestions,
    createdAt: '2026-11-20T10:00:00Z',
    generatedBy: null,
  });

  it('counts the questions in words that fit one question, and offers the three export formats of each paper', async () => {
    papers = [paper('p1', 1), paper('p2', 10)];
    renderCoursePage();
    expect(await screen.findByText('1 question')).toBeTruthy();
    expect(screen.getByText('10 questions')).toBeTruthy();
    const hrefs = screen
      .getAllByRole('link', { name: /^(GIFT|Moodle XML|JSON)$/ })
      .map((a) => a.getAttribute('href'))
      .filter((href) => href?.startsWith('/api/question-papers/'));
    expect(hrefs).toEqual([
      '/api/question-papers/p1/export?format=gift',
      '/api/question-papers/p1/export?format=xml',
      '/api/question-papers/p1/export?format=json',
      '/api/question-papers/p2/export?format=gift',
      '/api/question-papers/p2/export?format=xml',
      '/api/question-papers/p2/export?format=json',
    ]);
  });
});
