import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AUTH_TEXT } from '../../shared/auth-text';
import { JSON_BODY_LIMIT } from '../../shared/limits';
import { buildPdf, pdfParagraphs } from '../engine/builtin/documents/testing/build-pdf';
import { gradingResults } from '../db/schema';
import { stopImageReader } from '../engine/builtin/ocr/read-image-text';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * The API's security suite, generated from the route table: every route the app registers is listed
 * by an onRoute hook (added to each Fastify instance the app creates), classified public or protected
 * by the small allow-list below, and then
 *   1. every protected route answers 401 'Authentication required' without a valid token, whatever the body;
 *   2. every owner-scoped id (in a path or a body) of user A is 404 for user B, and B's lists never show A's data;
 *   3. every POST route is fuzzed from its own zod body schema (seeded, so every run sends the same requests):
 *      never a 5xx, a 4xx whenever the contract rejects the body, and a message a person can read.
 * A new route is covered without editing this file; a new route with an `:id` or a `...Id` field fails
 * the suite until a fixture id of that kind exists here.
 */

const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const fastify = ((options?: object) => {
    const app = actual.default(options as never) as unknown as FastifyInstance;
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: fastify, fastify };
});

// ---------------------------------------------------------------- the route table

/** The only routes anyone may call without signing in. Everything else the app registers must answer 401. */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  // Issue 25 item 2: a forgotten password (the same answer for every address) and whether e-mail reset is set up.
  'POST /api/auth/forgot',
  'POST /api/auth/reset',
  'GET /api/auth/password-reset',
  'HEAD /api/auth/password-reset',
  // Issue 25 item 3: sign-in with the school's provider (404 here, where it is not configured) and the sign-in page's options.
  'GET /api/auth/options',
  'HEAD /api/auth/options',
  'GET /api/auth/oidc/start',
  'HEAD /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
  'HEAD /api/auth/oidc/callback',
  'GET /api/public/stats',
  'HEAD /api/public/stats',
]);
/** The API's not-found fallback (every method): public, and it only ever says 404. */
const FALLBACK_URL = '/api/*';

interface Endpoint {
  method: string;
  url: string;
  key: string;
  bodyLimit: number;
  body: z.ZodObject | null;
}

function endpointsOf(routes: RouteOptions[]): { endpoints: Endpoint[]; fallbackMethods: string[] } {
  const endpoints: Endpoint[] = [];
  let fallbackMethods: string[] = [];
  for (const route of routes) {
    const methods = ([] as string[]).concat(route.method);
    if (route.url === FALLBACK_URL) {
      fallbackMethods = methods;
      continue;
    }
    const body = (route.schema as { body?: unknown } | undefined)?.body;
    for (const method of methods) {
      endpoints.push({
        method,
        url: route.url,
        key: `${method} ${route.url}`,
        bodyLimit: route.bodyLimit ?? JSON_BODY_LIMIT,
        body: body instanceof z.ZodObject ? body : null,
      });
    }
  }
  return { endpoints, fallbackMethods };
}

/** What an `:id` means, by the path segment before it. */
const RESOURCE_OF_SEGMENT: Record<string, Resource> = {
  courses: 'course',
  'question-papers': 'paper',
  questions: 'question',
  documents: 'document',
  disputes: 'dispute',
  results: 'grading',
  classes: 'class',
  students: 'student',
  assignments: 'assignment',
  'practice-papers': 'printed',
  'grading-jobs': 'job',
  pages: 'page',
  answers: 'question',
  'self-assessments': 'point',
};
/** What an id field of a request body means. */
const RESOURCE_OF_FIELD: Record<string, Resource> = {
  courseId: 'course',
  questionId: 'question',
  pointId: 'point',
  paperId: 'paper',
  classId: 'class',
  studentId: 'student',
};
type Resource =
  | 'course'
  | 'paper'
  | 'question'
  | 'document'
  | 'point'
  | 'dispute'
  | 'grading'
  | 'class'
  | 'student'
  | 'assignment'
  | 'printed'
  | 'job'
  | 'page';

/** The resource each path parameter of `url` names; throws for a parameter the suite has no fixture for. */
function pathResources(url: string): { param: string; resource: Resource }[] {
  const segments = url.split('/');
  return segments.flatMap((segment, i) => {
    if (!segment.startsWith(':') && !segment.includes('*')) return [];
    const resource = RESOURCE_OF_SEGMENT[segments[i - 1]];
    // ':id' names the route's own resource; a later parameter (':userId', ':questionId', ...) one inside it.
    if (!resource || (i === segments.findIndex((x) => x.startsWith(':')) && segment !== ':id'))
      throw new Error(`${url}: no fixture id for the parameter '${segment}' — add one to RESOURCE_OF_SEGMENT`);
    return [{ param: segment, resource }];
  });
}

const idFields = (body: z.ZodObject | null) => Object.keys(body?.shape ?? {}).filter((k) => /Id$/.test(k));

// ---------------------------------------------------------------- fixtures

const fixtureImage = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures', name)).toString('base64');
const questionImage = fixtureImage('question-sheet.png');
const answerImage = fixtureImage('answer-sheet.png');
const pdfBase64 = Buffer.from(
  buildPdf([
    pdfParagraphs([
      'Diffusion is the net movement of particles from a region of higher concentration to a region of lower concentration.',
      'Osmosis is the movement of water molecules across a partially permeable membrane, from a dilute solution to a concentrated solution.',
      'Active transport is the movement of substances against a concentration gradient, which requires energy from respiration.',
    ]),
  ]),
).toString('base64');
/** A complete white PNG of a few pixels: valid, so it reaches the grader; small, so OCR is quick. */
function whitePng(size: number): string {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0xff)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}
const tinyPng = whitePng(24);

type Who = Awaited<ReturnType<typeof signUp>>;
interface Ids {
  course: string[];
  paper: string[];
  question: string[];
  document: string[];
  point: string[];
  dispute: string[];
  grading: string[];
  /** Alice's class (she teaches it), its student (Carol's user id) and its assignment. */
  class: string[];
  student: string[];
  assignment: string[];
  /** A practice paper Alice printed, by its code (issue 26: printed again with GET /api/practice-papers/{code}/pdf). */
  printed: string[];
  /** A grading job of a scanned class set Alice uploaded (issue 26). */
  job: string[];
  /** A scanned page of that job, by its number in the upload (assigned by hand when not matched). */
  page: string[];
}

