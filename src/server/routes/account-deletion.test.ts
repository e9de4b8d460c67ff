import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_TEXT, classPapersCourseTitle, EXPORT_FORMAT, exportFileName } from '../../shared/account-data';
import { AUTH_TEXT } from '../../shared/auth-text';
import type { ClassDetail, ClassList, Markbook } from '../../shared/classes';
import type { Question } from '../../shared/practice';
import { gradingJobs, gradingResults, oidcIdentities, passwordResets } from '../db/schema';
import { transcriptUrl } from '../../shared/question-review-text';
import { buildPdf, pdfParagraphs } from '../engine/builtin/documents/testing/build-pdf';
import { analyticsOverview } from '../services/analytics-overview';
import { analyticsOverviewFromScratch } from '../testing/analytics-from-scratch';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Delete my account and download my data (issue 25 item 4), on PGlite and (with TEST_DATABASE_URL, through
 * scripts/test-pg.mjs) on PostgreSQL. A user is given rows in every table that can hold a user; after the deletion
 * every column of every table (enumerated from information_schema, so a table added later is checked too) is searched
 * for the user's id and e-mail: nothing is left. Other users keep theirs; a teacher's class is archived with its
 * students told, and they keep their own answers.
 */
type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_SIGNUP_RATE_LIMIT_PER_IP: '100000',
    ENGINE_RATE_LIMIT_PER_MINUTE: '100000',
  } as Record<string, string>);
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
async function must<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object): Promise<T> {
  const res = await send(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : null) as T;
}
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every column of every table of the app's schema. */
async function allColumns(): Promise<{ table: string; column: string }[]> {
  return rows(sql`select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' order by table_name, ordinal_position`);
}

