// @vitest-environment jsdom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../../shared/auth-text';
import type { AskDocumentResponse, DocumentQuestionsResponse, PdfDocument } from '../../../shared/documents';
import { PDF_MAX_BYTES } from '../../../shared/limits';
import { toast } from '../../components/ui/toast-store';
import { createQueryClient } from '../../lib/api-client';
import { PdfDocumentsPage } from './pdf-documents-page';

vi.mock('../../components/ui/toast-store', () => ({ toast: vi.fn(), flashToast: vi.fn() }));

const PDF_TEXT = '%PDF-1.4 enzymes notes';
const PDF_BASE64 = btoa(PDF_TEXT);

type Reply = Response | Promise<Response>;
let routes: Record<string, (init: RequestInit) => Reply>;
let calls: { key: string; init: RequestInit; body: Record<string, unknown> | null }[];
let objectUrls: string[];
let revoked: string[];

const pdfFile = (name = 'notes.pdf', content: BlobPart = PDF_TEXT, type = 'application/pdf') => new File([content], name, { type });
const callsTo = (key: string) => calls.filter((c) => c.key === key);

beforeEach(() => {
  vi.mocked(toast).mockClear();
  calls = [];
  objectUrls = [];
  revoked = [];
  routes = {
    'GET /api/pdf/documents': () => Response.json([]),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, init, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      const route = routes[key];
      return route ? route(init) : Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  // jsdom has no blob: URLs; these record what the viewer makes and revokes.
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:http://localhost/pdf-${objectUrls.length + 1}`;
    objectUrls.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage(client: QueryClient = createQueryClient()) {
  const { hook } = memoryLocation({ path: '/pdf-documents' });
  return render(
    <QueryClientProvider client={client}>
      <Router hook={hook}>
        <PdfDocumentsPage />
      </Router>
    </QueryClientProvider>,
  );
}

const fileInput = () => screen.getByLabelText<HTMLInputElement>('PDF file');
function chooseFile(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}
async function uploadPdf(file = pdfFile()) {
  chooseFile(file);
  await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'PDF Uploaded', description: 'PDF uploaded successfully' }));
}
const uploadPanel = () => screen.getByRole('heading', { name: 'Upload a PDF' }).closest('.rounded-xl') as HTMLElement;
const questionBox = () => screen.getByLabelText<HTMLTextAreaElement>('Your question about the document');
const getAnswer = () => screen.getByRole('button', { name: 'Get Answer' });
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

/** A FileReader whose outcome the test decides. */
class ControlledFileReader {
  static last: ControlledFileReader | null = null;
  result: string | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  file: Blob | null = null;
  constructor() {
    ControlledFileReader.last = this;
  }
  readAsDataURL(file: Blob) {
    this.file = file;
  }
  abort() {}
  succeed(result: string) {
    this.result = result;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

describe('PdfDocumentsPage, before a PDF', () => {
  it('says the real 20MB limit in the drop zone (not 100MB) and shows the empty viewer', () => {
    renderPage();
    const zone = screen.getByRole('button', { name: /Drag and drop a PDF here/ });
    expect(zone.textContent).toContain('PDF files up to 20MB');
    expect(zone.textContent).not.toContain('100MB');
    expect(screen.getByRole('heading', { name: 'No PDF Document' })).toBeTruthy();
    expect(document.querySelector('object')).toBeNull();
  });

  it("answers 'No PDF Document' when asking or generating before a PDF is loaded, and sends nothing", () => {
    renderPage();
    fireEvent.change(questionBox(), { target: { value: 'What is an enzyme?' } });
    fireEvent.click(getAnswer());
    expect(toast).toHaveBeenLastCalledWith({
      title: 'No PDF Document',
      description: 'Please upload a PDF document first.',
      variant: 'destructive',
    });

    openTab('Generate Paper');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Biology' } });
    vi.mocked(toast).mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Questions' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'No PDF Document',
      description: 'Please upload a PDF document first.',
      variant: 'destructive',
    });
    expect(calls.filter((c) => c.init.method === 'POST')).toEqual([]);
  });
});

