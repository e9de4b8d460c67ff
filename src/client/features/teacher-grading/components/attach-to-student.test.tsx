// @vitest-environment jsdom
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassDetail, ClassList, ClassSummary } from '../../../../shared/classes';
import { type GradingAttachment, type GradingResult } from '../../../../shared/teacher';
import { ATTACH_TEXT } from '../../../../shared/teacher-text';
import { createQueryClient } from '../../../lib/api-client';
import { AttachToStudent } from './attach-to-student';

const AT = '2026-11-20T10:00:00.000Z';

const summary = (over: Partial<ClassSummary>): ClassSummary => ({
  id: 'k1',
  name: 'Biology 12B',
  subject: 'Biology',
  role: 'teacher',
  teacherName: 'Ms Rowe',
  studentCount: 2,
  archived: false,
  joinCode: 'ABC2345',
  createdAt: AT,
  ...over,
});

const detail: ClassDetail = {
  ...summary({}),
  assignments: [],
  joinLink: '/join/ABC2345',
  students: [
    { userId: 'u1', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', joinedAt: AT, lastActivityAt: null },
    { userId: 'u2', firstName: null, lastName: null, email: 'bo@example.com', joinedAt: AT, lastActivityAt: null },
  ],
};

const attachment = (over: Partial<GradingAttachment> = {}): GradingAttachment => ({
  classId: 'k1',
  className: 'Biology 12B',
  studentId: 'u2',
  studentName: 'bo@example.com',
  attachedAt: AT,
  inClass: true,
  ...over,
});

const result = (over: Partial<GradingResult> = {}): GradingResult => ({
  id: 'r1',
  marksAwarded: 3,
  totalMarks: 4,
  feedback: '<p>Good.</p>',
  detailedBreakdown: [],
  questionText: null,
  answerText: 'An answer',
  gradedBy: 'the test marker',
  createdAt: AT,
  attachment: null,
  ...over,
});

let classList: ClassList;
let attachReply: { status: number; body: unknown };
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  classList = {
    teaching: [summary({}), summary({ id: 'k9', name: 'Old class', archived: true })],
    studying: [summary({ id: 'k5', name: 'Chemistry', role: 'student', joinCode: null })],
  };
  attachReply = { status: 200, body: result({ attachment: attachment() }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && url === '/api/classes') return Response.json(classList);
      if (method === 'GET' && url === '/api/classes/k1') return Response.json(detail);
      if (method === 'POST' && url === '/api/teacher/results/r1/attach')
        return Response.json(attachReply.body, { status: attachReply.status });
      if (method === 'DELETE' && url === '/api/teacher/results/r1/attach') return new Response(null, { status: 204 });
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The control as the results panel holds it: the result it shows is replaced by what the server sends back. */
function Holder({ initial }: { initial: GradingResult }) {
  const [shown, setShown] = useState(initial);
  return <AttachToStudent result={shown} onUpdated={setShown} />;
}

function renderAttach(initial = result()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Holder initial={initial} />
    </QueryClientProvider>,
  );
}

const posts = () => calls.filter((c) => c.method === 'POST');

describe('Attach to a student', () => {
  it('offers the classes the teacher teaches (not archived ones, not the classes they study in), then that class’s students', async () => {
    renderAttach();
    const classSelect = await screen.findByLabelText<HTMLSelectElement>('Class');
    expect([...classSelect.options].map((o) => o.textContent)).toEqual(['Choose a class', 'Biology 12B']);
    const studentSelect = screen.getByLabelText<HTMLSelectElement>('Student');
    expect(studentSelect.disabled).toBe(true);
    expect(studentSelect.options[0]!.textContent).toBe('Choose a class first');
    fireEvent.change(classSelect, { target: { value: 'k1' } });
    await waitFor(() => expect(studentSelect.disabled).toBe(false));
    expect([...studentSelect.options].map((o) => o.textContent)).toEqual(['Choose a student', 'Ada Byron', 'bo@example.com']);
  });

  it('sends the class and the student, then says to whom it is attached', async () => {
    renderAttach();
    fireEvent.change(await screen.findByLabelText('Class'), { target: { value: 'k1' } });
    await screen.findByRole('option', { name: 'bo@example.com' });
    fireEvent.change(screen.getByLabelText('Student'), { target: { value: 'u2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Attach to student' }));
    const attached = await screen.findByTestId('attached-to');
    expect(attached.textContent).toBe('Attached to bo@example.com in Biology 12B: it is in the class’s markbook.');
    expect(posts()).toEqual([{ method: 'POST', url: '/api/teacher/results/r1/attach', body: { classId: 'k1', studentId: 'u2' } }]);
  });

  it('asks for the class, then the student, before sending anything', async () => {
    renderAttach();
    await screen.findByLabelText('Class');
    fireEvent.click(screen.getByRole('button', { name: 'Attach to student' }));
    expect(screen.getByRole('alert').textContent).toBe(ATTACH_TEXT.classRequired);
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: 'k1' } });
    await screen.findByRole('option', { name: 'Ada Byron' });
    fireEvent.click(screen.getByRole('button', { name: 'Attach to student' }));
    expect(screen.getByRole('alert').textContent).toBe(ATTACH_TEXT.studentRequired);
    expect(posts()).toEqual([]);
  });

  it("shows the server's message when the attachment is refused (a student removed meanwhile)", async () => {
    attachReply = { status: 404, body: { message: 'Student not found' } };
    renderAttach();
    fireEvent.change(await screen.findByLabelText('Class'), { target: { value: 'k1' } });
    await screen.findByRole('option', { name: 'Ada Byron' });
    fireEvent.change(screen.getByLabelText('Student'), { target: { value: 'u1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Attach to student' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Student not found');
    expect(screen.queryByTestId('attached-to')).toBeNull();
  });

  it('points to the Classes page when the teacher has no class', async () => {
    classList = { teaching: [], studying: [] };
    renderAttach();
    const link = await screen.findByRole('link', { name: 'Classes' });
    expect(link.getAttribute('href')).toBe('/classes');
    expect(screen.queryByLabelText('Class')).toBeNull();
  });

  it('takes an attached result off the markbook, and lets the teacher change the student', async () => {
    renderAttach(result({ attachment: attachment() }));
    const section = screen.getByRole('region', { name: 'Attach to a student' });
    expect(within(section).getByTestId('attached-to').textContent).toContain('Attached to bo@example.com in Biology 12B');
    fireEvent.click(within(section).getByRole('button', { name: 'Change student' }));
    expect(await within(section).findByLabelText('Class')).toBeTruthy();
    cleanup();
    renderAttach(result({ attachment: attachment() }));
    fireEvent.click(screen.getByRole('button', { name: 'Take off the markbook' }));
    expect(await screen.findByLabelText('Class')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/teacher/results/r1/attach']);
  });

  it('says when the student has left the class (their sheet is then not in its markbook)', () => {
    renderAttach(result({ attachment: attachment({ inClass: false }) }));
    expect(screen.getByTestId('attached-to').textContent).toBe(
      'Attached to bo@example.com in Biology 12B (no longer in the class, so not in its markbook).',
    );
  });
});
