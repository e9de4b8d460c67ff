// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/api-client';
import type { GeneratePaperResponse } from '../../shared/practice';
import type { CourseSpecification } from '../../shared/specification';
import type { TopicMatch } from '../../shared/topics';
import { PaperGeneratorForm } from './paper-generator-form';
import { paperCreatedMessage } from './topic-check';

let requests: Record<string, unknown>[] = [];
let topicReads: string[] = [];
let matches: string[] = [];
/** What GET /api/courses/c1/specification answers: by default a subject Markwell has no specification for. */
let specification: CourseSpecification;
const AQA = { id: 'aqa' as const, name: 'AQA', code: '7402', title: 'A-level Biology' };
const point = (ref: string, title: string, questions: number) => ({
  ref,
  title,
  questions,
  marked: 0,
  marksAwarded: 0,
  totalMarks: 0,
  mastery: null,
});
const BIOLOGY_AQA: CourseSpecification = {
  subject: 'Biology',
  board: AQA,
  courseBoard: 'aqa',
  canChooseBoard: true,
  boards: [AQA],
  sections: [
    {
      ref: '3.1',
      title: 'Biological molecules',
      points: [point('3.1.2', 'Sugars, starch, glycogen and cellulose', 11), point('3.1.4', 'Protein structure and how enzymes work', 14)],
    },
    { ref: '3.5', title: 'Energy transfers', points: [point('3.5.1', 'Photosynthesis', 12)] },
  ],
};
/** What POST /api/topics/match answers, by the typed topic (anything else: as named). */
const MATCHES: Record<string, TopicMatch> = {
  photosynthsis: { status: 'near', topic: 'Energy transfers in and between organisms', suggestion: 'Photosynthesis', message: null },
  'quantum tunnelling': {
    status: 'unknown',
    topic: null,
    suggestion: null,
    message: "No questions on 'quantum tunnelling' yet. Topics available: Electricity, Waves.",
  },
};

beforeEach(() => {
  requests = [];
  topicReads = [];
  matches = [];
  specification = { subject: 'Chemistry', board: null, courseBoard: null, canChooseBoard: true, boards: [], sections: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The topic combobox reads the course's topics through the app's query client (its default query function).
      if (url === '/api/courses/c1/topics') {
        topicReads.push(url);
        return Response.json({ topics: ['Kinetics', 'Energetics'] });
      }
      if (url === '/api/courses/c1/specification') return Response.json(specification);
      if (url === '/api/topics/match') {
        const query = JSON.parse(String(init?.body)) as { subject: string; topic: string };
        const typed = query.topic;
        matches.push(`${query.subject}: ${typed}`);
        return Response.json(MATCHES[typed.toLowerCase()] ?? { status: 'exact', topic: typed, suggestion: null, message: null });
      }
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      requests.push(body);
      const paperTopic = body.specPoints ? `AQA ${(body.specPoints as string[]).join(', ')}` : body.topic;
      return Response.json({ paper: { topic: paperTopic }, questions: [], totalQuestions: 10, note: null }, { status: 201 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: {
  subject: string;
  onTopicMissing?: () => void;
  onGenerated?: (result: GeneratePaperResponse, topic: string) => void;
}) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(
    <PaperGeneratorForm
      courseId="c1"
      subject={props.subject}
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

  it('offers one set of difficulty names: easy, medium and hard', () => {
    renderForm({ subject: 'Chemistry' });
    const options = [...screen.getByLabelText<HTMLSelectElement>('Difficulty').options].map((o) => o.value);
    expect(options).toEqual(['easy', 'medium', 'hard']);
  });

  it('suggests a misspelt topic before generating, then generates on the topic the paper will be on', async () => {
    const onGenerated = vi.fn();
    renderForm({ subject: 'Biology', onGenerated });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'photosynthsis' } });
    fireEvent.click(button());
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Did you mean Photosynthesis?');
    expect(notice.textContent).toContain('the paper will be on Energy transfers in and between organisms');
    expect(matches).toEqual(['Biology: photosynthsis']);
    expect(requests).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Use Energy transfers in and between organisms' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        courseId: 'c1',
        subject: 'Biology',
        topic: 'Energy transfers in and between organisms',
        difficultyLevel: 'medium',
        questionCount: 10,
      },
    ]);
    expect(onGenerated.mock.calls[0][1]).toBe('Energy transfers in and between organisms');
  });

  it('refuses a topic the bank lacks, saying why, without generating', async () => {
    renderForm({ subject: 'Physics' });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Quantum tunnelling' } });
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(
      "No questions on 'quantum tunnelling' yet. Topics available: Electricity, Waves.",
    );
    expect(requests).toEqual([]);
    // Typing again clears the refusal.
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Waves' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PaperGeneratorForm: finer sub-topics (the course board’s specification points)', () => {
  it('offers the points a typed topic names, and draws a paper on the one chosen alone', async () => {
    specification = BIOLOGY_AQA;
    const onGenerated = vi.fn();
    renderForm({ subject: 'Biology', onGenerated });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'enzymes' } });
    const choice = await screen.findByRole('button', { name: 'Practise only 3.1.4 Protein structure and how enzymes work (14 questions)' });
    expect(screen.queryByRole('button', { name: /3\.1\.2/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: 'easy' } });
    fireEvent.click(choice);
    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    expect(requests).toEqual([{ courseId: 'c1', specPoints: ['3.1.4'], difficultyLevel: 'easy', questionCount: 10 }]);
    expect(matches).toEqual([]);
    expect(onGenerated.mock.calls[0][1]).toBe('AQA 3.1.4');
    expect(screen.getByLabelText<HTMLInputElement>('Topic').value).toBe('');
  });

  it('offers them for a misspelt topic once its spelling is suggested', async () => {
    specification = BIOLOGY_AQA;
    renderForm({ subject: 'Biology' });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'photosynthsis' } });
    expect(screen.queryByRole('group', { name: 'Finer sub-topics' })).toBeNull();
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toContain('Did you mean Photosynthesis?');
    expect(screen.getByRole('button', { name: 'Practise only 3.5.1 Photosynthesis (12 questions)' })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('links to the Specification page: to choose points, or first an exam board', async () => {
    specification = BIOLOGY_AQA;
    const { unmount } = renderForm({ subject: 'Biology' });
    expect((await screen.findByRole('link', { name: 'choose specification points' })).getAttribute('href')).toBe(
      '/courses/c1/specification',
    );
    unmount();
    specification = { ...BIOLOGY_AQA, board: null, courseBoard: null, sections: [] };
    renderForm({ subject: 'Biology' });
    expect((await screen.findByRole('link', { name: 'choose your exam board' })).getAttribute('href')).toBe('/courses/c1/specification');
  });
});

describe('paperCreatedMessage', () => {
  const result = (topic: string | null, totalQuestions: number, note: string | null) =>
    ({ paper: { topic }, questions: [], totalQuestions, note }) as unknown as GeneratePaperResponse;

  it('names the topic the paper is on, not the one typed', () => {
    expect(paperCreatedMessage(result('Cells', 10, null), 'cels')).toBe('Created question paper for Cells with 10 questions');
  });

  it('says why a paper has fewer questions than asked for', () => {
    const note = 'You asked for 20 questions but the bank has 14 on Cells; all 14 are included.';
    expect(paperCreatedMessage(result('Cells', 14, note), 'Cells')).toBe(`Created question paper for Cells with 14 questions. ${note}`);
  });

  it('falls back to the typed topic for a paper without one', () => {
    expect(paperCreatedMessage(result(null, 5, null), 'waves')).toBe('Created question paper for waves with 5 questions');
  });
});
