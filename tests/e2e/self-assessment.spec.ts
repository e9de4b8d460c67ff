import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string; text: string };
type PointView = { id: string; text: string; marks?: number };
type FeedbackView = {
  marks_awarded: number;
  total_marks: number;
  level?: unknown;
  markscheme_evaluation: { point_id: string; status: string; confidence?: number }[];
};

/** An API call as the app makes it; a 429 (one marking still counted as running, or the per-minute limit) waits as Retry-After says. */
async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  for (let attempt = 0; ; attempt++) {
    const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
    if (res.status() === 429 && attempt < 40) {
      await page.waitForTimeout(1000 * Number(res.headers()['retry-after'] ?? 2));
      continue;
    }
    expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
    return (await res.json()) as T;
  }
}

/** Half of a point's words: on the right lines, the kind of answer the marker is least sure of. */
const halfOf = (text: string) => {
  const words = text
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.slice(0, Math.max(2, Math.ceil(words.length / 2))).join(' ');
};

test('the marker says where it is unsure; the student marks that point themselves and the total says so', async ({ page }) => {
  test.setTimeout(420_000);
  await signUpThroughUi(page);
  // Find an answer the marker is unsure of: a written question, answered with half of a point's words.
  let found: { courseId: string; paperId: string; question: QuestionView; pointId: string; answer: string } | undefined;
  for (const subject of ['Biology', 'Chemistry', 'Physics', 'Biology', 'Chemistry', 'Physics']) {
    const course = await call<{ id: string; paper: { id: string } }>(page, 'POST', '/api/courses/direct-create', { subject });
    const questions = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${course.paper.id}/questions`);
    for (const q of questions.filter((x) => x.type === 'short_answer')) {
      const points = await call<PointView[]>(page, 'GET', `/api/questions/${q.id}/markscheme`);
      for (const point of points.slice(0, 3)) {
        const answer = halfOf(point.text);
        const feedback = await call<FeedbackView>(page, 'POST', '/api/answers/evaluate', { questionId: q.id, answer });
        // an uncredited point the marker is unsure of
        const unsure = feedback.level
          ? undefined
          : feedback.markscheme_evaluation.find((e) => (e.confidence ?? 1) < 0.65 && e.status !== 'COVERED');
        if (unsure && feedback.marks_awarded < feedback.total_marks) {
          found = { courseId: course.id, paperId: course.paper.id, question: q, pointId: unsure.point_id, answer };
          break;
        }
      }
      if (found) break;
    }
    if (found) break;
  }
  expect(found, 'some half-answer leaves the marker unsure of a point').toBeDefined();
  const { courseId, paperId, question, pointId, answer } = found!;

  // The student writes that answer and submits it (the marker is deterministic: the same decisions again).
  await page.goto(`/courses/${courseId}/papers/${paperId}/questions/${question.id}`);
  await page.getByPlaceholder('Type your answer here...').fill(answer);
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText('Mark scheme, point by point')).toBeVisible({ timeout: 45_000 });
  const before = await call<FeedbackView>(page, 'GET', `/api/questions/${question.id}/feedback`);
  const index = before.markscheme_evaluation.findIndex((e) => e.point_id === pointId);
  const check = page.locator('li[data-status]').nth(index).getByRole('region', { name: 'Check this point yourself' });
  await expect(check).toBeVisible();
  await expect(check.getByText('The marker is not sure about this point.')).toBeVisible();
  await expectNoSeriousViolations(page, 'feedback with a point to check');

  // The student marks the unsure, uncredited point themselves: the mark counts, and says it is self-assessed.
  await check.getByRole('button', { name: 'I made this point' }).click();
  await expect(check.getByTestId('self-assessed')).toBeVisible({ timeout: 20_000 });
  const after = await call<FeedbackView & { self_assessed_marks?: number }>(page, 'GET', `/api/questions/${question.id}/feedback`);
  expect(after.marks_awarded).toBeGreaterThan(before.marks_awarded);
  expect(after.self_assessed_marks).toBeGreaterThan(0);
  await expect(page.getByTestId('feedback-total')).toContainText('self-assessed');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/self-assessment-phone.png', fullPage: true });
});