/** 'table.column' → how many rows hold any of `needles` in that column (as text: ids, e-mails, inside jsonb or keys too). */
async function rowsHolding(needles: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { table, column } of await allColumns()) {
    const conditions = sql.join(
      needles.map((n) => sql`strpos(${sql.identifier(column)}::text, ${n}) > 0`),
      sql` or `,
    );
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${conditions}`);
    if (Number(n) > 0) found[`${table}.${column}`] = Number(n);
  }
  return found;
}

/** Row counts of every table. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = [...new Set((await allColumns()).map((c) => c.table))];
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = Number((await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n);
  return counts;
}

const pdfBase64 = Buffer.from(
  buildPdf([
    pdfParagraphs(['Osmosis is the movement of water molecules across a partially permeable membrane, from dilute to concentrated.']),
  ]),
).toString('base64');

async function ownCourse(who: Who, title: string, subject = 'Chemistry') {
  const course = await must<{ id: string; paper: { id: string } }>('POST', '/api/courses/direct-create', who, { title, subject });
  const questions = await must<Question[]>('GET', `/api/question-papers/${course.paper.id}/questions`, who);
  const question = questions.find((q) => q.type !== 'multiple_choice') ?? questions[0];
  return { ...course, questions, question };
}

/** Answers (a draft saved, then marked), disputes its first point, and asks the tutor: answers, feedback, disputes, tutor, review card, analytics. */
async function work(who: Who, questionId: string, answer: string, reason: string) {
  await must('POST', '/api/answers/save', who, { questionId, text: answer, submitted: false, timeSpentSeconds: 30 });
  await must('POST', '/api/answers/save', who, { questionId, text: answer, submitted: true, timeSpentSeconds: 10 });
  await must('POST', '/api/answers/evaluate', who, { questionId, answer });
  const points = await must<{ id: string }[]>('GET', `/api/questions/${questionId}/markscheme`, who);
  await must('POST', '/api/feedback/disagree', who, { questionId, pointId: points[0].id, reason });
  await must('POST', '/api/tutor/message', who, { questionId, message: `${reason} Where do I start?` });
  return points[0].id;
}

/** A teacher's graded sheet (as POST /api/teacher/grade-answer stores it; OCR is not what this file tests). */
async function gradedSheet(who: Who): Promise<string> {
  const [row] = await t.database.db
    .insert(gradingResults)
    .values({
      ownerId: who.user.id,
      marksAwarded: 1,
      totalMarks: 2,
      feedback: '<p>Marked.</p>',
      detailedBreakdown: [],
      answerText: 'sheet',
    })
    .returning({ id: gradingResults.id });
  return row.id;
}

/**
 * Sam is everything at once: a student of Tess's class (answers to her assigned paper, marked, her mark changed by Tess,
 * a graded sheet of Tess's attached to him, removed from another of her classes) and the teacher of a class of his
 * own, where Ria answers his assigned paper and disputes it, and he changes her mark and resolves her dispute.
 */
async function buildWorld(tag: string) {
  const [tess, sam, ria] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  const secret = {
    samCourse: `Sam private course ${tag}`,
    samAnswer: `Sam answer about enthalpy ${tag}`,
    samReason: `Sam reason ${tag}`,
    samPdf: `sam-notes-${tag}.pdf`,
    samClass: `Sam class ${tag}`,
    tessCourse: `Tess course ${tag}`,
    tessAnswer: `Tess own answer ${tag}`,
    tessClass: `Tess class ${tag}`,
    riaAnswer: `Ria answer to Sam's paper ${tag}`,
  };

  // Tess: her own practice, a class with Sam in it and her paper assigned; a second class Sam is removed from.
  const tessCourse = await ownCourse(tess, secret.tessCourse);
  await work(tess, tessCourse.question.id, secret.tessAnswer, 'Tess reason');
  const tessClass = await must<ClassDetail>('POST', '/api/classes', tess, { name: secret.tessClass, subject: 'Chemistry' });
  const otherClass = await must<ClassDetail>('POST', '/api/classes', tess, { name: `Tess other ${tag}`, subject: 'Chemistry' });
  await must('POST', '/api/classes/join', sam, { code: tessClass.joinCode });
  await must('POST', '/api/classes/join', sam, { code: otherClass.joinCode });
  await must('DELETE', `/api/classes/${otherClass.id}/students/${sam.user.id}`, tess);
  await must('POST', `/api/classes/${tessClass.id}/assignments`, tess, { paperId: tessCourse.paper.id });

  // Sam as a student: his own practice (course, generated paper, answer, dispute, tutor, PDF, printed paper, timer,
  // exam date) and Tess's assigned question, whose mark Tess changes; a sheet of Tess's attached to him.
  const samCourse = await ownCourse(sam, secret.samCourse);
  await work(sam, samCourse.question.id, secret.samAnswer, secret.samReason);
  await must('POST', '/api/question-papers/generate', sam, { courseId: samCourse.id, topic: 'energetics', questionCount: 5 });
  await must('POST', '/api/pdf/ask-question', sam, { pdfData: pdfBase64, question: 'What is osmosis?', pdfName: secret.samPdf });
  await must('POST', '/api/generate-custom-pdf', sam, { subject: 'Physics', topic: 'waves', questionCount: 5 });
  await must('POST', `/api/question-papers/${samCourse.paper.id}/elapsed`, sam, { elapsedSeconds: 60 });
  await must('POST', '/api/review/exam-date', sam, { examDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) });
  await gradedSheet(sam);
  await work(sam, tessCourse.question.id, `Sam answer to Tess ${tag}`, 'Sam disagrees with Tess');
  await must('POST', `/api/classes/${tessClass.id}/marks`, tess, {
    studentId: sam.user.id,
    questionId: tessCourse.question.id,
    marksAwarded: 0,
    comment: 'Checked by Tess.',
  });
  const tessSheet = await gradedSheet(tess);
  await must('POST', `/api/teacher/results/${tessSheet}/attach`, tess, { classId: tessClass.id, studentId: sam.user.id });

  // Sam as a teacher: Ria in his class, his paper assigned; she answers and disputes; he changes her mark and rejects it.
  const samClass = await must<ClassDetail>('POST', '/api/classes', sam, { name: secret.samClass, subject: 'Chemistry' });
  await must('POST', '/api/classes/join', ria, { code: samClass.joinCode });
  const samAssignment = await must<{ id: string }>('POST', `/api/classes/${samClass.id}/assignments`, sam, { paperId: samCourse.paper.id });
  await work(ria, samCourse.question.id, secret.riaAnswer, 'Ria reason');
  await must('POST', `/api/question-papers/${samCourse.paper.id}/elapsed`, ria, { elapsedSeconds: 45 });
  await must('POST', `/api/classes/${samClass.id}/marks`, sam, {
    studentId: ria.user.id,
    questionId: samCourse.question.id,
    marksAwarded: 1,
    comment: 'Checked by Sam.',
  });
  // Transcripts corrected: Sam corrects Ria's answer in his class, Tess corrects Sam's in hers.
  await must('POST', transcriptUrl(samClass.id, ria.user.id, samCourse.question.id), sam, { text: secret.riaAnswer });
  await must('POST', transcriptUrl(tessClass.id, sam.user.id, tessCourse.question.id), tess, { text: `Sam corrected ${tag}` });
  // A scanned class set of his class, as services/grading-jobs.ts stores its job.
  await t.database.db.insert(gradingJobs).values({
    ownerId: sam.user.id,
    classId: samClass.id,
    assignmentId: samAssignment.id,
    paperCode: `MW-S${tag}`.slice(0, 9),
    uploadKind: 'pdf',
  });
  const [riaDispute] = await must<{ id: string }[]>('GET', '/api/disputes', ria);
  await must('POST', `/api/disputes/${riaDispute.id}/resolve`, sam, { accept: false, comment: 'Rejected by Sam.' });

  // Password resets: an e-mailed link of his, and a code he issued for Ria as her teacher (as services/password-reset.ts stores them).
  const expiresAt = new Date(Date.now() + 3_600_000);
  await t.database.db.insert(passwordResets).values([
    { userId: sam.user.id, kind: 'email', tokenHash: `hash-a-${tag}`, expiresAt },
    { userId: ria.user.id, kind: 'teacher', tokenHash: `hash-b-${tag}`, issuedBy: sam.user.id, expiresAt },
  ]);
  // His account at the school's identity provider, linked (as services/oidc.ts links it at a sign-in).
  await t.database.db.insert(oidcIdentities).values({ userId: sam.user.id, issuer: 'https://id.school.example', subject: `sam-${tag}` });
  // A failed login on his e-mail (rate-limit counters keyed by it).
  expect((await send('POST', '/api/auth/login', null, { email: sam.email, password: 'not-his' })).statusCode).toBe(401);

  return { tag, tess, sam, ria, secret, tessCourse, tessClass, otherClass, samCourse, samClass };
}