/** A valid body for each POST route with a body, built from the caller's own ids. The suite fails for a POST route missing here. */
const VALID_BODIES: Record<string, (ids: Ids, n: number) => Record<string, unknown>> = {
  'POST /api/auth/register': (_ids, n) => ({
    email: `fuzz-register-${n}@example.org`,
    password: 'correct-horse',
    firstName: 'Fuzz',
    lastName: 'Case',
  }),
  'POST /api/auth/login': () => ({ email: 'nobody-here@example.org', password: 'wrong-password' }),
  'POST /api/auth/forgot': () => ({ email: 'nobody-here@example.org' }),
  // An unknown token (400): nobody's password changes.
  'POST /api/auth/reset': () => ({ token: 'not-a-reset-token', password: 'battery-staple' }),
  'POST /api/courses/direct-create': () => ({ title: 'Physics practice', subject: 'Physics' }),
  'POST /api/topics/match': () => ({ subject: 'Biology', topic: 'Cells' }),
  'POST /api/question-papers/generate': (ids) => ({
    courseId: ids.course[0],
    subject: 'Chemistry',
    topic: 'energetics',
    difficultyLevel: 'medium',
    questionCount: 5,
  }),
  'POST /api/answers/save': (ids) => ({ questionId: ids.question[0], text: 'An answer', submitted: false, timeSpentSeconds: 3 }),
  'POST /api/answers/evaluate': (ids) => ({ questionId: ids.question[0], answer: 'An answer to mark' }),
  'POST /api/feedback/save': (ids) => ({ questionId: ids.question[0], feedback: { marks_awarded: 1 } }),
  'POST /api/feedback/disagree': (ids) => ({ questionId: ids.question[0], pointId: ids.point[0], reason: 'I said this in other words.' }),
  'POST /api/questions/:id/self-assessment': (ids) => ({ point_id: ids.point[0], marks_awarded: 0 }),
  'POST /api/classes/:id/students/:userId/answers/:questionId/self-assessments/:pointId': () => ({ decision: 'confirmed' }),
  // Rejecting: the owner's one call in part 2 resolves it (a second would be 409, already resolved).
  'POST /api/disputes/:id/resolve': () => ({ accept: false, comment: 'Rejected by the security suite.' }),
  'POST /api/tutor/message': (ids) => ({ questionId: ids.question[0], message: 'Where do I start?' }),
  'POST /api/tutor/message/stream': (ids) => ({ questionId: ids.question[0], message: 'What comes next?' }),
  'POST /api/question-papers/:id/finish': () => ({ elapsedSeconds: 60 }),
  'POST /api/question-papers/:id/elapsed': () => ({ elapsedSeconds: 60 }),
  'POST /api/pdf/ask-question': () => ({ pdfData: pdfBase64, question: 'What is osmosis?', pdfName: 'notes.pdf' }),
  'POST /api/pdf/generate-questions': () => ({ pdfData: pdfBase64, pdfName: 'notes.pdf', subject: 'Biology' }),
  'POST /api/teacher/grade-answer': () => ({ questionImage: tinyPng, answerImage: tinyPng, maxMarks: 5 }),
  'POST /api/courses/:id/import/preview': () => ({ fileName: 'q.gift', content: 'What is the SI unit of charge? {=coulomb}' }),
  'POST /api/courses/:id/import': () => ({ fileName: 'q.gift', content: 'What is the SI unit of charge? {=coulomb}' }),
  'POST /api/courses/:id/practise-weak-points': () => ({}),
  // Issue 31: the course's exam board cleared (always allowed for its owner).
  'PATCH /api/courses/:id': () => ({ board: null }),
  'POST /api/teacher/results/:id/remark': () => ({ answerText: 'A corrected transcript of the answer.' }),
  // Alice's grading result attached to Carol, the student of her class.
  'POST /api/teacher/results/:id/attach': (ids) => ({ classId: ids.class[0], studentId: ids.student[0] }),
  // Issue 25: a password change with the wrong current password (400), so the fuzz users keep theirs.
  'POST /api/auth/password': () => ({ currentPassword: 'not-the-password', newPassword: 'battery-staple' }),
  // Issue 25: deleting one's account with a wrong password (400), so nobody's account goes.
  'DELETE /api/users/me': () => ({ password: 'not-the-password' }),
  'POST /api/classes': () => ({ name: 'Physics 12B', subject: 'Physics' }),
  // Carol's own class: its code is never drawn again here, so it stays valid for every fuzz user.
  'POST /api/classes/join': () => ({ code: carolJoinCode }),
  // Alice's second paper (the first is assigned already: a second assignment of it would be 409).
  'POST /api/classes/:id/assignments': (ids) => ({ paperId: ids.paper[1], dueAt: '2030-06-01T17:00:00Z' }),
  'PATCH /api/classes/:id': () => ({ name: 'Renamed class' }),
  // Issue 30: the assignment's settings, and a mark of Carol's on the assigned paper's first question, with a comment.
  'PATCH /api/classes/:id/assignments/:assignmentId': () => ({ attempts: 3, counts: 'best' }),
  // Issue 26: a scanned class set as photos (the job reads it in the background).
  'POST /api/classes/:id/assignments/:assignmentId/scans': () => ({ images: [tinyPng] }),
  // Issue 26: an unmatched scanned page is Carol's first page.
  'POST /api/grading-jobs/:id/pages/:page/assign': (ids) => ({ studentId: ids.student[0], paperPage: 1 }),
  // Issue 26 item 5: Carol's answer read as this text (marked again).
  'POST /api/classes/:id/students/:userId/answers/:questionId/transcript': () => ({ text: 'A corrected answer' }),
  'POST /api/classes/:id/marks': (ids) => ({
    studentId: ids.student[0],
    questionId: ids.question[0],
    marksAwarded: 0,
    comment: 'Checked.',
  }),
  // Her own question's scheme rewritten (one point a line): 200 for her, 404 for anyone else.
  'PUT /api/questions/:id/markscheme': () => ({ text: 'States the key idea [2]\nGives an example' }),
  // Sixty days ahead: always a valid exam date (today or later, within five years).
  'POST /api/review/exam-date': () => ({ examDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) }),
  'POST /api/generate-custom-pdf': () => ({
    subject: 'Physics',
    topic: 'waves',
    questionCount: 5,
    difficultyLevel: 'easy',
    includeAnswers: true,
    includeMarkScheme: true,
  }),
};
/**
 * What the owner gets from a route that reaches her data but cannot finish on this app's engine: the built-in engine
 * drafts no mark schemes, so drafting tells her it needs the school's AI provider (422). Bob still gets 404.
 */
const OWNER_STATUS: Record<string, number[]> = {
  'POST /api/questions/:id/markscheme/draft': [422],
  // Self-assessing is for points the marker was not sure of: a confident point is a 400 for its owner, a question she has
  // not had marked a 409 (Bob: 404).
  'POST /api/questions/:id/self-assessment': [200, 400, 409],
  // Carol has not self-assessed Alice's question: nothing for Alice to confirm yet (409; Bob: 404).
  'POST /api/classes/:id/students/:userId/answers/:questionId/self-assessments/:pointId': [200, 409],
  // Issue 26: the scans are taken and graded in the background (202 with the job's id).
  'POST /api/classes/:id/assignments/:assignmentId/scans': [202],
  // Alice's job of one blank photo: still running (409), or done with no text on its page to mark (400).
  'POST /api/grading-jobs/:id/pages/:page/assign': [200, 400, 409],
};
/** Body fields that carry a file as base64. */
const UPLOAD_FIELDS = new Set(['pdfData', 'questionImage', 'answerImage']);

let t: TestApp;
let app: FastifyInstance;
let endpoints: Endpoint[];
let fallbackMethods: string[];
let alice: Who;
let bob: Who;
const aliceIds: Ids = {
  course: [],
  paper: [],
  question: [],
  document: [],
  point: [],
  dispute: [],
  grading: [],
  class: [],
  student: [],
  assignment: [],
  printed: [],
  job: [],
  page: ['1'],
};
/** Carol: a student of Alice's class (and the teacher of a class of her own, whose join code the fuzzing uses). */
let carol: Who;
let carolJoinCode = '';
/** Bob teaches a class too: the teacher of another class. */
let bobClassId = '';
/** A grading result of Bob's own (a stored row: how it was graded does not matter to who may attach it). */
let bobGradingId = '';

