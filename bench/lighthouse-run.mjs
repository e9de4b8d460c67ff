// Lighthouse (performance, accessibility) for the landing page and the signed-in home, exam, results, progress,
// review and class pages,
// against a Markwell server that is already running. Started by bench/lighthouse.sh, which installs
// Lighthouse outside the repository (it is not a project dependency) and starts the built server.
//   LH_DIR=/tmp/lh BASE_URL=http://127.0.0.1:4183 node bench/lighthouse-run.mjs [desktop|mobile]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const LH_DIR = process.env.LH_DIR ?? '/tmp/lh';
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:4183';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PRESET = process.argv[2] ?? 'mobile';
const OUT = process.env.LH_OUT ?? path.join(LH_DIR, 'reports');
// LH_PAGES=exam,results audits only those pages (the others' set-up still runs); all of them by default.
const ONLY = process.env.LH_PAGES ? new Set(process.env.LH_PAGES.split(',')) : null;

// LH_DETAIL=1 also prints where the largest paint's time went (its element, phases and the page's own unthrottled times), the
// longest main-thread tasks (simulated phone times) and when each script and API request started and ended (as observed, ms).
const DETAIL = Boolean(process.env.LH_DETAIL);

const fromLh = (p) => import(pathToFileURL(path.join(LH_DIR, 'node_modules', p)).href);
const { default: lighthouse, desktopConfig } = await fromLh('lighthouse/core/index.js');
const { default: puppeteer } = await fromLh('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js');

async function api(method, url, body, token) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const browser = await puppeteer.launch({
  executablePath: CHROME_PATH,
  headless: true,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * One Lighthouse run in a fresh browser context (cold cache); a session token, if given, is put in
 * local storage first and kept (no storage reset).
 */
async function audit(name, url, token, retried = 0) {
  if (ONLY && !ONLY.has(name)) return;
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${BASE}/api/public/stats`);
  await page.evaluate((t) => (t ? localStorage.setItem('sessionToken', t) : localStorage.clear()), token ?? null);
  const flags = {
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: Boolean(token),
    logLevel: 'error',
    output: 'html',
  };
  const result = await lighthouse(url, flags, PRESET === 'desktop' ? desktopConfig : undefined, page);
  await context.close();
  // Lighthouse sometimes fails to record the trace itself (NO_NAVSTART): that is no score of the page; run it again.
  if (result.lhr.runtimeError && retried < 2) {
    console.log(`${name.padEnd(8)} Lighthouse could not measure (${result.lhr.runtimeError.code}); running it again`);
    return audit(name, url, token, retried + 1);
  }
  const { categories, audits } = result.lhr;
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${name}-${PRESET}.html`), result.report);
  const metric = (id) => audits[id]?.displayValue ?? '–';
  console.log(
    `${name.padEnd(8)} performance ${String(Math.round(categories.performance.score * 100)).padStart(3)}  accessibility ${String(Math.round(categories.accessibility.score * 100)).padStart(3)}` +
      `  FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}` +
      // Lighthouse's measure of this machine's speed at the time (higher is faster): on a shared machine, a low one
      // says the page's main-thread times (TBT, and LCP through render delay) were stretched by other work.
      `  benchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}`,
  );
  if ((audits['cumulative-layout-shift']?.numericValue ?? 0) > 0.05) {
    for (const item of (audits['layout-shifts']?.details?.items ?? []).slice(0, 3))
      console.log(`         shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? ''}`);
  }
  if (DETAIL) printDetail(audits);
  for (const [id, a] of Object.entries(audits)) {
    const inCategory = ['performance', 'accessibility'].some((c) => categories[c].auditRefs.some((r) => r.id === id && r.weight > 0));
    if (inCategory && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative') {
      console.log(`         ${id}: ${a.score} ${a.displayValue ?? ''}`);
      for (const item of (a.details?.items ?? []).slice(0, 3)) if (item.node?.snippet) console.log(`           ${item.node.snippet}`);
    } else if (a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
      console.log(`         opportunity ${id}: ${a.displayValue ?? ''}`);
  }
}

function printDetail(audits) {
  const lcp = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const element = lcp[0]?.items?.[0]?.node?.snippet;
  if (element) console.log(`         LCP element ${element.slice(0, 120)}`);
  const observed = audits.metrics?.details?.items?.[0] ?? {};
  console.log(
    `           as observed, unthrottled: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, load ${observed.observedLoad} ms`,
  );
  for (const phase of lcp[1]?.items ?? []) console.log(`           ${phase.phase}: ${Math.round(phase.timing)} ms`);
  const tasks = (audits['long-tasks']?.details?.items ?? []).slice(0, 5);
  if (tasks.length > 0)
    console.log(
      `         long tasks ${tasks.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${String(t.url).replace(BASE, '')})`).join(', ')}`,
    );
  for (const r of audits['network-requests']?.details?.items ?? []) {
    const url = String(r.url).replace(BASE, '');
    if (!/\.js$|^\/api\/|^\/$|\/(exam|results)$/.test(url)) continue;
    console.log(
      `           ${String(Math.round(r.networkRequestTime)).padStart(5)}-${String(Math.round(r.networkEndTime)).padStart(5)} ${r.priority ?? ''} ${url}`,
    );
  }
}

try {
  console.log(`Lighthouse ${PRESET} — ${BASE}, ${await browser.version()}`);
  await audit('landing', `${BASE}/`);
  const { sessionId } = await api('POST', '/api/auth/register', {
    email: `lh-${Date.now()}@example.org`,
    password: 'lighthouse-secret',
    firstName: 'Robin',
  });
  await audit('home', `${BASE}/`, sessionId);
  const course = await api('POST', '/api/courses/direct-create', { subject: 'Biology' }, sessionId);
  const paperUrl = `${BASE}/courses/${course.id}/papers/${course.paper.id}`;
  await audit('exam', `${paperUrl}/exam`, sessionId);
  // Results, progress and review need marked answers: the first three questions answered, submitted and marked.
  const questions = await api('GET', `/api/question-papers/${course.paper.id}/questions`, undefined, sessionId);
  for (const question of questions.slice(0, 3)) {
    const text = 'Enzymes are proteins that speed up reactions; the substrate binds to the active site.';
    await api('POST', '/api/answers/save', { questionId: question.id, text, submitted: true }, sessionId);
    await api('POST', '/api/answers/evaluate', { questionId: question.id, answer: text }, sessionId);
  }
  await audit('results', `${paperUrl}/results`, sessionId);
  await audit('progress', `${BASE}/progress`, sessionId);
  await audit('review', `${BASE}/review`, sessionId);
  // A class page, as its teacher sees it.
  const klass = await api('POST', '/api/classes', { name: 'Biology 12A', subject: 'Biology' }, sessionId);
  await audit('class', `${BASE}/classes/${klass.id}`, sessionId);
} finally {
  await browser.close();
}
