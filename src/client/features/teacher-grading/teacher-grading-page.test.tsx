// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GradingResult } from '../../../shared/teacher';
import { MAX_MARKS_TEXT } from '../../../shared/teacher-text';
import { toast } from '../../components/ui/toast-store';
import { createQueryClient } from '../../lib/api-client';
import { compressImage } from './compress-image';
import { TeacherGradingPage } from './teacher-grading-page';

vi.mock('../../components/ui/toast-store', () => ({ toast: vi.fn(), flashToast: vi.fn() }));
// The canvas pipeline is tested in compress-image.test.ts; here each file "compresses" to base64 of its name.
vi.mock('./compress-image', () => ({ compressImage: vi.fn() }));

const MB = 1024 * 1024;
const DEFAULT_FAILURE = 'Failed to grade the answer. Please try again.';

const result = (over: Partial<GradingResult> = {}): GradingResult => ({
  id: 'r-new',
  marksAwarded: 7,
  totalMarks: 10,
  feedback:
    '<p>Good use of <strong>key terms</strong>.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  detailedBreakdown: [
    {
      section: 'Peptide bond formation',
      marksAwarded: 3,
      maxMarks: 4,
      comments: '<p>Names the condensation reaction.</p><img src="y" onerror="alert(1)">',
    },
    {
      section: 'Water released',
      marksAwarded: 4,
      maxMarks: 6,
      comments: '<em>States</em> that water is removed.<script>alert(2)</script>',
    },
  ],
  questionText: 'Describe how a peptide bond forms.',
  answerText: 'A condensation reaction...',
  gradedBy: 'the built-in marker (OCR by Tesseract)',
  createdAt: '2026-03-02T10:00:00.000Z',
  ...over,
});

type Reply = { status: number; body?: unknown } | (() => Promise<Response>);
let gradeReply: Reply;
let history: GradingResult[];
let gradeRequests: unknown[];

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.mocked(compressImage).mockReset();
  vi.mocked(compressImage).mockImplementation(async (file: Blob) => {
    const base64 = btoa((file as File).name);
    return { dataUrl: `data:image/jpeg;base64,${base64}`, base64, quality: 0.5, width: 800, height: 1200 };
  });
  gradeRequests = [];
  history = [];
  gradeReply = { status: 200, body: result() };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'GET' && url === '/api/teacher/results') return Response.json(history);
      if (init.method === 'POST' && url.endsWith('/remark')) {
        const { answerText } = JSON.parse(String(init.body)) as { answerText: string };
        return Response.json(result({ answerText, marksAwarded: 1, transcriptCorrected: true, canRemark: true }));
      }
      if (init.method === 'POST' && url === '/api/teacher/grade-answer') {
        gradeRequests.push(JSON.parse(String(init.body)));
        if (typeof gradeReply === 'function') return gradeReply();
        return gradeReply.body === undefined
          ? new Response('', { status: gradeReply.status })
          : Response.json(gradeReply.body, { status: gradeReply.status });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TeacherGradingPage />
    </QueryClientProvider>,
  );
}

