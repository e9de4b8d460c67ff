// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ClassList, type ClassSummary } from '../../../shared/classes';
import { CLASSES_TEXT } from '../../../shared/classes-text';
import { createQueryClient } from '../../lib/api-client';
import { ClassesPage } from './classes-page';
import { JoinClassPage } from './join-class-page';

const AT = '2026-11-20T10:00:00.000Z';
const summary = (over: Partial<ClassSummary>): ClassSummary => ({
  id: 'k1',
  name: '12B Chemistry',
  subject: 'Chemistry',
  role: 'teacher',
  teacherName: 'Ms Rowe',
  studentCount: 2,
  archived: false,
  joinCode: 'ABC2345',
  createdAt: AT,
  ...over,
});

let classes: ClassList;
let calls: { method: string; url: string; body: unknown }[];
let respond: (method: string, url: string, body: unknown) => Response | null;

beforeEach(() => {
  calls = [];
  classes = { teaching: [], studying: [] };
  respond = () => null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const custom = respond(method, url, body);
      if (custom) return custom;
      if (method === 'GET' && url === '/api/classes') return Response.json(classes);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memory.hook}>
        <Switch>
          <Route path="/classes" component={ClassesPage} />
          <Route path="/join/:code" component={JoinClassPage} />
          <Route path="/classes/:classId">{(params) => <p>Class page {params.classId}</p>}</Route>
        </Switch>
      </Router>
    </QueryClientProvider>,
  );
  return memory;
}

const posts = () => calls.filter((c) => c.method === 'POST');