describe('PdfDocumentsPage, upload validation', () => {
  it("refuses a file that is not a PDF: inline 'Please upload a PDF file', toast 'Invalid file type'", () => {
    vi.stubGlobal('FileReader', ControlledFileReader);
    ControlledFileReader.last = null;
    renderPage();
    chooseFile(pdfFile('notes.docx', 'hello', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
    const alert = within(uploadPanel()).getByRole('alert');
    expect(alert.textContent).toContain('Please upload a PDF file');
    expect(alert.textContent).toContain('Click to try again with a different file');
    expect(toast).toHaveBeenCalledWith({ title: 'Invalid file type', description: 'Please upload a PDF file', variant: 'destructive' });
    expect(ControlledFileReader.last).toBeNull();
    expect(screen.getByRole('heading', { name: 'No PDF Document' })).toBeTruthy();
  });

  it("refuses a file over 20MB: 'File is too large. Maximum file size is 20MB', toast 'File too large'", () => {
    renderPage();
    const big = pdfFile('big.pdf');
    Object.defineProperty(big, 'size', { value: PDF_MAX_BYTES + 1 });
    chooseFile(big);
    const alert = within(uploadPanel()).getByRole('alert');
    expect(alert.textContent).toContain('File is too large. Maximum file size is 20MB');
    expect(toast).toHaveBeenCalledWith({
      title: 'File too large',
      description: 'File is too large. Maximum file size is 20MB',
      variant: 'destructive',
    });
  });

  it('accepts a file of exactly 20MB', async () => {
    renderPage();
    const limit = pdfFile('limit.pdf');
    Object.defineProperty(limit, 'size', { value: PDF_MAX_BYTES });
    await uploadPdf(limit);
    expect(within(uploadPanel()).getByText('limit.pdf')).toBeTruthy();
    expect(within(uploadPanel()).queryByRole('alert')).toBeNull();
  });

  it("rejects data that decodes to more than 20MB ('PDF too large') as a processing failure", async () => {
    renderPage();
    // The browser reports a small size but the read data is larger than the limit.
    const lying = pdfFile('lying.pdf', new Uint8Array(PDF_MAX_BYTES + 3));
    Object.defineProperty(lying, 'size', { value: 1000 });
    chooseFile(lying);
    const alert = await within(uploadPanel()).findByRole('alert');
    expect(alert.textContent).toContain('Failed to process PDF file');
    expect(alert.textContent).toContain('PDF too large');
    expect(toast).toHaveBeenCalledWith({
      title: 'Processing failed',
      description: 'Could not process your PDF file',
      variant: 'destructive',
    });
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'PDF Uploaded' }));
  });

  it("reports a failed read: inline and toast 'Read error' / 'Failed to read the PDF file'", () => {
    vi.stubGlobal('FileReader', ControlledFileReader);
    renderPage();
    chooseFile(pdfFile());
    act(() => ControlledFileReader.last!.fail());
    expect(within(uploadPanel()).getByRole('alert').textContent).toContain('Failed to read the PDF file');
    expect(toast).toHaveBeenCalledWith({ title: 'Read error', description: 'Failed to read the PDF file', variant: 'destructive' });
  });

  it("reports an unexpected failure: 'There was an unexpected error uploading your PDF', toast 'Upload failed'", () => {
    vi.stubGlobal(
      'FileReader',
      class {
        constructor() {
          throw new Error('no reader here');
        }
      },
    );
    renderPage();
    chooseFile(pdfFile());
    expect(within(uploadPanel()).getByRole('alert').textContent).toContain('There was an unexpected error uploading your PDF');
    expect(toast).toHaveBeenCalledWith({
      title: 'Upload failed',
      description: 'There was an error uploading your PDF',
      variant: 'destructive',
    });
  });

  it('lets the student click the red panel to choose another file, and then loads it', async () => {
    renderPage();
    chooseFile(pdfFile('notes.txt', 'x', 'text/plain'));
    const input = fileInput();
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: /Click to try again with a different file/ }));
    expect(click).toHaveBeenCalled();
    await uploadPdf(pdfFile('second.pdf'));
    expect(within(uploadPanel()).queryByRole('alert')).toBeNull();
    expect(within(uploadPanel()).getByText('second.pdf')).toBeTruthy();
  });
});

