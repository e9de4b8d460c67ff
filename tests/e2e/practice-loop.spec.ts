import { expect, test, type Page } from '@playwright/test';
import { guessSubject } from '../../src/server/services/subject-guess';
import { signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string; text: string; questionNumber: number };
type AnswerView = { text: string; submitted: boolean; timeSpentSeconds: number };

async function api<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

const isCalculation = (q: QuestionView) => q.type !== 'multiple_choice' && /calculate|determine|find the/i.test(q.text);

async function createCourse(page: Page, subject: string) {
  await page.getByRole('tab', { name: 'New Course' }).click();
  const button = page.getByRole('button', { name: 'Generate Course' });
  await expect(button).toBeDisabled();
  // Offline, the card says which subjects work before anything is typed, and points elsewhere for the rest (issue 27).
  await expect(page.getByText(/^Works offline for .*Biology.*Physics.*\.$/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Subjects that work offline' }).getByRole('button', { name: 'Physics' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make a paper from your own PDF notes' })).toBeVisible();
  await page.getByPlaceholder('Biology, Chemistry, Physics, etc.').fill(subject);
  await button.click();
  // The app reloads to / and says so.
  await expect(page.getByText('Course created successfully!', { exact: true })).toBeVisible({ timeout: 45_000 });
}

