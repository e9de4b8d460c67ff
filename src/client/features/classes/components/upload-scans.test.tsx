// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GradingJob } from '../../../../shared/grading-jobs';
import { SCAN_TEXT } from '../../../../shared/grading-jobs-text';
import { createQueryClient } from '../../../lib/api-client';
import { UploadScans } from './upload-scans';

const running: GradingJob = { state: 'running', pages: 4, read: 2, matched: 2, marked: 0, unmatched: [], students: [] };
const done: GradingJob = {
  state: 'done',
  pages: 4,
  read: 4,
  matched: 3,
  marked: 3,
  unmatched: [{ page: 4, reason: SCAN_TEXT.noQr }],
  students: [{ studentId: 'u1', name: 'Ada Byron', pages: [1, 2, 3], marked: true }],
};
let calls: { method: string; url: string; body: unknown }[];
let progress: GradingJob[];
let uploadAnswer: Response | null;

beforeEach(() => {
  calls = [];
  progress = [running, done];
  uploadAnswer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST' && url === '/api/classes/k1/assignments/a1/scans')
        return uploadAnswer ?? Response.json({ jobId: 'j1' }, { status: 202 });
      if (method === 'GET' && url === '/api/grading-jobs/j1') return Response.json(progress.length > 1 ? progress.shift() : progress[0]);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderUpload() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UploadScans classId="k1" assignmentId="a1" paperTitle="Rates of reaction" />
    </QueryClientProvider>,
  );
  return screen.getByTestId('scan-input-a1') as HTMLInputElement;
}

describe('Upload scans', () => {
  it('uploads a scanned PDF, follows the job with a progress bar and lists the unmatched pages when done', async () => {
    const input = renderUpload();
    const button = screen.getByRole('button', { name: `${SCAN_TEXT.upload}: Rates of reaction` });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 scan'], 'scan.pdf', { type: 'application/pdf' })] } });
    const bar = await screen.findByRole('progressbar', { name: 'Grading scans: Rates of reaction' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText(SCAN_TEXT.running(2, 4))).toBeTruthy();
    expect((screen.getByRole('button', { name: `${SCAN_TEXT.upload}: Rates of reaction` }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByText(SCAN_TEXT.done(3, 4, 3))).toBeTruthy(), { timeout: 4000 });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('heading', { name: SCAN_TEXT.unmatchedHeading })).toBeTruthy();
    expect(screen.getByText(`Page 4: ${SCAN_TEXT.noQr}`)).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/classes/k1/assignments/a1/scans',
      body: { fileName: 'scan.pdf', pdfData: btoa('%PDF-1.4 scan') },
    });
    expect((screen.getByRole('button', { name: `${SCAN_TEXT.upload}: Rates of reaction` }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends photos as images, and says so when the server refuses the upload', async () => {
    uploadAnswer = Response.json({ message: 'File is too large. Maximum file size is 20MB' }, { status: 413 });
    const input = renderUpload();
    fireEvent.change(input, {
      target: { files: [new File(['a'], 'p1.jpg', { type: 'image/jpeg' }), new File(['b'], 'p2.png', { type: 'image/png' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('File is too large. Maximum file size is 20MB');
    expect(calls[0].body).toEqual({ images: [btoa('a'), btoa('b')] });
  });

  it('refuses a PDF mixed with photos before sending anything', async () => {
    const input = renderUpload();
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }), new File(['a'], 'p1.jpg', { type: 'image/jpeg' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(SCAN_TEXT.bothUploaded);
    expect(calls).toHaveLength(0);
  });

  it('assigns an unmatched page to a student by hand: picker, page of their copy, Assign; the counts follow', async () => {
    const withText: GradingJob = { ...done, unmatched: [{ page: 4, reason: SCAN_TEXT.noQr, transcript: 'Question 1\nOsmosis is water' }] };
    const assigned: GradingJob = {
      ...done,
      matched: 4,
      marked: 4,
      unmatched: [],
      students: [...done.students, { studentId: 'u2', name: 'Ben Ng', pages: [2], marked: true }],
    };
    progress = [withText];
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/classes/k1')
        return Response.json({
          students: [
            { userId: 'u1', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.org', joinedAt: '', lastActivityAt: null },
            { userId: 'u2', firstName: 'Ben', lastName: 'Ng', email: 'ben@example.org', joinedAt: '', lastActivityAt: null },
          ],
        });
      if (method === 'POST' && url === '/api/grading-jobs/j1/pages/4/assign') {
        calls.push({ method, url: String(url), body: JSON.parse(String(init!.body)) });
        return Response.json(assigned);
      }
      return base(url as string, init as RequestInit);
    });
    const input = renderUpload();
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 scan'], 'scan.pdf', { type: 'application/pdf' })] } });
    const form = await screen.findByRole('form', { name: 'Assign scanned page 4' });
    expect(form.closest('li')!.textContent).toContain('Osmosis is water');
    // nobody chosen yet: said, nothing sent
    fireEvent.click(screen.getByRole('button', { name: 'Assign scanned page 4' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SCAN_TEXT.studentRequired);
    await screen.findByRole('option', { name: 'Ben Ng' });
    fireEvent.change(screen.getByLabelText(SCAN_TEXT.assignStudent), { target: { value: 'u2' } });
    fireEvent.change(screen.getByLabelText(SCAN_TEXT.assignPage), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign scanned page 4' }));
    await waitFor(() => expect(screen.getByText(SCAN_TEXT.done(4, 4, 4))).toBeTruthy());
    expect(screen.getByText(SCAN_TEXT.allMatched)).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/assign'))).toEqual({
      method: 'POST',
      url: '/api/grading-jobs/j1/pages/4/assign',
      body: { studentId: 'u2', paperPage: 2 },
    });
  });
});
