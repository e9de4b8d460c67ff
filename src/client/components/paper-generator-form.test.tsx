// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/api-client';
import { PaperGeneratorForm } from './paper-generator-form';

let requests: Record<string, unknown>[] = [];
let topicReads: string[] = [];

beforeEach(() => {
  requests = [];
  topicReads = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The topic combobox reads the course's topics through the app's query client (its default query function).
      if (url === '/api/courses/c1/topics') {
        topicReads.push(url);
        return Response.json({ topics: ['Kinetics', 'Energetics'] });
      }
      requests.push(JSON.parse(String(init?.body)));
      return Response.json({ paper: {}, questions: [], totalQuestions: 10, note: null }, { status: 201 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: { subject: string; onTopicMissing?: () => void; onGenerated?: () => void }) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(
    <PaperGeneratorForm
      courseId="c1"
      subject={props.subject}
      difficulties={['easy', 'medium']}
      onGenerated={props.onGenerated ?? (() => {})}
      onError={() => {}}
      onTopicMissing={props.onTopicMissing}
    />,
    { wrapper },
  );
}

const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Generate Question Paper' });

describe('PaperGeneratorForm', () => {
  it('with a topic-missing handler (course page), stays enabled and reports a blank topic instead of generating', () => {
    const onTopicMissing = vi.fn();
    renderForm({ subject: 'Chemistry', onTopicMissing });
    expect(button().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: '   ' } });
    fireEvent.click(button());
    expect(onTopicMissing).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([]);
  });

  it('without one (papers list), is disabled until a topic is typed', () => {
    renderForm({ subject: 'Chemistry' });
    expect(button().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'kinetics' } });
    expect(button().disabled).toBe(false);
  });

  it('suggests the course’s topics, read from GET /api/courses/{id}/topics', async () => {
    renderForm({ subject: 'Chemistry' });
    fireEvent.focus(screen.getByLabelText('Topic'));
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'e' } });
    expect(await screen.findByRole('option', { name: 'Energetics' })).toBeTruthy();
    expect(topicReads).toEqual(['/api/courses/c1/topics']);
  });

  it('asks for the default subject, Physics, when the course has none', async () => {
    const onGenerated = vi.fn();
    renderForm({ subject: '  ', onGenerated });
    expect(screen.getByPlaceholderText('e.g. a physics topic')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'waves' } });
    fireEvent.click(button());
    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    expect(requests).toEqual([{ courseId: 'c1', subject: 'Physics', topic: 'waves', difficultyLevel: 'medium', questionCount: 10 }]);
  });
});
