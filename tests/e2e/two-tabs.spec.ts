import { expect, test, type Page } from '@playwright/test';
import { signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string; text: string };
type AnswerView = { text: string; revision: number; submitted: boolean };

async function bearer(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('sessionToken'))}` };
}

async function storedAnswer(page: Page, questionId: string): Promise<AnswerView> {
  const res = await page.request.get(`/api/questions/${questionId}/answer`, { headers: await bearer(page) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as AnswerView;
}

const isSave = (r: { url(): string; method(): string }) => r.url().endsWith('/api/answers/save') && r.method() === 'POST';

test('one answer open in two tabs: a stale save from the first tab never replaces the second tab’s newer text', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page);
  const headers = await bearer(page);
  const course = (await (await page.request.post('/api/courses/direct-create', { headers, data: { subject: 'Biology' } })).json()) as {
    id: string;
    paper: { id: string };
  };
  const questions = (await (
    await page.request.get(`/api/question-papers/${course.paper.id}/questions`, { headers })
  ).json()) as QuestionView[];
  const question = questions.find((q) => q.type !== 'multiple_choice')!;
  const url = `/courses/${course.id}/papers/${course.paper.id}/questions/${question.id}`;

  // Tab 1 types and saves: revision 1.
  const tab1 = page;
  await tab1.goto(url);
  const box1 = tab1.getByPlaceholder('Type your answer here...');
  await box1.fill('Tab one: enzymes are biological catalysts.');
  await expect(tab1.getByText('Saved', { exact: true })).toBeVisible();
  expect(await storedAnswer(tab1, question.id)).toMatchObject({ text: 'Tab one: enzymes are biological catalysts.', revision: 1 });

  // Tab 2 (the same browser, another tab) opens the answer and saves newer text: revision 2.
  const tab2 = await context.newPage();
  await tab2.goto(url);
  const box2 = tab2.getByPlaceholder('Type your answer here...');
  await expect(box2).toHaveValue('Tab one: enzymes are biological catalysts.');
  const newer = 'Tab two: enzymes are proteins that lower the activation energy of a reaction.';
  await box2.fill(newer);
  await expect(tab2.getByText('Saved', { exact: true })).toBeVisible();
  expect(await storedAnswer(tab2, question.id)).toMatchObject({ text: newer, revision: 2 });

  // Tab 1 still holds revision 1: its next save is stale. The server refuses it and keeps the newer text.
  const staleText = 'Tab one: enzymes are biological catalysts with an active site.';
  const staleSave = tab1.waitForResponse((r) => isSave(r.request()));
  await box1.fill(staleText);
  const refused = await staleSave;
  expect(refused.request().postDataJSON()).toMatchObject({ text: staleText, revision: 1 });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ text: newer, revision: 2 });

  // Tab 1 shows the notice with both versions; nothing was lost on either side.
  const notice = tab1.getByRole('alert').filter({ hasText: 'This answer was changed in another tab' });
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('conflict-mine')).toHaveText(staleText);
  await expect(notice.getByTestId('conflict-theirs')).toHaveText(newer);
  await expect(tab1.getByText('Not saved yet: choose a version')).toBeVisible();
  await expect(box1).toHaveValue(staleText);
  expect(await storedAnswer(tab1, question.id)).toMatchObject({ text: newer, revision: 2 });

  // The student combines the two; the merge is saved on top of revision 2.
  const merged = tab1.waitForResponse((r) => isSave(r.request()) && r.status() === 200);
  await notice.getByRole('button', { name: 'Combine both' }).click();
  await expect(notice).toBeHidden();
  await expect(box1).toHaveValue(`${staleText}\n\n${newer}`);
  const mergedSave = await merged;
  expect(mergedSave.request().postDataJSON()).toMatchObject({ revision: 2 });
  await expect(tab1.getByText('Saved', { exact: true })).toBeVisible();
  expect(await storedAnswer(tab1, question.id)).toMatchObject({ text: `${staleText}\n\n${newer}`, revision: 3 });

  // Tab 2 reloads and sees the merge.
  await tab2.reload();
  await expect(tab2.getByPlaceholder('Type your answer here...')).toHaveValue(`${staleText}\n\n${newer}`);
});
