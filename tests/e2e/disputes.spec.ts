import { expect, test, type Page } from '@playwright/test';
import { signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string; text: string };
type FeedbackView = { marks_awarded: number; total_marks: number; markscheme_evaluation: { point_id: string; status: string }[] };

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

// An answer in words no mark scheme uses: the marker credits nothing until a dispute teaches it the wording.
const ANSWER = 'The zorblat widget frobnicates every quux.';

test('answer, get marked, disagree with a point, accept the dispute, see the changed mark', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpThroughUi(page);
  const course = await call<{ id: string; paper: { id: string } }>(page, 'POST', '/api/courses/direct-create', { subject: 'Biology' });
  const questions = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${course.paper.id}/questions`);
  // A written question with a point that earns its marks on its own (a B mark outside any "max N" group, not
  // an accuracy mark that needs its method mark): accepting the student's wording for it must raise the mark.
  type PointView = { id: string; text: string; kind: string; depends_on?: string; group?: string };
  let q: QuestionView | undefined;
  let pointIndex = -1;
  for (const candidate of questions.filter((x) => x.type === 'short_answer')) {
    const points = await call<PointView[]>(page, 'GET', `/api/questions/${candidate.id}/markscheme`);
    // Not a value ("120 / 24 = 5.0 times"): a numeric point is earned by its value, never by an accepted wording.
    pointIndex = points.findIndex((p) => p.kind === 'B' && !p.depends_on && !p.group && !/\d/.test(p.text));
    if (points.length <= 4 && pointIndex !== -1) {
      q = candidate;
      break;
    }
  }
  expect(q, 'a drawn paper has a short written question with an independent point').toBeDefined();
  const questionUrl = `/courses/${course.id}/papers/${course.paper.id}/questions/${q!.id}`;

  // Answer and get marked.
  await page.goto(questionUrl);
  await page.getByPlaceholder('Type your answer here...').fill(ANSWER);
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText('Mark scheme, point by point')).toBeVisible({ timeout: 45_000 });
  const before = await call<FeedbackView>(page, 'GET', `/api/questions/${q!.id}/feedback`);
  const firstPoint = page.locator('li[data-status]').nth(pointIndex);
  await expect(firstPoint).not.toHaveAttribute('data-status', 'COVERED');
  await expect(page.getByTestId('feedback-total')).toHaveText(`Total: ${before.marks_awarded} / ${before.total_marks} marks`);

  // Disagree with the first point.
  await firstPoint.getByRole('button', { name: 'I disagree' }).click();
  await firstPoint.getByLabel('Why do you think this point was marked wrongly?').fill('That is this point in my own words.');
  await firstPoint.getByRole('button', { name: 'Save' }).click();
  await expect(firstPoint.getByText(/You disagreed: That is this point in my own words\./)).toBeVisible();

  // The Disputes page lists it; accept it.
  await firstPoint.getByRole('link', { name: 'See your disputes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await expect(page).toHaveTitle('Disputes - Markwell');
  const card = page.locator('[data-dispute-status]').first();
  await expect(card).toHaveAttribute('data-dispute-status', 'open');
  await expect(card.getByText(ANSWER)).toBeVisible();
  await expect(card.getByText('That is this point in my own words.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/disputes-phone.png', fullPage: true });
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Dispute accepted', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(card).toHaveAttribute('data-dispute-status', 'accepted');
  await expect(card.getByText(`Now accepted for this point: “${ANSWER}”`)).toBeVisible();
  const after = await call<FeedbackView>(page, 'GET', `/api/questions/${q!.id}/feedback`);
  expect(after.marks_awarded).toBeGreaterThan(before.marks_awarded);
  await expect(
    card.getByText(`Marks: ${before.marks_awarded}/${before.total_marks} → ${after.marks_awarded}/${after.total_marks}.`),
  ).toBeVisible();

  // Back on the question: the changed mark, and the point is now credited.
  await card.getByRole('link', { name: 'Open the question' }).click();
  await expect(page.getByTestId('feedback-total')).toHaveText(`Total: ${after.marks_awarded} / ${after.total_marks} marks`, {
    timeout: 20_000,
  });
  await expect(page.locator('li[data-status]').nth(pointIndex)).toHaveAttribute('data-status', 'COVERED');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/feedback-after-dispute.png', fullPage: true });
});