describe('PdfDocumentsPage, reading and loaded', () => {
  it("shows 'Uploading PDF...' while reading, then the file's name and size, the viewer and its links", () => {
    vi.stubGlobal('FileReader', ControlledFileReader);
    renderPage();
    chooseFile(pdfFile('enzymes.pdf', 'x'.repeat(2048)));
    expect(within(uploadPanel()).getByRole('status').textContent).toContain('Uploading PDF...');
    expect(ControlledFileReader.last!.file).toBeInstanceOf(File);
    expect(toast).not.toHaveBeenCalled();

    act(() => ControlledFileReader.last!.succeed(`data:application/pdf;base64,${PDF_BASE64}`));
    expect(within(uploadPanel()).queryByText('Uploading PDF...')).toBeNull();
    expect(within(uploadPanel()).getByText('enzymes.pdf')).toBeTruthy();
    expect(within(uploadPanel()).getByText('2.0 KB')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'PDF Uploaded', description: 'PDF uploaded successfully' });

    expect(screen.queryByRole('heading', { name: 'No PDF Document' })).toBeNull();
    const viewer = document.querySelector('object')!;
    expect(viewer.getAttribute('data')).toBe('blob:http://localhost/pdf-1');
    expect(viewer.getAttribute('type')).toBe('application/pdf');
    expect(viewer.style.height).toBe('600px');
    const download = screen.getByRole('link', { name: /Download/ });
    expect(download.getAttribute('href')).toBe('blob:http://localhost/pdf-1');
    expect(download.getAttribute('download')).toBe('enzymes.pdf');
    const newTab = screen.getByRole('link', { name: /Open in new tab/ });
    expect(newTab.getAttribute('href')).toBe('blob:http://localhost/pdf-1');
    expect(newTab.getAttribute('target')).toBe('_blank');
  });

  it('revokes the blob URL when another file replaces it and when the page goes away', async () => {
    const view = renderPage();
    await uploadPdf(pdfFile('one.pdf'));
    await waitFor(() => expect(objectUrls).toEqual(['blob:http://localhost/pdf-1']));
    vi.mocked(toast).mockClear();
    await uploadPdf(pdfFile('two.pdf'));
    await waitFor(() => expect(objectUrls).toHaveLength(2));
    expect(revoked).toEqual(['blob:http://localhost/pdf-1']);
    view.unmount();
    expect(revoked).toEqual(['blob:http://localhost/pdf-1', 'blob:http://localhost/pdf-2']);
  });
});

