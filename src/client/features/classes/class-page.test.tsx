// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_TEXT } from '../../../shared/account-data';
import { CLASS_SET_TEXT } from '../../../shared/class-set-text';
import type { ClassDetail, Markbook, StudentAnswer } from '../../../shared/classes';
import { createQueryClient } from '../../lib/api-client';
import { ClassPage } from './class-page';
import { splitLabel } from './components/markbook-table';
import { rankPointMisses, scoreBand } from './markbook-model';

const AT = '2026-11-20T10:00:00.000Z';

const teacherDetail = (over: Partial<ClassDetail> = {}): ClassDetail => ({
  id: 'k1',
  name: '12B Chemistry',
  subject: 'Chemistry',
  role: 'teacher',
  teacherName: 'Ms Rowe',
  studentCount: 2,
  archived: false,
  joinCode: 'ABC2345',
  createdAt: AT,
  joinLink: '/join/ABC2345',
  students: [
    { userId: 'u1', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', joinedAt: AT, lastActivityAt: AT },
    { userId: 'u2', firstName: null, lastName: null, email: 'bo@example.com', joinedAt: AT, lastActivityAt: null },
  ],
  assignments: [
    {
      id: 'a1',
      classId: 'k1',
      paperId: 'p1',
      paperTitle: 'Rates of reaction',
      courseTitle: 'Chemistry A-Level',
      questionCount: 3,
      totalMarks: 9,
      dueAt: '2026-12-01T17:00:00.000Z',
      createdAt: AT,
      settings: {
        lateWork: 'flag',
        timeLimitMinutes: null,
        attempts: null,
        counts: 'last',
        feedback: 'immediate',
        releasedAt: null,
        released: true,
      },
      progress: null,
    },
  ],
  ...over,
});

const markbook: Markbook = {
  questions: [
    { id: 'q1', paperId: 'p1', label: 'Rates Q1', totalMarks: 3, points: [] },
    { id: 'q2', paperId: 'p1', label: 'Rates Q2', totalMarks: 4, points: [] },
    { id: 'q3', paperId: 'p1', label: 'Rates Q3', totalMarks: 2, points: [] },
  ],
  students: [
    {
      userId: 'u1',
      name: 'Ada Byron',
      lastActivityAt: AT,
      timeSpentSeconds: 3900,
      totalMarksAwarded: 4,
      cells: [
        { questionId: 'q1', marksAwarded: 3, totalMarks: 3, answerId: 'ans1' },
        { questionId: 'q2', marksAwarded: 1, totalMarks: 4, answerId: 'ans2' },
        { questionId: 'q3', marksAwarded: null, totalMarks: 2, answerId: null },
      ],
      sheets: [
        {
          id: 'g2',
          source: 'Paper MW-7K3QXP (Rates practice)',
          questionText: 'Define the rate of a reaction.',
          marksAwarded: 2,
          totalMarks: 2,
          gradedAt: '2026-11-22T09:00:00.000Z',
          attachedAt: '2026-11-22T09:05:00.000Z',
          detailedBreakdown: [{ section: 'B1: change in concentration', marksAwarded: 2, maxMarks: 2, comments: '<p>Seen.</p>' }],
        },
        {
          id: 'g1',
          source: 'Your mark scheme',
          questionText: 'Explain why a catalyst speeds up a reaction.',
          marksAwarded: 1,
          totalMarks: 4,
          gradedAt: AT,
          attachedAt: AT,
          detailedBreakdown: [
            {
              section: 'B1: alternative route',
              marksAwarded: 1,
              maxMarks: 1,
              comments: '<p>Stated.</p><img src=x onerror="window.__sheetXss=1">',
            },
            { section: 'B1: lower activation energy', marksAwarded: 0, maxMarks: 3, comments: '<p>Not mentioned.</p>' },
          ],
        },
      ],
    },
    {
      userId: 'u2',
      name: 'bo@example.com',
      lastActivityAt: null,
      timeSpentSeconds: 0,
      totalMarksAwarded: 2,
      cells: [
        { questionId: 'q1', marksAwarded: 2, totalMarks: 3, answerId: 'ans3' },
        { questionId: 'q2', marksAwarded: null, totalMarks: 4, answerId: 'ans4' },
        { questionId: 'q3', marksAwarded: null, totalMarks: 2, answerId: null },
      ],
      sheets: [],
    },
  ],
  // Deliberately not in the order to show: the client ranks by the share who missed.
  pointMisses: [
    { questionId: 'q1', pointId: 'p1', text: 'rate doubles when concentration doubles', missedBy: 1, answeredBy: 2 },
    { questionId: 'q2', pointId: 'p2', text: 'activation energy lowered by the catalyst', missedBy: 1, answeredBy: 1 },
    { questionId: 'q1', pointId: 'p3', text: 'collisions per second increase', missedBy: 0, answeredBy: 2 },
  ],
};

const answerOfAda: StudentAnswer = {
  student: { userId: 'u1', name: 'Ada Byron' },
  question: {
    id: 'q2',
    courseId: 'c1',
    paperId: 'p1',
    questionNumber: 2,
    text: '<p>Explain how a catalyst speeds up a reaction.</p>',
    type: 'short_answer',
    totalMarks: 4,
    options: null,
    correctAnswer: null,
    topic: 'Rates',
  },
  answer: {
    id: 'ans2',
    questionId: 'q2',
    userId: 'u1',
    text: 'It gives the particles more energy.',
    submitted: true,
    timeSpentSeconds: 120,
    revision: 2,
    createdAt: AT,
    updatedAt: AT,
  },
  feedback: {
    questionId: 'q2',
    marks_awarded: 1,
    total_marks: 4,
    qualitative_feedback: 'Partly right.',
    markscheme_evaluation: [
      {
        point_id: 'p1',
        text: 'provides an alternative route',
        status: 'COVERED',
        justification: 'You said another route.',
        marks: 1,
        marks_awarded: 1,
      },
      {
        point_id: 'p2',
        text: 'activation energy lowered by the catalyst',
        status: 'NOT_COVERED',
        justification: 'Not mentioned.',
        marks: 1,
        marks_awarded: 0,
      },
    ],
    disagreements: [],
    createdAt: AT,
    evaluatedText: 'It gives the particles more energy.',
  },
};

let detail: ClassDetail;
let book: Markbook;
let studentAnswer: StudentAnswer;
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  detail = teacherDetail();
  book = markbook;
  studentAnswer = answerOfAda;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && url === '/api/classes/k1') return Response.json(detail);
      if (method === 'GET' && url === '/api/classes/k1/markbook') return Response.json(book);
      if (method === 'GET' && url === '/api/classes/k1/students/u1/answers/q2') return Response.json(studentAnswer);
      if (method === 'POST' && url === '/api/classes/k1/students/u1/answers/q2/self-assessments/p2') {
        const body = JSON.parse(String(init.body)) as { decision: 'confirmed' | 'overridden'; marks_awarded?: number };
        const [entry] = studentAnswer.feedback!.self_assessments ?? [];
        const decided = {
          ...entry!,
          teacher: { decision: body.decision, marks_awarded: body.marks_awarded ?? entry!.marks_awarded, at: AT },
        };
        return Response.json({ ...studentAnswer, feedback: { ...studentAnswer.feedback!, self_assessments: [decided] } });
      }
      if (method === 'POST' && url === '/api/classes/k1/code') {
        detail = teacherDetail({ joinCode: 'NEW7777', joinLink: '/join/NEW7777' });
        return Response.json({ joinCode: 'NEW7777', joinLink: '/join/NEW7777' });
      }
      if (method === 'DELETE' && url === '/api/classes/k1/students/u2') {
        detail = teacherDetail({ students: detail.students!.slice(0, 1), studentCount: 1 });
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH' && url === '/api/classes/k1') {
        const body = JSON.parse(String(init.body)) as { name?: string; archived?: boolean };
        detail = { ...detail, ...body };
        return Response.json(detail);
      }
      if (method === 'GET' && url === '/api/courses') {
        return Response.json([{ id: 'c1', title: 'Chemistry A-Level', subject: 'Chemistry', totalQuestions: 10, createdAt: AT }]);
      }
      if (method === 'GET' && url === '/api/courses/c1/question-papers') {
        return Response.json([
          {
            id: 'p7',
            courseId: 'c1',
            title: 'Energetics',
            description: null,
            topic: 'Energetics',
            difficultyLevel: 'medium',
            totalQuestions: 5,
            createdAt: AT,
            generatedBy: null,
          },
        ]);
      }
      if (method === 'POST' && url === '/api/classes/k1/assignments') return Response.json({ id: 'a2' }, { status: 201 });
      return Response.json({ message: 'Class not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderClass(id = 'k1') {
  const { hook } = memoryLocation({ path: `/classes/${id}` });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <Route path="/classes/:classId" component={ClassPage} />
      </Router>
    </QueryClientProvider>,
  );
}

