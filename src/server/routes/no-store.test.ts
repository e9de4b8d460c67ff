import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// Issue 25: authenticated JSON and CSV (courses, exports, results.csv with names and marks) and the login
// response carried no Cache-Control, so a shared computer's browser cache or a proxy could keep them.

let t: TestApp;
let student: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await buildTestApp();
  student = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control: no-store on every API response', () => {
  it('covers sign-up, login, JSON, exports and CSV files, and errors', async () => {
    const get = (url: string, headers: Record<string, string> = student.headers) => t.app.inject({ method: 'GET', url, headers });
    const post = (url: string, payload: object, headers: Record<string, string> = student.headers) =>
      t.app.inject({ method: 'POST', url, payload, headers });

    const course = await post('/api/courses/direct-create', { subject: 'Chemistry' });
    expect(course.statusCode).toBe(201);
    const klass = await post('/api/classes', { name: 'Year 12 Chemistry', subject: 'Chemistry' });
    expect(klass.statusCode).toBe(201);

    const responses = {
      register: await post('/api/auth/register', { email: 'cache@example.org', password: 'correct-horse' }, {}),
      login: await post('/api/auth/login', { email: 'cache@example.org', password: 'correct-horse' }, {}),
      'users/me': await get('/api/users/me'),
      courses: await get('/api/courses'),
      'course export': await get(`/api/courses/${course.json().id}/export?format=json`),
      'results.csv': await get('/api/teacher/results.csv'),
      'markbook.csv': await get(`/api/classes/${klass.json().id}/markbook.csv`),
      'created course': course,
      'public stats': await get('/api/public/stats', {}),
      '401': await get('/api/courses', {}),
      '404': await get('/api/no-such-thing'),
      '400': await post('/api/courses/direct-create', { subject: 42 }),
      'failed login': await post('/api/auth/login', { email: 'cache@example.org', password: 'wrong-horse' }, {}),
    };
    for (const [name, res] of Object.entries(responses)) {
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    expect(responses['results.csv'].headers['content-type']).toMatch(/text\/csv/);
    expect(responses['markbook.csv'].headers['content-type']).toMatch(/text\/csv/);
  });

  it('leaves the pages of the app to their own caching (only /api is no-store)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/courses' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
