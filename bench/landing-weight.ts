// How much JavaScript (and CSS) a visitor's browser downloads, measured in Debian's Chromium against the
// built app: every script the page actually requests, gzipped here at level 9 (as Vite's report does).
// Prints numbers; asserts nothing (tests/e2e/landing-weight.spec.ts holds the budget).
//   npm run build && npm run bench:landing
//   BENCH_PORT=4180 CHROMIUM_PATH=/usr/bin/chromium npm run bench:landing
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 4179);
const BASE = `http://127.0.0.1:${PORT}`;

interface Asset {
  file: string;
  kind: 'script' | 'stylesheet';
  raw: number;
  gzip: number;
}

async function waitForServer(url: string, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Loads one page in a fresh context (no cache) and returns the scripts and stylesheets it requested. */
async function measure(browser: Browser, path: string, ready: string, token?: string): Promise<Asset[]> {
  const context = await browser.newContext();
  if (token) await context.addInitScript((t) => localStorage.setItem('sessionToken', t), token);
  const page = await context.newPage();
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          file: new URL(response.url()).pathname,
          kind: type as Asset['kind'],
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }))
        .catch(() => null),
    );
  });
  await page.goto(`${BASE}${path}`);
  await page.getByText(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
  await context.close();
  return assets;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

function report(name: string, assets: Asset[]) {
  const scripts = assets.filter((a) => a.kind === 'script').sort((a, b) => b.gzip - a.gzip);
  const styles = assets.filter((a) => a.kind === 'stylesheet');
  const sum = (list: Asset[], key: 'raw' | 'gzip') => list.reduce((total, a) => total + a[key], 0);
  console.log(`\n${name}`);
  for (const a of scripts) console.log(`  ${a.file.padEnd(52)} ${kb(a.raw)} KB raw ${kb(a.gzip)} KB gzip`);
  console.log(`  JS total: ${scripts.length} files, ${kb(sum(scripts, 'raw')).trim()} KB raw, ${kb(sum(scripts, 'gzip')).trim()} KB gzip`);
  console.log(`  CSS total: ${styles.length} files, ${kb(sum(styles, 'raw')).trim()} KB raw, ${kb(sum(styles, 'gzip')).trim()} KB gzip`);
}

async function main() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await waitForServer(`${BASE}/api/public/stats`);
    console.log(`Markwell page weight — ${BASE}, node ${process.version}, ${browser.version()}`);
    report('/ (landing, logged out)', await measure(browser, '/', 'Practise real exam questions'));
    report('/auth (logged out)', await measure(browser, '/auth', 'Sign Up'));

    const { sessionId } = await api<{ sessionId: string }>('POST', '/api/auth/register', {
      email: `bench-${Date.now()}@example.org`,
      password: 'bench-secret',
      firstName: 'Bench',
    });
    report('/ (home, signed in)', await measure(browser, '/', 'Welcome, Bench!', sessionId));
    const course = await api<{ id: string; paper: { id: string } }>(
      'POST',
      '/api/courses/direct-create',
      { subject: 'Biology' },
      sessionId,
    );
    report(
      'exam screen (signed in)',
      await measure(browser, `/courses/${course.id}/papers/${course.paper.id}/exam`, 'Question 1 of', sessionId),
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