describe('ClassesPage', () => {
  it('names the tab and lists the classes I teach and the classes I am in, each linking to its page', async () => {
    classes = {
      teaching: [summary({}), summary({ id: 'k2', name: 'Year 13 set 2', archived: true, studentCount: 1 })],
      studying: [
        summary({ id: 'k3', name: 'Further Maths', subject: 'Mathematics', role: 'student', teacherName: 'Mr Okafor', joinCode: null }),
      ],
    };
    renderAt('/classes');
    expect(screen.getByText('Loading classes...')).toBeTruthy();
    const teaching = await screen.findByRole('region', { name: 'Classes I teach' });
    expect(document.title).toBe('Classes - Markwell');
    expect(
      within(teaching)
        .getByRole('link', { name: /12B Chemistry/ })
        .getAttribute('href'),
    ).toBe('/classes/k1');
    expect(within(teaching).getByText('2 students')).toBeTruthy();
    const archived = within(teaching).getByRole('link', { name: /Year 13 set 2/ });
    expect(within(archived).getByText('Archived')).toBeTruthy();
    expect(within(archived).getByText('1 student')).toBeTruthy();
    const studying = screen.getByRole('region', { name: "Classes I'm in" });
    const joined = within(studying).getByRole('link', { name: /Further Maths/ });
    expect(joined.getAttribute('href')).toBe('/classes/k3');
    expect(within(joined).getByText('Mathematics · Mr Okafor')).toBeTruthy();
  });

  it('says what to do when there are no classes, and when they cannot be loaded', async () => {
    renderAt('/classes');
    expect(await screen.findByText(/You don't teach a class yet/)).toBeTruthy();
    expect(screen.getByText(/You're not in a class yet/)).toBeTruthy();
    cleanup();

    respond = (method, url) => (method === 'GET' && url === '/api/classes' ? Response.json({ message: 'boom' }, { status: 500 }) : null);
    renderAt('/classes');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your classes could not be loaded.');
    respond = () => null;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You don't teach a class yet/)).toBeTruthy();
  });

  it('create form: says which field is missing without sending, shows the server message, then opens the new class', async () => {
    renderAt('/classes');
    const form = await screen.findByRole('form', { name: 'Create a class' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create class' }));
    expect(within(form).getByText('Please enter a class name')).toBeTruthy();
    expect(within(form).getByText('Please enter a subject')).toBeTruthy();
    const name = within(form).getByLabelText('Class name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('class-name-error');
    expect(posts()).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  12B Chemistry ' } });
    fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create class' }));
    expect(within(form).queryByText('Please enter a class name')).toBeNull();
    expect(within(form).getByText('A subject can be at most 100 characters')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    respond = (method, url) =>
      method === 'POST' && url === '/api/classes' ? Response.json({ message: 'Too many classes, try later' }, { status: 429 }) : null;
    fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'Chemistry' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create class' }));
    expect(await within(form).findByText('Too many classes, try later')).toBeTruthy();
    expect(posts()[0]!.body).toEqual({ name: '12B Chemistry', subject: 'Chemistry' });

    respond = (method, url) =>
      method === 'POST' && url === '/api/classes'
        ? Response.json({ ...summary({ id: 'new1' }), assignments: [], students: [], joinLink: '/join/ABC2345' }, { status: 201 })
        : null;
    fireEvent.click(within(form).getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('Class page new1')).toBeTruthy();
  });

  it("join form: asks for a code, shows 'No class has that code', and opens the class on success", async () => {
    const memory = renderAt('/classes');
    const form = await screen.findByRole('form', { name: 'Join a class' });
    fireEvent.click(within(form).getByRole('button', { name: 'Join class' }));
    expect(within(form).getByText('Please enter a class code')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    respond = (method, url, body) => {
      if (method !== 'POST' || url !== '/api/classes/join') return null;
      return (body as { code: string }).code === 'GOOD234'
        ? Response.json(summary({ id: 'k9', role: 'student', joinCode: null }))
        : Response.json({ message: 'No class has that code' }, { status: 404 });
    };
    fireEvent.change(within(form).getByLabelText('Join code'), { target: { value: 'NOPE999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join class' }));
    expect(await within(form).findByText('No class has that code')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Join code'), { target: { value: ' GOOD234 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join class' }));
    expect(await screen.findByText('Class page k9')).toBeTruthy();
    expect(posts().at(-1)!.body).toEqual({ code: 'GOOD234' });
    expect(memory.history.at(-1)).toBe('/classes/k9');
  });
});

describe('JoinClassPage', () => {
  it('joins with the code in the link once and replaces the link with the class page', async () => {
    respond = (method, url) =>
      method === 'POST' && url === '/api/classes/join' ? Response.json(summary({ id: 'k5', role: 'student' })) : null;
    const memory = renderAt('/join/ABC2345');
    expect(await screen.findByText('Class page k5')).toBeTruthy();
    expect(posts()).toEqual([{ method: 'POST', url: '/api/classes/join', body: { code: 'ABC2345' } }]);
    expect(memory.history.at(-1)).toBe('/classes/k5');
  });

  it('sends a malformed escape in the link as it is instead of failing', async () => {
    respond = (method) => (method === 'POST' ? Response.json({ message: 'No class has that code' }, { status: 404 }) : null);
    renderAt('/join/%E0%A4%A');
    expect(await screen.findByText('No class has that code')).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('tells a removed student that the old code no longer lets them in, and what to do', async () => {
    respond = (method) => (method === 'POST' ? Response.json({ message: CLASSES_TEXT.removed }, { status: 403 }) : null);
    renderAt('/join/OLD2345');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your teacher removed you from this class. Ask them for a new join code.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to Classes' })).toBeTruthy();
  });

  it("says 'No class has that code' for an unknown code, with a way back to Classes", async () => {
    respond = (method) => (method === 'POST' ? Response.json({ message: 'No class has that code' }, { status: 404 }) : null);
    renderAt('/join/WRONG22');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not join the class')).toBeTruthy();
    expect(within(alert).getByText('No class has that code')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to Classes' }).getAttribute('href')).toBe('/classes');
    await waitFor(() => expect(document.title).toBe('Join a class - Markwell'));
  });
});
