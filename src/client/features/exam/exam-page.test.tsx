// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_TEXT } from '../../../shared/assignment-text';
import type { StudentAssignment } from '../../../shared/assignments';
import { type Answer, type Course, type Paper, type Question, type StoredFeedback } from '../../../shared/practice';
import { ANSWER_CONFLICT_NOTICE, PRACTICE_TEXT } from '../../../shared/practice-text';
import { Toaster } from '../../components/ui/toast';
import { dismissToast } from '../../components/ui/toast-store';
import { createQueryClient } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { ExamPage } from './exam-page';

const AT = '2020-01-01T00:00:00.000Z';
const course: Course = { id: 'c1', title: 'Physics A-Level Practice', subject: 'Physics', totalQuestions: 2, createdAt: AT };
const paper: Paper = {
  id: 'p1',
  courseId: 'c1',
  title: 'Forces paper',
  description: null,
  topic: 'forces',
  difficultyLevel: 'medium',
  totalQuestions: 2,
  createdAt: AT,
  generatedBy: null,
};
const question = (n: number): Question => ({
  id: `q${n}`,
  courseId: 'c1',
  paperId: 'p1',
  questionNumber: n,
  text: `<p>Question text ${n}</p>`,
  type: 'short_answer',
  totalMarks: 2,
  options: null,
  correctAnswer: null,
  topic: null,
});
const submittedAnswer = (text: string): Answer => ({
  id: 'a1',
  questionId: 'q1',
  userId: 'u',
  text,
  submitted: true,
  timeSpentSeconds: 10,
  revision: 1,
  createdAt: AT,
  updatedAt: AT,
});
const feedbackFor = (evaluatedText: string | null): StoredFeedback => ({
  questionId: 'q1',
  marks_awarded: 1,
  total_marks: 2,
  qualitative_feedback: '<p>Half way there.</p>',
  markscheme_evaluation: [
    { point_id: 'p1', text: 'resultant force is zero', status: 'COVERED', justification: 'Covered: "no resultant force" matches.' },
    { point_id: 'p2', text: 'so velocity is constant', status: 'NOT_COVERED', justification: 'Not covered: nothing mentions velocity.' },
  ],
  marked_by: 'the built-in marker',
  disagreements: [],
  createdAt: AT,
  evaluatedText,
});

type Reply = { status: number; body: unknown };
let routes: Record<string, Reply | (() => Reply | Promise<Reply>)>;
let saves: { questionId: string; text: string; submitted: boolean; timeSpentSeconds?: number; revision?: number }[];
/** When set, answers a save instead of the default (which stores it). */
let saveReply: ((body: { text: string; submitted: boolean }) => Response) | null;