/** The columns that hold a user in this schema (foreign keys to users, and the keyed tables without one). */
async function userColumns(): Promise<string[]> {
  const fks = await rows<{ col: string }>(sql`
    select kcu.table_name || '.' || kcu.column_name as col
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
    where ccu.table_name = 'users' and kcu.table_schema = 'public'`);
  return [
    ...fks.map((f) => f.col),
    'analytics_answer_facts.owner_id',
    'analytics_topic_totals.owner_id',
    'analytics_activity.owner_id',
    'analytics_sessions.owner_id',
    'auth_attempts.key',
    'users.id',
  ].sort();
}

describe('DELETE /api/users/me', () => {
  it('removes every row of the user from every table in one go; others keep theirs; his class is archived and Ria keeps her answers', async () => {
    const w = await buildWorld('a');
    const { sam, tess, ria } = w;

    // The fixture is real: before, every column that can hold a user holds Sam somewhere.
    const before = await rowsHolding([sam.user.id, sam.email]);
    const missing = (await userColumns()).filter((col) => !before[col]);
    expect(missing, `Sam has no rows in ${missing.join(', ')}`).toEqual([]);
    const tessBefore = await rowsHolding([tess.user.id]);
    const riaMarksBefore = (await must<{ marks_awarded: number }>('GET', `/api/questions/${w.samCourse.question.id}/feedback`, ria))
      .marks_awarded;
    expect((await must<Markbook>('GET', `/api/classes/${w.tessClass.id}/markbook`, tess)).students.map((s) => s.userId)).toContain(
      sam.user.id,
    );

    const res = await send('DELETE', '/api/users/me', sam, { password: 'correct-horse' });
    expect(res.statusCode, res.body).toBe(204);
    // The session cookie is cleared, and the session no longer works.
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('markwell_session='));
    expect(cookie).toMatch(/^markwell_session=;/);
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await send('GET', '/api/users/me', sam)).statusCode).toBe(401);

    // Nothing of Sam is left, in any column of any table.
    expect(await rowsHolding([sam.user.id, sam.email])).toEqual({});
    expect((await send('POST', '/api/auth/login', null, { email: sam.email, password: 'correct-horse' })).statusCode).toBe(401);

    // Tess keeps all of hers but what was about Sam: her markbook no longer lists him, her sheet is detached, her
    // change of his mark and her correction of his transcript are gone.
    const tessAfter = await rowsHolding([tess.user.id]);
    const aboutSam = ['mark_overrides.teacher_id', 'transcript_corrections.teacher_id'];
    for (const col of aboutSam) expect(tessAfter[col] ?? 0, col).toBe((tessBefore[col] ?? 0) - 1);
    for (const [col, n] of Object.entries(tessBefore)) if (!aboutSam.includes(col)) expect(tessAfter[col], col).toBe(n);
    const book = await must<Markbook>('GET', `/api/classes/${w.tessClass.id}/markbook`, tess);
    expect(book.students.map((s) => s.userId)).not.toContain(sam.user.id);
    expect(JSON.stringify(book)).not.toContain(sam.email);
    const tessAnswer = await must<{ text: string }>('GET', `/api/questions/${w.tessCourse.question.id}/answer`, tess);
    expect(tessAnswer.text).toBe(w.secret.tessAnswer);

    // Sam's class is archived (there is no co-teacher to hand it to) and Ria is told why.
    const riaClasses = await must<ClassList>('GET', '/api/classes', ria);
    const archived = riaClasses.studying.find((c) => c.id === w.samClass.id);
    expect(archived).toMatchObject({
      archived: true,
      teacherName: ACCOUNT_DATA_TEXT.formerTeacher,
      notice: ACCOUNT_DATA_TEXT.teacherLeft(w.secret.samClass),
    });
    const detail = await must<ClassDetail>('GET', `/api/classes/${w.samClass.id}`, ria);
    expect(detail).toMatchObject({ archived: true, notice: ACCOUNT_DATA_TEXT.teacherLeft(w.secret.samClass), assignments: [] });
    // The class takes nobody new.
    expect((await send('POST', '/api/classes/join', tess, { code: w.samClass.joinCode })).statusCode).toBe(404);

    // Ria keeps her own work: the paper is hers now, in a course named after the class, with her answer, marking
    // (Sam's change of her mark included), dispute and tutor chat.
    const courses = await must<{ id: string; title: string }[]>('GET', '/api/courses', ria);
    const kept = courses.find((c) => c.title === classPapersCourseTitle(w.secret.samClass));
    expect(kept, JSON.stringify(courses)).toBeDefined();
    const [paper] = await must<{ id: string }[]>('GET', `/api/courses/${kept?.id}/question-papers`, ria);
    const questions = await must<Question[]>('GET', `/api/question-papers/${paper.id}/questions`, ria);
    const copy = questions.find((q) => q.text === w.samCourse.question.text) as Question;
    expect((await must<{ text: string }>('GET', `/api/questions/${copy.id}/answer`, ria)).text).toBe(w.secret.riaAnswer);
    expect((await must<{ marks_awarded: number }>('GET', `/api/questions/${copy.id}/feedback`, ria)).marks_awarded).toBe(riaMarksBefore);
    expect((await must<unknown[]>('GET', `/api/questions/${copy.id}/tutor`, ria)).length).toBeGreaterThan(0);
    const [dispute] = await must<{ questionId: string; status: string }[]>('GET', '/api/disputes', ria);
    expect(dispute).toMatchObject({ questionId: copy.id, status: 'rejected' });
    // Her analytics summary (kept by the triggers through the copy and the deletion) agrees with her answers.
    const zone = 'Europe/London';
    expect(await analyticsOverview(t.database.db, ria.user.id, zone)).toEqual(
      await analyticsOverviewFromScratch(t.database.db, ria.user.id, zone),
    );

    // Tess deletes her account too: her class, whose only student is gone, is nobody's and goes with it; the
    // class Sam was removed from likewise.
    expect((await send('DELETE', '/api/users/me', tess, { password: 'correct-horse' })).statusCode).toBe(204);
    expect(await rowsHolding([tess.user.id, tess.email])).toEqual({});
    expect(await rows(sql`select id from classes where id in (${w.tessClass.id}, ${w.otherClass.id})`)).toEqual([]);
    // Ria is untouched by it.
    expect((await must<{ text: string }>('GET', `/api/questions/${copy.id}/answer`, ria)).text).toBe(w.secret.riaAnswer);

    // Ria, the archived class's last student, deletes hers: the class, now nobody's, goes too.
    expect((await send('DELETE', '/api/users/me', ria, { password: 'correct-horse' })).statusCode).toBe(204);
    expect(await rowsHolding([ria.user.id, ria.email])).toEqual({});
    expect(await rows(sql`select id from classes where id = ${w.samClass.id}`)).toEqual([]);
  }, 120_000);

  it('refuses a wrong or missing password (nothing removed), counts the tries like logins, and needs a session', async () => {
    const w = await buildWorld('b');
    const counts = await tableCounts();
    const wrong = await send('DELETE', '/api/users/me', w.sam, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ACCOUNT_DATA_TEXT.passwordWrong });
    const missing = await send('DELETE', '/api/users/me', w.sam, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: ACCOUNT_DATA_TEXT.passwordRequired });
    expect((await send('DELETE', '/api/users/me', null, { password: 'correct-horse' })).statusCode).toBe(401);
    const noBody = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: w.sam.headers });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ message: 'The request body must be an object' });
    const after = await tableCounts();
    // Only the failed try was counted (auth_attempts); every other table is as it was.
    expect({ ...after, auth_attempts: 0 }).toEqual({ ...counts, auth_attempts: 0 });
    expect((await send('GET', '/api/users/me', w.sam)).statusCode).toBe(200);
    // Ten wrong passwords within the window: the eleventh try is refused before it is checked, the right password too.
    for (let i = 1; i < 10; i++) expect((await send('DELETE', '/api/users/me', w.sam, { password: `wrong-${i}` })).statusCode).toBe(400);
    const limited = await send('DELETE', '/api/users/me', w.sam, { password: 'correct-horse' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_TEXT.tooManyAttempts });
    expect((await send('GET', '/api/users/me', w.sam)).statusCode).toBe(200);
  }, 120_000);
});

