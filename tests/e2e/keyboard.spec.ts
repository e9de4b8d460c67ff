import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

// Issue 28: the exam screen by keyboard only — the skip link, the answer box, Submit, the feedback's heading,
// Next — with a focus ring to see where focus is, and axe on the screen.

type QuestionView = { id: string; questionNumber: number };

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const question = (n: number, text: string, point: string) => ({
  id: `physics-keyboard-0${n}`,
  type: 'short_answer',
  difficulty: 'medium',
  marks: 1,
  text: `<p>${text}</p>`,
  markScheme: [{ id: 'p1', text: point }],
  modelAnswer: `<p>${point}</p>`,
  hints: ['<p>Think about the forces.</p>'],
});
const TOPIC = {
  subject: 'Physics',
  topic: 'Forces by keyboard',
  description: 'Two short questions.',
  questions: [
    question(1, 'State what is meant by a resultant force of zero on a moving object.', 'the object moves at constant velocity'),
    question(2, 'State the unit of force.', 'newton'),
  ],
};

/** Presses `key` until `target` has focus, at most `limit` times; how many presses it took. */
async function pressUntilFocused(page: Page, key: string, target: ReturnType<Page['locator']>, limit = 12) {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`${key} x${limit} never reached ${target.toString()}`);
}

test('the exam screen by keyboard only: skip link, answer, Submit, feedback heading, Next', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpThroughUi(page);
  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Physics' });
  const imported = await call<{ paper: { id: string } | null }>(page, 'POST', `/api/courses/${course.id}/import`, {
    fileName: 'forces.json',
    format: 'json',
    content: JSON.stringify(TOPIC),
  });
  const paperId = imported.paper!.id;
  const questions = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${paperId}/questions`);
  const [first, second] = [...questions].sort((a, b) => a.questionNumber - b.questionNumber);

  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${first!.id}`);
  const box = page.locator(`#answer-${first!.id}`);
  await expect(box).toBeEnabled();

  // The first Tab reaches the skip link, shown while it has focus; Enter moves focus past the header to the page.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  const shown = await skip.boundingBox();
  expect(shown!.width).toBeGreaterThan(50);
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  // From the page, a few Tabs reach the answer box (the back link and Finish come first), not the header's dozen.
  const presses = await pressUntilFocused(page, 'Tab', box);
  expect(presses).toBeLessThanOrEqual(4);
  await page.keyboard.type('The object keeps moving at a constant velocity.');

  // Tab reaches Submit, whose focus ring is drawn apart from its indigo fill: a near-black outline 2px outside it.
  const submit = page.getByRole('button', { name: 'Submit Answer' });
  await pressUntilFocused(page, 'Tab', submit, 2);
  const ring = await submit.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      style: style.outlineStyle,
      width: style.outlineWidth,
      offset: style.outlineOffset,
      color: style.outlineColor,
      fill: style.backgroundColor,
    };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBe('2px');
  expect(ring.offset).toBe('2px');
  expect(ring.color).not.toBe(ring.fill);

  // Enter submits; once marked, focus is on the feedback's heading (not dropped to the page).
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'AI Feedback' });
  await expect(heading).toBeFocused({ timeout: 45_000 });
  await expect(page.getByText('Mark scheme, point by point')).toBeVisible();

  await expectNoSeriousViolations(page, 'exam page with feedback');

  // Next by keyboard (it is just before the feedback, in the column on the left): focus lands in the next
  // question's answer box, ready to type.
  const next = page.getByRole('button', { name: 'Next' });
  await pressUntilFocused(page, 'Shift+Tab', next, 6);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  await expect(page.locator(`#answer-${second!.id}`)).toBeFocused();
  await page.keyboard.type('newton');
  await expect(page.locator(`#answer-${second!.id}`)).toHaveValue('newton');

  // Previous by keyboard: back in the first question's answer box, with its submitted answer.
  const previous = page.getByRole('button', { name: 'Previous' });
  await pressUntilFocused(page, 'Tab', previous, 4);
  await page.keyboard.press('Enter');
  await expect(page.locator(`#answer-${first!.id}`)).toBeFocused();
  await expect(page.locator(`#answer-${first!.id}`)).toHaveValue('The object keeps moving at a constant velocity.');
});

test('on a phone the tutor leaves the question in sight above it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughUi(page);
  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Physics' });
  const imported = await call<{ paper: { id: string } | null }>(page, 'POST', `/api/courses/${course.id}/import`, {
    fileName: 'forces.json',
    format: 'json',
    content: JSON.stringify(TOPIC),
  });
  const paperId = imported.paper!.id;
  const questions = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${paperId}/questions`);
  const first = [...questions].sort((a, b) => a.questionNumber - b.questionNumber)[0]!;
  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${first.id}`);

  // The tutor's button is far below the question on a phone; opening it brings the question back up.
  const ask = page.getByRole('button', { name: 'Ask the tutor' });
  await ask.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Tutor' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('Message the tutor')).toBeVisible();
  const sheetBox = (await sheet.boundingBox())!;
  expect(sheetBox.height).toBeLessThanOrEqual(844 * 0.6 + 1);
  const questionText = page.getByText('State what is meant by a resultant force of zero on a moving object.');
  const textBox = (await questionText.boundingBox())!;
  expect(textBox.y).toBeGreaterThanOrEqual(0);
  expect(textBox.y + textBox.height).toBeLessThanOrEqual(sheetBox.y);
  await expectNoSeriousViolations(page, 'exam page with the tutor open on a phone');
});