beforeEach(() => {
  saves = [];
  saveReply = null;
  routes = {
    'GET /api/courses/c1': { status: 200, body: course },
    'GET /api/question-papers/p1': { status: 200, body: paper },
    'GET /api/question-papers/p1/questions': { status: 200, body: [question(1), question(2)] },
    'GET /api/user/answers': { status: 200, body: [] },
    'GET /api/questions/q1/answer': { status: 200, body: submittedAnswer('first answer') },
    'GET /api/questions/q1/feedback': { status: 200, body: feedbackFor('first answer') },
    'GET /api/questions/q2/answer': { status: 200, body: null },
    'GET /api/questions/q1/markscheme': {
      status: 200,
      body: [
        { id: 'p1', text: 'resultant force is zero', marks: 1 },
        { id: 'p2', text: 'so velocity is constant', marks: 1 },
      ],
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/answers/save') {
        const body = JSON.parse(String(init.body));
        saves.push(body);
        if (saveReply) return saveReply(body);
        return Response.json({ ...submittedAnswer(body.text), questionId: body.questionId, updatedAt: new Date().toISOString() });
      }
      const route = routes[`${init.method} ${url}`];
      const reply = typeof route === 'function' ? await route() : (route ?? { status: 404, body: { message: 'Not found' } });
      return Response.json(reply.body, { status: reply.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderExam(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <Route path="/courses/:courseId/papers/:paperId/questions/:questionId" component={ExamPage} />
        <Route path="/courses/:courseId/papers/:paperId/exam" component={ExamPage} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('ExamPage, a submitted answer', () => {
  it('keeps "Update and Re-evaluate Answer" after the edit is autosaved', async () => {
    renderExam('/courses/c1/papers/p1/questions/q1');
    await screen.findByRole('button', { name: 'Update Answer' });
    fireEvent.change(screen.getByPlaceholderText('Type your answer here...'), { target: { value: 'first answer, improved' } });
    expect(screen.getByRole('button', { name: 'Update and Re-evaluate Answer' })).toBeTruthy();
    await waitFor(() => expect(saves.map((s) => s.text)).toEqual(['first answer, improved']), { timeout: 4000 });
    await screen.findByText('Saved', { exact: true });
    expect(screen.getByRole('button', { name: 'Update and Re-evaluate Answer' })).toBeTruthy();
  });

  it('offers re-evaluation when the answer was changed since it was marked (on a later visit)', async () => {
    routes['GET /api/questions/q1/feedback'] = { status: 200, body: feedbackFor(null) };
    renderExam('/courses/c1/papers/p1/questions/q1');
    await screen.findByText('Half way there.');
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLTextAreaElement>('Type your answer here...').value).toBe('first answer'));
    expect(screen.getByRole('button', { name: 'Update and Re-evaluate Answer' })).toBeTruthy();
  });
});

describe("ExamPage, the header's count of answers saved", () => {
  it('counts the answer on screen as soon as it is saved, before the list of answers is fetched again', async () => {
    // (the list stays as it was: the count must not wait for it)
    renderExam('/courses/c1/papers/p1/questions/q2');
    await screen.findByText('0 of 2 answers saved');
    fireEvent.change(screen.getByPlaceholderText('Type your answer here...'), { target: { value: 'the forces balance' } });
    await waitFor(() => expect(saves.map((s) => s.text)).toEqual(['the forces balance']), { timeout: 4000 });
    await screen.findByText('1 of 2 answers saved');
  });
});

describe('ExamPage, loading the saved answer', () => {
  it('holds the answer box in place, empty and disabled, until the saved answer arrives (nothing below it moves)', async () => {
    let arrive: (reply: Reply) => void = () => undefined;
    routes['GET /api/questions/q1/answer'] = () => new Promise<Reply>((resolve) => (arrive = resolve));
    renderExam('/courses/c1/papers/p1/questions/q1');
    const box = await screen.findByPlaceholderText<HTMLTextAreaElement>('Type your answer here...');
    expect(box.disabled).toBe(true);
    expect(box.value).toBe('');
    expect(screen.getByText('Loading your answer...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Answer' })).toHaveProperty('disabled', true);

    await act(async () => arrive({ status: 200, body: submittedAnswer('first answer') }));
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLTextAreaElement>('Type your answer here...').value).toBe('first answer'));
    expect(screen.getByPlaceholderText('Type your answer here...')).toBe(box); // the same element, not a new one
    expect(box.disabled).toBe(false);
    expect(screen.queryByText('Loading your answer...')).toBeNull();
  });
});

describe('ExamPage, the feedback', () => {
  it("shows each point's marks from the mark scheme beside the marker's decision", async () => {
    renderExam('/courses/c1/papers/p1/questions/q1');
    expect(await screen.findByText('1/1 mark')).toBeTruthy();
    expect(screen.getByText('0/1 mark')).toBeTruthy();
    expect(screen.getByText('Not covered: nothing mentions velocity.')).toBeTruthy();
  });
});

describe('ExamPage, leaving a question', () => {
  it('sends the active seconds spent reading when the student clicks Next without editing', async () => {
    renderExam('/courses/c1/papers/p1/questions/q1');
    await screen.findByRole('button', { name: 'Update Answer' });
    await act(async () => {
      fireEvent.pointerMove(window);
      await new Promise((resolve) => setTimeout(resolve, 2100));
    });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Question 2 of 2');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ questionId: 'q1', text: 'first answer', submitted: false });
    expect(saves[0].timeSpentSeconds).toBeGreaterThanOrEqual(1);
  });
});

describe('ExamPage, where focus goes (keyboard and screen readers)', () => {
  it("moves focus to the feedback's heading once a submitted answer is marked", async () => {
    routes['POST /api/answers/evaluate'] = { status: 200, body: { ...feedbackFor('my answer'), questionId: 'q2' } };
    routes['POST /api/feedback/save'] = { status: 200, body: { ok: true } };
    renderExam('/courses/c1/papers/p1/questions/q2');
    const box = await screen.findByPlaceholderText<HTMLTextAreaElement>('Type your answer here...');
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.change(box, { target: { value: 'my answer' } });
    const submit = screen.getByRole('button', { name: 'Submit Answer' });
    submit.focus();
    fireEvent.click(submit);
    const heading = screen.getByRole('heading', { name: 'AI Feedback' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByText('Half way there.')).toBeTruthy();
  });

  it("moves focus to the new question's answer box after Next and after Previous, once its answer has loaded", async () => {
    let arrive: (reply: Reply) => void = () => undefined;
    routes['GET /api/questions/q2/answer'] = () => new Promise<Reply>((resolve) => (arrive = resolve));
    renderExam('/courses/c1/papers/p1/questions/q1');
    await screen.findByRole('button', { name: 'Update Answer' });
    const next = screen.getByRole('button', { name: /Next/ });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('Question 2 of 2');
    // still loading: the box is disabled and cannot take focus yet
    expect(document.activeElement).not.toBe(screen.getByPlaceholderText('Type your answer here...'));
    await act(async () => arrive({ status: 200, body: null }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByPlaceholderText('Type your answer here...')));
    expect(document.activeElement?.id).toBe('answer-q2');

    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await screen.findByText('Question 1 of 2');
    await waitFor(() => expect(document.activeElement?.id).toBe('answer-q1'));
  });

  it('moves focus to the chosen option of a multiple-choice question, or its first option when none is chosen', async () => {
    const choice: Question = { ...question(2), type: 'multiple_choice', options: { A: 'up', B: 'down', C: 'sideways' } };
    routes['GET /api/question-papers/p1/questions'] = { status: 200, body: [question(1), choice] };
    renderExam('/courses/c1/papers/p1/questions/q1');
    await screen.findByRole('button', { name: 'Update Answer' });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: /A\./ })));

    routes['GET /api/questions/q2/answer'] = { status: 200, body: { ...submittedAnswer('B'), questionId: 'q2', submitted: false } };
    cleanup();
    renderExam('/courses/c1/papers/p1/questions/q1');
    await screen.findByRole('button', { name: 'Update Answer' });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: /B\./ })));
  });
});