describe('PdfDocumentsPage, Ask Questions', () => {
  const answer: AskDocumentResponse = {
    response:
      '<p>The most relevant passages of <em>notes.pdf</em> (page 1, 3):</p><blockquote>Enzymes are biological catalysts. <cite>(page 3)</cite></blockquote><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true">',
    answeredBy: 'the built-in document reader',
    citations: [
      { page: 3, text: 'Enzymes are biological catalysts.' },
      { page: 1, text: 'Enzymes lower activation energy.' },
      { page: 3, text: 'Active site.' },
    ],
    documentId: 'd1',
  };

  it("asks for a question when the box is blank ('Question Required') and sends nothing", async () => {
    renderPage();
    await uploadPdf();
    fireEvent.click(getAnswer());
    expect(toast).toHaveBeenLastCalledWith({
      title: 'Question Required',
      description: 'Please enter a question to ask about the document.',
      variant: 'destructive',
    });
    fireEvent.change(questionBox(), { target: { value: '  \n  ' } });
    fireEvent.click(getAnswer());
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Question Required' }));
    expect(callsTo('POST /api/pdf/ask-question')).toEqual([]);
  });

  it('sends the base64 without its data: prefix, shows processing, then the sanitised answer and the cited pages', async () => {
    let reply!: (res: Response) => void;
    routes['POST /api/pdf/ask-question'] = () => new Promise<Response>((resolve) => (reply = resolve));
    renderPage();
    await uploadPdf();
    fireEvent.change(questionBox(), { target: { value: '  What do enzymes do?  ' } });
    fireEvent.click(getAnswer());

    await waitFor(() => expect(callsTo('POST /api/pdf/ask-question')).toHaveLength(1));
    expect(callsTo('POST /api/pdf/ask-question')[0].body).toEqual({
      pdfData: PDF_BASE64,
      pdfName: 'notes.pdf',
      question: 'What do enzymes do?',
    });
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect((processing as HTMLButtonElement).disabled).toBe(true);
    expect(questionBox().disabled).toBe(true);

    await act(async () => reply(Response.json(answer)));
    const section = await screen.findByRole('region', { name: 'Answer' });
    expect(within(section).getByText('Enzymes are biological catalysts.', { exact: false })).toBeTruthy();
    expect(section.querySelector('script')).toBeNull();
    expect(section.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    const pages = within(within(section).getByRole('list', { name: 'Pages cited' })).getAllByRole('listitem');
    expect(pages.map((li) => li.textContent)).toEqual(['Page 1', 'Page 3']);
    expect(within(section).getByText('Answered by the built-in document reader')).toBeTruthy();
    expect(getAnswer()).toBeTruthy();
  });

  it('does not send a half-written question on Enter; Ctrl+Enter and Cmd+Enter ask it', async () => {
    routes['POST /api/pdf/ask-question'] = () => Response.json(answer);
    renderPage();
    await uploadPdf();
    fireEvent.change(questionBox(), { target: { value: 'What do enzymes' } });
    fireEvent.keyDown(questionBox(), { key: 'Enter' });
    fireEvent.keyDown(questionBox(), { key: 'Enter', shiftKey: true });
    expect(callsTo('POST /api/pdf/ask-question')).toEqual([]);

    fireEvent.keyDown(questionBox(), { key: 'Enter', ctrlKey: true });
    await screen.findByRole('region', { name: 'Answer' });
    fireEvent.keyDown(questionBox(), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(callsTo('POST /api/pdf/ask-question')).toHaveLength(2));
  });

  it("shows 'Error Processing Question' with the server's message", async () => {
    routes['POST /api/pdf/ask-question'] = () =>
      Response.json({ message: 'The PDF could not be read: its data is not valid base64.' }, { status: 400 });
    renderPage();
    await uploadPdf();
    fireEvent.change(questionBox(), { target: { value: 'What do enzymes do?' } });
    fireEvent.click(getAnswer());
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith({
        title: 'Error Processing Question',
        description: 'The PDF could not be read: its data is not valid base64.',
        variant: 'destructive',
      }),
    );
    expect(questionBox().value).toBe('What do enzymes do?');
    expect(screen.queryByRole('region', { name: 'Answer' })).toBeNull();
  });

  it("falls back to 'Failed to get an answer to your question.' when the server gives no message", async () => {
    routes['POST /api/pdf/ask-question'] = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    renderPage();
    await uploadPdf();
    fireEvent.change(questionBox(), { target: { value: 'What do enzymes do?' } });
    fireEvent.click(getAnswer());
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith({
        title: 'Error Processing Question',
        description: 'Failed to get an answer to your question.',
        variant: 'destructive',
      }),
    );
  });

  it('learns the page count from the stored copy once the server has it', async () => {
    const stored: PdfDocument[] = [];
    routes['GET /api/pdf/documents'] = () => Response.json(stored);
    routes['POST /api/pdf/ask-question'] = () => {
      stored.push({ id: 'd1', name: 'notes.pdf', sizeBytes: PDF_TEXT.length, pageCount: 7, createdAt: '2026-03-01T10:00:00.000Z' });
      return Response.json(answer);
    };
    renderPage();
    await uploadPdf();
    expect(within(uploadPanel()).queryByText(/pages/)).toBeNull();
    fireEvent.change(questionBox(), { target: { value: 'What do enzymes do?' } });
    fireEvent.click(getAnswer());
    expect(await within(uploadPanel()).findByText(/7 pages/)).toBeTruthy();
  });
});

