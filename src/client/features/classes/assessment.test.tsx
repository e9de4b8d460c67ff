// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_TEXT } from '../../../shared/assignment-text';
import type { AssignmentSettings, OverrideResponse, RemarkSummary } from '../../../shared/assignments';
import type { Assignment, ClassDetail, Markbook, StudentAnswer } from '../../../shared/classes';
import { createQueryClient } from '../../lib/api-client';
import { settingsInWords } from '../../lib/assignment-words';
import { formatDate, formatDateTime } from '../../lib/format';
import { dateOfDueAt } from './assignment-settings-model';
import { ClassPage } from './class-page';

const AT = '2026-11-20T10:00:00.000Z';
const FUTURE_DUE = new Date(Date.now() + 10 * 86_400_000).toISOString();

const settings = (over: Partial<AssignmentSettings> = {}): AssignmentSettings => ({
  lateWork: 'flag',
  timeLimitMinutes: null,
  attempts: null,
  counts: 'last',
  feedback: 'immediate',
  releasedAt: null,
  released: true,
  ...over,
});

const assignment = (over: Partial<Assignment> = {}): Assignment => ({
  id: 'a1',
  classId: 'k1',
  paperId: 'p1',
  paperTitle: 'Rates of reaction',
  courseTitle: 'Chemistry A-Level',
  questionCount: 2,
  totalMarks: 7,
  dueAt: FUTURE_DUE,
  createdAt: AT,
  progress: null,
  settings: settings({ attempts: 1, counts: 'best', feedback: 'on_release', released: false, lateWork: 'refuse' }),
  ...over,
});

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
  students: [],
  assignments: [
    assignment(),
    assignment({ id: 'a2', paperId: 'p2', paperTitle: 'Energetics', questionCount: 1, totalMarks: 3, dueAt: null, settings: settings() }),
  ],
  ...over,
});

/** Two assignments: Rates (q1, q2) and Energetics (q3); Ada submitted Rates late with two attempts, Bo never started. */
const fullMarkbook: Markbook = {
  assignments: [
    {
      id: 'a1',
      paperId: 'p1',
      paperTitle: 'Rates of reaction',
      dueAt: FUTURE_DUE,
      totalMarks: 7,
      questionIds: ['q1', 'q2'],
      settings: settings(),
    },
    { id: 'a2', paperId: 'p2', paperTitle: 'Energetics', dueAt: null, totalMarks: 3, questionIds: ['q3'], settings: settings() },
  ],
  questions: [
    { id: 'q1', paperId: 'p1', label: 'Rates of reaction Q1', assignmentId: 'a1', totalMarks: 3, points: [] },
    { id: 'q2', paperId: 'p1', label: 'Rates of reaction Q2', assignmentId: 'a1', totalMarks: 4, points: [] },
    { id: 'q3', paperId: 'p2', label: 'Energetics Q1', assignmentId: 'a2', totalMarks: 3, points: [] },
  ],
  students: [
    {
      userId: 'u1',
      name: 'Ada Byron',
      email: 'ada@example.com',
      lastActivityAt: AT,
      timeSpentSeconds: 600,
      totalMarksAwarded: 4,
      cells: [
        { questionId: 'q1', marksAwarded: 3, totalMarks: 3, answerId: 'ans1', attempts: 1 },
        {
          questionId: 'q2',
          marksAwarded: 1,
          totalMarks: 4,
          answerId: 'ans2',
          attempts: 2,
          late: true,
          overridden: true,
          afterFeedback: true,
        },
        { questionId: 'q3', marksAwarded: null, totalMarks: 3, answerId: null },
      ],
      sheets: [],
      assignments: [
        { assignmentId: 'a1', status: 'late', late: true, marksAwarded: 4, totalMarks: 7, percentage: 57.1, timeSpentSeconds: 600 },
        {
          assignmentId: 'a2',
          status: 'not_started',
          late: false,
          marksAwarded: null,
          totalMarks: 3,
          percentage: null,
          timeSpentSeconds: 0,
        },
      ],
    },
    {
      userId: 'u2',
      name: 'Bo Lee',
      email: 'bo@example.com',
      lastActivityAt: null,
      timeSpentSeconds: 0,
      totalMarksAwarded: 0,
      cells: [
        { questionId: 'q1', marksAwarded: null, totalMarks: 3, answerId: null },
        { questionId: 'q2', marksAwarded: null, totalMarks: 4, answerId: null },
        { questionId: 'q3', marksAwarded: null, totalMarks: 3, answerId: null },
      ],
      sheets: [],
      assignments: [
        { assignmentId: 'a1', status: 'missing', late: false, marksAwarded: null, totalMarks: 7, percentage: null, timeSpentSeconds: 0 },
        {
          assignmentId: 'a2',
          status: 'not_started',
          late: false,
          marksAwarded: null,
          totalMarks: 3,
          percentage: null,
          timeSpentSeconds: 0,
        },
      ],
    },
  ],
  pointMisses: [],
};