describe('ExamPage, bad ids and failures', () => {
  it('says "Question paper not found" for a missing or someone else’s paper', async () => {
    routes['GET /api/question-papers/p1/questions'] = { status: 404, body: { message: PRACTICE_TEXT.paperNotFound } };
    renderExam('/courses/c1/papers/p1/exam');
    expect(await screen.findByRole('heading', { name: PRACTICE_TEXT.paperNotFound })).toBeTruthy();
    expect(screen.getByText(PRACTICE_TEXT.paperNotFoundDetail)).toBeTruthy();
    expect(screen.queryByText('No questions available for this paper.')).toBeNull();
  });

  it('says "Question not found" for a question id that is not in the paper, instead of showing Question 1', async () => {
    renderExam('/courses/c1/papers/p1/questions/not-in-this-paper');
    expect(await screen.findByRole('heading', { name: PRACTICE_TEXT.questionNotFound })).toBeTruthy();
    expect(screen.queryByText('Question 1 of 2')).toBeNull();
  });

  it('offers a retry when the questions fail to load for another reason', async () => {
    let failures = 1;
    routes['GET /api/question-papers/p1/questions'] = () =>
      failures-- > 0 ? { status: 500, body: { message: 'Database unavailable' } } : { status: 200, body: [question(1), question(2)] };
    renderExam('/courses/c1/papers/p1/exam');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Question 1 of 2')).toBeTruthy();
  });
});