describe('PdfDocumentsPage, Generate Paper', () => {
  const generated: DocumentQuestionsResponse = {
    questionPaperId: 'qp-42',
    courseId: 'c1',
    title: 'Biology: questions from notes',
    totalQuestions: 6,
    generatedBy: 'the built-in question writer',
    documentId: 'd1',
    note: null,
  };
  const generateButton = () => screen.getByRole('button', { name: 'Generate Questions' });

  it("asks for a subject when it is blank ('Subject Required') and sends nothing", async () => {
    renderPage();
    await uploadPdf();
    openTab('Generate Paper');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '   ' } });
    fireEvent.click(generateButton());
    expect(toast).toHaveBeenLastCalledWith({
      title: 'Subject Required',
      description: 'Please enter a subject for the question paper.',
      variant: 'destructive',
    });
    expect(callsTo('POST /api/pdf/generate-questions')).toEqual([]);
  });

  it("generates: 'Questions Generated', a 'View Question Paper' link to the paper, and courses, questions and answers refreshed", async () => {
    let reply!: (res: Response) => void;
    routes['POST /api/pdf/generate-questions'] = () => new Promise<Response>((resolve) => (reply = resolve));
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderPage(client);
    await uploadPdf();
    openTab('Generate Paper');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' Biology ' } });
    fireEvent.click(generateButton());

    expect(((await screen.findByRole('button', { name: 'Generating...' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'View Question Paper' })).toBeNull();
    expect(callsTo('POST /api/pdf/generate-questions')[0].body).toEqual({ pdfData: PDF_BASE64, pdfName: 'notes.pdf', subject: 'Biology' });

    await act(async () => reply(Response.json(generated, { status: 201 })));
    const link = await screen.findByRole('link', { name: 'View Question Paper' });
    expect(link.getAttribute('href')).toBe('/question-papers/qp-42');
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Questions Generated' }));
    expect(vi.mocked(toast).mock.lastCall?.[0].variant).toBeUndefined();
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['/api/courses'], ['/api/user/questions'], ['/api/user/answers']]));
  });

  it("shows 'Error Generating Questions' with the server's message, or the default without one", async () => {
    routes['POST /api/pdf/generate-questions'] = () =>
      Response.json({ message: 'No questions could be written from this document.' }, { status: 422 });
    renderPage();
    await uploadPdf();
    openTab('Generate Paper');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Biology' } });
    fireEvent.click(generateButton());
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith({
        title: 'Error Generating Questions',
        description: 'No questions could be written from this document.',
        variant: 'destructive',
      }),
    );

    routes['POST /api/pdf/generate-questions'] = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    fireEvent.click(generateButton());
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith({
        title: 'Error Generating Questions',
        description: 'Failed to generate questions from the PDF.',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByRole('link', { name: 'View Question Paper' })).toBeNull();
  });
});

describe('PdfDocumentsPage, earlier documents', () => {
  const stored: PdfDocument = { id: 'd9', name: 'cells.pdf', sizeBytes: 15, pageCount: 12, createdAt: '2026-03-01T10:00:00.000Z' };

  it('shows nothing when there are none', async () => {
    renderPage();
    await waitFor(() => expect(callsTo('GET /api/pdf/documents')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Loading your documents...')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Your documents' })).toBeNull();
  });

  it('shows a loading state, then each document with its pages and date', async () => {
    let reply!: (res: Response) => void;
    routes['GET /api/pdf/documents'] = () => new Promise<Response>((resolve) => (reply = resolve));
    renderPage();
    expect(await screen.findByText('Loading your documents...')).toBeTruthy();
    await act(async () => reply(Response.json([stored])));
    const list = await screen.findByRole('list', { name: 'Your documents' });
    expect(within(list).getByText('cells.pdf')).toBeTruthy();
    expect(within(list).getByText(/12 pages/).textContent).toContain('3/1/2026');
  });

  it('opens one with the session token and cookies, and makes it the current document', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'token-123');
    routes['GET /api/pdf/documents'] = () => Response.json([stored]);
    routes['GET /api/pdf/documents/d9/file'] = () =>
      new Response(new TextEncoder().encode('%PDF-1.4 cells!'), { headers: { 'content-type': 'application/pdf' } });
    routes['POST /api/pdf/ask-question'] = () =>
      Response.json({ response: '<p>Cells.</p>', answeredBy: 'x', citations: [], documentId: 'd9' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Open cells.pdf' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'PDF Uploaded', description: 'PDF uploaded successfully' }));

    const [request] = callsTo('GET /api/pdf/documents/d9/file');
    expect(request.init.credentials).toBe('include');
    expect(new Headers(request.init.headers).get('Authorization')).toBe('Bearer token-123');
    expect(within(uploadPanel()).getByText('cells.pdf')).toBeTruthy();
    expect(within(uploadPanel()).getByText(/12 pages/)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('object')?.getAttribute('data')).toMatch(/^blob:/));

    fireEvent.change(questionBox(), { target: { value: 'What is a cell?' } });
    fireEvent.click(getAnswer());
    await waitFor(() => expect(callsTo('POST /api/pdf/ask-question')).toHaveLength(1));
    expect(callsTo('POST /api/pdf/ask-question')[0].body).toMatchObject({ pdfData: btoa('%PDF-1.4 cells!'), pdfName: 'cells.pdf' });
  });

  it("says so when a stored document can't be fetched", async () => {
    routes['GET /api/pdf/documents'] = () => Response.json([stored]);
    routes['GET /api/pdf/documents/d9/file'] = () => Response.json({ message: 'Document not found' }, { status: 404 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Open cells.pdf' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Could not open the document',
        description: 'Document not found',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('heading', { name: 'No PDF Document' })).toBeTruthy();
  });
});
