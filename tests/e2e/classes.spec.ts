import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, newStudent, signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string; questionNumber: number };

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Nothing wider than the phone's screen: the page never scrolls sideways (the markbook scrolls in its own box). */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

const ANSWER = 'The rate increases because particles collide more often with enough energy to react.';

test('a teacher creates a class, a student joins by code, the teacher assigns a paper, the student answers, the teacher sees the markbook', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);

  // The teacher: a course with its first paper, then a class.
  await signUpThroughUi(page, { ...newStudent(), firstName: 'Tess', lastName: 'Rowe' });
  const course = await call<{ id: string; title: string; paper: { id: string; title: string } }>(
    page,
    'POST',
    '/api/courses/direct-create',
    {
      subject: 'Chemistry',
    },
  );
  // the "Account Created!" toast sits over the header: its links stay clickable under it, at once
  await page.getByRole('link', { name: 'Classes', exact: true }).first().click({ timeout: 3000 });
  await expect(page).toHaveTitle('Classes - Markwell');
  // The header keeps every link, Help and the account menu in one row at 1280 px.
  const menu = await page.getByRole('button', { name: 'Account menu' }).boundingBox();
  expect(menu && menu.x + menu.width).toBeLessThanOrEqual(1280);
  await expect(page.getByText("You don't teach a class yet.", { exact: false })).toBeVisible();
  const create = page.getByRole('form', { name: 'Create a class' });
  await create.getByRole('button', { name: 'Create class' }).click();
  await expect(create.getByText('Please enter a class name')).toBeVisible();
  await create.getByLabel('Class name').fill('12B Chemistry');
  await create.getByLabel('Subject').fill('Chemistry');
  await create.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '12B Chemistry' })).toBeVisible();
  await expect(page).toHaveTitle('12B Chemistry - Markwell');
  const code = (await page.getByTestId('join-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{5,}$/);
  await expect(page.getByLabel('Join link', { exact: true })).toHaveValue(new RegExp(`/join/${code}$`));
  const classUrl = page.url();
  await expectNoSeriousViolations(page, 'class page (teacher)');

  // The student, in a browser of their own: a wrong code first, then the teacher's.
  const studentContext = await browser.newContext({ baseURL: new URL(classUrl).origin });
  const student = await studentContext.newPage();
  await signUpThroughUi(student, { ...newStudent(), firstName: 'Sam', lastName: 'Okafor' });
  await student.goto('/classes');
  const join = student.getByRole('form', { name: 'Join a class' });
  await join.getByLabel('Join code').fill('ZZZZZZ9');
  await join.getByRole('button', { name: 'Join class' }).click();
  await expect(join.getByText('No class has that code')).toBeVisible();
  await join.getByLabel('Join code').fill(code.toLowerCase());
  await join.getByRole('button', { name: 'Join class' }).click();
  await expect(student.getByRole('heading', { level: 1, name: '12B Chemistry' })).toBeVisible();
  await expect(student.getByText('Teacher: Tess Rowe')).toBeVisible();
  await expect(student.getByText('No papers assigned yet')).toBeVisible();
  await expect(student.getByTestId('join-code')).toHaveCount(0);
  await expectNoSeriousViolations(student, 'class page (student)');
  // Another student opens the join link while logged out: after signing up they land in the class.
  const linkContext = await browser.newContext({ baseURL: new URL(classUrl).origin });
  const second = await linkContext.newPage();
  const secondStudent = { ...newStudent(), firstName: 'Lee', lastName: 'Park' };
  await second.goto(`/join/${code}`);
  await expect(second.getByText('Log in or create an account to join the class')).toBeVisible();
  await second.getByRole('link', { name: 'Log in' }).first().click();
  await second.getByRole('tab', { name: 'Sign Up' }).click();
  await second.getByLabel('First name (optional)').fill(secondStudent.firstName);
  await second.getByLabel('Last name (optional)').fill(secondStudent.lastName);
  await second.getByLabel('Email').fill(secondStudent.email);
  await second.getByLabel('Password').fill(secondStudent.password);
  await second.getByRole('button', { name: 'Create Account' }).click();
  await expect(second.getByRole('heading', { level: 1, name: '12B Chemistry' })).toBeVisible();
  await expect(second).toHaveURL(/\/classes\/[^/]+$/);
  await expect(second.getByText('Teacher: Tess Rowe')).toBeVisible();
  await linkContext.close();

  // Nothing assigned yet: the home page is the spec's.
  await student.goto('/');
  await expect(student.getByRole('heading', { name: 'Welcome, Sam!' })).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Assigned', exact: true })).toHaveCount(0);

  // The teacher sees the student and assigns the paper, due in a week.
  await page.reload();
  await page.getByRole('tab', { name: /Students/ }).click();
  await expect(page.getByRole('list', { name: 'Students' }).getByText('Sam Okafor')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Students' }).getByText('Lee Park')).toBeVisible();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await page.getByRole('button', { name: 'Assign a paper' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign a paper' });
  await dialog.getByLabel('Course').selectOption({ label: course.title });
  await expect(dialog.getByLabel('Question paper').locator('option', { hasText: course.paper.title })).toHaveCount(1);
  await dialog.getByLabel('Question paper').selectOption({ index: 1 });
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Due date (optional)').fill(due);
  await expectNoSeriousViolations(page, 'assign dialog');
  await dialog.getByRole('button', { name: 'Assign paper' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Assigned papers' }).getByText(course.paper.title)).toBeVisible();

  // The class set (issue 26): one copy per student in one PDF, downloaded by the link with the session cookie.
  const classSet = page.waitForEvent('download');
  await page.getByRole('link', { name: `Print class set: ${course.paper.title}` }).click();
  const classSetFile = await classSet;
  expect(classSetFile.suggestedFilename()).toMatch(/^mw-[a-z0-9]{6}-class-set\.pdf$/);
  const classSetPdf = Buffer.concat(await (await classSetFile.createReadStream()).toArray());
  expect(classSetPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The student sees it on the home page (at phone width too) and answers a written question.
  await student.goto('/');
  const assigned = student.getByRole('region', { name: 'Assigned' });
  await expect(assigned.getByText(course.paper.title)).toBeVisible();
  await expect(assigned.getByText(/^Due \d+\/\d+\/\d{4}$/)).toBeVisible();
  await expect(assigned.getByText('0 of')).toBeVisible();
  await student.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(student, 'home with Assigned');
  await expectNoSeriousViolations(student, 'home with Assigned');
  await student.screenshot({ path: test.info().outputPath('classes-home-assigned-phone.png'), fullPage: true });
  await assigned.getByRole('link', { name: `Start ${course.paper.title}` }).click();
  await expect(student.getByRole('heading', { level: 1, name: course.paper.title })).toBeVisible();
  const questions = await call<QuestionView[]>(student, 'GET', `/api/question-papers/${course.paper.id}/questions`);
  const written = questions.find((q) => q.type !== 'multiple_choice');
  expect(written, 'the paper has a written question').toBeDefined();
  await student.getByRole('link', { name: new RegExp(`^Question ${written!.questionNumber}\\b`) }).click();
  await student.getByPlaceholder('Type your answer here...').fill(ANSWER);
  await student.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(student.getByText('Mark scheme, point by point')).toBeVisible({ timeout: 45_000 });
  const feedback = await call<{ marks_awarded: number; total_marks: number }>(student, 'GET', `/api/questions/${written!.id}/feedback`);
  await student.setViewportSize({ width: 1280, height: 720 });

  // The teacher's markbook: the student's mark in its cell; the cell opens the answer and its feedback.
  await page.getByRole('tab', { name: 'Markbook' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Sam Okafor/ })).toBeVisible();
  const cell = table.getByRole('button', {
    name: new RegExp(`^Sam Okafor, .*: ${feedback.marks_awarded} of ${feedback.total_marks} marks`),
  });
  await expect(cell).toHaveText(`${feedback.marks_awarded}/${feedback.total_marks}`);
  await expect(page.getByRole('list', { name: 'Colour key' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Points the class misses most' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /\/markbook\.csv$/);
  await expectNoSeriousViolations(page, 'markbook');
  await cell.click();
  const answer = page.getByRole('dialog', { name: /^Sam Okafor · / });
  await expect(answer.getByText(ANSWER)).toBeVisible();
  await expect(answer.getByTestId('answer-marks')).toHaveText(`${feedback.marks_awarded} / ${feedback.total_marks} marks`);
  await expect(answer.locator('li[data-status]').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'markbook answer dialog');
  await answer.getByRole('button', { name: 'Close' }).click();

  // The CSV export is a real download with the student's row.
  const csvHref = (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!;
  const csv = await page.request.get(csvHref);
  expect(csv.ok()).toBe(true);
  expect(await csv.text()).toContain('Sam Okafor');

  // The markbook at phone width: the table scrolls in its own box, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'markbook');
  await page.screenshot({ path: test.info().outputPath('classes-markbook-phone.png'), fullPage: true });
  await page.goto('/classes');
  await expect(page.getByRole('region', { name: 'Classes I teach' }).getByText('12B Chemistry')).toBeVisible();
  await expectNoSidewaysScroll(page, 'classes list');
  await expectNoSeriousViolations(page, 'classes list');
  await studentContext.close();
});