describe('DELETE /api/users/me for an account without a password (made by signing in with the school provider)', () => {
  it('takes the e-mail address instead, from a session signed in within the last minutes; nothing of the account is left', async () => {
    const pat = await signUp(t.app);
    // As services/oidc.ts makes an account: a hash no password matches, and a link to the provider's account.
    await t.database.db.execute(sql`update users set password_hash = ${'oidc$no-password-here'} where id = ${pat.user.id}`);
    await t.database.db.insert(oidcIdentities).values({ userId: pat.user.id, issuer: 'https://id.school.example', subject: 'pat' });
    await ownCourse(pat, 'Pat course');

    const wrong = await send('DELETE', '/api/users/me', pat, { password: 'someone-else@example.org' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ACCOUNT_DATA_TEXT.emailWrong });
    // A password guess is no way in either.
    expect((await send('DELETE', '/api/users/me', pat, { password: 'correct-horse' })).json()).toEqual({
      message: ACCOUNT_DATA_TEXT.emailWrong,
    });
    // A session signed in longer ago than that: sign in again first.
    await t.database.db.execute(sql`update sessions set created_at = now() - interval '20 minutes' where user_id = ${pat.user.id}`);
    const stale = await send('DELETE', '/api/users/me', pat, { password: pat.email });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: ACCOUNT_DATA_TEXT.signInAgain });
    expect((await send('GET', '/api/users/me', pat)).statusCode).toBe(200);

    await t.database.db.execute(sql`update sessions set created_at = now() - interval '2 minutes' where user_id = ${pat.user.id}`);
    expect((await send('DELETE', '/api/users/me', pat, { password: ` ${pat.email.toUpperCase()} ` })).statusCode).toBe(204);
    expect(await rowsHolding([pat.user.id, pat.email])).toEqual({});
  }, 60_000);
});

