import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

// Issue 28 item 3: dark mode follows the system setting, a choice on this device overrides it and survives a
// reload, and every screen a student passes through stays axe-clean (colour contrast included) in dark mode.

type QuestionView = { id: string; questionNumber: number };

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const question = (n: number, text: string, point: string) => ({
  id: `physics-dark-0${n}`,
  type: 'short_answer',
  difficulty: n === 1 ? 'easy' : 'hard',
  marks: 1,
  text: `<p>${text} The speed is \\(v = \\frac{d}{t}\\).</p>`,
  markScheme: [{ id: 'p1', text: point }],
  modelAnswer: `<p>${point}</p>`,
  hints: ['<p>Think about the forces.</p>'],
});
const TOPIC = {
  subject: 'Physics',
  topic: 'Forces in the dark',
  description: 'Two short questions.',
  questions: [
    question(1, 'State what is meant by a resultant force of zero on a moving object.', 'the object moves at constant velocity'),
    question(2, 'State the unit of force.', 'newton'),
  ],
};

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
/** The page's background as the student sees it: dark under the dark theme (luminance of rgb/oklch under 0.2). */
const pageBackground = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.fillStyle = getComputedStyle(document.body).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('dark mode from the system setting: landing, home, a question with feedback, results and account are axe-clean', async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });

  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await isDark(page)).toBe(true);
  expect(await pageBackground(page)).toBeLessThan(0.2);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await expectNoSeriousViolations(page, 'landing (dark)');
  await shot(page, 'landing-dark');

  await signUpThroughUi(page);
  expect(await isDark(page)).toBe(true);
  await expectNoSeriousViolations(page, 'home (dark)');
  await shot(page, 'home-dark');

  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Physics' });
  const imported = await call<{ paper: { id: string } | null }>(page, 'POST', `/api/courses/${course.id}/import`, {
    fileName: 'forces.json',
    format: 'json',
    content: JSON.stringify(TOPIC),
  });
  const paperId = imported.paper!.id;
  const questions = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${paperId}/questions`);
  const [first, second] = [...questions].sort((a, b) => a.questionNumber - b.questionNumber);

  // A question with its feedback: a point not earned (✗, red), the model answer, maths.
  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${first!.id}`);
  await page.locator(`#answer-${first!.id}`).fill('It stops moving.');
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByRole('heading', { name: 'AI Feedback' })).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('.katex').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'question with feedback, not earned (dark)');
  await shot(page, 'exam-feedback-wrong-dark');

  // The second earns its point (✓, green).
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator(`#answer-${second!.id}`).fill('The newton.');
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByRole('heading', { name: 'AI Feedback' })).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousViolations(page, 'question with feedback, earned (dark)');
  await shot(page, 'exam-feedback-right-dark');

  // Both answered: Finish goes straight to the results.
  await page.getByRole('button', { name: 'Finish paper' }).click();
  await expect(page.getByRole('heading', { name: /^Results: / })).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousViolations(page, 'results (dark)');
  await shot(page, 'results-dark');

  // A dialog over the dark page (Help).
  await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Help dialog (dark)');
  await shot(page, 'help-dialog-dark');
  await page.keyboard.press('Escape');

  // The Progress Tracker: score colours, the heatmap's indigo steps and the charts (theme variables).
  await page.goto('/progress');
  for (const tab of ['Overview', 'Heatmap', 'Time Analysis']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    if (tab === 'Time Analysis') await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expectNoSeriousViolations(page, `progress, ${tab} (dark)`);
    await shot(page, `progress-${tab.toLowerCase().replace(' ', '-')}-dark`);
  }

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' })).toBeChecked();
  await expectNoSeriousViolations(page, 'account (dark)');
  await shot(page, 'account-dark');
});

test('the theme chosen on this device overrides the system and survives a reload; System follows it again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpThroughUi(page);
  await page.goto('/account');
  const theme = page.getByRole('group', { name: 'Theme' });

  // By keyboard: the radio group takes focus on its checked option, arrows choose.
  await theme.getByRole('radio', { name: 'System' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await isDark(page)).toBe(false);
  expect(await pageBackground(page)).toBeGreaterThan(0.8);
  await expectNoSeriousViolations(page, 'account (light chosen under a dark system)');

  await page.reload();
  await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await isDark(page)).toBe(false);

  // Dark chosen under a light system, from the account menu; kept over a reload, applied before the app runs.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('group', { name: 'Theme' })).toBeVisible();
  await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
  expect(await isDark(page)).toBe(true);
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
  const classAtFirstPaint: boolean[] = [];
  await page.exposeFunction('recordThemeClass', (dark: boolean) => classAtFirstPaint.push(dark));
  await page.addInitScript(() => {
    // Before any stylesheet or app script: as soon as <body> exists, record whether <html> is already dark.
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      observer.disconnect();
      (window as unknown as { recordThemeClass: (dark: boolean) => void }).recordThemeClass(
        document.documentElement.classList.contains('dark'),
      );
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await isDark(page)).toBe(true);
  expect(classAtFirstPaint).toEqual([true]);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // System again: the page follows the system setting, and its changes.
  await theme.getByText('System', { exact: true }).click();
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
});

test('the landing page in light mode stays light with no stored choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await isDark(page)).toBe(false);
  expect(await pageBackground(page)).toBeGreaterThan(0.8);
  await shot(page, 'landing-light');
});
