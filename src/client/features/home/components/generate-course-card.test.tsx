// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubjectsResponse } from '../../../../shared/topics';
import { createQueryClient } from '../../../lib/api-client';
import { GenerateCourseCard } from './generate-course-card';

function renderCard(subjects: SubjectsResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/subjects' ? Response.json(subjects) : Response.json([]))),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(<GenerateCourseCard />, { wrapper });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OFFLINE = ['Biology', 'Chemistry', 'Mathematics', 'Physics'];

describe('GenerateCourseCard (issue 27: which subjects work offline, before the student types)', () => {
  it('offline only: lists the offline subjects, fills one in on a click, points to the document route, promises no "any subject"', async () => {
    const { container } = renderCard({ offline: OFFLINE, provider: null });
    expect(await screen.findByText('Works offline for Biology, Chemistry, Mathematics and Physics.')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Subjects that work offline' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual(OFFLINE);
    fireEvent.click(screen.getByRole('button', { name: 'Chemistry' }));
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('Chemistry');
    expect(screen.getByRole('button', { name: 'Chemistry' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Make a paper from your own PDF notes' }).getAttribute('href')).toBe('/pdf-documents');
    expect(container.textContent).toContain('ask your school to connect an AI provider');
    expect(container.textContent).not.toMatch(/any subject/i);
  });

  it("with the school's AI provider: names it for other subjects, and any subject is then true", async () => {
    const { container } = renderCard({ offline: OFFLINE, provider: 'gpt-4o-mini (OpenAI)' });
    expect(await screen.findByText("Type any subject you'd like to generate a course for.")).toBeTruthy();
    expect(container.textContent).toContain("Other subjects are written by gpt-4o-mini (OpenAI), your school's AI provider.");
    expect(screen.getByRole('group', { name: 'Subjects that work offline' })).toBeTruthy();
    expect(container.textContent).not.toContain('ask your school to connect an AI provider');
  });
});