function imageFile(name: string, type = 'image/jpeg', size?: number): File {
  const file = new File(['pixels'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

const questionArea = () => screen.getByRole('button', { name: /^Question Paper Image/ });
const answerArea = () => screen.getByRole('button', { name: /^Answer Sheet Image/ });
const gradeButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Grade Answer with AI|Grading Answer\.\.\./ });
const marksInput = () => screen.getByLabelText<HTMLInputElement>('Maximum Marks');
const queryMarksInput = () => screen.queryByLabelText<HTMLInputElement>(/Maximum Marks/);

/** "Type the scheme" (Radix tabs switch on mousedown) with `scheme` typed in. */
function typeScheme(scheme: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Type the scheme' }), { button: 0, ctrlKey: false });
  fireEvent.change(screen.getByLabelText('Mark scheme, one point a line'), { target: { value: scheme } });
}

function choose(which: 'question-image' | 'answer-image', file: File) {
  fireEvent.change(screen.getByTestId(`${which}-input`), { target: { files: [file] } });
}

async function chooseBoth() {
  choose('question-image', imageFile('question.jpg'));
  await screen.findByRole('button', { name: 'Question Paper Image question.jpg' });
  fireEvent.drop(answerArea(), { dataTransfer: { files: [imageFile('answer.png', 'image/png')] } });
  await screen.findByRole('button', { name: 'Answer Sheet Image answer.png' });
}

const lastToast = () => vi.mocked(toast).mock.lastCall?.[0];

describe('TeacherGradingPage, before any grading', () => {
  it("shows the 'No Results Yet' empty state and no earlier results when there are none", async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Teacher Grading' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No Results Yet' })).toBeTruthy();
    expect(screen.getByText(/Upload both images and press Grade Answer with AI/)).toBeTruthy();
    expect(screen.getByText('Loading earlier results...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading earlier results...')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Earlier Results' })).toBeNull();
    // issue 26: no "Maximum Marks" pre-filled with 10; the marks come from the scheme
    expect(queryMarksInput()).toBeNull();
    expect(gradeButton().textContent).toBe('Grade Answer with AI');
  });

  it('opens the file picker from the upload area button (keyboard activation is the button’s own)', () => {
    renderPage();
    const pick = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(questionArea());
    expect(pick).toHaveBeenCalledTimes(1);
    expect(pick.mock.contexts[0]).toBe(screen.getByTestId('question-image-input'));
    expect(screen.getByTestId<HTMLInputElement>('question-image-input').accept).toBe('image/*');
    pick.mockRestore();
  });
});

