import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export function newStudent() {
  const id = randomBytes(4).toString('hex');
  return { email: `e2e-${id}@example.org`, password: `pw-${id}-secret`, firstName: 'Robin', lastName: 'Quinn' };
}

/** Signs a new student up through the real form and waits for the home page. */
export async function signUpThroughUi(page: Page, student = newStudent()) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name (optional)').fill(student.firstName);
  await page.getByLabel('Last name (optional)').fill(student.lastName);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: `Welcome, ${student.firstName}!` }).waitFor();
  return student;
}

/** axe (WCAG 2 A and AA) on the page as it is: no serious or critical violation, each named with where it is. */
export async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${what}: ${v.id} — ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}