test('generate a course, answer questions, get marked, use the tutor, move between questions', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page);

  // Home: empty state, then a new course.
  await expect(page.getByText('No courses available')).toBeVisible();
  await createCourse(page, 'Physics');
  const card = page.getByRole('article', { name: 'Physics A-Level Practice' });
  await expect(card.getByText('questions available')).toBeVisible();
  await card.getByRole('link', { name: 'View Course' }).click();

  // Course page → paper overview → exam.
  await expect(page.getByText('Practice exam papers for Physics')).toBeVisible();
  await expect(page.getByText('Paper 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Generate More Papers' })).toBeVisible();
  // A blank topic on the course page gets the spec's toast, in the course's subject.
  await page.getByRole('button', { name: 'Generate Question Paper' }).click();
  await expect(page.getByText('Topic required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter a physics topic to generate questions', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Start Exam' }).first().click();
  await expect(page.getByRole('link', { name: 'Back to Question Papers' })).toBeVisible();
  let paperId = page.url().split('/papers/')[1];
  let questions = await api<QuestionView[]>(page, `/api/question-papers/${paperId}/questions`);
  expect(questions.length).toBe(10);
  // Papers are drawn at random: should this one hold no calculation, take a paper on a topic full of them.
  for (let tries = 0; tries < 5 && !questions.some(isCalculation); tries++) {
    const courseId = page.url().split('/courses/')[1].split('/')[0];
    const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
    const generated = await page.request.post('/api/question-papers/generate', {
      headers: { authorization: `Bearer ${token}` },
      data: { courseId, topic: 'Electricity', difficultyLevel: 'medium', questionCount: 10 },
    });
    paperId = ((await generated.json()) as { paper: { id: string } }).paper.id;
    questions = await api<QuestionView[]>(page, `/api/question-papers/${paperId}/questions`);
    await page.goto(`/courses/${courseId}/papers/${paperId}`);
  }
  const calc = questions.find(isCalculation);
  expect(calc, 'a physics paper includes a calculation').toBeDefined();
  await page.getByRole('link', { name: 'Start Exam' }).click();

  await expect(page.getByText('Question 1 of 10')).toBeVisible();
  await expect(page.getByText(/of 10 answers saved/)).toBeVisible();
  await expect(page.getByLabel('Elapsed time')).toHaveText(/\d\d:\d\d:\d\d/);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByText('Submit your answer to receive AI feedback.')).toBeVisible();

  const base = page.url().replace(/\/questions\/[^/]+$/, '');
  const open = async (q: QuestionView) => {
    await page.goto(`${base}/questions/${q.id}`);
    await expect(page.getByText(`Question ${questions.indexOf(q) + 1} of 10`)).toBeVisible();
  };

  // A short answer: autosave, reload, still there; then submit and see the feedback.
  const short =
    questions.find((q) => q.type === 'short_answer' && q !== calc && !/\d/.test(q.text)) ??
    questions.find((q) => q.type !== 'multiple_choice' && q !== calc)!;
  await open(short);
  const box = page.getByPlaceholder('Type your answer here...');
  await box.fill('The resultant force is zero so the object moves at constant velocity.');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(page.getByPlaceholder('Type your answer here...')).toHaveValue(
    'The resultant force is zero so the object moves at constant velocity.',
  );
  await expect(page.getByText('1 of 10 answers saved')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText('Answer submitted', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Marked by the built-in marker')).toBeVisible();
  // The toast sits at the top, over the header: it covers none of the feedback just drawn (on this wide screen the
  // feedback column's lower points were under it when toasts sat at the bottom right).
  const toastBox = (await page.getByText('Answer submitted', { exact: true }).locator('xpath=ancestor::li[1]').boundingBox())!;
  const feedbackBox = (await page
    .getByRole('heading', { name: 'AI Feedback' })
    .locator('xpath=ancestor::div[contains(@class, "rounded")][1]')
    .boundingBox())!;
  const viewport = page.viewportSize()!;
  const shown = { top: Math.max(feedbackBox.y, 0), bottom: Math.min(feedbackBox.y + feedbackBox.height, viewport.height) };
  const overlaps =
    toastBox.x < feedbackBox.x + feedbackBox.width &&
    feedbackBox.x < toastBox.x + toastBox.width &&
    toastBox.y < shown.bottom &&
    shown.top < toastBox.y + toastBox.height;
  expect(overlaps, `toast ${JSON.stringify(toastBox)} over the feedback ${JSON.stringify(feedbackBox)}`).toBe(false);
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Answer' })).toBeVisible();
  const autosaved = page.waitForResponse((r) => r.url().endsWith('/api/answers/save') && r.request().method() === 'POST');
  await page.getByPlaceholder('Type your answer here...').fill('The resultant force is zero.');
  await expect(page.getByRole('button', { name: 'Update and Re-evaluate Answer' })).toBeVisible();
  // Still so once autosave has stored the edit, and after a reload.
  expect((await autosaved).ok()).toBe(true);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update and Re-evaluate Answer' })).toBeVisible();
  await page.reload();
  await expect(page.getByPlaceholder('Type your answer here...')).toHaveValue('The resultant force is zero.');
  await expect(page.getByRole('button', { name: 'Update and Re-evaluate Answer' })).toBeVisible();
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();

  // Time spent reading without editing is sent on leaving by the back arrow; the answer stays submitted.
  const before = await api<AnswerView>(page, `/api/questions/${short.id}/answer`);
  for (let i = 0; i < 3; i++) {
    await page.mouse.move(100 + 10 * i, 200);
    await page.waitForTimeout(1000);
  }
  await page.getByRole('link', { name: 'Back to the paper' }).click();
  await expect(page.getByRole('link', { name: 'Back to Question Papers' })).toBeVisible();
  await expect
    .poll(async () => (await api<AnswerView>(page, `/api/questions/${short.id}/answer`)).timeSpentSeconds)
    .toBeGreaterThan(before.timeSpentSeconds);
  expect(await api<AnswerView>(page, `/api/questions/${short.id}/answer`)).toMatchObject({
    text: 'The resultant force is zero.',
    submitted: true,
  });

  // Multiple choice.
  const mc = questions.find((q) => q.type === 'multiple_choice');
  expect(mc, 'a drawn paper mixes question types').toBeDefined();
  await open(mc!);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  // the score beside the question (the feedback panel may repeat it in its total line)
  await expect(page.getByText(/\/ 1 marks?/).first()).toBeVisible({ timeout: 45_000 });

  // A calculation, at phone width: the feedback is scrolled to the top, just below the "Answer submitted" toast, which
  // covers neither it nor the answer box (it covered the box's first lines when the feedback was centred)
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await open(calc!);
  await page.getByPlaceholder('Type your answer here...').fill('Using the equation, the answer is 12.5');
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText('Mark scheme, point by point')).toBeVisible({ timeout: 45_000 });
  const phoneToast = (await page.getByText('Answer submitted', { exact: true }).locator('xpath=ancestor::li[1]').boundingBox())!;
  const heading = (await page.getByRole('heading', { name: 'AI Feedback' }).boundingBox())!;
  const answerBox = (await page.getByPlaceholder('Type your answer here...').boundingBox())!;
  expect(heading.y, 'the feedback heading below the toast').toBeGreaterThanOrEqual(phoneToast.y + phoneToast.height);
  expect(heading.y, 'the feedback heading near the top').toBeLessThan(844 / 2);
  const boxShown = { top: Math.max(answerBox.y, 0), bottom: Math.min(answerBox.y + answerBox.height, 844) };
  const boxUnderToast = boxShown.top < boxShown.bottom && boxShown.top < phoneToast.y + phoneToast.height && boxShown.bottom > phoneToast.y;
  expect(boxUnderToast, `the answer box ${JSON.stringify(answerBox)} under the toast ${JSON.stringify(phoneToast)}`).toBe(false);
  await page.setViewportSize(wide);
  expect(await page.locator('[data-status]').count()).toBeGreaterThan(0);

  // The tutor.
  await page.getByRole('button', { name: 'Ask the tutor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tutor' });
  // §2: the greeting names the subject guessed from the question's words
  await expect(dialog.locator('[data-role="assistant"]').first()).toContainText(`${guessSubject(calc!.text)} tutor`);
  const input = dialog.getByLabel('Message the tutor');
  await input.fill('Where do I start?');
  await input.press('Shift+Enter');
  await expect(dialog.locator('[data-role="user"]')).toHaveCount(0);
  await input.press('Enter');
  await expect(dialog.locator('[data-role="user"]')).toHaveCount(1);
  await expect(dialog.locator('[data-role="assistant"]')).toHaveCount(2, { timeout: 45_000 });
  await expect(input).toBeEnabled();
  await page.keyboard.press('Escape');

  // Previous and Next.
  await page.goto(`${base}/questions/${questions[9].id}`);
  await expect(page.getByText('Question 10 of 10')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Question 9 of 10')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 10 of 10')).toBeVisible();

  // Back to the course; a new paper from the papers list.
  await page.getByRole('link', { name: 'Back to the paper' }).click();
  await page.getByRole('link', { name: 'Back to Question Papers' }).click();
  await page.getByRole('button', { name: 'Generate Question Paper' }).click();
  const sheet = page.getByRole('dialog', { name: 'Generate Question Paper' });
  await expect(sheet.getByRole('button', { name: 'Generate Question Paper' })).toBeDisabled();
  await sheet.getByLabel('Topic', { exact: true }).fill('electricity');
  await sheet.getByLabel('Difficulty').selectOption('hard');
  await sheet.getByRole('button', { name: 'Generate Question Paper' }).click();
  await expect(page.getByText('Question paper generated successfully', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 2, name: /electricity/i })).toBeVisible();

  // Bad ids on the exam screen.
  await page.goto(`${base}/questions/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: 'Question not found' })).toBeVisible();
  await page.goto(`${base.replace(/\/papers\/.*$/, '')}/papers/00000000-0000-4000-8000-000000000000/exam`);
  await expect(page.getByRole('heading', { name: 'Question paper not found' })).toBeVisible();
});

test('an unknown course shows "Course not found"', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/courses/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await expect(page.getByText("The course you're looking for doesn't exist or you don't have access to it.")).toBeVisible();
});

test('a subject the offline bank does not cover gets a clear message', async ({ page }) => {
  await signUpThroughUi(page);
  await page.getByRole('tab', { name: 'New Course' }).click();
  await page.getByPlaceholder('Biology, Chemistry, Physics, etc.').fill('Underwater Basket Weaving');
  await page.getByRole('button', { name: 'Generate Course' }).click();
  await expect(page.getByText(/not in the offline question bank/).first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
});
