// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_TEXT } from '../../../shared/assignment-text';
import type { PaperResults } from '../../../shared/attempts';
import { createQueryClient } from '../../lib/api-client';
import { ResultsPage } from './results-page';

const AT = '2026-11-20T10:00:00.000Z';
const results = (over: Partial<PaperResults> = {}): PaperResults => ({
  paper: {
    id: 'p1',
    courseId: 'c1',
    title: 'Rates of reaction',
    description: null,
    topic: null,
    difficultyLevel: 'medium',
    totalQuestions: 1,
    createdAt: AT,
    generatedBy: null,
  },
  finished: true,
  startedAt: AT,
  finishedAt: AT,
  elapsedSeconds: 300,
  marksAwarded: 0,
  totalMarks: 4,
  percentage: 0,
  answered: 1,
  questionCount: 1,
  retryPaperId: null,
  questions: [
    {
      question: {
        id: 'q1',
        courseId: 'c1',
        paperId: 'p1',
        questionNumber: 1,
        text: '<p>Explain how a catalyst works.</p>',
        type: 'short_answer',
        totalMarks: 4,
        options: null,
        correctAnswer: null,
        topic: null,
      },
      answerText: 'It lowers the activation energy.',
      submitted: true,
      marksAwarded: null,
      timeSpentSeconds: 300,
      feedback: null,
    },
  ],
  ...over,
});

let reply: PaperResults;
beforeEach(() => {
  reply = results();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/question-papers/p1/results' ? Response.json(reply) : Response.json({ message: 'Not found' }, { status: 404 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderResults() {
  const { hook } = memoryLocation({ path: '/courses/c1/papers/p1/results' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <Route path="/courses/:courseId/papers/:paperId/results" component={ResultsPage} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('ResultsPage of an assigned paper whose marks are held back (issue 30)', () => {
  it('says it was submitted and that the teacher will release the marks, with no total or percentage', async () => {
    reply = results({ withheld: true });
    renderResults();
    expect((await screen.findByTestId('results-withheld')).textContent).toBe(ASSIGNMENT_TEXT.withheld);
    expect(screen.queryByTestId('results-total')).toBeNull();
    expect(screen.queryByTestId('results-percentage')).toBeNull();
    const card = screen.getByRole('region', { name: 'Question 1' });
    expect(within(card).getByText('Submitted')).toBeTruthy();
    expect(within(card).queryByText('Not marked')).toBeNull();
  });

  it('shows the total and percentage once released', async () => {
    reply = results({ marksAwarded: 3, percentage: 75 });
    renderResults();
    expect((await screen.findByTestId('results-total')).textContent).toBe('3 / 4');
    expect(screen.getByTestId('results-percentage').textContent).toBe('75%');
    expect(screen.queryByTestId('results-withheld')).toBeNull();
  });
});
