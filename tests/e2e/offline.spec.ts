import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string };
type AnswerView = { text: string; revision: number; submitted: boolean };
type FeedbackView = { evaluatedText: string | null; marks_awarded: number };

async function bearer(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('sessionToken'))}` };
}

test('a paper opened once is answered with no signal: three answers queue, survive a reload, and are saved and marked once each on reconnect', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signUpThroughUi(page);
  // The signed-in app registers the service worker; it takes control of this page (clients.claim).
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; icons: { purpose: string }[] };
  expect(manifest.name).toBe('Markwell');
  expect(manifest.icons.map((i) => i.purpose)).toContain('maskable');

  const headers = await bearer(page);
  const course = (await (await page.request.post('/api/courses/direct-create', { headers, data: { subject: 'Biology' } })).json()) as {
    id: string;
    paper: { id: string };
  };
  const all = (await (await page.request.get(`/api/question-papers/${course.paper.id}/questions`, { headers })).json()) as QuestionView[];
  const written = all.filter((q) => q.type !== 'multiple_choice');
  expect(written.length).toBeGreaterThanOrEqual(3);
  // Three written questions one after another (Next), starting from the first of them.
  const start = all.findIndex((q) => q.id === written[0].id);
  const three = all.slice(start, start + 3);
  expect(three.every((q) => q.type !== 'multiple_choice')).toBe(true);

  const evaluations: string[] = [];
  const submissions: string[] = [];
  // What reached the server (a request the browser could not send has no response).
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST') return;
    const body = request.postDataJSON() as { questionId?: string; submitted?: boolean } | null;
    if (request.url().endsWith('/api/answers/evaluate')) evaluations.push(String(body?.questionId));
    if (request.url().endsWith('/api/answers/save') && body?.submitted) submissions.push(String(body.questionId));
  });

  // Opened online: the service worker keeps the shell, the paper and every question's (empty) answer.
  const url = (id: string) => `/courses/${course.id}/papers/${course.paper.id}/questions/${id}`;
  await page.goto(url(three[0].id));
  const box = page.getByPlaceholder('Type your answer here...');
  await expect(box).toBeEnabled();
  await page.waitForResponse((r) => r.url().endsWith(`/api/questions/${three[2].id}/answer`));

  await context.setOffline(true);
  const texts = [
    'Offline one: enzymes are biological catalysts that lower activation energy.',
    'Offline two: the active site is complementary to the substrate.',
    'Offline three: high temperature denatures the enzyme, changing the active site shape.',
  ];
  // Each answer is written (autosaved to this device and queued: the server cannot be reached), then submitted
  // (queued too, to be marked on reconnect), then Next.
  for (const [i, text] of texts.entries()) {
    if (i > 0) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(new RegExp(three[i].id));
    }
    await expect(box).toBeEnabled();
    await box.fill(text);
    await expect(page.getByText('Saved on this device — retrying the server...')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await expect(page.getByText('Answer waiting to be submitted').first()).toBeVisible();
  }
  const banner = page.getByRole('status').filter({ hasText: 'Offline —' });
  await expect(banner).toHaveText('Offline — 3 answers waiting to be saved (3 to be submitted and marked)');
  // The banner and the waiting submissions are new on this screen (issue 28): axe-clean too.
  await expectNoSeriousViolations(page, 'the exam screen offline, with the banner and submissions waiting');

  // A reload with no network: the app shell and the paper come back from the cache, the answer from this device.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question', exact: false }).first()).toBeVisible();
  await expect(box).toHaveValue(texts[2]);
  await expect(banner).toHaveText('Offline — 3 answers waiting to be saved (3 to be submitted and marked)');
  expect(evaluations).toEqual([]);

  // The network returns: everything waiting is sent, in the order it was written, the banner goes.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-status')).toHaveCount(0, { timeout: 60_000 });

  for (const [i, q] of three.entries()) {
    const stored = (await (await page.request.get(`/api/questions/${q.id}/answer`, { headers })).json()) as AnswerView;
    expect(stored.text).toBe(texts[i]);
    expect(stored.submitted).toBe(true);
    const feedback = (await (await page.request.get(`/api/questions/${q.id}/feedback`, { headers })).json()) as FeedbackView;
    expect(feedback.evaluatedText).toBe(texts[i]);
  }
  // Every answer saved as submitted once and marked once, in order.
  expect(submissions).toEqual(three.map((q) => q.id));
  expect(evaluations).toEqual(three.map((q) => q.id));
  // The screen shows the submission once it has landed.
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
});
