import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

test('the main screens have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectNoSeriousViolations(page, 'landing');
  await page.goto('/auth');
  await expectNoSeriousViolations(page, 'auth');
  await signUpThroughUi(page);
  await expectNoSeriousViolations(page, 'home');
  await page.getByRole('tab', { name: 'New Course' }).click();
  await page.getByPlaceholder('Biology, Chemistry, Physics, etc.').fill('Chemistry');
  await page.getByRole('button', { name: 'Generate Course' }).click();
  await page
    .getByRole('article', { name: 'Chemistry A-Level Practice' })
    .getByRole('link', { name: 'View Course' })
    .click({ timeout: 45_000 });
  await expect(page.getByText('Paper 1')).toBeVisible();
  await expectNoSeriousViolations(page, 'course');
  await page.getByRole('link', { name: 'Start Exam' }).first().click();
  await expect(page.getByText('Back to Question Papers')).toBeVisible();
  await expectNoSeriousViolations(page, 'paper');
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText(/Question 1 of/)).toBeVisible();
  await expectNoSeriousViolations(page, 'exam');
  // The screens around practice: analytics, PDFs, grading, and the practice-paper dialog.
  for (const [path, ready] of [
    ['/analytics', 'Refresh Data'],
    ['/progress', 'Overview'],
    ['/pdf-documents', 'No PDF Document'],
    ['/teacher-grading', 'No Results Yet'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
  await page.goto('/');
  await page.getByRole('button', { name: /Practice paper PDF/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'practice-paper dialog');
});
