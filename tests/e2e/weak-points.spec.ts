import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

/**
 * Issue 13 item 5 and 6 end to end: after enough marked answers the Mastery tab names a weak point ("You miss … in N%
 * of the chances you had"), links to a question that practises it, and "Practise my weak points" makes a paper. The
 * answers are seeded through the API the exam screen uses (save, then evaluate), for speed; the rest is the UI, at
 * phone width, with axe on each screen.
 */
test('the Mastery tab finds a weak point after enough marked answers, links to practise it, and makes a weak-points paper', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughUi(page);

  await page.goto('/progress');
  await page.getByRole('tab', { name: 'Mastery' }).click();
  await expect(
    page.getByText('Start practicing to see your progress').or(page.getByText('No weak points found yet')).first(),
  ).toBeVisible();

  // A Physics course, every question answered with nothing creditworthy and marked: each kind of mark is missed.
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/courses/direct-create', { headers, data: { subject: 'Physics' } });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { id: string };
  const questions = (await (await page.request.get(`/api/courses/${course.id}/questions`, { headers })).json()) as {
    id: string;
    type: string;
  }[];
  for (const q of questions) {
    const answer = q.type === 'multiple_choice' ? 'Z' : 'I am not sure.';
    expect(
      (await page.request.post('/api/answers/save', { headers, data: { questionId: q.id, text: answer, submitted: true } })).ok(),
    ).toBe(true);
    expect((await page.request.post('/api/answers/evaluate', { headers, data: { questionId: q.id, answer } })).ok()).toBe(true);
  }
  const weak = (await (await page.request.get('/api/analytics/weak-points', { headers })).json()) as { findings: { text: string }[] };
  expect(weak.findings.length).toBeGreaterThan(0);

  // The finding, in the student's words, with its percentage, on the Mastery tab.
  await page.reload();
  await page.getByRole('tab', { name: 'Mastery' }).click();
  const findings = page.getByRole('list', { name: 'Weak points' });
  await expect(findings.getByText(/^You miss .+ in \d+% of the chances you had \(\d+ of \d+\)\.$/).first()).toBeVisible();
  await expect(findings.getByText(weak.findings[0].text)).toBeVisible();
  await expectNoSeriousViolations(page, 'Mastery tab with weak points (phone width)');

  // "Try again" links open a question that practises it.
  const first = findings.getByRole('listitem').first();
  const tryAgain = first.getByRole('link').first();
  await expect(tryAgain).toHaveText(/question \d+$/);
  await tryAgain.click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/(papers/[^/]+/)?questions/[^/]+$`));
  await expect(page.getByText(/^Question \d+ of \d+$/)).toBeVisible();
  await page.goBack();

  // "Practise my weak points" makes a paper in the course and opens it.
  await page.getByRole('tab', { name: 'Mastery' }).click();
  await page.getByRole('button', { name: 'Practise my weak points' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/papers/[^/]+$`), { timeout: 60_000 });
  await expect(page.getByRole('link', { name: /Start Exam|Continue/ }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the weak-points paper (phone width)');
});
