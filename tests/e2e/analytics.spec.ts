import { expect, test } from '@playwright/test';
import { signUpThroughUi } from './fixtures';

test('analytics show the answers a student has submitted, with the real time spent', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughUi(page);
  await page.goto('/analytics');
  await expect(page.getByText('Start practicing to see your progress')).toBeVisible();
  await expect(page.getByText('Start practicing to see your activity here.')).toBeVisible();

  // Two answers submitted through the API the exam screen uses: 4 and 6 minutes on task.
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const headers = { authorization: `Bearer ${token}` };
  const course = (await (
    await page.request.post('/api/courses/direct-create', { headers, data: { title: 'Physics A-Level Practice', subject: 'Physics' } })
  ).json()) as { id: string };
  const questions = (await (await page.request.get(`/api/courses/${course.id}/questions`, { headers })).json()) as { id: string }[];
  for (const [i, q] of questions.slice(0, 2).entries()) {
    const answer = 'I am not sure.';
    await page.request.post('/api/answers/save', {
      headers,
      data: { questionId: q.id, text: answer, submitted: true, timeSpentSeconds: 240 + i * 120 },
    });
    const feedback = await (await page.request.post('/api/answers/evaluate', { headers, data: { questionId: q.id, answer } })).json();
    await page.request.post('/api/feedback/save', { headers, data: { questionId: q.id, feedback } });
  }

  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(page.getByText('Great job practicing today!')).toBeVisible();
  await expect(page.getByText("You've answered 2 questions across 1 course.")).toBeVisible();
  await expect(page.getByText('10m').first()).toBeVisible(); // 4 + 6 minutes, not a fixed 30m
  await expect(page.getByText('30m')).toHaveCount(0);

  await page.goto('/progress');
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await page.getByRole('tab', { name: 'Heatmap' }).click();
  // today's cell (the last of 365) says what was done
  await expect(page.getByRole('gridcell')).toHaveCount(365);
  await expect(page.getByRole('gridcell', { name: /: 2 questions answered, 10m studied$/ })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Time Analysis' }).click();
  await expect(page.getByText('Total study time')).toBeVisible();
});
