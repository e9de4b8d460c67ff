import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

/**
 * Issue 31 item 1 end to end: from a course, the Specification page asks for the exam board, then lists its points with
 * how many questions each has; the student ticks a point and gets a paper drawn from it; once one of its answers is
 * marked, the point shows the mastery from that mark. At phone width (the bar at the bottom generates), axe on the page.
 */
test('a student chooses their exam board, practises a specification point, and sees its mastery', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughUi(page);
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/courses/direct-create', { headers, data: { subject: 'Biology' } });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { id: string };

  await page.goto(`/courses/${course.id}`);
  await page.getByRole('link', { name: 'Specification' }).click();
  await expect(page.getByRole('heading', { name: 'Specification', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose your exam board to see its specification.')).toBeVisible();
  await expectNoSeriousViolations(page, 'specification page before a board is chosen');

  await page.getByLabel('Exam board').selectOption('aqa');
  await page.getByRole('button', { name: 'Use this board' }).click();
  await expect(page.getByRole('heading', { name: /3\.1 Biological molecules/ })).toBeVisible();
  await expect(page.getByText(/AQA A-level Biology \(7402\)/).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'specification page with AQA points');

  // The first point with questions, ticked by its label; the bar at the bottom generates the paper.
  const point = page.getByRole('checkbox', { name: /^3\.1\.4 / });
  await point.check();
  await expect(page.getByText('1 point chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Paper' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/papers/[\\w-]+$`));
  await expect(page.getByRole('heading', { name: /Biology: AQA 3\.1\.4/ })).toBeVisible();

  // One answer of the paper marked (nothing creditworthy): the point shows 0% from one marked answer.
  const paperId = page.url().split('/').pop() as string;
  const questions = (await (await page.request.get(`/api/question-papers/${paperId}/questions`, { headers })).json()) as {
    id: string;
    type: string;
  }[];
  const answer = questions[0].type === 'multiple_choice' ? 'Z' : 'I am not sure.';
  expect(
    (await page.request.post('/api/answers/save', { headers, data: { questionId: questions[0].id, text: answer, submitted: true } })).ok(),
  ).toBe(true);
  expect((await page.request.post('/api/answers/evaluate', { headers, data: { questionId: questions[0].id, answer } })).ok()).toBe(true);
  await page.goto(`/courses/${course.id}/specification`);
  // the question may examine other points too (they show the same mark): read 3.1.4's own row
  const row = page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: /^3\.1\.4 / }) });
  await expect(row.getByText('0% from 1 marked answer')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Mastery of 3.1.4' })).toBeVisible();
});

test('the Specification page of a course that is not there says "Course not found"', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/courses/00000000-0000-4000-8000-000000000000/specification');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

/**
 * Issue 27 item 3 end to end: on the course page, a topic that is part of a bigger one ('enzymes') offers the course
 * board's finer sub-topic beside the field; without a board it points to the Specification page to choose one.
 */
test('from the course page, a student chooses a finer sub-topic named by the topic they type', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page);
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const headers = { authorization: `Bearer ${token}` };
  const course = (await (await page.request.post('/api/courses/direct-create', { headers, data: { subject: 'Biology' } })).json()) as {
    id: string;
  };

  await page.goto(`/courses/${course.id}`);
  await page.getByRole('combobox', { name: 'Topic' }).fill('enzymes');
  await expect(page.getByRole('link', { name: 'choose your exam board' })).toHaveAttribute('href', `/courses/${course.id}/specification`);

  expect((await page.request.patch(`/api/courses/${course.id}`, { headers, data: { board: 'aqa' } })).ok()).toBe(true);
  await page.reload();
  await page.getByRole('combobox', { name: 'Topic' }).fill('enzymes');
  const choice = page.getByRole('button', { name: /^Practise only 3\.1\.4 Protein structure and how enzymes work \(\d+ questions\)$/ });
  await expect(choice).toBeVisible();
  await expectNoSeriousViolations(page, 'course page offering a finer sub-topic');
  await choice.click();
  // the toast (Radix also keeps a copy for screen readers, so the first)
  await expect(page.getByText(/Created question paper for AQA 3\.1\.4 with \d+ questions/).first()).toBeVisible();
  await expect(page.getByText('Topic: AQA 3.1.4')).toBeVisible();
});
