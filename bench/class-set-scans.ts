/**
 * A scanned class set graded end to end (issue 26, "Measured"): `npm run bench:class-set`.
 *
 * For each ENGINE_WORKERS count (BENCH_WORKERS, default "1,2") the bench starts the server as it runs in production
 * (`node --import tsx src/server/index.ts`, port BENCH_PORT, default 4199) on a scratch PostgreSQL database
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; the bench reads the printed paper's
 * questions from it), then over HTTP:
 *   - a teacher makes a class of BENCH_STUDENTS students (default 30), assigns a paper and prints the class set
 *     (GET …/class-set.pdf); the QR code of every printed page is taken from the PDF (testing/pdf-qr-codes.ts);
 *   - each student's pages are written as bench:handwriting-ocr writes its sheets: the student's answers (points of
 *     the question's mark scheme, a different number of points per student) in a handwriting font (Kalam or Caveat),
 *     dark blue ink, each line nudged and turned a little, the page's QR code at the top right, rendered by Chromium,
 *     then "photographed" in one of PHOTO_CONDITIONS (clean, photo, poor photo; a third of the class each);
 *   - the pages are bound into one scanner PDF (testing/scanned-pages.ts) and uploaded (POST …/scans);
 *   - while the job runs, another signed-in user loads their dashboard's call (GET /api/courses) in a loop; the same
 *     loop ran before the upload with no job running.
 * It prints pages matched to students (of those whose QR code a reader could read: every page here carries one),
 * seconds per page, the marks recorded in the markbook against the marks the built-in marker gives the true text
 * of each answer (marked directly, no OCR), and the other user's latency p50/p99 idle and during the job.
 * Prints numbers; asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Markbook } from '../src/shared/classes';
import { classSetPdfUrl } from '../src/shared/class-set-text';
import type { GradingJob } from '../src/shared/grading-jobs';
import { scansUrl } from '../src/shared/grading-jobs-text';
import type { GradingQuestion } from '../src/shared/teacher';
import { openDatabase } from '../src/server/db/client';
import { practicePapers } from '../src/server/db/schema';
import { createBuiltinEngine } from '../src/server/engine/builtin/builtin-engine';
import { readPaperQr } from '../src/server/engine/builtin/ocr/read-paper-code';
import { PHOTO_CONDITIONS, wrapLines } from '../src/server/engine/builtin/ocr/testing/make-sheet';
import { escapeHtml } from '../src/server/engine/text/html-entities';
import { findQuestion, questionForMarking } from '../src/server/services/questions';
import { pdfQrImages } from '../src/server/testing/pdf-qr-codes';
import { scannerPdf } from '../src/server/testing/scanned-pages';
import { createScratchDatabase } from '../src/server/testing/scratch-database';

const require = createRequire(import.meta.url);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4199);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_ROUNDS = Number(process.env.BENCH_IDLE_ROUNDS ?? 300);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 20);
const BASE = `http://127.0.0.1:${PORT}`;

const fonts = [
  { name: 'Kalam', file: '@fontsource/kalam/files/kalam-latin-400-normal.woff2', size: 34 },
  { name: 'Caveat', file: '@fontsource/caveat/files/caveat-latin-400-normal.woff2', size: 40 },
];
const fontData = new Map(fonts.map((f) => [f.name, readFileSync(require.resolve(f.file)).toString('base64')]));
const FIRST = ['Ava', 'Ben', 'Cara', 'Dev', 'Ella', 'Finn', 'Gia', 'Hugo', 'Isla', 'Jack', 'Kai', 'Lena', 'Max', 'Nia', 'Omar'];
const LAST = [
  'Adams',
  'Brown',
  'Carter',
  'Dixon',
  'Evans',
  'Fox',
  'Green',
  'Hill',
  'Irwin',
  'Jones',
  'King',
  'Lee',
  'Moss',
  'Nash',
  'Owen',
];

interface Who {
  id: string;
  headers: Record<string, string>;
}

async function api<T = unknown>(
  method: string,
  path: string,
  who: Who | null,
  body?: unknown,
): Promise<{ status: number; json: T; raw: Buffer; headers: Headers }> {
  const res = await fetch(BASE + path, {
    method,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const raw = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(raw.toString()) as T) : (undefined as T);
  return { status: res.status, json, raw, headers: res.headers };
}

async function must<T>(method: string, path: string, who: Who | null, body?: unknown): Promise<{ json: T; raw: Buffer; headers: Headers }> {
  const res = await api<T>(method, path, who, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.raw.toString().slice(0, 200)}`);
  return res;
}

async function register(firstName: string, lastName: string): Promise<Who> {
  const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const { json } = await must<{ sessionId: string; user: { id: string } }>('POST', '/api/auth/register', null, {
    email,
    password: 'correct-horse',
    firstName,
    lastName,
  });
  return { id: json.user.id, headers: { authorization: `Bearer ${json.sessionId}` } };
}

/** A small deterministic generator, so every run writes the same pages. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A line of the page: printed (the paper's heading, question and options) or the student's handwriting. */
interface PageLine {
  text: string;
  hand: boolean;
}

