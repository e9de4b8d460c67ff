// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { WeakPointsResponse } from '../../../../shared/weak-points';
import { createQueryClient } from '../../../lib/api-client';
import { WeakPoints } from './weak-points';

const UNITS = {
  subject: 'Physics',
  skill: 'units' as const,
  label: 'Units',
  text: 'You miss the units mark in 60% of the chances you had (12 of 20).',
  opportunities: 20,
  missed: 12,
  missRate: 0.6,
  courseId: 'c1',
  topics: ['Electricity', 'Waves'],
  questions: [
    { questionId: 'q1', courseId: 'c1', paperId: 'p1', title: 'Physics: Electricity (Medium), question 3' },
    { questionId: 'q2', courseId: 'c1', paperId: null, title: 'Physics, question 1' },
  ],
};

let weak: WeakPointsResponse;
let posts: { url: string; body: unknown }[];
let postStatus: number;

beforeEach(() => {
  weak = { findings: [UNITS], pointsMarked: 40, minOpportunities: 5 };
  posts = [];
  postStatus = 201;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/analytics/weak-points') return Response.json(weak);
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        if (postStatus !== 201) return new Response(JSON.stringify({ message: 'No weak points found yet' }), { status: postStatus });
        return Response.json({ paper: { id: 'p9' }, questions: [], totalQuestions: 10, note: null }, { status: 201 });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIt() {
  const location = memoryLocation({ path: '/progress', record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <WeakPoints />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('WeakPoints (Mastery tab)', () => {
  it('states each finding with its counts, the topics, and links to the questions to try again', async () => {
    renderIt();
    const list = await screen.findByRole('list', { name: 'Weak points' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Units' })).toBeTruthy();
    expect(within(item).getByText(UNITS.text)).toBeTruthy();
    expect(within(item).getByText('Missed most in: Electricity, Waves')).toBeTruthy();
    expect(within(item).getByRole('link', { name: UNITS.questions[0].title }).getAttribute('href')).toBe(
      '/courses/c1/papers/p1/questions/q1',
    );
    expect(within(item).getByRole('link', { name: UNITS.questions[1].title }).getAttribute('href')).toBe('/courses/c1/questions/q2');
  });

  it("'Practise my weak points' makes a paper and opens it; 'Practise this' asks for the one skill", async () => {
    const location = renderIt();
    fireEvent.click(await screen.findByRole('button', { name: 'Practise my weak points' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/courses/c1/papers/p9'));
    expect(posts).toEqual([{ url: '/api/courses/c1/practise-weak-points', body: {} }]);
    fireEvent.click(screen.getByRole('button', { name: 'Practise units in Physics' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ url: '/api/courses/c1/practise-weak-points', body: { skill: 'units' } });
  });

  it("shows the server's message when no paper can be made, and an empty state without findings", async () => {
    postStatus = 422;
    renderIt();
    fireEvent.click(await screen.findByRole('button', { name: 'Practise my weak points' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No weak points found yet');
    cleanup();
    weak = { findings: [], pointsMarked: 3, minOpportunities: 5 };
    renderIt();
    expect(await screen.findByText('No weak points found yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Practise my weak points' })).toBeNull();
  });
});
