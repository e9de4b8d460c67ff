import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, newStudent, signUpThroughUi } from './fixtures';

type QuestionView = { id: string; type: string; questionNumber: number };
type PointView = { id: string; text: string; kind: string; depends_on?: string; group?: string };
type FeedbackView = { marks_awarded: number; total_marks: number };

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

// Words no mark scheme uses: the marker credits nothing until the teacher upholds the dispute and accepts the wording.
const ANSWER = 'The zorblat widget frobnicates every quux.';
const REASON = 'That is this point in my own words.';

/**
 * Issue 16 end to end, in two browsers: a teacher creates a class, a student joins by code, the teacher assigns a
 * paper, the student answers and disputes a point, the teacher sees the markbook and upholds the dispute on the
 * Disputes page, and the student sees the changed mark. Then the teacher grades a photographed sheet, attaches it
 * to the student and finds it in the markbook; removed, the student cannot rejoin with the old code.
 */
test('class flow: join by code, assigned paper, dispute upheld by the teacher, marked sheet attached, removal', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);

  // The teacher's course; a short written question with an independent B point, so that accepting the student's
  // wording for it must raise the mark (the bank draws papers at random).
  await signUpThroughUi(page, { ...newStudent(), firstName: 'Tess', lastName: 'Rowe' });
  const course = await call<{ id: string; title: string; paper: { id: string; title: string } }>(
    page,
    'POST',
    '/api/courses/direct-create',
    {
      subject: 'Biology',
    },
  );
  const questions = await call<QuestionView[]>(page, 'GET', `/api/question-papers/${course.paper.id}/questions`);
  let question: QuestionView | undefined;
  let pointIndex = -1;
  for (const candidate of questions.filter((x) => x.type === 'short_answer')) {
    const points = await call<PointView[]>(page, 'GET', `/api/questions/${candidate.id}/markscheme`);
    // Not a value ("120 / 24 = 5.0 times"): a numeric point is earned by its value, never by an accepted wording.
    pointIndex = points.findIndex((p) => p.kind === 'B' && !p.depends_on && !p.group && !/\d/.test(p.text));
    if (points.length <= 4 && pointIndex !== -1) {
      question = candidate;
      break;
    }
  }
  expect(question, 'a drawn paper has a short written question with an independent point').toBeDefined();

  // 1. The teacher creates the class.
  await page.goto('/classes');
  const create = page.getByRole('form', { name: 'Create a class' });
  await create.getByLabel('Class name').fill('12B Biology');
  await create.getByLabel('Subject').fill('Biology');
  await create.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '12B Biology' })).toBeVisible();
  const code = (await page.getByTestId('join-code').textContent())!.trim();
  const classUrl = page.url();

  // 2. The student joins by code, in a browser of their own.
  const studentContext = await browser.newContext({ baseURL: new URL(classUrl).origin });
  const student = await studentContext.newPage();
  await signUpThroughUi(student, { ...newStudent(), firstName: 'Sam', lastName: 'Okafor' });
  await student.goto('/classes');
  const join = student.getByRole('form', { name: 'Join a class' });
  await join.getByLabel('Join code').fill(code);
  await join.getByRole('button', { name: 'Join class' }).click();
  await expect(student.getByRole('heading', { level: 1, name: '12B Biology' })).toBeVisible();

  // 3. The teacher assigns the paper.
  await page.reload();
  await page.getByRole('button', { name: 'Assign a paper' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign a paper' });
  await assign.getByLabel('Course').selectOption({ label: course.title });
  await expect(assign.getByLabel('Question paper').locator('option', { hasText: course.paper.title })).toHaveCount(1);
  await assign.getByLabel('Question paper').selectOption({ index: 1 });
  await assign.getByRole('button', { name: 'Assign paper' }).click();
  await expect(assign).toBeHidden();

  // 4. The student answers the question from the home page's Assigned list and disputes the point.
  await student.goto('/');
  await student
    .getByRole('region', { name: 'Assigned' })
    .getByRole('link', { name: `Start ${course.paper.title}` })
    .click();
  await expect(student.getByRole('heading', { level: 1, name: course.paper.title })).toBeVisible();
  await student.getByRole('link', { name: new RegExp(`^Question ${question!.questionNumber}\\b`) }).click();
  await student.getByPlaceholder('Type your answer here...').fill(ANSWER);
  await student.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(student.getByText('Mark scheme, point by point')).toBeVisible({ timeout: 45_000 });
  const before = await call<FeedbackView>(student, 'GET', `/api/questions/${question!.id}/feedback`);
  await expect(student.getByTestId('feedback-total')).toHaveText(`Total: ${before.marks_awarded} / ${before.total_marks} marks`);
  const point = student.locator('li[data-status]').nth(pointIndex);
  await expect(point).not.toHaveAttribute('data-status', 'COVERED');
  await point.getByRole('button', { name: 'I disagree' }).click();
  await point.getByLabel('Why do you think this point was marked wrongly?').fill(REASON);
  await point.getByRole('button', { name: 'Save' }).click();
  await expect(point.getByText(`You disagreed: ${REASON}`, { exact: false })).toBeVisible();
  const questionUrl = student.url();

  // 5. The teacher's markbook shows the student's mark.
  await page.getByRole('tab', { name: 'Markbook' }).click();
  const table = page.getByRole('table');
  const cell = table.getByRole('button', {
    name: new RegExp(`^Sam Okafor, .* Q${question!.questionNumber}: ${before.marks_awarded} of ${before.total_marks} marks`),
  });
  await expect(cell).toHaveText(`${before.marks_awarded}/${before.total_marks}`);
  await expect(page.getByRole('heading', { name: 'Marked sheets' })).toBeVisible();
  await expect(page.getByText(/No marked sheets yet/)).toBeVisible();
  await expectNoSeriousViolations(page, 'markbook before the dispute');

  // 6. The teacher upholds the dispute on the Disputes page (at phone width).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/disputes');
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  const card = page.locator('[data-dispute-status]').filter({ hasText: 'Disputed by Sam Okafor' });
  await expect(card).toHaveAttribute('data-dispute-status', 'open');
  await expect(card.getByText(ANSWER)).toBeVisible();
  await expect(card.getByText(REASON)).toBeVisible();
  await expect(card.getByRole('heading', { name: "Sam Okafor's reason" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the teacher's Disputes page");
  await expectNoSeriousViolations(page, "the teacher's Disputes page");
  await card.getByLabel('Comment (optional)').fill('Fair: that says the same thing.');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Dispute accepted', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(card).toHaveAttribute('data-dispute-status', 'accepted');
  const after = await call<FeedbackView>(student, 'GET', `/api/questions/${question!.id}/feedback`);
  expect(after.marks_awarded).toBeGreaterThan(before.marks_awarded);
  await expect(
    card.getByText(`Marks: ${before.marks_awarded}/${before.total_marks} → ${after.marks_awarded}/${after.total_marks}.`),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // 7. The student sees the changed mark on the question (at phone width) and the outcome on their Disputes page.
  await student.setViewportSize({ width: 390, height: 844 });
  await student.goto(questionUrl);
  await expect(student.getByTestId('feedback-total')).toHaveText(`Total: ${after.marks_awarded} / ${after.total_marks} marks`, {
    timeout: 20_000,
  });
  await expect(student.locator('li[data-status]').nth(pointIndex)).toHaveAttribute('data-status', 'COVERED');
  await expectNoSidewaysScroll(student, 'the question after the dispute');
  await student.goto('/disputes');
  const own = student.locator('[data-dispute-status]').first();
  await expect(own).toHaveAttribute('data-dispute-status', 'accepted');
  await expect(own.getByText('“Fair: that says the same thing.”')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expectNoSidewaysScroll(student, "the student's Disputes page");
  await expectNoSeriousViolations(student, "the student's Disputes page");
  await student.setViewportSize({ width: 1280, height: 720 });

  // The markbook follows.
  await page.goto(classUrl);
  await page.getByRole('tab', { name: 'Markbook' }).click();
  await expect(
    page
      .getByRole('table')
      .getByRole('button', { name: new RegExp(`^Sam Okafor, .* Q${question!.questionNumber}: ${after.marks_awarded} of`) }),
  ).toHaveText(`${after.marks_awarded}/${after.total_marks}`);

  // 8. The teacher grades a photographed sheet against a typed scheme and attaches it to the student.
  const camera = await page.context().newPage();
  await camera.setViewportSize({ width: 1000, height: 400 });
  await camera.setContent(
    `<body style="margin:0;background:#fffef8;font:34px/1.6 'DejaVu Sans',sans-serif;color:#1a2a6c;padding:40px">
       <p>Water is removed in a condensation reaction.</p></body>`,
  );
  const photo = await camera.screenshot();
  await camera.close();
  await page.goto('/teacher-grading');
  await page.getByRole('tab', { name: 'Type the scheme' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Describe how a peptide bond is formed.');
  await page
    .getByLabel('Mark scheme, one point a line')
    .fill('condensation reaction\nwater is removed\nbetween the amine and carboxyl groups');
  await page.locator('input[type=file]').nth(1).setInputFiles({ name: 'sams-sheet.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText('sams-sheet.png', { exact: true })).toBeVisible();
  // a typed scheme without marks of its own asks for the maximum (issue 26 item 6: no default of 10)
  await page.getByLabel('Maximum Marks').fill('3');
  await page.getByRole('button', { name: 'Grade Answer with AI' }).click();
  await expect(page.getByText('Grading Complete', { exact: true })).toBeVisible({ timeout: 120_000 });
  const attach = page.getByRole('region', { name: 'Attach to a student' });
  await attach.getByLabel('Class').selectOption({ label: '12B Biology' });
  await expect(attach.getByLabel('Student').locator('option', { hasText: 'Sam Okafor' })).toHaveCount(1);
  await attach.getByLabel('Student').selectOption({ label: 'Sam Okafor' });
  await expectNoSeriousViolations(page, 'the grading page with the attach control');
  await attach.getByRole('button', { name: 'Attach to student' }).click();
  await expect(attach.getByTestId('attached-to')).toHaveText('Attached to Sam Okafor in 12B Biology: it is in the class’s markbook.');
  const graded = (
    await call<{ id: string; marksAwarded: number; totalMarks: number; attachment: { studentName: string } | null }[]>(
      page,
      'GET',
      '/api/teacher/results',
    )
  )[0]!;
  expect(graded.attachment?.studentName).toBe('Sam Okafor');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'the grading page with the attach control');
  await page.setViewportSize({ width: 1280, height: 900 });

  // 9. The markbook lists it under the student; it opens with its per-point breakdown.
  await page.goto(classUrl);
  await page.getByRole('tab', { name: 'Markbook' }).click();
  const sheets = page.getByRole('list', { name: 'Marked sheets by student' });
  const sheet = sheets.getByRole('button', { name: /^Sam Okafor: Describe how a peptide bond is formed\./ });
  await expect(sheet).toContainText(`${graded.marksAwarded}/${graded.totalMarks}`);
  await sheet.click();
  const dialog = page.getByRole('dialog', { name: 'Sam Okafor · marked sheet' });
  await expect(dialog.getByTestId('sheet-marks')).toHaveText(`${graded.marksAwarded} / ${graded.totalMarks} marks`);
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await expectNoSeriousViolations(page, 'a marked sheet in the markbook');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'the markbook with marked sheets');
  await expectNoSeriousViolations(page, 'the markbook with marked sheets at phone width');
  await page.setViewportSize({ width: 1280, height: 900 });

  // 10. Removed, the student leaves the markbook with their sheet, and the old code does not let them back.
  await page.getByRole('tab', { name: /Students/ }).click();
  await page.getByRole('button', { name: 'Remove Sam Okafor' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove student' }).click();
  await expect(page.getByRole('button', { name: 'Remove Sam Okafor' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Markbook' }).click();
  await expect(page.getByText('The markbook is empty')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Marked sheets by student' })).toHaveCount(0);
  await student.goto(`/join/${code}`);
  await expect(student.getByText('Your teacher removed you from this class. Ask them for a new join code.')).toBeVisible();
  await expectNoSeriousViolations(student, 'the join page refusing a removed student');
  await studentContext.close();
});