/**
 * One answered page of the class set: the printed page's QR code at the top right, each question printed as the PDF
 * prints it (heading with its marks, the question, its options) and the student's handwriting under it, as a PNG.
 */
async function writePage(browser: Browser, font: (typeof fonts)[number], qr: Buffer, lines: PageLine[], seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const handHeight = Math.round(font.size * 1.7);
  const printHeight = 40;
  let y = 440;
  const body = lines
    .map((line) => {
      if (!line.hand) {
        const html = `<div class="print" style="top:${y}px">${escapeHtml(line.text)}</div>`;
        y += printHeight;
        return html;
      }
      const dx = Math.round((random() - 0.5) * 24);
      const dy = Math.round((random() - 0.5) * 8);
      const turn = ((random() - 0.5) * 1.6).toFixed(2);
      const html = `<div style="position:absolute;left:${110 + dx}px;top:${y + dy}px;transform:rotate(${turn}deg);transform-origin:left center">${escapeHtml(line.text)}</div>`;
      y += handHeight;
      return html;
    })
    .join('');
  const height = Math.max(1754, y + 80);
  const html = `<!doctype html><html><head><style>
@font-face { font-family: 'Hand'; src: url(data:font/woff2;base64,${fontData.get(font.name)}) format('woff2'); }
html, body { margin: 0; background: #fbfaf5; }
body { position: relative; width: 1240px; height: ${height}px; font-family: 'Hand'; font-size: ${font.size}px; color: #1d2a6b; white-space: nowrap; }
.print { position: absolute; left: 90px; font-family: 'DejaVu Sans', sans-serif; font-size: 26px; color: #111; }
img { position: absolute; top: 60px; right: 80px; width: 320px; image-rendering: pixelated; }
</style></head><body><img src="data:image/png;base64,${qr.toString('base64')}">${body}</body></html>`;
  const page = await browser.newPage({ viewport: { width: 1240, height } });
  try {
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    if (!(await page.evaluate(() => document.fonts.check("16px 'Hand'")))) throw new Error(`the ${font.name} font did not load`);
    return await page.screenshot({ type: 'png', fullPage: true });
  } finally {
    await page.close();
  }
}

/** What a phone or a poor scanner does to the page: turned, out of focus, compressed (bench:handwriting-ocr's conditions). */
async function photograph(png: Buffer, condition: (typeof PHOTO_CONDITIONS)[number]): Promise<Buffer> {
  let image = sharp(png).flatten({ background: '#fbfaf5' });
  if (condition.rotate) image = image.rotate(condition.rotate, { background: '#fbfaf5' });
  if (condition.blur) image = image.blur(condition.blur);
  // a scanner's PDF holds JPEGs; the "clean" condition is a high-quality one
  return image.jpeg({ quality: condition.jpegQuality ?? 95 }).toBuffer();
}

/** What student `s` writes for question `q`: some of its scheme's points (a different number per student), or a letter. */
function trueAnswer(q: GradingQuestion, s: number): string {
  if (q.type === 'multiple_choice') {
    const letters = Object.keys(q.options ?? {});
    const right = q.correctAnswer ?? letters[0] ?? 'A';
    return `Answer: ${s % 3 === 2 ? (letters.find((l) => l !== right) ?? right) : right}`;
  }
  const points = q.markScheme.map((p) => p.text.replace(/\s+/g, ' ').trim());
  const k = 1 + ((s + q.number) % Math.max(1, points.length));
  return points.slice(0, k).join('. ');
}

