// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '../../../shared/practice';
import { toast } from '../../components/ui/toast-store';
import { createQueryClient } from '../../lib/api-client';
import { CoursePage } from './course-page';

vi.mock('../../components/ui/toast-store', () => ({ toast: vi.fn(), flashToast: vi.fn() }));

let course: Course;

beforeEach(() => {
  course = { id: 'c1', title: 'Chemistry A-Level Practice', subject: 'Chemistry', totalQuestions: 0, createdAt: '2020-01-01T00:00:00Z' };
  vi.mocked(toast).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/courses/c1') return Response.json(course);
      if (url === '/api/courses/c1/question-papers') return Response.json([]);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function clickGenerateWithoutTopic() {
  const { hook } = memoryLocation({ path: '/courses/c1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <Route path="/courses/:courseId" component={CoursePage} />
      </Router>
    </QueryClientProvider>,
  );
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
