import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

/** Answers the question on screen: the first option of a multiple-choice question, else a sentence. */
async function answerThisQuestion(page: Page) {
  const radio = page.getByRole('radio').first();
  if (await radio.isVisible().catch(() => false)) await radio.check();
  else await page.getByPlaceholder('Type your answer here...').fill('The resultant force is zero so the velocity is constant.');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
}

test('a student answers, finishes the paper, reads the results and retries, also at phone width', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page);
  await page.getByRole('tab', { name: 'New Course' }).click();
  await page.getByPlaceholder('Biology, Chemistry, Physics, etc.').fill('Physics');
  await page.getByRole('button', { name: 'Generate Course' }).click();
  await page
    .getByRole('article', { name: 'Physics A-Level Practice' })
    .getByRole('link', { name: 'View Course' })
    .click({ timeout: 45_000 });
  await expect(page).toHaveTitle('Physics A-Level Practice - Markwell');
  await page.getByRole('link', { name: 'Start Exam' }).first().click();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 10')).toBeVisible();
  await expect(page).toHaveTitle('Exam - Markwell');

  // Two answers, then back to the paper: it says how far the student got, and 'Continue' opens question 3.
  await answerThisQuestion(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2 of 10')).toBeVisible();
  await answerThisQuestion(page);
  await page.waitForTimeout(2_500); // the timer runs for a few seconds
  await page.getByRole('link', { name: 'Back to the paper' }).click();
  await expect(page.getByText('2 of 10 answered')).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByText('Question 3 of 10')).toBeVisible();
  // The timer carries on from the time kept on the server, not from zero.
  await expect(page.getByLabel('Elapsed time')).not.toHaveText(/00:00:0[0-1]/);

  // Finish: the unanswered questions are named first.
  await page.getByRole('button', { name: 'Finish paper' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('8 of 10 questions have no answer')).toBeVisible();
  await dialog.getByRole('button', { name: 'Finish paper' }).click();
  await expect(page.getByRole('heading', { name: /^Results: / })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveTitle('Results - Markwell');
  await expect(page.getByTestId('results-percentage')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(page.getByRole('region', { name: 'Question 1', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Question 10', exact: true }).getByText('No answer').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'results');

  // At phone width nothing spills sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('results-phone.png'), fullPage: false });

  // Retry: a fresh paper of the same length, nothing answered on it yet.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Back to Question Papers')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('link', { name: 'Start Exam' })).toBeVisible();
  await expect(page.getByText('10 questions').first()).toBeVisible();
});
