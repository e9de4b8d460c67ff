import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('e-mail settings', () => {
  it('are off by default, and SMTP_URL needs MAIL_FROM (and PUBLIC_URL in production)', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    const on = loadConfig({ SMTP_URL: 'smtp://user:pass@mail.school.org:587', MAIL_FROM: 'Markwell <no-reply@school.org>' });
    expect(on).toMatchObject({ SMTP_URL: 'smtp://user:pass@mail.school.org:587', MAIL_FROM: 'Markwell <no-reply@school.org>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.school.org' })).toThrow(/MAIL_FROM: MAIL_FROM is required with SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'mail.school.org', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL: SMTP_URL must look like smtp:\/\//);
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://mail.school.org:465', MAIL_FROM: 'a@b.org' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: PUBLIC_URL is required with SMTP_URL in production/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://markwell.school.org/' }).PUBLIC_URL).toBe('https://markwell.school.org');
  });
});
