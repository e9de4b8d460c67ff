import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string; text: string };
type FeedbackView = {
  marks_awarded: number;
  total_marks: number;
  markscheme_evaluation: { point_id: string; status: string; confidence?: number }[];
};

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** One question of our own, imported as a topic file: its scheme and the answer below are fixed, so the marker's decisions are too. */
const TOPIC = {
  subject: 'Chemistry',
  topic: 'Ionisation energies',
  description: 'Successive ionisation energies.',
  questions: [
    {
      id: 'chemistry-ionisation-energies-01',
      type: 'short_answer',
      difficulty: 'medium',
      marks: 3,
      text: '<p>The first ionisation energy of sodium is 496 kJ mol<sup>-1</sup> and its second is 4562 kJ mol<sup>-1</sup>. Explain why the second ionisation energy is so much larger.</p>',
      markScheme: [
        { id: 'p1', text: 'second electron is removed from the 2p sub-shell / second shell, closer to the nucleus' },
        { id: 'p2', text: 'less shielding of the second electron' },
        { id: 'p3', text: 'stronger attraction between the nucleus and the electron being removed' },
      ],
      modelAnswer:
        '<p>The second electron is removed from the 2p sub-shell, closer to the nucleus, with less shielding, so there is a stronger attraction between the nucleus and the electron being removed.</p>',
      hints: ['<p>Which shell does the second electron come from?</p>'],
    },
  ],
};
// Half an answer: the marker is unsure whether it makes the third point (confidence about 0.6).
const ANSWER = 'second electron is removed from the 2p sub-shell';

test('the marker says where it is unsure; the student marks that point themselves and the total says so', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpThroughUi(page);
  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Chemistry' });
  const imported = await call<{ paper: { id: string } | null }>(page, 'POST', `/api/courses/${course.id}/import`, {
    fileName: 'ionisation.json',
    format: 'json',
    content: JSON.stringify(TOPIC),
  });
  const paperId = imported.paper!.id;
  const [question] = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${paperId}/questions`);

  // The student writes the answer and submits it.
  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${question.id}`);
  await page.getByPlaceholder('Type your answer here...').fill(ANSWER);
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText('Mark scheme, point by point')).toBeVisible({ timeout: 45_000 });
  const before = await call<FeedbackView>(page, 'GET', `/api/questions/${question.id}/feedback`);
  const index = before.markscheme_evaluation.findIndex((e) => (e.confidence ?? 1) < 0.65 && e.status !== 'COVERED');
  expect(index, 'an uncredited point the marker is unsure of').toBeGreaterThanOrEqual(0);
  const check = page.locator('li[data-status]').nth(index).getByRole('region', { name: 'Check this point yourself' });
  await expect(check).toBeVisible();
  await expect(check.getByText('The marker is not sure about this point.')).toBeVisible();
  await expectNoSeriousViolations(page, 'feedback with a point to check');

  // The student marks that point themselves: the mark counts, and says it is self-assessed.
  await check.getByRole('button', { name: 'I made this point' }).click();
  await expect(check.getByTestId('self-assessed')).toBeVisible({ timeout: 20_000 });
  const after = await call<FeedbackView & { self_assessed_marks?: number }>(page, 'GET', `/api/questions/${question.id}/feedback`);
  expect(after.marks_awarded).toBe(before.marks_awarded + 1);
  expect(after.self_assessed_marks).toBe(1);
  await expect(page.getByTestId('feedback-total')).toContainText('1 mark self-assessed');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/self-assessment-phone.png', fullPage: true });
});
