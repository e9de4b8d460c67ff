import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a marked answer is scheduled for review; the student sets an exam date on the Review page, also at phone width', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page);

  // Before any answer: nothing scheduled, and the page says how reviews come about.
  await page.getByRole('link', { name: 'Review' }).first().click();
  await expect(page).toHaveTitle('Review - Markwell');
  await expect(page.getByText('Nothing to review today')).toBeVisible();
  await expect(page.getByText(/Answer questions on any paper/)).toBeVisible();

  // A course, one written answer submitted for marking.
  await page.goto('/');
  await page.getByRole('tab', { name: 'New Course' }).click();
  await page.getByPlaceholder('Biology, Chemistry, Physics, etc.').fill('Biology');
  await page.getByRole('button', { name: 'Generate Course' }).click();
  await page
    .getByRole('article', { name: 'Biology A-Level Practice' })
    .getByRole('link', { name: 'View Course' })
    .click({ timeout: 45_000 });
  await page.getByRole('link', { name: 'Start Exam' }).first().click();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 10')).toBeVisible();
  // A written question, answered with nothing creditworthy: 0 marks, so it comes back tomorrow.
  for (let i = 0; i < 10; i++) {
    await page.locator('input[type="radio"], textarea').first().waitFor();
    if (await page.getByPlaceholder('Type your answer here...').isVisible()) break;
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByPlaceholder('Type your answer here...').fill('I am not sure.');
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible({ timeout: 45_000 });

  // The marked question is scheduled: not due today (it was just answered), back within the week.
  await page.getByRole('link', { name: 'Review' }).first().click();
  await expect(page.getByText('Nothing to review today')).toBeVisible();
  const count = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(count('Upcoming this week')).toHaveText('1');
  await expect(count('Due today')).toHaveText('0');
  await expect(page.getByText(/1 question comes back this week/)).toBeVisible();

  // An exam date: saved, summarised, and cleared again.
  await page.locator('input#exam-date').fill(daysFromToday(30));
  await page.getByRole('button', { name: 'Save exam date' }).click();
  await expect(page.getByTestId('exam-summary')).toContainText('Your exam is in 30 days');
  await page.reload();
  await expect(page.getByTestId('exam-summary')).toContainText('Your exam is in 30 days');
  await expectNoSeriousViolations(page, 'review page');

  // Phone width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Clear exam date' }).click();
  await expect(page.getByTestId('exam-summary')).toContainText('No exam date set');
});