describe('TeacherGradingPage, choosing images', () => {
  it('refuses a file that is not an image', () => {
    renderPage();
    choose('question-image', imageFile('notes.pdf', 'application/pdf'));
    expect(toast).toHaveBeenCalledWith({
      title: 'Invalid File',
      description: 'Please upload an image file (JPG, PNG, etc.)',
      variant: 'destructive',
    });
    expect(compressImage).not.toHaveBeenCalled();
    expect(questionArea().textContent).toContain('No image chosen');
  });

  it('refuses an image over 10MB, and accepts one of exactly 10MB', async () => {
    renderPage();
    fireEvent.drop(answerArea(), { dataTransfer: { files: [imageFile('huge.jpg', 'image/jpeg', 10 * MB + 1)] } });
    expect(toast).toHaveBeenCalledWith({
      title: 'File Too Large',
      description: 'Please upload an image smaller than 10MB',
      variant: 'destructive',
    });
    expect(compressImage).not.toHaveBeenCalled();

    fireEvent.drop(answerArea(), { dataTransfer: { files: [imageFile('big.jpg', 'image/jpeg', 10 * MB)] } });
    await screen.findByRole('button', { name: 'Answer Sheet Image big.jpg' });
    expect(compressImage).toHaveBeenCalledTimes(1);
  });

  it('shows the file name and a preview of the compressed image once chosen, and says so', async () => {
    renderPage();
    choose('question-image', imageFile('question.jpg'));
    await screen.findByRole('button', { name: 'Question Paper Image question.jpg' });
    const preview = screen.getByAltText<HTMLImageElement>('Preview of the question paper image');
    expect(preview.src).toBe(`data:image/jpeg;base64,${btoa('question.jpg')}`);
    expect(lastToast()).toEqual({ title: 'Image Uploaded', description: 'question.jpg is ready to grade.' });
    // the other area is untouched
    expect(answerArea().textContent).toContain('No image chosen');
  });

  it("says 'Upload Failed' when the image cannot be processed, and keeps nothing", async () => {
    vi.mocked(compressImage).mockRejectedValueOnce(new Error('The source image could not be decoded.'));
    renderPage();
    choose('answer-image', imageFile('photo.heic', 'image/heic'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Upload Failed',
        description: 'Failed to process the image. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(answerArea().textContent).toContain('No image chosen');
    expect(screen.queryByAltText('Preview of the answer sheet image')).toBeNull();
  });

  it('keeps the newest choice when an earlier one finishes processing later', async () => {
    let finishFirst: () => void = () => {};
    vi.mocked(compressImage).mockImplementationOnce(
      (file) =>
        new Promise((resolve) => {
          finishFirst = () =>
            resolve({ dataUrl: 'data:image/jpeg;base64,Zmlyc3Q=', base64: 'Zmlyc3Q=', quality: 0.5, width: 1, height: 1 });
          void file;
        }),
    );
    renderPage();
    choose('question-image', imageFile('first.jpg'));
    expect(await screen.findByText('Processing image...')).toBeTruthy();
    choose('question-image', imageFile('second.jpg'));
    await screen.findByRole('button', { name: 'Question Paper Image second.jpg' });
    finishFirst();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(questionArea().textContent).toContain('second.jpg');
    expect(questionArea().textContent).not.toContain('first.jpg');
  });
});

describe('TeacherGradingPage, before sending', () => {
  it("asks for both images ('Missing Images') and sends nothing", async () => {
    renderPage();
    fireEvent.click(gradeButton());
    expect(toast).toHaveBeenCalledWith({
      title: 'Missing Images',
      description: 'Please upload both the question paper image and the answer sheet image.',
      variant: 'destructive',
    });
    choose('question-image', imageFile('question.jpg'));
    await screen.findByRole('button', { name: 'Question Paper Image question.jpg' });
    vi.mocked(toast).mockClear();
    fireEvent.click(gradeButton());
    expect(lastToast()).toMatchObject({ title: 'Missing Images', variant: 'destructive' });
    expect(gradeRequests).toEqual([]);
  });

  it.each(['0', '-3', '101', '2.5'])("refuses maximum marks of %s ('Invalid Marks') and sends nothing", async (value) => {
    renderPage();
    await chooseBoth();
    typeScheme('active site\nprotein');
    fireEvent.change(marksInput(), { target: { value } });
    expect(marksInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(gradeButton());
    expect(lastToast()).toEqual({
      title: 'Invalid Marks',
      description: 'Maximum marks must be between 1 and 100.',
      variant: 'destructive',
    });
    expect(gradeRequests).toEqual([]);
  });

  it('sends the compressed images and no maximum marks: the marks come from the scheme, never a default of 10', async () => {
    renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());
    await waitFor(() => expect(gradeRequests).toHaveLength(1));
    expect(gradeRequests).toEqual([{ questionImage: btoa('question.jpg'), answerImage: btoa('answer.png') }]);
  });

  it('asks for the maximum only for a typed scheme without marks; left blank it says so and sends nothing', async () => {
    renderPage();
    await chooseBoth();
    typeScheme('active site [2]\nprotein');
    expect(queryMarksInput()).toBeNull();
    typeScheme('M1 rate = 1 / time\nA1 0.25');
    expect(queryMarksInput()).toBeNull();
    typeScheme('active site\nprotein');
    expect(marksInput().value).toBe('');
    fireEvent.click(gradeButton());
    expect(lastToast()).toEqual({ title: 'Invalid Marks', description: MAX_MARKS_TEXT.needed, variant: 'destructive' });
    expect(gradeRequests).toEqual([]);
    fireEvent.change(marksInput(), { target: { value: '2' } });
    fireEvent.click(gradeButton());
    await waitFor(() => expect(gradeRequests).toHaveLength(1));
    expect(gradeRequests[0]).toMatchObject({ markScheme: 'active site\nprotein', maxMarks: 2 });
  });
});

describe('TeacherGradingPage, grading', () => {
  it("reads 'Grading Answer...' and is disabled while pending", async () => {
    let respond: () => void = () => {};
    gradeReply = () => new Promise<Response>((resolve) => (respond = () => resolve(Response.json(result()))));
    renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());
    await waitFor(() => expect(gradeButton().textContent).toBe('Grading Answer...'));
    expect(gradeButton().disabled).toBe(true);
    fireEvent.click(gradeButton());
    expect(gradeRequests).toHaveLength(1);
    respond();
    await waitFor(() => expect(gradeButton().textContent).toBe('Grade Answer with AI'));
    expect(gradeButton().disabled).toBe(false);
  });

  it('shows marks, percentage, the breakdown per section and the feedback, sanitised, and who marked it', async () => {
    const { container } = renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());

    expect(await screen.findByLabelText('7 out of 10 marks')).toBeTruthy();
    expect(screen.getByText('70%')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Score' });
    expect(bar.getAttribute('aria-valuenow')).toBe('70');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('70%');

    const sections = within(screen.getByRole('region', { name: 'Detailed Breakdown' })).getAllByRole('listitem');
    expect(sections).toHaveLength(2);
    expect(sections[0].textContent).toContain('Peptide bond formation');
    expect(within(sections[0]).getByLabelText('3 out of 4 marks').textContent).toBe('3/4');
    expect(within(sections[0]).getByText('Names the condensation reaction.')).toBeTruthy();
    expect(within(sections[1]).getByText('4/6')).toBeTruthy();
    expect(within(sections[1]).getByText('States').tagName).toBe('EM');

    const feedback = screen.getByRole('region', { name: 'AI Feedback' });
    expect(within(feedback).getByText('key terms').tagName).toBe('STRONG');
    expect(screen.getByText('Marked by the built-in marker (OCR by Tesseract)')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No Results Yet' })).toBeNull();

    // <script> and on* handlers from the server's HTML never reach the page
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).not.toContain('hacked');
    expect(container.innerHTML).not.toContain('alert(');

    expect(toast).toHaveBeenCalledWith({ title: 'Grading Complete', description: 'Marks awarded: 7/10' });
  });

  it('rounds the percentage and leaves out the engine line when the response does not name one', async () => {
    gradeReply = { status: 200, body: result({ marksAwarded: 2, totalMarks: 3, gradedBy: null, detailedBreakdown: [] }) };
    renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());
    expect(await screen.findByLabelText('2 out of 3 marks')).toBeTruthy();
    expect(screen.getByText('67%')).toBeTruthy();
    expect(screen.queryByText(/^Marked by/)).toBeNull();
  });

  it.each([
    [
      'a 413',
      { status: 413, body: { message: 'Please upload an image smaller than 10MB' } },
      'Image files are being processed automatically to reduce size. Please try uploading again.',
    ],
    [
      "a message saying 'too large'",
      { status: 400, body: { message: 'Request body is too large' } },
      'Image files are being processed automatically to reduce size. Please try uploading again.',
    ],
    [
      "'PayloadTooLarge'",
      { status: 500, body: { message: 'PayloadTooLargeError' } },
      'Images are being compressed automatically. Please try again in a moment.',
    ],
    [
      "the server's message",
      { status: 422, body: { message: 'This question is not in the built-in question bank.' } },
      'This question is not in the built-in question bank.',
    ],
    ['no message (the default)', { status: 502 }, DEFAULT_FAILURE],
  ])("maps %s to the §8 'Grading Failed' text", async (_name, reply, description) => {
    gradeReply = reply;
    renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Grading Failed', description, variant: 'destructive' }));
    // The results panel says what failed and what to do next, not 'No Results Yet'.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(description);
    expect(alert.textContent).toContain('What to do next:');
    expect(screen.queryByRole('heading', { name: 'No Results Yet' })).toBeNull();
    expect(gradeButton().disabled).toBe(false);
  });

  it('asks for a scheme in the page when none was found, with the question as read filled in, and sends it', async () => {
    gradeReply = {
      status: 422,
      body: {
        message: 'The question is not in the built-in question bank or your papers.',
        needsScheme: true,
        questionText: 'Explain why the rate of photosynthesis increases.',
        answerText: 'more light',
      },
    };
    renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());
    const typeIt = await screen.findByRole('button', { name: 'Type the mark scheme' });
    fireEvent.click(typeIt);
    const question = await screen.findByLabelText<HTMLTextAreaElement>('Question');
    expect(question.value).toBe('Explain why the rate of photosynthesis increases.');
    fireEvent.change(screen.getByLabelText('Mark scheme, one point a line'), { target: { value: 'light is a limiting factor [2]' } });
    gradeReply = { status: 200, body: result() };
    fireEvent.click(gradeButton());
    await waitFor(() => expect(gradeRequests).toHaveLength(2));
    expect(gradeRequests[1]).toMatchObject({
      markScheme: 'light is a limiting factor [2]',
      questionText: 'Explain why the rate of photosynthesis increases.',
    });
  });

  it('shows the transcript beside the photo; a corrected transcript is marked again', async () => {
    gradeReply = { status: 200, body: result({ answerText: 'teh answer', canRemark: true }) };
    renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());
    const transcript = await screen.findByLabelText<HTMLTextAreaElement>(/Correct what the reader got wrong/);
    expect(transcript.value).toBe('teh answer');
    expect(screen.getByAltText('The answer sheet as photographed')).toBeTruthy();
    fireEvent.change(transcript, { target: { value: 'the answer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark again' }));
    await waitFor(() => expect(screen.getByText('corrected')).toBeTruthy());
  });

  it('uses the default text when the request never reaches the server', async () => {
    gradeReply = () => Promise.reject(new TypeError('Failed to fetch'));
    renderPage();
    await chooseBoth();
    fireEvent.click(gradeButton());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Grading Failed', description: DEFAULT_FAILURE, variant: 'destructive' }),
    );
  });
});

