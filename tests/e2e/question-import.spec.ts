import { expect, test, type Page } from '@playwright/test';
import { signUpThroughUi } from './fixtures';

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const GIFT = `$CATEGORY: $course$/Physics/Units

::Prefix::Which prefix means one thousandth? {=milli ~micro ~kilo}

::Sun::The Sun is a main-sequence star. {T}

::Essay::Explain what is meant by a scalar quantity. {}
`;

test('import a GIFT file in the browser, practise an imported question, export it back', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpThroughUi(page);
  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Physics' });
  await page.goto(`/courses/${course.id}`);

  // Drop the file (through the file input the drop zone's button opens): the preview lists every question.
  await page.getByLabel('Question file').setInputFiles({ name: 'units.gift', mimeType: 'text/plain', buffer: Buffer.from(GIFT) });
  const toImport = page.getByRole('list', { name: 'Questions to import' });
  await expect(toImport.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  await expect(toImport).toContainText('Prefix');
  await expect(toImport).toContainText('Multiple choice, 1 mark');
  await expect(toImport).toContainText('Changed: true/false: practised as a two-option multiple-choice question');
  await expect(page.getByRole('list', { name: 'Skipped questions' })).toContainText('Skipped question 3 "Essay": needs a mark scheme');
  await page.screenshot({ path: test.info().outputPath('import-preview.png'), fullPage: true });

  await page.getByRole('button', { name: 'Import 2 questions' }).click();
  const link = page.getByRole('status').getByRole('link', { name: 'Imported: units' });
  await expect(link).toBeVisible({ timeout: 30_000 });

  // Practise the imported multiple-choice question and get it marked.
  await link.click();
  await expect(page).toHaveURL(/\/papers\//);
  const paperId = page.url().split('/papers/')[1].split('/')[0];
  const questions = await call<{ id: string; text: string }[]>(page, 'GET', `/api/question-papers/${paperId}/questions`);
  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${questions[0].id}`);
  await page.getByRole('radio', { name: /milli/ }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByTestId('feedback-total')).toHaveText(/^Total: 1 \/ 1 marks?$/, { timeout: 45_000 });

  // Export it back from the course page.
  await page.goto(`/courses/${course.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'GIFT' }).last().click(); // papers are listed oldest first: the course's own, then the import
  const file = await download;
  expect(file.suggestedFilename()).toBe('imported-units.gift');
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('Which prefix means one thousandth?');
});