/** Radix tabs switch on mousedown (and on keyboard focus), not on click. */
function openTab(name: RegExp | string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0, ctrlKey: false });
  return tab;
}

describe('markbook model', () => {
  it('bands a mark by its share of the total: 80% and 40% thresholds, none when unmarked', () => {
    expect(scoreBand({ marksAwarded: 4, totalMarks: 5 })).toBe('high');
    expect(scoreBand({ marksAwarded: 3, totalMarks: 4 })).toBe('mid');
    expect(scoreBand({ marksAwarded: 2, totalMarks: 5 })).toBe('mid');
    expect(scoreBand({ marksAwarded: 1, totalMarks: 4 })).toBe('low');
    expect(scoreBand({ marksAwarded: null, totalMarks: 4 })).toBe('none');
  });

  it("splits a column's label into the paper's title and the question's short name", () => {
    expect(splitLabel('Rates of reaction (Medium) Q3')).toEqual({ paper: 'Rates of reaction (Medium)', question: 'Q3' });
    expect(splitLabel('Question 3')).toEqual({ paper: '', question: 'Question 3' });
  });

  it('ranks the points missed most first, by the share of answering students who missed them', () => {
    expect(rankPointMisses(markbook).map((p) => [p.pointId, p.missRate])).toEqual([
      ['p2', 100],
      ['p1', 50],
      ['p3', 0],
    ]);
  });
});

