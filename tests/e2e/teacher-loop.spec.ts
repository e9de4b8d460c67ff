import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signUpThroughUi } from './fixtures';

test('a teacher prints a paper, grades a photo of it by its QR code, corrects the transcript, re-marks and downloads the PDF', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpThroughUi(page);

  // Print a paper: the print window shows its code and QR code.
  await page.getByRole('button', { name: /Practice paper PDF/ }).click();
  await page.getByLabel('Subject').fill('Biology');
  await page.getByLabel('Topic', { exact: true }).fill('Biological molecules');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  const printed = await popupOpened;
  const identity = printed.locator('.paper-identity');
  await expect(identity).toBeVisible({ timeout: 60_000 });
  const code = (await identity.getAttribute('data-paper-code')) ?? '';
  expect(code).toMatch(/^MW-[A-Z0-9]{6}$/);
  const qr = await identity.locator('svg').evaluate((svg) => svg.outerHTML);
  await printed.close();

  // "Photograph" the answered page: the printed QR code and the student's writing.
  const camera = await page.context().newPage();
  await camera.setViewportSize({ width: 1000, height: 640 });
  await camera.setContent(
    `<body style="margin:0;background:#fffef8;font:30px/1.6 'DejaVu Sans',sans-serif;color:#1a2a6c;padding:40px">
       <p>1. The answer is B</p><p>2. Water is removed in a condensation reaction</p>
       <div style="width:220px">${qr.replace(/width="[^"]*" height="[^"]*"/, 'width="220" height="220"')}</div></body>`,
  );
  const photo = await camera.screenshot();
  await camera.close();

  // Grade it: the QR code names the paper; each question is marked against its own scheme.
  await page.getByRole('link', { name: 'Teacher Grading' }).first().click();
  await expect(page).toHaveTitle('Teacher Grading - Markwell');
  await page.getByRole('tab', { name: 'Printed paper' }).click();
  await page.locator('input[type=file]').nth(1).setInputFiles({ name: 'answered-page.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText('answered-page.png', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Grade Answer with AI' }).click();
  await expect(page.getByText('Grading Complete', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(new RegExp(`Marked against Paper ${code}`))).toBeVisible();
  await expect(page.getByText(/^Q1 · /).first()).toBeVisible();

  // Correct the transcript and mark again.
  const transcript = page.getByLabel(/Correct what the reader got wrong/);
  await transcript.fill('1. The answer is B\n2. Water is removed in a condensation reaction between the amine and carboxyl groups');
  await page.getByRole('button', { name: 'Mark again' }).click();
  await expect(page.getByText('corrected', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();

  // The dialog's download is a real PDF, its code on every page.
  await page
    .getByRole('link', { name: /Markwell|Home/ })
    .first()
    .click();
  await page.getByRole('button', { name: /Practice paper PDF/ }).click();
  await page.getByLabel('Subject').fill('Biology');
  await page.getByLabel('Topic', { exact: true }).fill('Biological molecules');
  await page.getByLabel('Include mark schemes (for teachers)').check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = fs.readFileSync((await download.path()) ?? '');
  const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  expect(pages.join('\n')).toContain('Mark scheme (for teachers)');
  for (const text of pages) expect(text).toMatch(/Paper code MW-[A-Z0-9]{6}/);

  // Issue 26: the same paper again by its code, as the student copy: the same questions, no scheme.
  const printedCode = /Paper code (MW-[A-Z0-9]{6})/.exec(pages[0])?.[1] ?? '';
  await expect(page.getByRole('status').getByText(printedCode)).toBeVisible();
  const again = page.waitForEvent('download');
  await page.getByRole('link', { name: 'student copy' }).click();
  const copy = await again;
  const copyBytes = fs.readFileSync((await copy.path()) ?? '');
  const { text: copyPages } = await extractText(await getDocumentProxy(new Uint8Array(copyBytes)), { mergePages: false });
  expect(copyPages.join('\n')).not.toContain('Mark scheme (for teachers)');
  // the first page word for word, but for its page count (the copy has no scheme pages)
  const withoutCount = (text: string) => text.replace(/Page 1 of \d+/, 'Page 1');
  expect(withoutCount(copyPages[0])).toBe(withoutCount(pages[0]));
});

test('the grading page at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 1400 });
  await signUpThroughUi(page);
  await page.getByRole('link', { name: 'Teacher Grading' }).first().click();
  await page.getByRole('tab', { name: 'Type the scheme' }).click();
  await expect(page.getByLabel('Mark scheme, one point a line')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/teacher-grading-390.png', fullPage: true });
});