describe('GET /api/users/me/export', () => {
  it("is one JSON file of everything the user owns, with no secret and nothing of another user's", async () => {
    const w = await buildWorld('c');
    const res = await send('GET', '/api/users/me/export', w.sam);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${exportFileName(new Date())}"`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="markwell-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data).toMatchObject({ format: EXPORT_FORMAT, version: 1, profile: { id: w.sam.user.id, email: w.sam.email } });
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    for (const key of [
      'profile',
      'sessions',
      'courses',
      'questionPapers',
      'questions',
      'answers',
      'feedback',
      'selfAssessments',
      'disputes',
      'tutorMessages',
      'studyActivity',
      'documents',
      'gradingResults',
      'practicePapers',
      'paperAttempts',
      'reviewCards',
      'assignmentAttempts',
      'markChanges',
      'scanJobs',
      'transcriptCorrections',
      'analytics',
      'classes',
    ])
      expect(data, key).toHaveProperty(key);

    const text = res.body;
    // His own data is in it.
    for (const mine of [w.secret.samCourse, w.secret.samAnswer, w.secret.samReason, w.secret.samPdf, w.secret.samClass, w.secret.tessClass])
      expect(text, mine).toContain(mine);
    expect(data.documents[0]).toMatchObject({ name: w.secret.samPdf });
    expect(data.documents[0].pages.join(' ')).toContain('Osmosis');
    expect(data.documents[0]).not.toHaveProperty('data');
    expect(data.answers.length).toBeGreaterThanOrEqual(2);
    expect(data.markChanges.aboutMe[0]).toMatchObject({ comment: 'Checked by Tess.' });
    expect(data.markChanges.byMe[0]).toMatchObject({ comment: 'Checked by Sam.' });
    expect(data.transcriptCorrections.aboutMe[0]).toMatchObject({ textAfter: `Sam corrected ${w.tag}` });
    expect(data.transcriptCorrections.byMe[0]).toMatchObject({ textAfter: w.secret.riaAnswer, classId: w.samClass.id });
    expect(data.scanJobs[0]).toMatchObject({ classId: w.samClass.id, state: 'queued' });
    expect(data.scanJobs[0]).not.toHaveProperty('upload');
    expect(data.analytics.topicTotals.length).toBeGreaterThan(0);
    expect(data.reviewCards.length).toBeGreaterThan(0);
    // As a student: Tess's class with his own marks; as a teacher: his class, its students and markbook.
    const studying = data.classes.studying.find((c: { id: string }) => c.id === w.tessClass.id);
    expect(studying.assignments[0].progress).not.toBeNull();
    const teaching = data.classes.teaching.find((c: { id: string }) => c.id === w.samClass.id);
    expect(teaching.students.map((s: { userId: string }) => s.userId)).toEqual([w.ria.user.id]);
    expect(teaching.markbook.students.map((s: { userId: string }) => s.userId)).toEqual([w.ria.user.id]);

    // No secret: no password hash, no session token or its hash, no reset token hash.
    const [{ password_hash: hash }] = await rows<{ password_hash: string }>(
      sql`select password_hash from users where id = ${w.sam.user.id}`,
    );
    const tokenHashes = await rows<{ token_hash: string }>(sql`select token_hash from sessions where user_id = ${w.sam.user.id}`);
    for (const secret of [hash, w.sam.sessionId, ...tokenHashes.map((r) => r.token_hash), 'hash-a-c']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password|tokenHash|token_hash/i);
    // Nothing of Tess's own work, nor her e-mail (her course's title is in: the class page shows it with the assigned paper).
    for (const theirs of [w.secret.tessAnswer, w.tess.email, w.ria.sessionId]) expect(text, theirs).not.toContain(theirs);

    // Another user's export has none of his: his teacher's (she sees him in her markbook, not his own practice), and a stranger's.
    const tessExport = (await send('GET', '/api/users/me/export', w.tess)).body;
    for (const his of [w.secret.samCourse, w.secret.samAnswer, w.secret.samReason, w.secret.samPdf, w.secret.samClass])
      expect(tessExport, his).not.toContain(his);
    const stranger = await signUp(t.app);
    const strangerExport = (await send('GET', '/api/users/me/export', stranger)).body;
    for (const his of [w.sam.user.id, w.sam.email, w.secret.samCourse, w.secret.samClass, w.secret.tessClass])
      expect(strangerExport, his).not.toContain(his);
    expect((await send('GET', '/api/users/me/export', null)).statusCode).toBe(401);
  }, 120_000);
});
