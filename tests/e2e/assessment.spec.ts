import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ASSIGNMENT_TEXT } from '../../src/shared/assignment-text';
import { expectNoSeriousViolations, newStudent, signUpThroughUi } from './fixtures';

type QuestionView = { id: string; questionNumber: number; totalMarks: number };

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

/** axe (WCAG 2 A and AA) finds nothing at all, whatever its impact, on the page as it is. */
async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${what}: ${v.id} (${v.impact}) — ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/** One question of the teacher's own, imported as a topic file: a one-question paper to assign. */
const TOPIC = {
  subject: 'Chemistry',
  topic: 'Ionisation energies',
  description: 'Successive ionisation energies.',
  questions: [
    {
      id: 'chemistry-ionisation-energies-assess-01',
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
const ANSWER = 'The second electron comes from a shell nearer the nucleus, so it is held more tightly.';
const COMMENT = 'You explained the attraction well in your own words: full marks.';

/**
 * Issue 30 end to end at phone width: the teacher assigns a paper with one attempt and feedback held until they
 * release it; the student submits and sees only "Submitted" (a second submission is refused with the reason); the
 * markbook says Submitted; the teacher changes the mark with a comment and releases; the student sees the new mark
 * and the comment. axe on the class page and the markbook.
 */
test('assessment: one attempt, feedback on release, a teacher override with a comment, then release', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });

  // The teacher's own one-question paper.
  await signUpThroughUi(page, { ...newStudent(), firstName: 'Tess', lastName: 'Rowe' });
  const course = await call<{ id: string; title: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Chemistry' });
  const imported = await call<{ paper: { id: string; title: string } | null }>(page, 'POST', `/api/courses/${course.id}/import`, {
    fileName: 'ionisation.json',
    format: 'json',
    content: JSON.stringify(TOPIC),
  });
  const paper = imported.paper!;
  const [question] = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${paper.id}/questions`);

  // 1. The teacher creates a class.
  await page.goto('/classes');
  const create = page.getByRole('form', { name: 'Create a class' });
  await create.getByLabel('Class name').fill('13A Chemistry');
  await create.getByLabel('Subject').fill('Chemistry');
  await create.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '13A Chemistry' })).toBeVisible();
  const code = (await page.getByTestId('join-code').textContent())!.trim();
  const classUrl = page.url();

  // 2. The teacher assigns the paper: one attempt, feedback when they release it.
  await page.getByRole('button', { name: 'Assign a paper' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign a paper' });
  await assign.getByLabel('Course').selectOption({ label: course.title });
  await assign.getByLabel('Question paper').selectOption({ label: `${paper.title} (1 question)` });
  await assign.getByLabel('Attempts allowed per question').selectOption({ label: '1 attempt' });
  await assign.getByLabel('When I release it').check();
  await expectNoSeriousViolations(page, 'the assign dialog with its settings');
  await assign.getByRole('button', { name: 'Assign paper' }).click();
  await expect(assign).toBeHidden();
  const item = page.getByTestId('assignment').filter({ hasText: paper.title });
  await expect(item.getByTestId('assignment-settings')).toHaveText('1 attempt, last counts, feedback when you release it');
  await expect(item.getByRole('button', { name: `Release feedback: ${paper.title}` })).toBeVisible();
  await expectNoSidewaysScroll(page, "the teacher's class page");
  await expectNoViolations(page, "the teacher's class page");
  await page.screenshot({ path: 'test-results/assessment-class-page-phone.png', fullPage: true });

  // 3. The student joins and submits an answer: "Submitted", no marks.
  const studentContext = await browser.newContext({ baseURL: new URL(classUrl).origin, viewport: { width: 390, height: 844 } });
  const student = await studentContext.newPage();
  await signUpThroughUi(student, { ...newStudent(), firstName: 'Sam', lastName: 'Okafor' });
  await student.goto(`/join/${code}`);
  await expect(student.getByRole('heading', { level: 1, name: '13A Chemistry' })).toBeVisible();
  const mine = student.getByTestId('assignment').filter({ hasText: paper.title });
  await expect(mine.getByTestId('assignment-settings')).toHaveText('1 attempt, last counts, feedback when your teacher releases it');
  await expect(mine.getByText('Not started')).toBeVisible();
  await expectNoSeriousViolations(student, "the student's class page");
  await mine.getByRole('link', { name: `Start ${paper.title}` }).click();
  await student.getByRole('link', { name: /^Question 1\b/ }).click();
  await expect(student.getByTestId('assignment-line')).toContainText('1 attempt');
  await student.getByPlaceholder('Type your answer here...').fill(ANSWER);
  await student.getByRole('button', { name: 'Submit Answer' }).click();
  const held = student.getByTestId('feedback-withheld');
  await expect(held).toBeVisible({ timeout: 45_000 });
  await expect(held.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(held.getByText(ASSIGNMENT_TEXT.withheld)).toBeVisible();
  await expect(student.getByTestId('feedback-total')).toHaveCount(0);
  await expect(student.getByText('Mark scheme, point by point')).toHaveCount(0);
  await expect(student.getByRole('button', { name: 'Ask the tutor' })).toHaveCount(0);
  const questionUrl = student.url();

  // A second submission is refused with the server's reason (a toast, not the two-versions choice).
  await student.getByPlaceholder('Type your answer here...').fill(`${ANSWER} Also less shielding.`);
  await student.getByRole('button', { name: 'Update and Re-evaluate Answer' }).click();
  await expect(student.getByText(ASSIGNMENT_TEXT.noAttemptsLeft(1), { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(student.getByRole('button', { name: "Keep this tab's version" })).toHaveCount(0);
  await expectNoSidewaysScroll(student, 'the exam screen with feedback held back');

  // 4. The teacher's markbook: Submitted.
  await page.goto(classUrl);
  await page.getByRole('tab', { name: 'Markbook' }).click();
  const table = page.getByRole('table');
  const row = table.getByRole('row', { name: /Sam Okafor/ });
  await expect(row.getByTestId('assignment-total').getByText('Submitted')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the markbook');
  await expectNoViolations(page, 'the markbook');
  await page.screenshot({ path: 'test-results/assessment-markbook-phone.png', fullPage: true });

  // 5. The teacher changes the mark with a comment.
  await row.getByRole('button', { name: /^Sam Okafor, .*Q1: .*Open the answer$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Sam Okafor · / });
  await expect(dialog.getByTestId('attempt')).toHaveCount(1);
  const form = dialog.getByRole('form', { name: 'Change the mark' });
  await form.getByLabel(`New mark (out of ${question!.totalMarks})`).fill(String(question!.totalMarks));
  await form.getByLabel('Comment for Sam Okafor').fill(COMMENT);
  await form.getByRole('button', { name: 'Change the mark' }).click();
  await expect(dialog.getByTestId('override')).toContainText(COMMENT, { timeout: 20_000 });
  await expect(dialog.getByTestId('answer-marks')).toHaveText(`${question!.totalMarks} / ${question!.totalMarks} marks`);
  await expectNoSeriousViolations(page, "a student's answer with the override form");
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByTestId('assignment-total')).toContainText(`${question!.totalMarks}/${question!.totalMarks}`);
  await expect(row.getByTestId('overridden-flag')).toBeVisible();

  // 6. The teacher releases the feedback.
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await item.getByRole('button', { name: `Release feedback: ${paper.title}` }).click();
  await page
    .getByRole('dialog', { name: `Release the feedback on ${paper.title}?` })
    .getByRole('button', { name: 'Release feedback' })
    .click();
  await expect(item.getByRole('button', { name: `Release feedback: ${paper.title}` })).toHaveCount(0);
  await expect(item.getByTestId('assignment-settings')).toContainText('feedback released');

  // 7. The student sees the new mark and the teacher's comment.
  await student.goto(questionUrl);
  await expect(student.getByTestId('feedback-total')).toHaveText(`Total: ${question!.totalMarks} / ${question!.totalMarks} marks`, {
    timeout: 20_000,
  });
  const change = student.getByTestId('teacher-override').first();
  await expect(change).toContainText('Your teacher changed this mark');
  await expect(change).toContainText(COMMENT);
  await expectNoSidewaysScroll(student, 'the released feedback');
  await expectNoSeriousViolations(student, 'the released feedback with the teacher’s change');
  await studentContext.close();
});