describe('TeacherGradingPage, earlier results', () => {
  it('lists them newest first and shows one in the results panel when chosen', async () => {
    history = [
      result({ id: 'old', marksAwarded: 2, totalMarks: 5, createdAt: '2026-01-05T09:00:00.000Z', gradedBy: 'gpt-test' }),
      result({ id: 'new', marksAwarded: 9, totalMarks: 10, createdAt: '2026-02-07T09:00:00.000Z' }),
    ];
    renderPage();
    const list = await screen.findByRole('list', { name: 'Earlier grading results, newest first' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('9/10 marks · 90%');
    expect(items[1].textContent).toContain('2/5 marks · 40%');
    expect(items[1].textContent).toContain('gpt-test');
    expect(items[1].getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(items[1]);
    expect(await screen.findByLabelText('2 out of 5 marks')).toBeTruthy();
    expect(screen.getByText('Marked by gpt-test')).toBeTruthy();
    expect(items[1].getAttribute('aria-pressed')).toBe('true');
  });

  it('names the student and class a result is attached to, in the list and in the results panel', async () => {
    const attachment = {
      classId: 'k1',
      className: 'Biology 12B',
      studentId: 'u1',
      studentName: 'Ada Byron',
      attachedAt: '2026-02-07T09:00:00.000Z',
      inClass: true,
    };
    history = [result({ id: 'att', attachment }), result({ id: 'free', createdAt: '2026-01-05T09:00:00.000Z', attachment: null })];
    renderPage();
    const list = await screen.findByRole('list', { name: 'Earlier grading results, newest first' });
    const items = within(list).getAllByRole('button');
    expect(items[0].textContent).toContain('Ada Byron · Biology 12B');
    expect(items[1].textContent).not.toContain('Biology 12B');
    fireEvent.click(items[0]);
    expect((await screen.findByTestId('attached-to')).textContent).toContain('Attached to Ada Byron in Biology 12B');
  });

  it('refreshes the list after a new grading', async () => {
    renderPage();
    await waitFor(() => expect(screen.queryByText('Loading earlier results...')).toBeNull());
    await chooseBoth();
    history = [result()];
    fireEvent.click(gradeButton());
    const list = await screen.findByRole('list', { name: 'Earlier grading results, newest first' });
    const [only] = within(list).getAllByRole('button');
    expect(only.textContent).toContain('7/10 marks · 70%');
    expect(only.getAttribute('aria-pressed')).toBe('true');
  });
});