describe('ExamPage, the same answer saved from another tab', () => {
  const theirs = { message: 'changed elsewhere', text: 'first answer, rewritten on the phone', revision: 2, submitted: true };

  it('shows both versions when a save is refused as older, and keeps the saved one when the student chooses it', async () => {
    saveReply = () => Response.json(theirs, { status: 409 });
    renderExam('/courses/c1/papers/p1/questions/q1');
    await screen.findByRole('button', { name: 'Update Answer' });
    fireEvent.change(screen.getByPlaceholderText('Type your answer here...'), { target: { value: 'first answer, edited here' } });
    expect(await screen.findByText(ANSWER_CONFLICT_NOTICE, undefined, { timeout: 4000 })).toBeTruthy();
    expect(saves).toEqual([
      { questionId: 'q1', text: 'first answer, edited here', submitted: false, timeSpentSeconds: expect.any(Number), revision: 1 },
    ]);
    expect(screen.getByTestId('conflict-mine').textContent).toBe('first answer, edited here');
    expect(screen.getByTestId('conflict-theirs').textContent).toBe('first answer, rewritten on the phone');
    expect(screen.getByText('Saved from another tab or device (submitted)')).toBeTruthy();
    expect(screen.getByText('Not saved yet: choose a version')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Keep the saved version' }));
    expect(screen.queryByText(ANSWER_CONFLICT_NOTICE)).toBeNull();
    expect(screen.getByPlaceholderText<HTMLTextAreaElement>('Type your answer here...').value).toBe('first answer, rewritten on the phone');
    expect(saves).toHaveLength(1); // nothing to save: the server has it
  });

  it('does not submit over another tab’s newer text: the submission’s 409 opens the same choice', async () => {
    saveReply = (body) =>
      body.submitted
        ? Response.json({ ...theirs, submitted: false }, { status: 409 })
        : Response.json({ message: 'unexpected' }, { status: 500 });
    renderExam('/courses/c1/papers/p1/questions/q2');
    const box = await screen.findByPlaceholderText<HTMLTextAreaElement>('Type your answer here...');
    fireEvent.change(box, { target: { value: 'my answer from the laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByText(ANSWER_CONFLICT_NOTICE)).toBeTruthy();
    expect(saves).toEqual([
      { questionId: 'q2', text: 'my answer from the laptop', submitted: true, timeSpentSeconds: expect.any(Number), revision: 0 },
    ]);
    expect(screen.getByTestId('conflict-mine').textContent).toBe('my answer from the laptop');
    expect(screen.getByTestId('conflict-theirs').textContent).toBe('first answer, rewritten on the phone');
    expect(screen.getByRole('button', { name: 'Combine both' })).toBeTruthy();
  });
});

describe('ExamPage, a paper assigned to a class (issue 30)', () => {
  const assigned = (over: Partial<StudentAssignment> = {}): StudentAssignment => ({
    lateWork: 'refuse',
    timeLimitMinutes: null,
    attempts: 1,
    counts: 'best',
    feedback: 'on_release',
    releasedAt: null,
    released: false,
    assignmentId: 'as1',
    classId: 'k1',
    dueAt: '2026-12-03T17:00:00.000Z',
    startedAt: null,
    deadlineAt: null,
    status: 'in_progress',
    closed: false,
    ...over,
  });

  function renderWithToasts(path: string) {
    renderExam(path);
    render(<Toaster />);
  }
  afterEach(() => act(() => dismissToast()));

  it('a plain 409 on submit (no attempts left) shows the server’s reason in the toast and opens no merge choice', async () => {
    routes['GET /api/question-papers/p1'] = { status: 200, body: { ...paper, assignment: assigned() } };
    saveReply = (body) =>
      body.submitted
        ? Response.json({ message: ASSIGNMENT_TEXT.noAttemptsLeft(1) }, { status: 409 })
        : Response.json({ ...submittedAnswer(body.text), questionId: 'q2', submitted: false, revision: 2 });
    renderWithToasts('/courses/c1/papers/p1/questions/q2');
    const box = await screen.findByPlaceholderText<HTMLTextAreaElement>('Type your answer here...');
    fireEvent.change(box, { target: { value: 'my second try' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByText(ASSIGNMENT_TEXT.noAttemptsLeft(1))).toBeTruthy();
    expect(screen.getByText('Error submitting answer')).toBeTruthy();
    expect(screen.queryByText(ANSWER_CONFLICT_NOTICE)).toBeNull();
    expect(screen.queryByTestId('conflict-mine')).toBeNull();
    expect(screen.queryByText(/^409:/)).toBeNull();
    // the text stays in the box
    expect(box.value).toBe('my second try');
  });

  it('shows the assignment under the title: status, due date, the rules in words and the time left; no tutor until released', async () => {
    const deadlineAt = new Date(Date.now() + 10 * 60_000).toISOString();
    routes['GET /api/question-papers/p1'] = {
      status: 200,
      body: { ...paper, assignment: assigned({ timeLimitMinutes: 45, startedAt: AT, deadlineAt }) },
    };
    renderExam('/courses/c1/papers/p1/questions/q2');
    const line = await screen.findByTestId('assignment-line');
    expect(within(line).getByText('In progress')).toBeTruthy();
    // the words are the spec's, the date and time the browser's locale's (3 Dec 2026, 17:00 in a British one)
    expect(within(line).getByText(`Due ${formatDateTime('2026-12-03T17:00:00.000Z')}`)).toBeTruthy();
    expect(
      within(line).getByText('1 attempt, best counts, feedback when your teacher releases it, 45-minute time limit, late work refused'),
    ).toBeTruthy();
    expect(within(line).getByRole('timer').textContent).toMatch(/^Time left (10:00|09:5\d)$/);
    expect(screen.getByTestId('tutor-withheld').textContent).toBe(ASSIGNMENT_TEXT.tutorWithheld);
    expect(screen.queryByRole('button', { name: 'Ask the tutor' })).toBeNull();
  });
});

describe('ExamPage, powers written with a caret in the question', () => {
  it("shows a plain-text question's carets as superscripts, and the question's HTML still sanitised", async () => {
    routes['GET /api/question-papers/p1/questions'] = {
      status: 200,
      body: [
        { ...question(1), text: 'Differentiate y = 3x^2 + 2x^-1 and e^(0.3x) with respect to x.<img src="x" onerror="alert(1)">' },
        question(2),
      ],
    };
    const { container } = renderExam('/courses/c1/papers/p1/exam');
    const text = await screen.findByText(/Differentiate/);
    expect(text.textContent).toBe('Differentiate y = 3x² + 2x⁻¹ and e0.3x with respect to x.');
    expect(text.querySelector('sup')?.textContent).toBe('0.3x');
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).not.toContain('^');
  });
});
