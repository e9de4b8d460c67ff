// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '../../../../shared/practice';
import type { TopicMatch } from '../../../../shared/topics';
import { createQueryClient } from '../../../lib/api-client';
import { generatePracticePaper } from '../api/generate-practice-paper';
import { PracticePaperDialog } from './practice-paper-dialog';

const PAPER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Biology: Enzymes practice paper</title>
<style>
  .lines { border-bottom: 1px solid #999; }
  @media print { .question { page-break-inside: avoid; } }
</style>
</head>
<body>
<header><h1>Biology: Enzymes</h1></header>
<main><section class="question"><h2>Question 1</h2><div class="text">Describe the induced-fit model.</div><img src="x" onerror="steal()"><script>steal()</script></section></main>
</body>
</html>`;
const FILENAME = 'biology-enzymes-practice-paper.html';

type Sent = { url: string; method: string | undefined; body: Record<string, unknown> };
let sent: Sent[] = [];
/** Order of the calls that matter: the window must be opened before the request goes out. */
let order: string[] = [];
let respond: () => Promise<Response>;
let matchesAsked: string[] = [];
let topicMatch: (topic: string) => TopicMatch;
/** What GET /api/courses answers. */
let courses: Course[] = [];
let coursesRead = 0;

function stubWindow() {
  return {
    document: { open: vi.fn(), write: vi.fn(), close: vi.fn() },
    focus: vi.fn(),
    print: vi.fn(),
    close: vi.fn(),
    closed: false,
    opener: {} as unknown,
  };
}
let popup: ReturnType<typeof stubWindow> | null;
let openSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sent = [];
  order = [];
  matchesAsked = [];
  courses = [];
  coursesRead = 0;
  topicMatch = (topic) => ({ status: 'exact', topic, suggestion: null, message: null });
  popup = stubWindow();
  respond = async () => Response.json({ filename: FILENAME, html: PAPER_HTML });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/courses') {
        coursesRead++;
        return Response.json(courses);
      }
      // The topic is checked first (issue 27): as named unless the test says otherwise.
      if (url === '/api/topics/match') {
        const asked = JSON.parse(String(init.body)) as { subject: string; topic: string };
        matchesAsked.push(`${asked.subject}: ${asked.topic}`);
        return Response.json(topicMatch(asked.topic));
      }
      order.push('fetch');
      sent.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
      return respond();
    }),
  );
  openSpy = vi.fn(() => {
    order.push('open');
    return popup;
  });
  vi.stubGlobal('open', openSpy);
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderDialog(withQueries = false) {
  // the app's client (its default query function reads GET urls) when the dialog is to read the student's courses
  const client = withQueries ? createQueryClient() : new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(<PracticePaperDialog />, { wrapper });
}

const trigger = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Practice paper PDF' });
const generateButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Generate PDF|Generating\.\.\.)$/ });
const subjectField = () => screen.getByLabelText<HTMLInputElement>('Subject');
const topicField = () => screen.getByLabelText<HTMLInputElement>('Topic');
const difficultyField = () => screen.getByLabelText<HTMLSelectElement>('Difficulty');
const answersBox = () => screen.getByLabelText<HTMLInputElement>('Include answer keys (for teachers)');
const schemesBox = () => screen.getByLabelText<HTMLInputElement>('Include mark schemes (for teachers)');

function openAndFill(subject = 'Biology', topic = 'Enzymes') {
  fireEvent.click(trigger());
  fireEvent.change(subjectField(), { target: { value: subject } });
  fireEvent.change(topicField(), { target: { value: topic } });
}

/** What was written into the popup after the placeholder: the paper, if anything. */
function writtenPaper(): string | undefined {
  const writes = popup!.document.write.mock.calls.map(([html]) => String(html));
  return writes.find((html) => html.includes('Describe the induced-fit model.'));
}

describe('PracticePaperDialog', () => {
  it('downloads the PDF, then offers the same paper again by its code (student copy, with key, with scheme)', async () => {
    respond = async () =>
      new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf', 'x-paper-code': 'MW-7USY7T' } });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:paper'), revokeObjectURL: vi.fn() });
    renderDialog();
    openAndFill();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF file' }));
    await waitFor(() => expect(screen.getByText('MW-7USY7T')).toBeTruthy());
    expect(sent[0].body).toMatchObject({ subject: 'Biology', topic: 'Enzymes', format: 'pdf' });
    expect(screen.getByRole('link', { name: 'student copy' }).getAttribute('href')).toBe('/api/practice-papers/MW-7USY7T/pdf');
    expect(screen.getByRole('link', { name: 'with answer key' }).getAttribute('href')).toBe(
      '/api/practice-papers/MW-7USY7T/pdf?include=answers',
    );
    expect(screen.getByRole('link', { name: 'with answer key and mark scheme' }).getAttribute('href')).toBe(
      '/api/practice-papers/MW-7USY7T/pdf?include=answers,scheme',
    );
  });

  it('opens from the home-screen button with the cursor in Subject, and returns focus to the button on Escape', async () => {
    renderDialog();
    fireEvent.click(trigger());
    expect(screen.getByRole('dialog', { name: 'Practice paper PDF' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(subjectField()));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
  });

  it('keeps Generate PDF disabled, with the required message, until both subject and topic are filled', () => {
    renderDialog();
    fireEvent.click(trigger());
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText('Please enter both subject and topic')).toBeTruthy();

    fireEvent.change(subjectField(), { target: { value: 'Biology' } });
    expect(generateButton().disabled).toBe(true);
    fireEvent.change(topicField(), { target: { value: '   ' } });
    expect(generateButton().disabled).toBe(true);
    // Enter in a field (a submit of the form) does nothing either.
    fireEvent.submit(generateButton().closest('form')!);
    expect(sent).toEqual([]);
    expect(openSpy).not.toHaveBeenCalled();

    fireEvent.change(topicField(), { target: { value: 'Enzymes' } });
    expect(generateButton().disabled).toBe(false);
    expect(screen.queryByText('Please enter both subject and topic')).toBeNull();
    fireEvent.change(subjectField(), { target: { value: '' } });
    expect(generateButton().disabled).toBe(true);
  });

  it('opens the window on the click itself, then sends subject, topic and the defaults (10 questions, medium, no extras)', async () => {
    renderDialog();
    fireEvent.click(trigger());
    expect(difficultyField().value).toBe('medium');
    expect([...difficultyField().options].map((o) => o.value)).toEqual(['easy', 'medium', 'hard']);
    fireEvent.change(subjectField(), { target: { value: '  Biology ' } });
    fireEvent.change(topicField(), { target: { value: ' Enzymes  ' } });
    fireEvent.click(generateButton());

    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(order).toEqual(['open', 'fetch']);
    expect(sent[0]).toEqual({
      url: '/api/generate-custom-pdf',
      method: 'POST',
      body: {
        subject: 'Biology',
        topic: 'Enzymes',
        questionCount: 10,
        difficultyLevel: 'medium',
        includeAnswers: false,
        includeMarkScheme: false,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the chosen number of questions, difficulty and teachers’ options', async () => {
    renderDialog();
    openAndFill('Chemistry', 'Kinetics');
    const slider = screen.getByRole('slider', { name: 'Number of Questions' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.change(difficultyField(), { target: { value: 'hard' } });
    fireEvent.click(answersBox());
    fireEvent.click(schemesBox());
    fireEvent.click(generateButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({
      subject: 'Chemistry',
      topic: 'Kinetics',
      questionCount: 12,
      difficultyLevel: 'hard',
      includeAnswers: true,
      includeMarkScheme: true,
    });
  });

  it('shows the generating state while the paper is being made', async () => {
    let finish!: () => void;
    respond = () =>
      new Promise<Response>((resolve) => {
        finish = () => resolve(Response.json({ filename: FILENAME, html: PAPER_HTML }));
      });
    renderDialog();
    openAndFill();
    fireEvent.click(generateButton());

    await waitFor(() => expect(generateButton().textContent?.trim()).toBe('Generating...'));
    expect(generateButton().disabled).toBe(true);
    expect(subjectField().disabled).toBe(true);
    expect(topicField().disabled).toBe(true);
    // A second press while generating sends nothing more.
    fireEvent.submit(generateButton().closest('form')!);
    expect(sent).toHaveLength(1);
    expect(openSpy).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('writes the paper into the opened window, prints it after 500 ms, closes the dialog and resets every field', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderDialog();
    openAndFill();
    fireEvent.change(difficultyField(), { target: { value: 'easy' } });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Number of Questions' }), { key: 'ArrowLeft' });
    fireEvent.click(answersBox());
    fireEvent.click(schemesBox());
    fireEvent.click(generateButton());

    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const paper = writtenPaper();
    expect(paper).toBeDefined();
    expect(paper).toMatch(/^<!doctype html>/i);
    expect(paper).toContain('<title>Biology: Enzymes practice paper</title>');
    expect(paper).toContain('@media print');
    // Sanitised on the way in: no script, no handler.
    expect(paper).not.toContain('<script');
    expect(paper).not.toContain('onerror');
    expect(popup!.document.close).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(popup!.print).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(popup!.print).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(popup!.print).toHaveBeenCalledTimes(1);
    expect(popup!.close).not.toHaveBeenCalled();

    fireEvent.click(trigger());
    expect(subjectField().value).toBe('');
    expect(topicField().value).toBe('');
    expect(difficultyField().value).toBe('medium');
    expect(screen.getByRole('slider', { name: 'Number of Questions' }).getAttribute('aria-valuenow')).toBe('10');
    expect(answersBox().checked).toBe(false);
    expect(schemesBox().checked).toBe(false);
    expect(generateButton().disabled).toBe(true);
  });

  it('on a non-OK response shows the exact error, closes the blank window and keeps the dialog and fields', async () => {
    respond = async () => new Response('Internal Server Error', { status: 500 });
    renderDialog();
    openAndFill();
    fireEvent.click(generateButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to generate PDF. Please try again.');
    expect(popup!.close).toHaveBeenCalledTimes(1);
    expect(writtenPaper()).toBeUndefined();
    expect(popup!.print).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(subjectField().value).toBe('Biology');
    expect(topicField().value).toBe('Enzymes');
    expect(generateButton().disabled).toBe(false);
    expect(generateButton().textContent?.trim()).toBe('Generate PDF');
  });

  it('adds the reason the server gave when it refused the request', async () => {
    const reason = 'The built-in question bank has no Astrology. Configure an AI provider for other subjects.';
    respond = async () => Response.json({ message: reason }, { status: 422 });
    renderDialog();
    openAndFill('Astrology', 'Charts');
    fireEvent.click(generateButton());

    const alert = await screen.findByRole('alert');
    expect(screen.getByText('Failed to generate PDF. Please try again.')).toBeTruthy();
    expect(alert.textContent).toContain(reason);
    expect(popup!.close).toHaveBeenCalledTimes(1);
  });

  it('refuses a topic the subject lacks, as the course page does, before printing anything (issue 27)', async () => {
    const message = "No questions on 'Quantum tunnelling' yet. Topics available: Electricity, Waves.";
    topicMatch = () => ({ status: 'unknown', topic: null, suggestion: null, message });
    renderDialog();
    openAndFill('Physics', 'Quantum tunnelling');
    fireEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(matchesAsked).toEqual(['Physics: Quantum tunnelling']);
    expect(sent).toEqual([]);
    expect(popup!.close).toHaveBeenCalledTimes(1);
  });

  it('suggests a misspelt topic, then prints the paper on the topic it will be on', async () => {
    topicMatch = () => ({
      status: 'near',
      topic: 'Energy transfers in and between organisms',
      suggestion: 'Photosynthesis',
      message: null,
    });
    renderDialog();
    openAndFill('Biology', 'photosynthsis');
    fireEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Did you mean Photosynthesis?');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Use Energy transfers in and between organisms' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ subject: 'Biology', topic: 'Energy transfers in and between organisms' });
  });

  it('for part of a topic, points to where its finer sub-topics are: the student’s course of the subject', async () => {
    topicMatch = () => ({ status: 'near', topic: 'Biological molecules', suggestion: null, message: null });
    courses = [
      { id: 'c9', title: 'Physics A-Level Practice', subject: 'Physics', totalQuestions: 10, createdAt: '2026-01-01T00:00:00Z' },
      { id: 'c7', title: 'Biology A-Level Practice', subject: 'Biology', totalQuestions: 10, createdAt: '2026-01-01T00:00:00Z' },
    ];
    renderDialog(true);
    openAndFill('biology', 'enzymes');
    expect(coursesRead).toBe(0);
    fireEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain('the paper will be on Biological molecules');
    expect((await screen.findByRole('link', { name: 'Biology A-Level Practice' })).getAttribute('href')).toBe('/courses/c7');
    expect(screen.getByRole('link', { name: 'Specification page' }).getAttribute('href')).toBe('/courses/c7/specification');
    expect(screen.getByText(/^Only enzymes\?/).textContent).toContain('the topic field offers your exam board’s finer sub-topics');
    expect(sent).toEqual([]);
  });

  it('without a course of the subject, says a course offers them; for a topic as named, says nothing', async () => {
    topicMatch = (topic) =>
      topic === 'enzymes'
        ? { status: 'near', topic: 'Biological molecules', suggestion: null, message: null }
        : { status: 'near', topic: 'Biological molecules', suggestion: 'Biological molecules', message: null };
    renderDialog(true);
    openAndFill('Biology', 'enzymes');
    fireEvent.click(generateButton());
    expect(
      (
        await screen.findByText(
          'Only enzymes? A Biology course (New Course) offers your exam board’s finer sub-topics, such as a single specification point.',
        )
      ).tagName,
    ).toBe('P');
    fireEvent.change(topicField(), { target: { value: 'biologcal molecules' } });
    fireEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Did you mean Biological molecules?');
    expect(screen.queryByText(/^Only /)).toBeNull();
  });

  it('when the window was blocked, offers the paper as a blob: link instead', async () => {
    popup = null;
    const blobs: Blob[] = [];
    // jsdom has no blob: URLs; these stand in for the browser's.
    const revoke = vi.fn();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:http://localhost/paper-1';
      },
      revokeObjectURL: revoke,
    });
    renderDialog();
    openAndFill();
    fireEvent.click(answersBox());
    fireEvent.click(generateButton());

    const open = await screen.findByRole<HTMLAnchorElement>('link', { name: 'Open practice paper' });
    expect(open.getAttribute('href')).toBe('blob:http://localhost/paper-1');
    expect(open.getAttribute('target')).toBe('_blank');
    const download = screen.getByRole<HTMLAnchorElement>('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe(FILENAME);
    expect(blobs).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader(); // jsdom's Blob has no text()
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(blobs[0].type).toBe('text/html;charset=utf-8');
    expect(text).toContain('Describe the induced-fit model.');
    expect(text).not.toContain('<script');

    fireEvent.click(screen.getByRole('button', { name: 'Make another paper' }));
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/paper-1');
    expect(subjectField().value).toBe('');
    expect(answersBox().checked).toBe(false);
  });
});

describe('generatePracticePaper', () => {
  it('throws “Failed to generate PDF” on a non-OK response, keeping the client error as the cause', async () => {
    respond = async () => new Response('nope', { status: 503 });
    const error = await generatePracticePaper({
      subject: 'Physics',
      topic: 'Waves',
      questionCount: 10,
      difficultyLevel: 'medium',
      includeAnswers: false,
      includeMarkScheme: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Failed to generate PDF');
    expect(((error as Error).cause as Error).message).toBe('503: nope');
  });
});
