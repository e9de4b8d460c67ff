import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

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
