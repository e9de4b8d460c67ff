import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, newStudent } from './fixtures';

// Issue 28 item 1: the screens this turn added that no other e2e test scans with axe — the password reset panel and
// page (issue 25), a teacher's reset-code dialog (issue 25) — and item 4 in a real browser: with the browser set to
// British English, dates are written day first (the course page's paper card, the reset code's expiry).
test.use({ locale: 'en-GB' });

async function register(page: Page, who = newStudent()) {
  const res = await page.request.post('/api/auth/register', {
    data: { email: who.email, password: who.password, firstName: who.firstName, lastName: who.lastName },
  });
  expect(res.ok(), `register: ${res.status()}`).toBe(true);
  return { ...who, token: ((await res.json()) as { sessionId: string }).sessionId };
}

async function call<T>(page: Page, token: string, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Opens the app signed in as `token` (the token the log-in form would have stored). */
async function signIn(page: Page, token: string) {
  await page.goto('/api/public/stats');
  await page.evaluate((t) => localStorage.setItem('sessionToken', t), token);
}

/** How a British browser writes a date: the same Intl, the same time zone as the browser. */
const british = (iso: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', options).format(new Date(iso));

test('the password reset panel and page are axe-clean', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // With no e-mail set up on this server: the code form (e-mail, code, new password).
  await expect(page.getByRole('button', { name: 'Back to log in' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the Forgot password panel');

  await page.goto('/auth/reset?token=not-a-real-token');
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await expect(form).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('a-new-secret');
  await form.getByLabel('New password again').fill('a-different-secret');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The two passwords are not the same');
  await expectNoSeriousViolations(page, 'the reset page with an error');

  await page.goto('/auth/reset');
  await expect(page.getByRole('alert')).toContainText('This reset link or code is not valid');
  await expectNoSeriousViolations(page, 'the reset page without a token');
});

test("a teacher's reset-code dialog is axe-clean, its expiry written day first in a British browser", async ({ page }) => {
  const teacher = await register(page);
  const student = await register(page);
  const klass = await call<{ id: string; joinCode: string }>(page, teacher.token, 'POST', '/api/classes', {
    name: 'Physics 12B',
    subject: 'Physics',
  });
  await call(page, student.token, 'POST', '/api/classes/join', { code: klass.joinCode });

  await signIn(page, teacher.token);
  await page.goto(`/classes/${klass.id}`);
  await page.getByRole('tab', { name: 'Students (1)' }).click();
  const issued = page.waitForResponse((r) => r.url().endsWith('/reset-code') && r.request().method() === 'POST');
  await page.getByRole('button', { name: `Reset code for ${student.firstName} ${student.lastName}` }).click();
  const { expiresAt } = (await (await issued).json()) as { expiresAt: string };
  const dialog = page.getByRole('dialog', { name: `Reset code for ${student.firstName} ${student.lastName}` });
  const until = british(expiresAt, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  // day, month, year, then a 24-hour time (no AM/PM)
  expect(until).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}$/);
  await expect(dialog).toContainText(`It works until ${until}.`);
  await expectNoSeriousViolations(page, 'the reset-code dialog');
});

test("the course page's paper dates in a British browser: day, month, year", async ({ page }) => {
  const student = await register(page);
  const course = await call<{ id: string; paper: { id: string } }>(page, student.token, 'POST', '/api/courses/direct-create', {
    subject: 'Biology',
  });
  const [paper] = await call<{ id: string; createdAt: string }[]>(page, student.token, 'GET', `/api/courses/${course.id}/question-papers`);
  await signIn(page, student.token);
  await page.goto(`/courses/${course.id}`);
  const papers = page.getByRole('region', { name: 'Question papers' });
  await expect(papers.getByText('Paper 1')).toBeVisible();
  const day = british(paper!.createdAt, { day: 'numeric', month: 'numeric', year: 'numeric' });
  expect(day).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const [dd, mm] = day.split('/');
  // Day first: the day of the month the browser's clock gives, then the month.
  const local = await page.evaluate((iso) => [new Date(iso).getDate(), new Date(iso).getMonth() + 1], paper!.createdAt);
  expect([Number(dd), Number(mm)]).toEqual(local);
  await expect(papers.getByText(day)).toBeVisible();
});