describe('ClassPage (teacher)', () => {
  it('shows the class, its join code and link, assignments and students, and titles the tab by the class', async () => {
    renderClass();
    expect(await screen.findByRole('heading', { level: 1, name: '12B Chemistry' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('12B Chemistry - Markwell'));
    expect(screen.getByText('ABC2345')).toBeTruthy();
    expect((screen.getByLabelText('Join link') as HTMLInputElement).value).toBe(`${window.location.origin}/join/ABC2345`);
    const assigned = screen.getByRole('list', { name: 'Assigned papers' });
    expect(within(assigned).getByText('Rates of reaction')).toBeTruthy();
    expect(within(assigned).getByText(/Due 12\/1\/2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Assign a paper' })).toBeTruthy();

    openTab(/Students/);
    const students = await screen.findByRole('list', { name: 'Students' });
    expect(within(students).getByText('Ada Byron')).toBeTruthy();
    // A student without a name is shown by their email.
    expect(within(students).getAllByText('bo@example.com').length).toBeGreaterThan(0);
  });

  it('offers each assignment as a class set PDF, downloaded with the session cookie; not while the class has no students', async () => {
    renderClass();
    const assigned = await screen.findByRole('list', { name: 'Assigned papers' });
    const link = within(assigned).getByRole('link', { name: 'Print class set: Rates of reaction' });
    expect(link.getAttribute('href')).toBe('/api/classes/k1/assignments/a1/class-set.pdf');
    expect(link.hasAttribute('download')).toBe(true);
    cleanup();

    detail = teacherDetail({ students: [], studentCount: 0 });
    renderClass();
    const empty = await screen.findByRole('list', { name: 'Assigned papers' });
    expect(within(empty).queryByRole('link', { name: /Print class set/ })).toBeNull();
    const button = within(empty).getByRole('button', { name: /Print class set/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(CLASS_SET_TEXT.noStudents);
  });

  it('asks before making a new code, and shows the new one', async () => {
    renderClass();
    fireEvent.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a new join code?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new code' }));
    expect(await screen.findByText('NEW7777')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/classes/k1/code']);
  });

  it('renames the class (a blank name is refused before sending) and archives it after asking', async () => {
    renderClass();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const form = screen.getByRole('form', { name: 'Rename class' });
    fireEvent.change(within(form).getByLabelText('Class name'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(within(form).getByText('Please enter a class name')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(within(form).getByLabelText('Class name'), { target: { value: '12B Chemistry (set 2)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { level: 1, name: '12B Chemistry (set 2)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Archive class' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Archive this class?' })).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Restore class' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Assign a paper' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ name: '12B Chemistry (set 2)' }, { archived: true }]);
  });

  it("assigns one of the teacher's papers with a due date at the end of the chosen day", async () => {
    renderClass();
    fireEvent.click(await screen.findByRole('button', { name: 'Assign a paper' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign a paper' });
    const course = await within(dialog).findByLabelText('Course');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign paper' }));
    expect(within(dialog).getByText('Please choose a question paper')).toBeTruthy();
    fireEvent.change(course, { target: { value: 'c1' } });
    await within(dialog).findByRole('option', { name: 'Energetics (5 questions)' });
    fireEvent.change(within(dialog).getByLabelText('Question paper'), { target: { value: 'p7' } });
    // a week from today: a due date set now must be in the future
    const week = new Date(Date.now() + 7 * 86_400_000);
    const day = `${week.getFullYear()}-${String(week.getMonth() + 1).padStart(2, '0')}-${String(week.getDate()).padStart(2, '0')}`;
    fireEvent.change(within(dialog).getByLabelText('Due date (optional)'), { target: { value: day } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign paper' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/classes/k1/assignments')!;
    expect(post.body).toEqual({
      paperId: 'p7',
      dueAt: new Date(`${day}T23:59:00`).toISOString(),
      lateWork: 'flag',
      timeLimitMinutes: null,
      attempts: null,
      counts: 'last',
      feedback: 'immediate',
    });
  });

  it('asks before removing a student, then removes them', async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab(/Students/);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove bo@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove bo@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove bo@example.com' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove student' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove bo@example.com' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/classes/k1/students/u2']);
  });

  it('markbook: every mark written as numbers and coloured by its band, a colour key, the most-missed points first, CSV link', async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    const table = await screen.findByRole('table');

    const full = within(table).getByRole('button', { name: 'Ada Byron, Rates Q1: 3 of 3 marks, 80% or more. Open the answer' });
    expect(full.textContent).toBe('3/3');
    expect(full.className).toContain('bg-emerald-100');
    const low = within(table).getByRole('button', { name: /Ada Byron, Rates Q2: 1 of 4 marks, Under 40%/ });
    expect(low.textContent).toBe('1/4');
    expect(low.className).toContain('bg-rose-100');
    const mid = within(table).getByRole('button', { name: /bo@example.com, Rates Q1: 2 of 3 marks, 40% to 79%/ });
    expect(mid.textContent).toBe('2/3');
    expect(mid.className).toContain('bg-amber-100');
    expect(within(table).getByRole('button', { name: /bo@example.com, Rates Q2: answered, not marked yet/ }).textContent).toBe('Unmarked');
    expect(within(table).getAllByText('not answered')).toHaveLength(2);

    const ada = within(table).getByRole('row', { name: /Ada Byron/ });
    expect(within(ada).getByText('4/9')).toBeTruthy();
    expect(within(ada).getByText('1 h 05 min')).toBeTruthy();
    expect(within(ada).getByText('11/20/2026')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /bo@example.com/ })).getByText('None yet')).toBeTruthy();

    const key = screen.getByRole('list', { name: 'Colour key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['80% or more', '40% to 79%', 'Under 40%', 'Not answered or not marked']);

    const misses = screen.getAllByTestId('point-miss').map((li) => li.textContent);
    expect(misses[0]).toContain('activation energy lowered by the catalyst');
    expect(misses[0]).toContain('Missed by 1 of 1 (100%)');
    expect(misses[1]).toContain('Missed by 1 of 2 (50%)');
    expect(misses[2]).toContain('Missed by 0 of 2 (0%)');

    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/classes/k1/markbook.csv');
  });

  it("opens a student's answer with its point-by-point feedback from a markbook cell", async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    fireEvent.click(await screen.findByRole('button', { name: /Ada Byron, Rates Q2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Byron · Rates Q2' });
    expect(await within(dialog).findByText('It gives the particles more energy.')).toBeTruthy();
    expect(within(dialog).getByText('Explain how a catalyst speeds up a reaction.')).toBeTruthy();
    expect(within(dialog).getByTestId('answer-marks').textContent).toBe('1 / 4 marks');
    const points = within(dialog).getAllByRole('listitem');
    expect(points.map((p) => p.getAttribute('data-status'))).toEqual(['COVERED', 'NOT_COVERED']);
    expect(points[0]!.textContent).toContain('Covered: provides an alternative route1/1');
    expect(points[1]!.textContent).toContain('Not covered: activation energy lowered by the catalyst0/1');
    expect(within(dialog).getByText('Not mentioned.')).toBeTruthy();
  });
});

describe('ClassPage: powers written with a caret in the answer dialog', () => {
  it("shows the question's and the feedback's carets as superscripts, the question's HTML still sanitised", async () => {
    const feedback = answerOfAda.feedback!;
    studentAnswer = {
      ...answerOfAda,
      question: { ...answerOfAda.question, text: 'Rate = k[A]^2; k is 4.5 × 10^-7 mol^-1 s^-1 at 298 K.<img src="x" onerror="alert(1)">' },
      feedback: {
        ...feedback,
        markscheme_evaluation: [
          { ...feedback.markscheme_evaluation[0]!, text: 'units mol^-1 dm^3 s^-1', justification: 'You wrote dm^3.', note: 'k in s^-1' },
          { ...feedback.markscheme_evaluation[1]!, text: 'rate rises by e^(Ea/RT)' },
        ],
      },
    };
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    fireEvent.click(await screen.findByRole('button', { name: /Ada Byron, Rates Q2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Byron · Rates Q2' });
    await within(dialog).findByTestId('answer-marks');
    const question = within(dialog).getByRole('region', { name: 'Question' });
    expect(question.textContent).toBe('QuestionRate = k[A]²; k is 4.5 × 10⁻⁷ mol⁻¹ s⁻¹ at 298 K.');
    expect(question.querySelector('[onerror]')).toBeNull();
    const points = within(dialog).getAllByRole('listitem');
    expect(points[0]!.textContent).toContain('units mol⁻¹ dm³ s⁻¹');
    expect(points[0]!.textContent).toContain('You wrote dm³.');
    expect(points[0]!.textContent).toContain('k in s⁻¹');
    expect(points[1]!.querySelector('sup')?.textContent).toBe('Ea/RT');
    expect(within(dialog).getByRole('region', { name: 'Feedback' }).textContent).not.toContain('^');
  });
});

describe('ClassPage: marked sheets in the markbook', () => {
  it('lists the sheets attached to each student, newest first, with marks, coloured, and the date graded', async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    const section = (await screen.findByRole('heading', { name: 'Marked sheets' })).closest('section')!;
    const list = within(section).getByRole('list', { name: 'Marked sheets by student' });
    // Only the student with sheets is listed.
    expect(within(list).getByRole('heading', { level: 3, name: 'Ada Byron' })).toBeTruthy();
    expect(within(list).queryByText('bo@example.com')).toBeNull();
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ada Byron: Define the rate of a reaction., 2 of 2 marks, graded 11/22/2026. Open the breakdown',
      'Ada Byron: Explain why a catalyst speeds up a reaction., 1 of 4 marks, graded 11/20/2026. Open the breakdown',
    ]);
    expect(within(buttons[0]!).getByText('2/2').className).toContain('bg-emerald-100');
    expect(within(buttons[1]!).getByText('1/4').className).toContain('bg-rose-100');
    // The sheets are not in the table's totals.
    expect(within(within(screen.getByRole('table')).getByRole('row', { name: /Ada Byron/ })).getByText('4/9')).toBeTruthy();
  });

  it('opens a sheet with its per-point breakdown, its HTML sanitised', async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    fireEvent.click(await screen.findByRole('button', { name: /Explain why a catalyst speeds up a reaction/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Byron · marked sheet' });
    expect(within(dialog).getByTestId('sheet-marks').textContent).toBe('1 / 4 marks');
    const points = within(dialog).getAllByRole('listitem');
    expect(points.map((p) => p.textContent)).toEqual(['B1: alternative route1/1Stated.', 'B1: lower activation energy0/3Not mentioned.']);
    expect(dialog.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect((window as { __sheetXss?: number }).__sheetXss).toBeUndefined();
    expect(within(dialog).getByText(/marked against Your mark scheme/)).toBeTruthy();
  });

  it('shows the sheets even before a paper is assigned, and says how to add one when there are none', async () => {
    book = { questions: [], pointMisses: [], students: markbook.students.map((s) => ({ ...s, cells: [] })) };
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    expect(await screen.findByText('The markbook is empty')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Open the breakdown/ })).toHaveLength(2);
    cleanup();
    book = { ...book, students: book.students.map((s) => ({ ...s, sheets: [] })) };
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    expect(await screen.findByText(/No marked sheets yet\. On Teacher Grading/)).toBeTruthy();
  });
});

describe('ClassPage (student and errors)', () => {
  it("shows a student the class's teacher and assignments with their own progress and a link to the paper", async () => {
    detail = teacherDetail({
      role: 'student',
      joinCode: null,
      joinLink: null,
      students: null,
      assignments: [
        {
          ...teacherDetail().assignments[0]!,
          dueAt: '2026-01-05T17:00:00.000Z',
          progress: { answered: 1, marksAwarded: 2, score: 22.2, finished: false },
        },
      ],
    });
    renderClass();
    expect(await screen.findByText('Teacher: Ms Rowe')).toBeTruthy();
    expect(screen.queryByText('Join code')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('Overdue · was due 1/5/2026')).toBeTruthy();
    expect(screen.getByText('1 of 3 answered')).toBeTruthy();
    expect(screen.getByText('Score so far: 22.2%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Rates of reaction' }).getAttribute('href')).toBe('/question-papers/p1');
  });

  it('tells a student why the class is archived when its teacher deleted their account (issue 25)', async () => {
    const notice = ACCOUNT_DATA_TEXT.teacherLeft('12B Chemistry');
    detail = teacherDetail({
      role: 'student',
      teacherName: ACCOUNT_DATA_TEXT.formerTeacher,
      archived: true,
      notice,
      joinCode: null,
      joinLink: null,
      students: null,
      assignments: [],
    });
    renderClass();
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.getByText(notice).getAttribute('role')).toBe('status');
    expect(notice).toContain('12B Chemistry (class papers)');
    expect(screen.getByText(`Teacher: ${ACCOUNT_DATA_TEXT.formerTeacher}`)).toBeTruthy();
    expect(screen.getByText('Archived')).toBeTruthy();
  });

  it('says the class was not found for an unknown id', async () => {
    renderClass('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Classes' }).getAttribute('href')).toBe('/classes');
  });

  it('marks a cell with self-assessed marks, and lets the teacher confirm or override the self-assessed point', async () => {
    const [ada, ...others] = markbook.students;
    book = {
      ...markbook,
      students: [
        {
          ...ada!,
          cells: ada!.cells.map((c) =>
            c.questionId === 'q2' ? { ...c, marksAwarded: 2, selfAssessedMarks: 1, selfAssessmentsPending: 1 } : c,
          ),
        },
        ...others,
      ],
    };
    studentAnswer = {
      ...answerOfAda,
      feedback: {
        ...answerOfAda.feedback!,
        marks_awarded: 2,
        self_assessments: [{ point_id: 'p2', marks_awarded: 1, at: AT }],
        self_assessed_marks: 1,
      },
    };
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    const cell = await screen.findByRole('button', { name: /Ada Byron, Rates Q2: 2 of 4 marks, .*includes self-assessed points/ });
    expect(within(cell).getByTestId('self-assessed-badge').textContent).toBe('self-assessed');
    expect(screen.getAllByTestId('self-assessed-badge')).toHaveLength(1);
    fireEvent.click(cell);
    const dialog = await screen.findByRole('dialog', { name: 'Ada Byron · Rates Q2' });
    expect((await within(dialog).findByTestId('answer-marks')).textContent).toBe('2 / 4 marks(1 mark self-assessed)');
    const box = within(dialog).getByTestId('teacher-self-assessed');
    expect(box.closest('li')!.textContent).toContain('activation energy lowered by the catalyst');
    expect(box.textContent).toContain('Ada Byron gave themselves 1 of 1 mark');
    const decide = within(box).getByRole('group', { name: 'Decide the self-assessed point: activation energy lowered by the catalyst' });
    expect(within(decide).getByRole('button', { name: 'Override: give 0/1' })).toBeTruthy();
    fireEvent.click(within(decide).getByRole('button', { name: 'Confirm 1/1' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/classes/k1/students/u1/answers/q2/self-assessments/p2',
        body: { decision: 'confirmed' },
      }),
    );
    expect((await within(dialog).findByTestId('teacher-decision')).textContent).toBe('You confirmed this mark.');
    expect(within(dialog).queryByRole('button', { name: 'Confirm 1/1' })).toBeNull();
  });
});
