import { expect, test } from '@playwright/test';
import { newStudent, signUpThroughUi } from './fixtures';

test('the landing page shows the claims, two testimonials and free-to-start', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Practise real exam questions');
  await expect(page.getByText('Free to start. No credit card needed.').first()).toBeVisible();
  const numbers = page.getByLabel('Markwell in numbers');
  for (const claim of ['students practising', 'exam questions ready', 'hours of study logged', 'pass']) {
    await expect(numbers.getByText(claim)).toBeVisible();
  }
  await expect(page.locator('figure blockquote')).toHaveCount(2);
  await expect(page.locator('figcaption', { hasText: 'student' })).toHaveCount(2);
  await expect(page.getByText(`© ${new Date().getFullYear()} Markwell`)).toBeVisible();
});

test('an unknown path while logged out shows the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Practise real exam questions');
  await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
});

test('sign-up validates, creates the account, survives a reload, logs out and back in', async ({ page }) => {
  const student = newStudent();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();

  // Empty fields.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter both email and password' })).toBeVisible();
  await expect(page.getByText('Email and Password Required', { exact: true })).toBeVisible();

  // Short password.
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters long' })).toBeVisible();
  await expect(page.getByText('Password Too Short', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Password must be' })).toHaveCSS('color', /oklch\(0\.5\d* 0\.2\d* 2\d/); // Tailwind's red-600

  // Success.
  await page.getByLabel('First name (optional)').fill(student.firstName);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${student.firstName}!` })).toBeVisible();
  await expect(page.getByText('Account Created!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sessionToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Header: the four links, Help and the user menu.
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Progress Tracker', 'Advanced Analytics', 'PDF Documents', 'Teacher Grading']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByRole('button', { name: 'Help' })).toBeVisible();

  // Reload keeps the session.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${student.firstName}!` })).toBeVisible();

  // A duplicate sign-up from a second browser shows the server's message.
  // (Checked in the API tests; here: log out through the menu.)
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(student.email)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Practise real exam questions');
  expect(await page.evaluate(() => localStorage.getItem('sessionToken'))).toBeNull();

  // Wrong password, then the right one.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${student.firstName}!` })).toBeVisible();
  await expect(page.getByText('Welcome Back!', { exact: true })).toBeVisible();
});

test('the buttons say what is happening while the server works, and a taken e-mail gets "Registration Failed"', async ({ page }) => {
  const student = await signUpThroughUi(page);
  await page.evaluate(() => localStorage.removeItem('sessionToken'));
  // Hold each auth call back until the pending label has been seen.
  let release: () => void = () => undefined;
  await page.route('**/api/auth/*', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });

  await page.goto('/auth');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  release();
  await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(student.email.toUpperCase());
  await page.getByLabel('Password').fill('another-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  release();
  await expect(page.getByText('Registration Failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'already' })).toBeVisible();
});

test('login validation: both fields are required', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('   ');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter both email and password' })).toBeVisible();
});

test('a signed-in student sees 404 on an unknown path, and every route of the app', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  for (const [path, title] of [
    ['/progress', 'Advanced Analytics'],
    ['/analytics', 'Analytics'],
    ['/pdf-documents', 'PDF Documents'],
    ['/teacher-grading', 'Teacher Grading'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  }
  // The course routes are registered too: an id that is not the student's says so instead of 404.
  const id = '00000000-0000-4000-8000-000000000000';
  for (const path of [
    `/courses/${id}`,
    `/courses/${id}/papers`,
    `/courses/${id}/papers/${id}`,
    `/courses/${id}/papers/${id}/exam`,
    `/courses/${id}/papers/${id}/questions/${id}`,
    `/courses/${id}/questions/${id}`,
    `/exam/${id}`,
    `/question-papers/${id}`,
  ]) {
    await page.goto(path);
    await expect(page.getByText(/not found/i).first(), path).toBeVisible();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }), path).toHaveCount(0);
  }
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
});

test('a dead session token is cleared and the visitor sees the landing page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('sessionToken', 'revoked-or-made-up'));
  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Practise real exam questions');
  expect(await page.evaluate(() => localStorage.getItem('sessionToken'))).toBeNull();
});

test('footer links open Terms, Privacy and Help instead of going nowhere', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.getByRole('button', { name: 'Privacy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy' })).toBeVisible();
  await page.keyboard.press('Escape');
  await footer.getByRole('button', { name: 'Terms' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeVisible();
});

test('on a phone-width screen the landing and sign-in pages fit the width', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/auth']) {
    await page.goto(path);
    await expect(page.getByRole('contentinfo')).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('on a phone-width screen the navigation moves into a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughUi(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobileNav = page.getByRole('navigation', { name: 'Main (mobile)' });
  await mobileNav.getByRole('link', { name: 'PDF Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PDF Documents' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
