import { expect, test, type Page } from '@playwright/test';

// A reload of a signed-in page (issue 29 item 4): index.html's script asks for the session and the screen's data and
// fetches the screen's code as the page arrives (app/page-preload-script.ts), and the app takes those replies over
// rather than asking again. Behaviour, not timings: each read asked once, the screen's code preloaded.

async function signedIn(page: Page, request: import('@playwright/test').APIRequestContext) {
  const reply = await request.post('/api/auth/register', {
    data: { email: `paint-${Date.now()}@example.org`, password: 'first-paint-secret', firstName: 'Paint' },
  });
  const { sessionId } = (await reply.json()) as { sessionId: string };
  await page.addInitScript((token) => localStorage.setItem('sessionToken', token), sessionId);
  const auth = { authorization: `Bearer ${sessionId}` };
  const course = (await (await request.post('/api/courses/direct-create', { data: { subject: 'Biology' }, headers: auth })).json()) as {
    id: string;
    paper: { id: string };
  };
  return { auth, course };
}

/** The API GETs and scripts the page asks for. */
function recordRequests(page: Page) {
  const gets: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') gets.push(url.pathname);
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });
  return { gets, scripts };
}

test('a reload of the exam asks for each of its reads once and fetches the exam’s code as the page arrives', async ({ page, request }) => {
  const { course } = await signedIn(page, request);
  const { gets, scripts } = recordRequests(page);
  await page.goto(`/courses/${course.id}/papers/${course.paper.id}/exam`);
  await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeVisible();
  await expect(page.locator('link[rel="modulepreload"][href*="/exam-page-"]')).toHaveCount(1);
  for (const url of [
    '/api/users/me',
    `/api/courses/${course.id}`,
    `/api/question-papers/${course.paper.id}`,
    `/api/question-papers/${course.paper.id}/questions`,
    '/api/user/answers',
  ])
    expect(
      gets.filter((asked) => asked === url),
      url,
    ).toHaveLength(1);
  expect(scripts.filter((file, i) => scripts.indexOf(file) !== i)).toEqual([]);
});

test('a reload of a paper’s results asks for them once, with the results’ code', async ({ page, request }) => {
  const { auth, course } = await signedIn(page, request);
  const questions = (await (await request.get(`/api/question-papers/${course.paper.id}/questions`, { headers: auth })).json()) as {
    id: string;
  }[];
  const text = 'Enzymes are proteins that speed up reactions; the substrate binds to the active site.';
  await request.post('/api/answers/save', { data: { questionId: questions[0]!.id, text, submitted: true }, headers: auth });
  await request.post('/api/answers/evaluate', { data: { questionId: questions[0]!.id, answer: text }, headers: auth });
  const { gets } = recordRequests(page);
  await page.goto(`/courses/${course.id}/papers/${course.paper.id}/results`);
  await expect(page.getByRole('heading', { level: 1, name: /^Results:/ })).toBeVisible();
  await expect(page.locator('link[rel="modulepreload"][href*="/results-page-"]')).toHaveCount(1);
  expect(gets.filter((asked) => asked === `/api/question-papers/${course.paper.id}/results`)).toHaveLength(1);
  expect(gets.filter((asked) => asked === '/api/users/me')).toHaveLength(1);
});