/** A grading result owned by `who`, stored directly: the attach routes only ask whose it is. */
async function storedGradingResult(who: Who): Promise<string> {
  const [row] = await t.database.db
    .insert(gradingResults)
    .values({ ownerId: who.user.id, marksAwarded: 1, totalMarks: 2, feedback: '<p>Marked.</p>', detailedBreakdown: [] })
    .returning({ id: gradingResults.id });
  return row.id;
}
/** Strings only Alice's data contains: none may reach Bob. */
const aliceSecrets: string[] = [];
const SECRET = {
  course: 'Zanzibar course title',
  answer: 'Quokka answer text about enthalpy',
  reason: 'Wombat disagreement reason',
  className: 'Quagga class name',
  tutor: 'Narwhal tutor question',
  pdfName: 'okapi-private-notes.pdf',
};
let requestsSent = 0;
/** Cases per part, printed at the end (docs/security.md quotes them). */
const figures = { unauthenticated: 0, foreignPathIds: 0, foreignBodyIds: 0, fuzzed: 0, oddPathIds: 0 };

const inject = async (options: InjectOptions) => {
  requestsSent++;
  return app.inject(options);
};

async function must(method: 'GET' | 'POST', url: string, who: Who, payload?: object, status = method === 'POST' ? [200, 201] : [200]) {
  const res = await inject({ method, url, headers: who.headers, payload });
  if (!status.includes(res.statusCode)) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A course with questions and a marked answer: enough for every id field of a body. */
async function ownPractice(who: Who, ids: Ids) {
  const course = await must('POST', '/api/courses/direct-create', who, { subject: 'Chemistry' });
  ids.course.push(course.id);
  ids.paper.push(course.paper.id);
  const questions = (await must('GET', `/api/question-papers/${course.paper.id}/questions`, who)) as { id: string; type: string }[];
  const q = questions.find((x) => x.type !== 'multiple_choice') ?? questions[0];
  ids.question.push(q.id);
  await must('POST', '/api/answers/evaluate', who, { questionId: q.id, answer: 'An answer' });
  const points = (await must('GET', `/api/questions/${q.id}/markscheme`, who)) as { id: string }[];
  ids.point.push(points[0].id);
}

/** Everything a student can own, for `who`: two courses, three papers, questions, an answer with feedback, a disagreement, a tutor chat, a PDF and a grading result. */
async function ownEverything(who: Who, ids: Ids, options: { grade: boolean; secrets?: typeof SECRET }) {
  const s = options.secrets;
  // The grading (OCR in a worker) runs while the rest is made.
  const grading = options.grade ? must('POST', '/api/teacher/grade-answer', who, { questionImage, answerImage, maxMarks: 6 }) : null;
  const course = await must('POST', '/api/courses/direct-create', who, { title: s?.course ?? 'Chemistry practice', subject: 'Chemistry' });
  ids.course.push(course.id);
  ids.paper.push(course.paper.id);
  const questions = (await must('GET', `/api/question-papers/${course.paper.id}/questions`, who)) as { id: string; type: string }[];
  const q = questions.find((x) => x.type !== 'multiple_choice') ?? questions[0];
  ids.question.push(
    q.id,
    ...questions
      .filter((x) => x.id !== q.id)
      .map((x) => x.id)
      .slice(0, 2),
  );
  await must('POST', '/api/answers/save', who, { questionId: q.id, text: s?.answer ?? 'draft', submitted: false });
  await must('POST', '/api/answers/evaluate', who, { questionId: q.id, answer: s?.answer ?? 'An answer' });
  const points = (await must('GET', `/api/questions/${q.id}/markscheme`, who)) as { id: string }[];
  ids.point.push(points[0].id);
  await must('POST', '/api/feedback/disagree', who, { questionId: q.id, pointId: points[0].id, reason: s?.reason ?? 'a reason' });
  ids.dispute.push(...((await must('GET', '/api/disputes', who)) as { id: string }[]).map((d) => d.id));
  await must('POST', '/api/tutor/message', who, { questionId: q.id, message: s?.tutor ?? 'Where do I start?' });
  const generated = await must('POST', '/api/question-papers/generate', who, {
    courseId: course.id,
    topic: 'energetics',
    questionCount: 5,
  });
  ids.paper.push(generated.paper.id);
  const asked = await must('POST', '/api/pdf/ask-question', who, {
    pdfData: pdfBase64,
    question: 'What is osmosis?',
    pdfName: s?.pdfName ?? 'notes.pdf',
  });
  ids.document.push(asked.documentId);
  const fromPdf = await must('POST', '/api/pdf/generate-questions', who, { pdfData: pdfBase64, subject: 'Biology' });
  ids.course.push(fromPdf.courseId);
  ids.paper.push(fromPdf.questionPaperId);
  return { gradingId: grading ? ((await grading).id as string) : null };
}

let aliceGradingId: string;

beforeAll(async () => {
  // Rate limits have their own tests; here they would only turn deep requests into early 429s (still tolerated below).
  t = await buildTestApp({
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    AUTH_SIGNUP_RATE_LIMIT_PER_IP: '100000',
    ENGINE_RATE_LIMIT_PER_MINUTE: '100000',
  } as Record<string, string>);
  app = t.app;
  ({ endpoints, fallbackMethods } = endpointsOf(registered));
  alice = await signUp(app);
  bob = await signUp(app);
  // Alice signs out and in again: her fixtures are made through a session from login, not only from sign-up.
  await must('POST', '/api/auth/logout', alice);
  const login = await must('POST', '/api/auth/login', alice, { email: alice.email, password: 'correct-horse' });
  alice = { ...alice, sessionId: login.sessionId, headers: { authorization: `Bearer ${login.sessionId}` } };
  aliceGradingId = (await ownEverything(alice, aliceIds, { grade: true, secrets: SECRET })).gradingId as string;
  aliceIds.grading.push(aliceGradingId);
  // Alice teaches a class: Carol is its student, and Alice's first paper (with her marked answer) is assigned to it.
  carol = await signUp(app);
  const aliceClass = await must('POST', '/api/classes', alice, { name: SECRET.className, subject: 'Chemistry' });
  aliceIds.class.push(aliceClass.id);
  await must('POST', '/api/classes/join', carol, { code: aliceClass.joinCode });
  aliceIds.student.push(carol.user.id);
  aliceIds.assignment.push((await must('POST', `/api/classes/${aliceClass.id}/assignments`, alice, { paperId: aliceIds.paper[0] })).id);
  const scans = await must(
    'POST',
    `/api/classes/${aliceClass.id}/assignments/${aliceIds.assignment[0]}/scans`,
    alice,
    { images: [tinyPng] },
    [202],
  );
  aliceIds.job.push(scans.jobId);
  carolJoinCode = (await must('POST', '/api/classes', carol, { name: 'Carol class', subject: 'Physics' })).joinCode;
  const printed = await must('POST', '/api/generate-custom-pdf', alice, { subject: 'Physics', topic: 'waves', questionCount: 5 });
  aliceIds.printed.push(printed.code);
  bobClassId = (await must('POST', '/api/classes', bob, { name: 'Bob class', subject: 'Biology' })).id;
  bobGradingId = await storedGradingResult(bob);
  aliceSecrets.push(
    alice.email,
    alice.user.id,
    aliceGradingId,
    SECRET.course,
    SECRET.answer,
    SECRET.reason,
    SECRET.tutor,
    SECRET.pdfName,
    SECRET.className,
    carol.email,
  );
  // A page number ('1') and a mark-scheme point's id ('p1') are no secrets of hers: they are the same for everyone, and
  // two characters turn up by chance in a random session token (a CI run failed on 'p1' inside Bob's).
  const shared = new Set(['page', 'point']);
  for (const [key, list] of Object.entries(aliceIds)) if (!shared.has(key)) aliceSecrets.push(...(list as string[]));
}, 180_000);

afterAll(async () => {
  await t?.close();
  await stopImageReader();
  // The figures docs/security.md quotes.
  const routes = endpoints ?? [];
  const summary = {
    endpoints: routes.length,
    public: routes.filter((e) => PUBLIC_ROUTES.has(e.key)).length,
    protected: routes.filter((e) => !PUBLIC_ROUTES.has(e.key)).length,
    withPathId: routes.filter((e) => e.url.includes(':')).length,
    post: routes.filter((e) => e.method === 'POST').length,
    ...figures,
    requestsSent,
  };
  console.log(`security suite: ${JSON.stringify(summary)}`);
});

function expectNoLeak(body: string, context: string) {
  for (const secret of aliceSecrets) expect(body.includes(secret), `${context} leaks '${secret}'`).toBe(false);
}

// ---------------------------------------------------------------- messages

/** Raw validator or framework output that must never be shown to a student. */
const RAW_MESSAGE = [
  /invalid input/i,
  /expected \w+, received/i,
  /unrecognized key/i,
  /too (big|small):/i,
  /\binvalid_(type|value|format|union)\b|\btoo_(big|small)\b/,
  /FST_[A-Z_]+/,
  /^(body|params|querystring)\b/,
  /must (match|have required property|be (string|number|integer|object|array|boolean)\b)/,
  /\[object Object\]|\bundefined\b|\bNaN\b/,
  /\n\s+at /,
];

function expectHumanMessage(res: { statusCode: number; body: string; headers: Record<string, unknown> }, context: string) {
  expect(String(res.headers['content-type']), `${context}: JSON error`).toContain('application/json');
  const message = (JSON.parse(res.body) as { message?: unknown }).message;
  expect(typeof message, `${context}: ${res.body}`).toBe('string');
  const text = message as string;
  expect(text.length, `${context}: '${text}'`).toBeGreaterThan(5);
  expect(text.length, `${context}: '${text.slice(0, 80)}…'`).toBeLessThanOrEqual(300);
  expect(/\p{L}{2,}\s+\p{L}{2,}/u.test(text), `${context}: '${text}' is not a sentence`).toBe(true);
  expect(/^[\s[{]/.test(text), `${context}: '${text}' looks like data`).toBe(false);
  for (const raw of RAW_MESSAGE) expect(raw.test(text), `${context}: '${text}' is raw validator text`).toBe(false);
}

// ---------------------------------------------------------------- 0. the table itself

describe('the route table', () => {
  it('is enumerated from the app, is large, and every route is public by the allow-list or protected', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(30);
    expect(fallbackMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']));
    const keys = endpoints.map((e) => e.key);
    expect(new Set(keys).size, 'each method and path registered once').toBe(keys.length);
    for (const e of endpoints) expect(app.hasRoute({ method: e.method as 'GET', url: e.url }), e.key).toBe(true);
    // The allow-list names only routes that exist: a renamed public route cannot leave a stale entry behind.
    for (const key of PUBLIC_ROUTES) expect(keys, key).toContain(key);
    expect(endpoints.filter((e) => !PUBLIC_ROUTES.has(e.key)).length).toBeGreaterThanOrEqual(25);
  });

  it('has a fixture for every path parameter and every id field, and a valid body for every POST route', () => {
    for (const e of endpoints) {
      expect(() => pathResources(e.url), e.key).not.toThrow();
      for (const field of idFields(e.body))
        expect(RESOURCE_OF_FIELD[field], `${e.key}: no fixture for the body field ${field}`).toBeDefined();
      if (['POST', 'PUT', 'PATCH'].includes(e.method) && e.body)
        expect(VALID_BODIES[e.key], `${e.key}: add a valid body to VALID_BODIES`).toBeDefined();
    }
    expect(endpoints.filter((e) => e.url.includes(':')).length).toBeGreaterThanOrEqual(8);
  });
});

// ---------------------------------------------------------------- 1. authentication

/** The url with every path parameter filled: the first with `first` (or the resource's first id), the rest with their resource's first id. */
function concreteUrl(url: string, ids: Ids, first?: string): string {
  return pathResources(url).reduce(
    (done, { param, resource }, i) => done.replace(param, i === 0 && first !== undefined ? first : ids[resource][0]),
    url,
  );
}

describe('1. every protected route needs a signed-in user', () => {
  it('answers 401 without a token, with a wrong or revoked token, and to writes that bring only the session cookie — whatever the body', async () => {
    const revoked = await signUp(app);
    await must('POST', '/api/auth/logout', revoked);
    const cases: { name: string; headers: Record<string, string>; payload?: string | Buffer }[] = [
      { name: 'no token', headers: {} },
      { name: 'a made-up token', headers: { authorization: 'Bearer 00000000-0000-0000-0000-000000000000' } },
      { name: 'an empty bearer', headers: { authorization: 'Bearer ' } },
      { name: 'a revoked token', headers: revoked.headers },
      { name: 'basic auth', headers: { authorization: `Basic ${Buffer.from(`${alice.email}:correct-horse`).toString('base64')}` } },
    ];
    let checked = 0;
    for (const e of endpoints.filter((x) => !PUBLIC_ROUTES.has(x.key))) {
      const url = concreteUrl(e.url, aliceIds);
      const withBody = e.method !== 'GET' && e.method !== 'HEAD';
      const bodies: { name: string; payload?: string | Buffer }[] = withBody
        ? [
            { name: 'no body' },
            { name: 'a valid body', payload: JSON.stringify(VALID_BODIES[e.key]?.(aliceIds, 0) ?? {}) },
            { name: 'invalid JSON', payload: '{"questionId": ' },
            { name: 'a body over the route limit', payload: Buffer.alloc(e.bodyLimit + 1024, 0x61) },
          ]
        : [{ name: 'no body' }];
      for (const c of cases) {
        for (const b of bodies) {
          const context = `${e.key} with ${c.name} and ${b.name}`;
          const res = await inject({
            method: e.method as 'GET',
            url,
            headers: { ...c.headers, ...(b.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
            payload: b.payload,
          });
          expect(res.statusCode, `${context}: ${res.body.slice(0, 200)}`).toBe(401);
          if (e.method !== 'HEAD') expect(res.json(), context).toEqual({ message: 'Authentication required' });
          expect(res.headers['cache-control'], context).toBe('no-store'); // issue 25: every API answer, errors too
          checked++;
        }
      }
      if (withBody) {
        // The session cookie authorises reads only: a write that brings it without the header is refused.
        const res = await inject({
          method: e.method as 'POST',
          url,
          cookies: { markwell_session: alice.sessionId },
          payload: VALID_BODIES[e.key]?.(aliceIds, 0) ?? {},
        });
        expect(res.statusCode, `${e.key} with only the session cookie`).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    figures.unauthenticated = checked;
  });

  it('refuses every state-changing route called from another site (403, before auth or the body), and nothing changes', async () => {
    // Issue 25: a cross-site form POST to /api/auth/logout cleared the cookie. Alice's own headers and a valid
    // body: only where the request came from is wrong.
    const before = await aliceState();
    let checked = 0;
    for (const e of endpoints.filter((x) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(x.method))) {
      const url = concreteUrl(e.url, aliceIds);
      const payload = JSON.stringify(VALID_BODIES[e.key]?.(aliceIds, 0) ?? {});
      for (const from of [
        { origin: 'https://evil.example', 'content-type': 'application/json' },
        { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
        { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      ]) {
        const res = await inject({ method: e.method as 'POST', url, headers: { ...alice.headers, ...from }, payload });
        expect(res.statusCode, `${e.key} from ${JSON.stringify(from)}: ${res.body.slice(0, 200)}`).toBe(403);
        expect(res.json(), e.key).toEqual({ message: AUTH_TEXT.crossSite });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(await aliceState()).toEqual(before);
    expect((await inject({ method: 'GET', url: '/api/users/me', headers: alice.headers })).statusCode).toBe(200);
  });

  it('leaves the allow-listed public routes and the not-found fallback open (never 401 without a token)', async () => {
    for (const key of PUBLIC_ROUTES) {
      const [method, url] = key.split(' ');
      const res = await inject({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${key}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, key).toBeLessThan(500);
    }
    for (const method of fallbackMethods.filter((m) => ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].includes(m))) {
      const res = await inject({ method: method as 'GET', url: '/api/no-such-thing' });
      expect(res.statusCode, `${method} /api/no-such-thing`).toBe(404);
    }
  });
});

// ---------------------------------------------------------------- 2. ownership

describe("2. another user's ids are not found", () => {
  it('every path id of Alice is 404 for Bob (and 200 for Alice), and the 404 tells Bob nothing of hers', async () => {
    let checked = 0;
    // DELETE routes remove what later routes need: the last test of this part takes them.
    for (const e of endpoints.filter((x) => x.url.includes(':') && x.method !== 'DELETE')) {
      const [{ resource }] = pathResources(e.url);
      const ids = aliceIds[resource];
      expect(ids.length, `${e.key}: Alice owns no ${resource}`).toBeGreaterThan(0);
      for (const id of ids) {
        const url = concreteUrl(e.url, aliceIds, id);
        // A POST, PUT or PATCH on a path id (finish, retry, the timer, a class, a mark scheme) sends its valid body.
        const payload =
          e.method === 'POST' || e.method === 'PUT' || e.method === 'PATCH' ? (VALID_BODIES[e.key]?.(aliceIds, 0) ?? {}) : undefined;
        const own = await inject({ method: e.method as 'GET', url, headers: alice.headers, payload });
        expect(OWNER_STATUS[e.key] ?? [200, 201], `${e.method} ${url} for its owner: ${own.body.slice(0, 200)}`).toContain(own.statusCode);
        // Issue 25: what the owner reads (marks, names, CSV files) is never kept by a browser or proxy cache.
        expect(String(own.headers['cache-control']), `${e.method} ${url} for its owner`).toMatch(/(^|, )no-store(,|$)/);
        const res = await inject({ method: e.method as 'GET', url, headers: bob.headers, payload });
        expect(res.statusCode, `${e.method} ${url} for another user: ${res.body.slice(0, 200)}`).toBe(404);
        expectNoLeak(res.body, `${e.method} ${url}`);
        if (e.method !== 'HEAD') expectHumanMessage(res, `${e.method} ${url}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    figures.foreignPathIds = checked;
  });

  it('every body id of Alice is 404 for Bob, and Bob changes nothing of hers', async () => {
    const before = await aliceState();
    let checked = 0;
    for (const e of endpoints.filter((x) => idFields(x.body).length > 0)) {
      const fields = idFields(e.body);
      const resources = fields.map((f) => RESOURCE_OF_FIELD[f]);
      const owner = fields.find((f) => RESOURCE_OF_FIELD[f] !== 'point') ?? fields[0];
      for (const id of aliceIds[RESOURCE_OF_FIELD[owner]]) {
        // Alice's ids in every id field; the rest of the body valid.
        const payload = { ...VALID_BODIES[e.key](aliceIds, 0), [owner]: id };
        expect(resources.length).toBeGreaterThan(0);
        // A route inside a class (assigning a paper) is sent to Bob's own class, one on a grading result (attaching it)
        // to Bob's own result: only the body's id is Alice's.
        const url = e.url.startsWith('/api/classes/:id')
          ? e.url.replace(':id', bobClassId)
          : e.url.startsWith('/api/teacher/results/:id')
            ? e.url.replace(':id', bobGradingId)
            : e.url;
        const res = await inject({ method: e.method as 'POST', url, headers: bob.headers, payload });
        expect(res.statusCode, `${e.key} by another user with ${owner}=${id}: ${res.body.slice(0, 200)}`).toBe(404);
        expectNoLeak(res.body, e.key);
        expectHumanMessage(res, e.key);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    figures.foreignBodyIds = checked;
    expect(await aliceState()).toEqual(before);
  });

  it("no list Bob can read shows anything of Alice's (and Alice's own lists do show it)", async () => {
    const lists = endpoints.filter((e) => e.method === 'GET' && !e.url.includes(':') && !PUBLIC_ROUTES.has(e.key));
    expect(lists.length).toBeGreaterThanOrEqual(6);
    let aliceSees = '';
    for (const e of lists) {
      const res = await inject({ method: 'GET', url: e.url, headers: bob.headers });
      expect(res.statusCode, e.key).toBe(200);
      expectNoLeak(res.body, `${e.key} for another user`);
      aliceSees += (await inject({ method: 'GET', url: e.url, headers: alice.headers })).body;
    }
    // The check above is not vacuous: Alice's own lists carry her ids, her grading result and her PDF.
    for (const secret of [aliceIds.course[0], aliceIds.question[0], aliceIds.document[0], aliceGradingId, SECRET.pdfName, SECRET.answer]) {
      expect(aliceSees, secret).toContain(secret);
    }
  });

  it('the stored PDF is served to its owner only, also through the session cookie', async () => {
    const url = `/api/pdf/documents/${aliceIds.document[0]}/file`;
    expect((await inject({ method: 'GET', url, cookies: { markwell_session: alice.sessionId } })).statusCode).toBe(200);
    const res = await inject({ method: 'GET', url, cookies: { markwell_session: bob.sessionId } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('%PDF');
  });

  it("a student of Alice's class opens only what is assigned to it, never Alice's own work, and no teacher route", async () => {
    const classId = aliceIds.class[0];
    const detail = (await must('GET', `/api/classes/${classId}`, alice)) as { assignments: { paperId: string }[] };
    const papers = new Set(detail.assignments.map((a) => a.paperId));
    const readable = new Set<string>(papers);
    for (const paperId of papers) {
      readable.add(((await must('GET', `/api/question-papers/${paperId}`, alice)) as { courseId: string }).courseId);
      for (const q of (await must('GET', `/api/question-papers/${paperId}/questions`, alice)) as { id: string }[]) readable.add(q.id);
    }
    const work = [SECRET.answer, SECRET.reason, SECRET.tutor, alice.email];
    let checked = 0;
    for (const e of endpoints.filter((x) => x.url.includes(':') && x.method === 'GET')) {
      const [{ resource }] = pathResources(e.url);
      for (const id of aliceIds[resource]) {
        const url = concreteUrl(e.url, aliceIds, id);
        const res = await inject({ method: 'GET', url, headers: carol.headers });
        const context = `GET ${url} for a student of the class`;
        for (const secret of work) expect(res.body.includes(secret), `${context} leaks '${secret}'`).toBe(false);
        if (url === `/api/classes/${classId}`) {
          // The class itself, as a student sees it: no code, no student list.
          expect(res.statusCode, context).toBe(200);
          expect(res.json(), context).toMatchObject({ role: 'student', joinCode: null, students: null });
        } else if (resource !== 'class' && readable.has(id)) {
          // An assigned paper, its course and questions: opened with Carol's own answers (none), or not found; the scheme
          // of a question she has not submitted (or had marked) is refused (403, issue 30).
          const allowed = e.url.endsWith('/markscheme') ? [200, 403] : [200, 404];
          expect(allowed, `${context}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${context}: ${res.body.slice(0, 200)}`).toBe(404);
          expectHumanMessage(res, context);
        }
        checked++;
      }
    }
    for (const e of endpoints.filter((x) => x.url.startsWith('/api/classes/:id') && x.method !== 'GET' && x.method !== 'HEAD')) {
      const url = concreteUrl(e.url, aliceIds);
      const payload =
        e.method === 'POST' || e.method === 'PUT' || e.method === 'PATCH' ? (VALID_BODIES[e.key]?.(aliceIds, 0) ?? {}) : undefined;
      const res = await inject({ method: e.method as 'POST', url, headers: carol.headers, payload });
      expect(res.statusCode, `${e.method} ${url} for a student of the class: ${res.body.slice(0, 200)}`).toBe(404);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("only Alice attaches a grading result to her class's student: the teacher of another class, her student and an outsider get 404", async () => {
    const classId = aliceIds.class[0];
    const body = { classId, studentId: carol.user.id };
    const dave = await signUp(app);
    const attempts: { who: Who; resultId: string; payload: object; name: string }[] = [
      { who: bob, resultId: bobGradingId, payload: body, name: 'the teacher of another class, with his own result' },
      { who: bob, resultId: aliceGradingId, payload: body, name: "the teacher of another class, with Alice's result" },
      { who: carol, resultId: await storedGradingResult(carol), payload: body, name: 'a student of the class, with her own result' },
      { who: carol, resultId: aliceGradingId, payload: body, name: "a student of the class, with Alice's result" },
      { who: dave, resultId: await storedGradingResult(dave), payload: body, name: 'an outsider, with his own result' },
      { who: alice, resultId: aliceGradingId, payload: { classId: bobClassId, studentId: carol.user.id }, name: "Alice, to Bob's class" },
      { who: alice, resultId: aliceGradingId, payload: { classId, studentId: bob.user.id }, name: 'Alice, to someone not in her class' },
    ];
    for (const a of attempts) {
      const res = await inject({
        method: 'POST',
        url: `/api/teacher/results/${a.resultId}/attach`,
        headers: a.who.headers,
        payload: a.payload,
      });
      expect(res.statusCode, `${a.name}: ${res.body.slice(0, 200)}`).toBe(404);
      if (a.who !== alice) expectNoLeak(res.body, a.name);
      expectHumanMessage(res, a.name);
    }
    await must('POST', `/api/teacher/results/${aliceGradingId}/attach`, alice, body);
    const book = (await must('GET', `/api/classes/${classId}/markbook`, alice)) as {
      students: { userId: string; sheets: { id: string }[] }[];
    };
    expect(book.students.find((s) => s.userId === carol.user.id)?.sheets.map((x) => x.id)).toEqual([aliceGradingId]);
    for (const who of [bob, carol, dave]) {
      const res = await inject({ method: 'GET', url: `/api/classes/${classId}/markbook`, headers: who.headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(aliceGradingId);
    }
  });

  it('every DELETE of Alice is 404 for Bob and for her student, then 204 for Alice; a removed student loses the papers at once', async () => {
    const deletes = endpoints.filter((x) => x.method === 'DELETE' && x.url.includes(':'));
    expect(deletes.length).toBeGreaterThanOrEqual(2);
    const assigned = `/api/question-papers/${aliceIds.paper[0]}`;
    expect((await inject({ method: 'GET', url: assigned, headers: carol.headers })).statusCode).toBe(200);
    for (const e of deletes) {
      const url = concreteUrl(e.url, aliceIds);
      for (const who of [bob, carol]) {
        const res = await inject({ method: 'DELETE', url, headers: who.headers });
        expect(res.statusCode, `DELETE ${url} by another user: ${res.body.slice(0, 200)}`).toBe(404);
        expectNoLeak(res.body, `DELETE ${url}`);
        expectHumanMessage(res, `DELETE ${url}`);
      }
      const own = await inject({ method: 'DELETE', url, headers: alice.headers });
      expect(own.statusCode, `DELETE ${url} by its owner: ${own.body.slice(0, 200)}`).toBe(204);
    }
    expect((await inject({ method: 'GET', url: assigned, headers: carol.headers })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/classes/${aliceIds.class[0]}`, headers: carol.headers })).statusCode).toBe(404);
  });
});

/** What Bob must not be able to change: Alice's answer, feedback (with disagreements), tutor chat and papers. */
async function aliceState() {
  const q = aliceIds.question[0];
  const parts = await Promise.all(
    [
      `/api/questions/${q}/answer`,
      `/api/questions/${q}/feedback`,
      `/api/questions/${q}/tutor`,
      `/api/courses/${aliceIds.course[0]}/question-papers`,
      '/api/courses',
    ].map(async (url) => (await inject({ method: 'GET', url, headers: alice.headers })).json()),
  );
  return parts;
}

// ---------------------------------------------------------------- 3. fuzzing

/** mulberry32: a small seeded generator, so the suite sends the same requests on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const hash = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

const ODD_STRINGS = [
  '\u202egnp.exe', // right-to-left override
  'e\u0301\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  '\u200b\u200c\u200d\ufeff', // zero-width characters only
  '\ud800 lone surrogate \udfff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦 🏳️‍🌈',
  '\u2028\u2029 line separators',
  '\uffff\ufffe noncharacters',
  'ﷺ ﷽ 𒐫',
  '%00%ff%c0%af ../../etc/passwd',
  "'; DROP TABLE users; --",
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("return 1")()}}',
];
const INVALID_BASE64 = [
  '!!!!',
  'abc',
  'A',
  '====',
  'data:application/pdf;base64,@@@@',
  '   ',
  Buffer.from('not a file at all').toString('base64'),
  'QUJD\u0000REVG',
];

/** `depth` levels of alternating arrays and objects, as JSON text (built without recursion). */
function deepJson(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '{"a":' : '[';
    close = (i % 2 ? '}' : ']') + close;
  }
  return `${open}"bottom"${close}`;
}
/** The same shape, shallow, for asking the contract what it makes of it. */
function deepNest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}
/** The body `value` with the field `field` set to deeply nested JSON, as raw text. */
const withDeepField = (value: Record<string, unknown>, field: string, depth: number) =>
  JSON.stringify({ ...value, [field]: '__DEEP__' }).replace('"__DEEP__"', deepJson(depth));

function randomString(rand: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    const r = rand();
    // mostly ASCII, some Latin-1, some astral plane, some control characters
    const cp =
      r < 0.6
        ? 32 + Math.floor(rand() * 95)
        : r < 0.75
          ? 0xa0 + Math.floor(rand() * 0x5f)
          : r < 0.9
            ? 0x1f300 + Math.floor(rand() * 0x300)
            : Math.floor(rand() * 32);
    out += String.fromCodePoint(cp);
  }
  return out;
}

const withNul = (text: string, rand: () => number) => {
  const at = Math.floor(rand() * (text.length + 1));
  return `\u0000${text.slice(0, at)}\u0000${text.slice(at)}\u0000`;
};

interface FuzzCase {
  name: string;
  payload: unknown;
  /** A raw body, sent as is (not JSON-encoded). */
  raw?: string | Buffer;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Refused by every route, with a body schema or not (malformed or poisoned JSON). */
  rejectAlways?: boolean;
  /** For a raw body: a small stand-in for it, to ask the contract whether it must be refused. */
  proxy?: unknown;
  contentType?: string;
}

/** The seeded cases for one POST route: whole-body shapes, then every field in turn. */
function fuzzCases(e: Endpoint, valid: Record<string, unknown>): FuzzCase[] {
  const rand = seeded(hash(e.key));
  const fields = Object.keys(e.body?.shape ?? {});
  const cases: FuzzCase[] = [
    { name: 'empty object', payload: {} },
    { name: 'an array of the body', payload: [valid] },
    { name: 'an empty array', payload: [] },
    { name: 'a string', payload: 'hello' },
    { name: 'a number', payload: 42 },
    { name: 'null', payload: null },
    { name: 'invalid JSON', payload: undefined, raw: '{"a": [1, 2', rejectAlways: true },
    {
      name: 'a JSON prototype key',
      payload: undefined,
      raw: `{"__proto__": {"isAdmin": true}, ${JSON.stringify(valid).slice(1)}`,
      rejectAlways: true,
    },
    {
      name: 'a constructor.prototype key',
      payload: undefined,
      raw: `{"constructor": {"prototype": {"isAdmin": true}}, ${JSON.stringify(valid).slice(1)}`,
      rejectAlways: true,
    },
    { name: 'text/plain', payload: undefined, raw: JSON.stringify(valid), contentType: 'text/plain' },
    { name: 'form encoded', payload: undefined, raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    {
      name: 'JSON declared as UTF-16',
      payload: undefined,
      raw: Buffer.from(JSON.stringify(valid), 'utf16le'),
      contentType: 'application/json; charset=utf-16',
    },
    { name: 'JSON with a byte-order mark', payload: undefined, raw: `\ufeff${JSON.stringify(valid)}`, proxy: valid },
    {
      name: 'a gzip encoding that is not gzip',
      payload: undefined,
      raw: JSON.stringify(valid),
      headers: { 'content-encoding': 'gzip' },
      proxy: valid,
    },
    {
      name: 'multipart',
      payload: undefined,
      raw: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
      contentType: 'multipart/form-data; boundary=b',
    },
    {
      name: 'extra fields',
      payload: { ...valid, isAdmin: true, ownerId: alice.user.id, userId: alice.user.id, role: 'teacher', id: aliceIds.course[0] },
    },
    { name: 'deep nesting as the body', payload: undefined, raw: deepJson(5000), proxy: deepNest(20) },
    {
      name: 'deep nesting in an extra field',
      payload: undefined,
      raw: withDeepField(valid, 'extra', 5000),
      proxy: { ...valid, extra: deepNest(20) },
    },
    { name: 'NUL bytes in every string', payload: mapStrings(valid, (s, k) => (UPLOAD_FIELDS.has(k) ? s : withNul(s, rand))) },
    { name: 'a NUL byte as a key', payload: { ...valid, 'a\u0000b': 'x' } },
    // (not in ids or files, which they would only make not found or unreadable before anything is stored)
    {
      name: 'lone surrogates in every text field',
      payload: mapStrings(valid, (s, k) => (UPLOAD_FIELDS.has(k) || /Id$/.test(k) ? s : `\ud800${s}\udfff`)),
    },
    { name: 'a body just over the JSON limit', payload: { ...valid, extra: 'x'.repeat(Math.min(e.bodyLimit, JSON_BODY_LIMIT) + 1) } },
  ];
  for (const field of fields) {
    const base = valid[field];
    const isText = typeof base === 'string' || base === undefined;
    const isUpload = UPLOAD_FIELDS.has(field);
    const set = (value: unknown) => ({ ...valid, [field]: value });
    const without = { ...valid };
    delete without[field];
    cases.push(
      { name: `${field} missing`, payload: without },
      { name: `${field} null`, payload: set(null) },
      { name: `${field} a number`, payload: set(12345) },
      { name: `${field} a huge number`, payload: set(1e308) },
      { name: `${field} a negative fraction`, payload: set(-2.5) },
      { name: `${field} a boolean`, payload: set(true) },
      { name: `${field} an array`, payload: set([base ?? 'x']) },
      { name: `${field} an object`, payload: set({ value: base ?? 'x' }) },
      { name: `${field} deep nesting`, payload: undefined, raw: withDeepField(valid, field, 2000), proxy: set(deepNest(20)) },
      { name: `${field} empty`, payload: set('') },
      { name: `${field} whitespace`, payload: set(' \t\n ') },
      { name: `${field} a numeric string`, payload: set('7') },
      { name: `${field} a random string`, payload: set(randomString(rand, 1 + Math.floor(rand() * 300))) },
      { name: `${field} a huge string`, payload: set('y'.repeat(isUpload ? 600_000 : 100_000)) },
    );
    if (isText && !isUpload) {
      const text = typeof base === 'string' ? base : 'text';
      const max = e.body ? longestAccepted(e.body, (n) => set('a'.repeat(n))) : 0;
      if (max > 1)
        cases.push({ name: `${field} random text at its maximum length (${max})`, payload: set(randomString(rand, max).slice(0, max)) });
      cases.push(
        { name: `${field} with NUL bytes`, payload: set(withNul(text, rand)) },
        { name: `${field} only NUL bytes`, payload: set('\u0000\u0000') },
      );
      ODD_STRINGS.forEach((odd, i) => {
        if (i % 2 === Math.floor(rand() * 2)) cases.push({ name: `${field} odd unicode #${i}`, payload: set(odd) });
      });
      cases.push({
        name: `${field} odd unicode around the value`,
        payload: set(`${ODD_STRINGS[Math.floor(rand() * ODD_STRINGS.length)]}${text}`),
      });
    }
    if (isUpload) {
      for (const bad of INVALID_BASE64)
        cases.push({ name: `${field} invalid base64 ${JSON.stringify(bad.slice(0, 12))}`, payload: set(bad) });
      cases.push(
        { name: `${field} with a NUL byte inside`, payload: set(withNul(String(base), rand)) },
        { name: `${field} truncated`, payload: set(String(base).slice(0, Math.floor(String(base).length / 2) & ~3)) },
        {
          name: `${field} as a data URL of another type`,
          payload: set(`data:text/html;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`),
        },
        {
          name: `${field} random bytes`,
          payload: set(Buffer.from(Array.from({ length: 64 }, () => Math.floor(rand() * 256))).toString('base64')),
        },
      );
    }
  }
  return cases;
}

/** The longest run of 'a's the contract accepts in a field (binary search on zod alone), 0 when none or no limit below 100,000. */
function longestAccepted(schema: z.ZodObject, body: (n: number) => unknown): number {
  if (!contractAccepts(schema, body(1)) || contractAccepts(schema, body(100_000))) return 0;
  let lo = 1;
  let hi = 100_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (contractAccepts(schema, body(mid))) lo = mid;
    else hi = mid;
  }
  return lo;
}

function mapStrings(value: Record<string, unknown>, fn: (s: string, key: string) => string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? fn(v, k) : v]));
}

/** What the contract says of a body, as the server sees it (NUL bytes dropped before validation). */
function contractAccepts(schema: z.ZodObject, payload: unknown): boolean {
  const strip = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.replaceAll('\u0000', '')
      : Array.isArray(v)
        ? v.map(strip)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replaceAll('\u0000', ''), strip(x)]))
          : v;
  try {
    return schema.safeParse(strip(payload)).success;
  } catch {
    return false;
  }
}

const fuzzTally = { requests: 0, byStatus: {} as Record<number, number>, limited: {} as Record<string, number> };
/** A fresh fuzz user (with their own course, questions and marked answer) every this many requests, so per-user rate limits stay out of the way. */
const REQUESTS_PER_FUZZ_USER = 40;

describe('3. every POST route, fuzzed from its contract', () => {
  it('never answers 5xx; answers 4xx whenever the contract rejects the body; every error message is a sentence', async () => {
    const posts = endpoints.filter((e) => e.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(12);
    const aliceBefore = await aliceState();
    let fuzzer: Who | null = null;
    const ids: Ids = {
      course: [],
      paper: [],
      question: [],
      document: [],
      point: [],
      dispute: [],
      grading: [],
      class: [],
      student: [],
      assignment: [],
      printed: [],
      job: [],
      page: [],
    };
    let sinceNewUser = Infinity;
    const failures: string[] = [];
    let n = 0;
    for (const e of posts) {
      const needsIds = idFields(e.body).length > 0;
      for (const c of fuzzCases(e, VALID_BODIES[e.key]?.(aliceIds, 0) ?? {})) {
        n++;
        if (sinceNewUser >= REQUESTS_PER_FUZZ_USER || !fuzzer) {
          fuzzer = await signUp(app);
          for (const list of Object.values(ids)) list.length = 0;
          sinceNewUser = 0;
        }
        if (needsIds && ids.question.length === 0) await ownPractice(fuzzer, ids);
        // The case was built from Alice's ids; the fuzz user sends it with their own, so valid bodies go deep.
        const payload = c.payload === undefined ? undefined : swapIds(c.payload, aliceIds, ids, n);
        const raw = c.raw === undefined || Buffer.isBuffer(c.raw) ? c.raw : swapIds(c.raw, aliceIds, ids, n);
        const res = await inject({
          method: 'POST',
          url: e.url,
          headers: { ...fuzzer.headers, 'content-type': c.contentType ?? 'application/json', ...c.headers },
          payload: raw ?? (payload === undefined ? undefined : JSON.stringify(payload)),
        });
        sinceNewUser++;
        // A logout ends the fuzz user's session: the next case gets a new user.
        if (e.url === '/api/auth/logout') fuzzer = null;
        fuzzTally.requests++;
        fuzzTally.byStatus[res.statusCode] = (fuzzTally.byStatus[res.statusCode] ?? 0) + 1;
        if (res.statusCode === 429) fuzzTally.limited[e.key] = (fuzzTally.limited[e.key] ?? 0) + 1;
        const context = `${e.key} with ${c.name} → ${res.statusCode}`;
        try {
          expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          // Only a login may say 401 here: anywhere else it would mean the fuzz user lost their session and the case proved nothing.
          if (e.url !== '/api/auth/login') expect(res.statusCode, `${context}: the fuzz user's session was lost`).not.toBe(401);
          const mustReject =
            c.proxy !== undefined
              ? Boolean(e.body && !contractAccepts(e.body, swapIds(c.proxy, aliceIds, ids, n)))
              : raw !== undefined
                ? Boolean(c.rejectAlways || e.body)
                : Boolean(e.body && !contractAccepts(e.body, payload));
          if (mustReject) expect(res.statusCode, `${context}: the contract rejects this body`).toBeGreaterThanOrEqual(400);
          if (res.statusCode >= 400) expectHumanMessage(res, context);
        } catch (error) {
          failures.push((error as Error).message.split('\n')[0]);
        }
      }
    }
    console.log(
      `fuzz: ${fuzzTally.requests} requests, by status ${JSON.stringify(fuzzTally.byStatus)}; rate-limited (429) ${JSON.stringify(fuzzTally.limited)}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    // Cases named Alice's user and course ids in extra fields (ownerId, userId, id): none of it became hers.
    expect(await aliceState()).toEqual(aliceBefore);
    expect(fuzzTally.requests).toBeGreaterThan(500);
    figures.fuzzed = fuzzTally.requests;
  }, 240_000);

  it('odd path ids are simply not found (never 5xx)', async () => {
    const oddIds = [
      '%00',
      'x%00y',
      '..%2F..%2Fetc%2Fpasswd',
      '%E2%80%AE',
      encodeURIComponent('👩‍👩‍👧'),
      'a'.repeat(2000),
      '00000000-0000-0000-0000-000000000000',
      `${aliceIds.course[0]}%00`,
      "1'%20OR%20'1'%3D'1",
      '%ff%fe',
    ];
    for (const e of endpoints.filter((x) => x.url.includes(':') && x.method === 'GET')) {
      for (const id of oddIds) {
        const res = await inject({ method: 'GET', url: e.url.replace(':id', id), headers: bob.headers });
        expect([400, 404], `${e.url} with ${id.slice(0, 40)}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        expectHumanMessage(res, `${e.url} with ${id.slice(0, 40)}`);
        figures.oddPathIds++;
      }
    }
  });
});

/**
 * Replaces Alice's ids by the fuzz user's, and numbers the register e-mail so each is new. Inside text only
 * long ids (UUIDs) are replaced: a short one (a point id "p1", a page "1") could sit inside anything, even a
 * JSON escape such as "\u0001", so it is swapped only where a whole value is that id (see swapIds).
 */
function swapText(text: string, from: Ids, to: Ids, n: number): string {
  for (const key of Object.keys(from) as (keyof Ids)[]) {
    from[key].forEach((id, i) => {
      if (to[key][i] && id.length >= 8) text = text.replaceAll(id, to[key][i]);
    });
  }
  return text.replaceAll('fuzz-register-0@', `fuzz-register-${n}@`);
}
function swapWhole(value: string, from: Ids, to: Ids): string | undefined {
  for (const key of Object.keys(from) as (keyof Ids)[]) {
    const i = from[key].indexOf(value);
    if (i >= 0 && to[key][i]) return to[key][i];
  }
  return undefined;
}
function swapIds<T>(value: T, from: Ids, to: Ids, n: number): T {
  if (typeof value === 'string') return (swapWhole(value, from, to) ?? swapText(value, from, to, n)) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => swapIds(v, from, to, n)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [swapText(k, from, to, n), swapIds(v, from, to, n)])) as T;
  }
  return value;
}