/** The markbook of one assignment, as the server answers ?assignmentId=a2. */
const energeticsOnly: Markbook = {
  ...fullMarkbook,
  assignments: [fullMarkbook.assignments![1]!],
  questions: [fullMarkbook.questions[2]!],
  students: fullMarkbook.students.map((s) => ({ ...s, cells: [s.cells[2]!], assignments: [s.assignments![1]!] })),
};

const adasAnswer: StudentAnswer = {
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
    text: 'It lowers the activation energy.',
    submitted: true,
    timeSpentSeconds: 120,
    revision: 3,
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
        status: 'NOT_COVERED',
        justification: 'Not said.',
        marks: 2,
        marks_awarded: 0,
      },
      { point_id: 'p2', text: 'lower activation energy', status: 'COVERED', justification: 'Said.', marks: 2, marks_awarded: 1 },
    ],
    disagreements: [],
    createdAt: AT,
    evaluatedText: 'It lowers the activation energy.',
  },
  attempts: [
    {
      id: 't1',
      number: 1,
      text: 'It speeds it up.',
      marksAwarded: 0,
      totalMarks: 4,
      submittedAt: '2026-11-20T09:05:00.000Z',
      late: false,
      afterFeedback: false,
      counted: false,
    },
    {
      id: 't2',
      number: 2,
      text: 'It lowers the activation energy.',
      marksAwarded: 2,
      totalMarks: 4,
      submittedAt: '2026-11-21T16:40:00.000Z',
      late: true,
      afterFeedback: true,
      counted: true,
    },
  ],
  overrides: [
    {
      id: 'o1',
      studentId: 'u1',
      questionId: 'q2',
      pointId: 'p2',
      marksBefore: 2,
      marksAfter: 1,
      comment: 'Only half of this point: say why it is lower.',
      teacherName: 'Ms Rowe',
      createdAt: '2026-11-22T08:00:00.000Z',
    },
  ],
};

let detail: ClassDetail;
let calls: { method: string; url: string; body: unknown }[];
/** Replies the test sets for a call, by 'METHOD url'. */
let replies: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  detail = teacherDetail();
  replies = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const reply = replies[`${method} ${url}`];
      if (reply) return reply();
      if (method === 'GET' && url === '/api/classes/k1') return Response.json(detail);
      if (method === 'GET' && url === '/api/classes/k1/markbook') return Response.json(fullMarkbook);
      if (method === 'GET' && url === '/api/classes/k1/markbook?assignmentId=a2') return Response.json(energeticsOnly);
      if (method === 'GET' && url === '/api/classes/k1/students/u1/answers/q2') return Response.json(adasAnswer);
      if (method === 'PATCH' && url === '/api/classes/k1/assignments/a1') return Response.json(assignment());
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderClass() {
  const { hook } = memoryLocation({ path: '/classes/k1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <Route path="/classes/:classId" component={ClassPage} />
      </Router>
    </QueryClientProvider>,
  );
}

/** Radix tabs switch on mousedown (and on keyboard focus), not on click. */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0, ctrlKey: false });
}