function percentiles(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return `n=${ms.length} p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
}

async function startServer(databaseUrl: string, workers: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ENGINE_WORKERS: String(workers),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_SIGNUP_RATE_LIMIT_PER_IP: '100000',
      ENGINE_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const up = await fetch(`${BASE}/api/users/me`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function run(browser: Browser, workers: number, marker: ReturnType<typeof createBuiltinEngine>) {
  const scratch = await createScratchDatabase(ADMIN_URL, 'markwell_bench');
  const server = await startServer(scratch.url, workers);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  try {
    const teacher = await register('Tess', 'Teacher');
    const other = await register('Olive', 'Other');
    await must('POST', '/api/courses/direct-create', other, { subject: 'Chemistry' });
    const students: Who[] = [];
    for (let s = 0; s < STUDENTS; s++)
      students.push(await register(FIRST[s % FIRST.length]!, `${LAST[Math.floor(s / FIRST.length) % LAST.length]}${s}`));
    const course = await must<{ paper: { id: string } }>('POST', '/api/courses/direct-create', teacher, { subject: 'Biology' });
    const created = await must<{ id: string; joinCode: string }>('POST', '/api/classes', teacher, {
      name: 'Biology 12A',
      subject: 'Biology',
    });
    const classId = created.json.id;
    const assigned = await must<{ id: string }>('POST', `/api/classes/${classId}/assignments`, teacher, { paperId: course.json.paper.id });
    for (const s of students) await must('POST', '/api/classes/join', s, { code: created.json.joinCode });

    const printed = await must('GET', classSetPdfUrl(classId, assigned.json.id), teacher);
    const code = /(mw-[a-z0-9]{6})/i.exec(printed.headers.get('content-disposition') ?? '')![1]!.toUpperCase();
    const [paper] = await database.db.select().from(practicePapers).where(eq(practicePapers.code, code));
    const qrs = await pdfQrImages(printed.raw);
    const perCopy = qrs.length / STUDENTS;
    if (!Number.isInteger(perCopy)) throw new Error(`${qrs.length} QR codes for ${STUDENTS} students`);
    const questions = paper!.questions;
    const perPage = Math.ceil(questions.length / perCopy);
    const truth = new Map<string, Map<number, string>>();
    const started = Date.now();
    const pages: Buffer[] = [];
    const conditionOf: string[] = [];
    let readable = 0;
    // each printed page's QR code says whose copy and which page it is
    for (const [i, qr] of qrs.entries()) {
      const said = await readPaperQr(qr);
      if (!said?.studentId || !said.page) throw new Error(`the printed QR code of page ${i + 1} cannot be read`);
      const s = students.findIndex((w) => w.id === said.studentId);
      const answers = truth.get(said.studentId) ?? new Map(questions.map((q) => [q.number, trueAnswer(q, s)]));
      truth.set(said.studentId, answers);
      const condition = PHOTO_CONDITIONS[s % PHOTO_CONDITIONS.length]!;
      const font = fonts[s % fonts.length]!;
      const p = said.page - 1;
      const lines = questions
        .slice(p * perPage, (p + 1) * perPage)
        .flatMap((q): PageLine[] => [
          { text: `Question ${q.number}  [${q.totalMarks} mark${q.totalMarks === 1 ? '' : 's'}]`, hand: false },
          ...wrapLines(q.text, 80).map((text) => ({ text, hand: false })),
          ...Object.entries(q.options ?? {}).map(([letter, option]) => ({ text: `${letter}   ${option}`, hand: false })),
          ...wrapLines(answers.get(q.number)!, 52).map((text) => ({ text, hand: true })),
        ]);
      const page = await photograph(await writePage(browser, font, qr, lines, i + 1), condition);
      // the target's denominator: pages whose QR code a reader can read after the "photograph"
      if ((await readPaperQr(page))?.studentId) readable++;
      pages.push(page);
      conditionOf.push(condition.name);
    }
    const pdf = await scannerPdf(pages);
    console.log(
      `  ${STUDENTS} students × ${perCopy} pages = ${pages.length} pages (${questions.length} questions), written in ${((Date.now() - started) / 1000).toFixed(0)} s; scanner PDF ${(pdf.byteLength / 1e6).toFixed(1)} MB`,
    );

    const latency = async (until: () => boolean, rounds = Infinity) => {
      const ms: number[] = [];
      for (let i = 0; i < rounds && !until(); i++) {
        const t0 = performance.now();
        const res = await fetch(`${BASE}/api/courses`, { headers: other.headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET /api/courses: ${res.status}`);
        ms.push(performance.now() - t0);
        // a person's clicks, not a flood: the loop pauses between calls so that it measures rather than loads
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      return ms;
    };
    const idle = await latency(() => false, IDLE_ROUNDS);

    const uploadedAt = Date.now();
    const upload = await must<{ jobId: string }>('POST', scansUrl(classId, assigned.json.id), teacher, {
      fileName: 'class-set-scan.pdf',
      pdfData: pdf.toString('base64'),
    });
    let job: GradingJob | null = null;
    let readAt = 0;
    const poll = (async () => {
      for (;;) {
        job = (await must<GradingJob>('GET', `/api/grading-jobs/${upload.json.jobId}`, teacher)).json;
        if (!readAt && job.pages > 0 && job.read === job.pages) readAt = Date.now();
        if (job.state === 'done' || job.state === 'failed') return;
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    const busy = await latency(() => job?.state === 'done' || job?.state === 'failed');
    await poll;
    const doneAt = Date.now();
    const finished = job as unknown as GradingJob;
    if (finished.state !== 'done') throw new Error(`the job ${finished.state}: ${finished.message ?? ''}`);

    // marks recorded from the scans against the built-in marker's marks for the true text of each answer
    const markbook = (await must<Markbook>('GET', `/api/classes/${classId}/markbook`, teacher)).json;
    let same = 0;
    let answers = 0;
    let scanMarks = 0;
    let trueMarks = 0;
    const sameByCondition = new Map<string, [number, number]>();
    for (const [s, { id: studentId }] of students.entries()) {
      const row = markbook.students.find((r) => r.userId === studentId)!;
      const condition = PHOTO_CONDITIONS[s % PHOTO_CONDITIONS.length]!.name;
      for (const q of questions) {
        const questionId = q.ref.replace(/^question:/, '');
        const column = markbook.questions.findIndex((m) => m.id === questionId);
        const fromScan = row.cells[column]?.marksAwarded ?? 0;
        const question = await questionForMarking(database.db, await findQuestion(database.db, studentId, questionId));
        const fromTruth = (await marker.evaluateAnswer({ question, answer: truth.get(studentId)!.get(q.number)! })).marks_awarded;
        answers++;
        scanMarks += fromScan;
        trueMarks += fromTruth;
        const c = sameByCondition.get(condition) ?? [0, 0];
        if (process.env.BENCH_VERBOSE && fromScan !== fromTruth) {
          const seen = await must<{ answer: { text: string } | null }>(
            'GET',
            `/api/classes/${classId}/students/${studentId}/answers/${questionId}`,
            teacher,
          );
          console.log(
            `    Q${q.number} (${condition}) ${fromScan} vs ${fromTruth}\n      true: ${truth.get(studentId)!.get(q.number)}\n      read: ${seen.json.answer?.text.replace(/\n/g, ' / ')}`,
          );
        }
        if (fromScan === fromTruth) {
          same++;
          c[0]++;
        }
        c[1]++;
        sameByCondition.set(condition, c);
      }
    }
    const matchedByCondition = new Map<string, [number, number]>();
    const unmatchedPages = new Set(finished.unmatched.map((u) => u.page));
    conditionOf.forEach((name, i) => {
      const c = matchedByCondition.get(name) ?? [0, 0];
      if (!unmatchedPages.has(i + 1)) c[0]++;
      c[1]++;
      matchedByCondition.set(name, c);
    });

    const seconds = (doneAt - uploadedAt) / 1000;
    console.log(`  ENGINE_WORKERS=${workers}:`);
    console.log(
      `    pages matched to students ${finished.matched}/${finished.pages} (QR code readable on ${readable} of the pages; ${[...matchedByCondition].map(([n, [a, b]]) => `${n}: ${a}/${b}`).join(', ')})`,
    );
    if (finished.unmatched.length) console.log(`    unmatched: ${finished.unmatched.map((u) => `page ${u.page}: ${u.reason}`).join('; ')}`);
    console.log(
      `    ${seconds.toFixed(0)} s for the job, ${(seconds / finished.pages).toFixed(2)} s a page (reading ${readAt ? ((readAt - uploadedAt) / 1000 / finished.pages).toFixed(2) : '?'} s a page, then marking)`,
    );
    console.log(
      `    marks equal to the true text's ${same}/${answers} answers (${[...sameByCondition].map(([n, [a, b]]) => `${n}: ${a}/${b}`).join(', ')}); marks ${scanMarks} of the true text's ${trueMarks}`,
    );
    console.log(`    another user's GET /api/courses, no job running: ${percentiles(idle)}`);
    console.log(`    another user's GET /api/courses, during the job:  ${percentiles(busy)}`);
  } finally {
    await stopServer(server);
    await database.close();
    await scratch.drop();
  }
}

console.log(
  `${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version}, PostgreSQL, server on port ${PORT}`,
);
const marker = createBuiltinEngine();
await marker.warmUp?.();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--font-render-hinting=none'] });
try {
  for (const workers of WORKERS) await run(browser, workers, marker);
} finally {
  await browser.close();
}
process.exit(0);
