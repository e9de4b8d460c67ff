import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { classSetPdfUrl } from '../../src/shared/class-set-text';
import { SCAN_TEXT } from '../../src/shared/grading-jobs-text';
import { REVIEW_ANSWERS_TEXT } from '../../src/shared/question-review-text';
import { pdfQrImages } from '../../src/server/testing/pdf-qr-codes';
import { scannedPage, scannerPdf } from '../../src/server/testing/scanned-pages';
import { newStudent, signUpThroughUi } from './fixtures';

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((v) => `${what}: ${v.id} (${v.impact}) — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

const TOPIC = {
  subject: 'Biology',
  topic: 'Osmosis scans',
  description: 'Osmosis.',
  questions: [
    {
      id: 'biology-osmosis-scan-review-01',
      type: 'short_answer',
      difficulty: 'medium',
      marks: 2,
      text: '<p>Define osmosis.</p>',
      markScheme: [
        { id: 'p1', text: 'movement of water molecules' },
        { id: 'p2', text: 'across a partially permeable membrane' },
      ],
      modelAnswer: '<p>The movement of water molecules across a partially permeable membrane.</p>',
      hints: ['<p>What moves?</p>'],
    },
  ],
};

/**
 * Issue 26 end to end at phone width: the teacher uploads the scanned class set on the class page, follows the
 * progress bar to done, opens Review answers, sees the student's read answer with its marks ("Student 1 of 1"), and
 * changes the mark with a comment. axe on the class page with the result and on the review page.
 */
test('scans: upload, progress, done, review a question and override its mark', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughUi(page, { ...newStudent(), firstName: 'Tess', lastName: 'Rowe' });
  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Biology' });
  const imported = await call<{ paper: { id: string; title: string } }>(page, 'POST', `/api/courses/${course.id}/import`, {
    fileName: 'osmosis.json',
    format: 'json',
    content: JSON.stringify(TOPIC),
  });
  const paper = imported.paper;
  const created = await call<{ id: string; joinCode: string }>(page, 'POST', '/api/classes', { name: '12B Biology', subject: 'Biology' });
  const assignment = await call<{ id: string }>(page, 'POST', `/api/classes/${created.id}/assignments`, { paperId: paper.id });

  const studentContext = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 390, height: 844 } });
  const student = await studentContext.newPage();
  await signUpThroughUi(student, { ...newStudent(), firstName: 'Sam', lastName: 'Okafor' });
  await call(student, 'POST', '/api/classes/join', { code: created.joinCode });
  await studentContext.close();

  // The printed class set, written on and scanned: Sam's first page carries his answer.
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const printed = await page.request.get(classSetPdfUrl(created.id, assignment.id), { headers: { authorization: `Bearer ${token}` } });
  expect(printed.ok()).toBe(true);
  const qrs = await pdfQrImages(Buffer.from(await printed.body()));
  expect(qrs.length).toBeGreaterThan(0);
  const pages = [];
  for (const [i, qr] of qrs.entries())
    pages.push(await scannedPage(qr, i === 0 ? ['Question 1', 'Osmosis is the movement of water molecules'] : []));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scan-review-')), 'class-set-scan.pdf');
  fs.writeFileSync(file, await scannerPdf(pages));

  await page.goto(`/classes/${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '12B Biology' })).toBeVisible();
  await page.getByTestId(`scan-input-${assignment.id}`).setInputFiles(file);
  const bar = page.getByRole('progressbar', { name: `Grading scans: ${paper.title}` });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(SCAN_TEXT.done(qrs.length, qrs.length, qrs.length))).toBeVisible({ timeout: 120_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(SCAN_TEXT.allMatched)).toBeVisible();
  await expectNoViolations(page, 'the class page with the scans graded');

  // Review the question: Sam's answer as read, beside its marks.
  await page.getByRole('link', { name: `${REVIEW_ANSWERS_TEXT.review}: ${paper.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: REVIEW_ANSWERS_TEXT.title(paper.title) })).toBeVisible();
  await expect(page.getByTestId('review-position')).toHaveText(REVIEW_ANSWERS_TEXT.position(1, 1));
  await expect(page.getByRole('heading', { name: 'Sam Okafor' })).toBeVisible();
  await expect(page.getByTestId('review-answer')).toContainText(/water molecules/i);
  await expect(page.getByTestId('review-marks')).toHaveText(/^\d\/2$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the review page is wider than the screen').toBeLessThanOrEqual(0);
  await expectNoViolations(page, 'the review page');

  // Override the mark with a comment: the review shows the new mark.
  await page.locator('summary', { hasText: REVIEW_ANSWERS_TEXT.override }).click();
  const form = page.getByRole('form', { name: 'Change the mark' });
  await form.getByLabel(/^New mark/).fill('2');
  await form.getByLabel('Comment for Sam Okafor').fill('Both points, clearly written.');
  await form.getByRole('button').last().click();
  await expect(page.getByTestId('review-marks')).toHaveText('2/2', { timeout: 20_000 });
  await expect(page.getByText(REVIEW_ANSWERS_TEXT.overridden)).toBeVisible();
  await expectNoViolations(page, 'the review page after an override');
  await page.screenshot({ path: 'test-results/scan-review-phone.png', fullPage: true });
});