describe('assignment settings in words', () => {
  it('says attempts, which counts, when feedback shows, the time limit and late work', () => {
    expect(
      settingsInWords(settings({ attempts: 1, counts: 'best', feedback: 'after_due', released: false }), {
        audience: 'student',
        hasDueDate: true,
      }),
    ).toBe('1 attempt, best counts, feedback after the due date, late work accepted and flagged');
    expect(settingsInWords(settings({ timeLimitMinutes: 45, lateWork: 'refuse' }), { audience: 'teacher', hasDueDate: false })).toBe(
      'Unlimited attempts, last counts, feedback after each submission, 45-minute time limit, late work refused',
    );
    expect(
      settingsInWords(settings({ attempts: 3, feedback: 'on_release', released: false }), { audience: 'teacher', hasDueDate: false }),
    ).toBe('3 attempts, last counts, feedback when you release it');
  });
});

describe('ClassPage: assignment settings (teacher)', () => {
  it('lists each assignment with its settings in words and its actions; Release feedback only while held back', async () => {
    renderClass();
    const list = await screen.findByRole('list', { name: 'Assigned papers' });
    const [rates, energetics] = within(list).getAllByTestId('assignment');
    expect(within(rates!).getByTestId('assignment-settings').textContent).toBe(
      '1 attempt, best counts, feedback when you release it, late work refused',
    );
    expect(within(rates!).getByRole('button', { name: 'Edit settings: Rates of reaction' })).toBeTruthy();
    expect(within(rates!).getByRole('button', { name: 'Release feedback: Rates of reaction' })).toBeTruthy();
    expect(within(rates!).getByRole('button', { name: 'Re-mark this assignment: Rates of reaction' })).toBeTruthy();
    expect(within(energetics!).queryByRole('button', { name: /Release feedback/ })).toBeNull();
  });

  it('assigns with the settings: attempts, which counts, feedback, time limit and late work in the request', async () => {
    replies['GET /api/courses'] = () =>
      Response.json([{ id: 'c1', title: 'Chemistry A-Level', subject: 'Chemistry', totalQuestions: 10, createdAt: AT }]);
    replies['GET /api/courses/c1/question-papers'] = () =>
      Response.json([
        {
          id: 'p7',
          courseId: 'c1',
          title: 'Kinetics',
          description: null,
          topic: null,
          difficultyLevel: 'medium',
          totalQuestions: 4,
          createdAt: AT,
          generatedBy: null,
        },
      ]);
    replies['POST /api/classes/k1/assignments'] = () => Response.json(assignment({ id: 'a9' }), { status: 201 });
    renderClass();
    fireEvent.click(await screen.findByRole('button', { name: 'Assign a paper' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign a paper' });
    fireEvent.change(await within(dialog).findByLabelText('Course'), { target: { value: 'c1' } });
    await within(dialog).findByRole('option', { name: 'Kinetics (4 questions)' });
    fireEvent.change(within(dialog).getByLabelText('Question paper'), { target: { value: 'p7' } });
    fireEvent.click(within(dialog).getByLabelText('Refuse work after the due date'));
    fireEvent.change(within(dialog).getByLabelText('Time limit in minutes (optional)'), { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('Attempts allowed per question'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Which attempt counts'), { target: { value: 'best' } });
    fireEvent.click(within(dialog).getByLabelText('When I release it'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign paper' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      paperId: 'p7',
      lateWork: 'refuse',
      timeLimitMinutes: 45,
      attempts: 1,
      counts: 'best',
      feedback: 'on_release',
    });
  });

  it('edits the settings: checks each field with the server’s words, shows a 400 by its field, and PATCHes what changed', async () => {
    renderClass();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit settings: Rates of reaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings: Rates of reaction' });
    // the stored settings fill the form
    expect((within(dialog).getByLabelText('Attempts allowed per question') as HTMLSelectElement).value).toBe('1');
    expect((within(dialog).getByLabelText('Which attempt counts') as HTMLSelectElement).value).toBe('best');
    expect((within(dialog).getByLabelText('When I release it') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Refuse work after the due date') as HTMLInputElement).checked).toBe(true);

    // checked before sending, each message beside its field
    const limit = within(dialog).getByLabelText('Time limit in minutes (optional)');
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Due date (optional)'), { target: { value: '2020-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(within(dialog).getByText(ASSIGNMENT_TEXT.timeLimitInvalid)).toBeTruthy();
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(limit.getAttribute('aria-describedby')).toContain(within(dialog).getByText(ASSIGNMENT_TEXT.timeLimitInvalid).id);
    expect(within(dialog).getByText(ASSIGNMENT_TEXT.dueInPast)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    // the server's 400 goes beside its field
    replies['PATCH /api/classes/k1/assignments/a1'] = () => Response.json({ message: ASSIGNMENT_TEXT.afterDueNeedsDate }, { status: 400 });
    fireEvent.change(limit, { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('Due date (optional)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByLabelText('After each submission'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    const serverSays = await within(dialog).findByText(ASSIGNMENT_TEXT.afterDueNeedsDate);
    const feedbackGroup = within(dialog).getByRole('group', { name: 'Show marks, feedback and the mark scheme' });
    expect(feedbackGroup.getAttribute('aria-describedby')).toBe(serverSays.id);
    expect(within(feedbackGroup).getByText(ASSIGNMENT_TEXT.afterDueNeedsDate)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')[0]!.body).toEqual({
      dueAt: null,
      lateWork: 'refuse',
      timeLimitMinutes: 45,
      attempts: 1,
      counts: 'best',
      feedback: 'immediate',
    });

    // saved: the due date left as it was is not sent
    delete replies['PATCH /api/classes/k1/assignments/a1'];
    fireEvent.change(within(dialog).getByLabelText('Due date (optional)'), { target: { value: dateOfDueAt(FUTURE_DUE) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({
      lateWork: 'refuse',
      timeLimitMinutes: 45,
      attempts: 1,
      counts: 'best',
      feedback: 'immediate',
    });
  });

  it('releases the feedback after asking', async () => {
    replies['POST /api/classes/k1/assignments/a1/release'] = () =>
      Response.json(assignment({ settings: settings({ feedback: 'on_release', released: true, releasedAt: AT }) }));
    renderClass();
    fireEvent.click(await screen.findByRole('button', { name: 'Release feedback: Rates of reaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Release the feedback on Rates of reaction?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/classes/k1/assignments/a1/release']);
  });

  it('re-marks after asking, then says how many answers were marked again and which marks changed, before → after', async () => {
    const summary: RemarkSummary = {
      remarked: 3,
      changed: [{ studentId: 'u1', name: 'Ada Byron', questionId: 'q2', label: 'Q2', before: 1, after: 3 }],
    };
    replies['POST /api/classes/k1/assignments/a1/remark'] = () => Response.json(summary);
    renderClass();
    fireEvent.click(await screen.findByRole('button', { name: 'Re-mark this assignment: Rates of reaction' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Re-mark Rates of reaction?' })).getByRole('button', { name: 'Re-mark this assignment' }),
    );
    const result = await screen.findByRole('dialog', { name: 'Re-marked: Rates of reaction' });
    expect(within(result).getByTestId('remark-headline').textContent).toBe('3 answers marked again; 1 mark changed');
    const changes = within(result).getByRole('list', { name: 'Marks that changed' });
    expect(within(changes).getByRole('listitem').textContent).toBe('Ada Byron · Q21 → 3');
  });
});

describe('ClassPage: the markbook per assignment (teacher)', () => {
  it('groups columns by assignment with each student’s status, total and percentage; not started is “–”, not 0', async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Rates of reaction' }).getAttribute('colspan')).toBe('3');
    expect(within(table).getByRole('columnheader', { name: 'Energetics' }).getAttribute('colspan')).toBe('2');

    const ada = within(table).getByRole('row', { name: /Ada Byron/ });
    const [ratesTotal, energeticsTotal] = within(ada).getAllByTestId('assignment-total');
    expect(within(ratesTotal!).getByText('Late')).toBeTruthy();
    expect(within(ratesTotal!).getByText('4/7')).toBeTruthy();
    expect(within(ratesTotal!).getByText('57.1%')).toBeTruthy();
    expect(within(energeticsTotal!).getByText('Not started')).toBeTruthy();
    expect(within(energeticsTotal!).getByText('–')).toBeTruthy();
    expect(within(energeticsTotal!).queryByText(/^0/)).toBeNull();

    const bo = within(table).getByRole('row', { name: /Bo Lee/ });
    expect(
      within(bo)
        .getAllByTestId('assignment-total')
        .map((c) => c.querySelector('[data-status]')!.textContent),
    ).toEqual(['Missing', 'Not started']);
    // Bo's cells and totals: a dash each, never 0
    expect(within(bo).getAllByText('–')).toHaveLength(6);
    expect(within(bo).queryByText('0/10')).toBeNull();
  });

  it('flags a cell late, changed by the teacher and with its attempts; the student column is sticky in a sideways-scrolling table', async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    const table = await screen.findByRole('table');
    const cell = within(table).getByRole('button', { name: /^Ada Byron, Rates of reaction Q2: 1 of 4 marks/ });
    expect(cell.getAttribute('aria-label')).toBe(
      'Ada Byron, Rates of reaction Q2: 1 of 4 marks, Under 40%, changed by the teacher, late, 2 attempts, an attempt after seeing the feedback. Open the answer',
    );
    expect(within(cell).getByTestId('cell-flag-late').textContent).toBe('late');
    expect(within(cell).getByTestId('cell-flag-attempts').textContent).toBe('2 attempts');
    expect(within(cell).getByTestId('overridden-flag')).toBeTruthy();
    // one attempt is not worth a flag
    expect(within(within(table).getByRole('button', { name: /Rates of reaction Q1/ })).queryByTestId('cell-flag-attempts')).toBeNull();

    const region = screen.getByRole('region', { name: 'Markbook table' });
    expect(region.className).toContain('overflow-x-auto');
    const studentHeader = within(table).getByTestId('student-column');
    const rowHeader = within(table).getByRole('rowheader', { name: 'Ada Byron' });
    for (const el of [studentHeader, rowHeader]) {
      expect(el.className).toContain('sticky');
      expect(el.className).toContain('left-0');
      expect(el.className).toMatch(/\bbg-(white|slate-50)\b/);
    }
  });

  it('picks one assignment: the markbook is fetched for it and the CSV link follows', async () => {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    await screen.findByRole('table');
    const picker = screen.getByLabelText('Assignment') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['All assignments', 'Rates of reaction', 'Energetics']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/classes/k1/markbook.csv');

    fireEvent.change(picker, { target: { value: 'a2' } });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Rates of reaction' })).toBeNull());
    expect(calls.some((c) => c.url === '/api/classes/k1/markbook?assignmentId=a2')).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'Energetics' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/classes/k1/markbook.csv?assignmentId=a2');

    fireEvent.change(picker, { target: { value: '' } });
    expect(await screen.findByRole('columnheader', { name: 'Rates of reaction' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/classes/k1/markbook.csv');
  });
});

describe('ClassPage: a student’s answer, its attempts and the teacher’s override', () => {
  async function openAdasAnswer() {
    renderClass();
    await screen.findByRole('heading', { level: 1, name: '12B Chemistry' });
    openTab('Markbook');
    fireEvent.click(await screen.findByRole('button', { name: /^Ada Byron, Rates of reaction Q2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Byron · Rates of reaction Q2' });
    await within(dialog).findByTestId('answer-marks');
    return dialog;
  }

  it('shows every attempt: number, time, marks, late, after seeing feedback, counted; and the changes made so far', async () => {
    const dialog = await openAdasAnswer();
    const attempts = within(within(dialog).getByRole('list', { name: 'Attempts' })).getAllByTestId('attempt');
    expect(attempts).toHaveLength(2);
    // times in the browser's locale (20 Nov 2026, 09:05 in a British one)
    expect(attempts[0]!.textContent).toBe(`Attempt 1${formatDateTime('2026-11-20T09:05:00.000Z')}0/4Answer of attempt 1`);
    expect(attempts[0]!.textContent).not.toMatch(/Late|Counted/);
    expect(attempts[1]!.textContent).toMatch(/^Attempt 2.*2\/4LateAfter seeing feedbackCounted/);
    expect(attempts[1]!.textContent).toContain(formatDateTime('2026-11-21T16:40:00.000Z'));
    // an attempt's words a click away (not in the page until then: the answer above often says the same)
    expect(within(attempts[0]!).queryByText('It speeds it up.')).toBeNull();
    fireEvent.click(within(attempts[0]!).getByText('Answer of attempt 1'));
    expect(await within(attempts[0]!).findByText('It speeds it up.')).toBeTruthy();
    const history = within(dialog).getByRole('list', { name: 'Changes to this mark' });
    expect(within(history).getByTestId('override').textContent).toBe(
      `Ms Rowe${formatDateTime('2026-11-22T08:00:00.000Z')}Point 2: 2 → 1“Only half of this point: say why it is lower.”`,
    );
  });

  it('sets a point’s mark with a required comment, sends it, and refreshes the markbook', async () => {
    replies['POST /api/classes/k1/marks'] = () => {
      const result: OverrideResponse = {
        override: { ...adasAnswer.overrides![0]!, id: 'o2', pointId: 'p1', marksBefore: 0, marksAfter: 2, comment: 'You named the route.' },
        marksAwarded: 3,
        totalMarks: 4,
      };
      return Response.json(result, { status: 201 });
    };
    const dialog = await openAdasAnswer();
    const form = within(dialog).getByRole('form', { name: 'Change the mark' });
    const which = within(form).getByLabelText('Mark to change') as HTMLSelectElement;
    expect([...which.options].map((o) => o.textContent)).toEqual([
      'The whole question (out of 4)',
      'Point 1: provides an alternative route (out of 2)',
      'Point 2: lower activation energy (out of 2)',
    ]);
    fireEvent.change(which, { target: { value: 'p1' } });
    fireEvent.change(within(form).getByLabelText('New mark (out of 2)'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change the mark' }));
    expect(within(form).getByText(ASSIGNMENT_TEXT.overrideTooHigh(2))).toBeTruthy();
    expect(within(form).getByText(ASSIGNMENT_TEXT.overrideCommentRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('New mark (out of 2)'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Comment for Ada Byron'), { target: { value: '  You named the route.  ' } });
    const markbookReads = calls.filter((c) => c.url === '/api/classes/k1/markbook').length;
    fireEvent.click(within(form).getByRole('button', { name: 'Change the mark' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/classes/k1/marks',
        body: { studentId: 'u1', questionId: 'q2', pointId: 'p1', marksAwarded: 2, comment: 'You named the route.' },
      }),
    );
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/classes/k1/markbook').length).toBeGreaterThan(markbookReads));
    await waitFor(() => expect((within(form).getByLabelText('Comment for Ada Byron') as HTMLTextAreaElement).value).toBe(''));
  });

  it('sets the question’s mark, and shows the server’s refusal beside its field', async () => {
    replies['POST /api/classes/k1/marks'] = () => Response.json({ message: ASSIGNMENT_TEXT.overrideCommentTooLong }, { status: 400 });
    const dialog = await openAdasAnswer();
    const form = within(dialog).getByRole('form', { name: 'Change the mark' });
    fireEvent.change(within(form).getByLabelText('New mark (out of 4)'), { target: { value: '2.5' } });
    const comment = within(form).getByLabelText('Comment for Ada Byron');
    fireEvent.change(comment, { target: { value: 'Generous, but fair.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change the mark' }));
    const error = await within(form).findByText(ASSIGNMENT_TEXT.overrideCommentTooLong);
    expect(comment.getAttribute('aria-describedby')).toContain(error.id);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      studentId: 'u1',
      questionId: 'q2',
      marksAwarded: 2.5,
      comment: 'Generous, but fair.',
    });
  });
});

describe('ClassPage (student): assignments and marked sheets', () => {
  it('lists their assignments with status, settings in words, marks once released, and their marked sheets', async () => {
    detail = teacherDetail({
      role: 'student',
      joinCode: null,
      joinLink: null,
      students: null,
      assignments: [
        assignment({
          settings: settings({ attempts: 1, counts: 'best', feedback: 'after_due', released: false }),
          progress: { answered: 2, marksAwarded: null, score: null, finished: false, status: 'submitted' },
        }),
        assignment({
          id: 'a2',
          paperId: 'p2',
          paperTitle: 'Energetics',
          totalMarks: 3,
          dueAt: null,
          settings: settings({ feedback: 'on_release', released: true, releasedAt: '2026-11-25T12:00:00.000Z' }),
          progress: { answered: 1, marksAwarded: 2, score: 66.7, finished: true, status: 'submitted' },
        }),
      ],
      mySheets: [
        {
          id: 'g1',
          source: 'Your mark scheme',
          questionText: 'Describe how a peptide bond is formed.',
          marksAwarded: 2,
          totalMarks: 3,
          gradedAt: AT,
          attachedAt: AT,
          detailedBreakdown: [{ section: 'B1: condensation', marksAwarded: 1, maxMarks: 1, comments: '<p>Seen.</p>' }],
        },
      ],
    });
    renderClass();
    const list = await screen.findByRole('list', { name: 'Assigned papers' });
    const [rates, energetics] = within(list).getAllByTestId('assignment');
    expect(within(rates!).getByText('Submitted')).toBeTruthy();
    expect(within(rates!).getByTestId('assignment-settings').textContent).toBe(
      '1 attempt, best counts, feedback after the due date, late work accepted and flagged',
    );
    // the due date and time in the browser's locale and time zone, the words around it fixed
    expect(within(rates!).getByTestId('assignment-marks').textContent).toBe(
      `Submitted. Marks and feedback are shown after the due date (${formatDateTime(FUTURE_DUE)}).`,
    );
    expect(within(energetics!).getByTestId('assignment-settings').textContent).toBe(
      // the date in the browser's locale (25 Nov 2026 in a British one), the words around it fixed
      `Unlimited attempts, last counts, feedback released ${formatDate('2026-11-25T12:00:00.000Z')}`,
    );
    expect(within(energetics!).getByTestId('assignment-marks').textContent).toBe('Marks: 2 / 3 (66.7%)');

    const sheets = screen.getByRole('list', { name: 'Your marked sheets' });
    fireEvent.click(within(sheets).getByRole('button', { name: /^Describe how a peptide bond is formed\., 2 of 3 marks/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Marked sheet' });
    expect(within(dialog).getByTestId('sheet-marks').textContent).toBe('2 / 3 marks');
    expect(within(dialog).getByText('Seen.')).toBeTruthy();
  });
});
