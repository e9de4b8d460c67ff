import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview, SubjectPredictionDto } from '../../shared/analytics';
import type { Question } from '../../shared/practice';
import { analyticsOverviewFromScratch } from '../testing/analytics-from-scratch';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';
import { analyticsOverview } from './analytics-overview';

/**
 * The analytics summary the database triggers keep (migration 0012) against the same figures computed from scratch
 * from every answer, after each step of a history of submits, marks, re-marks, moves in time, topic changes and
 * deletes (cascades included), on PGlite and (with TEST_DATABASE_URL) PostgreSQL. Also: a class student's answers
 * on a paper assigned to them count in their own analytics (issue 13 item 2).
 */
type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let alice: Who;

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engineWithPlainMarker());
  alice = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function createCourse(who: Who, subject: string) {
  const res = await send('POST', '/api/courses/direct-create', who, { subject });
  expect(res.statusCode).toBe(201);
  const course = res.json() as { id: string; paper: { id: string } };
  const questions: Question[] = (await send('GET', `/api/question-papers/${course.paper.id}/questions`, who)).json();
  return { ...course, questions };
}

async function submit(who: Who, questionId: string, text: string, mark = true) {
  expect((await send('POST', '/api/answers/save', who, { questionId, text, submitted: true })).statusCode).toBe(200);
  if (mark) expect((await send('POST', '/api/answers/evaluate', who, { questionId, answer: text })).statusCode).toBe(200);
}

/** The summary tables as the triggers left them, and as a from-scratch computation over every answer says they should be. */
async function summaryTables(ownerId: string) {
  const facts = sql`select a.question_id, q.course_id, coalesce(q.topic, '') as topic, a.created_at,
      case when f.total_marks > 0 then round(1000.0 * f.marks_awarded / f.total_marks)::int end as score10,
      greatest(a.time_spent_seconds, 0) as seconds
    from answers a join questions q on q.id = a.question_id
    left join feedback f on f.owner_id = a.owner_id and f.question_id = a.question_id
    where a.owner_id = ${ownerId} and a.submitted`;
  const kept = {
    facts: await rows(sql`select question_id, course_id, topic, created_at, score10, seconds from analytics_answer_facts
      where owner_id = ${ownerId} order by question_id`),
    totals: await rows(sql`select course_id, topic, answers, marked, correct, score10::int, seconds::int from analytics_topic_totals
      where owner_id = ${ownerId} order by course_id, topic`),
    activity: await rows(sql`select bucket, answers, marked, score10::int, seconds::int from analytics_activity
      where owner_id = ${ownerId} order by bucket`),
    sessions: await rows(sql`select started_at, ended_at, answers, seconds::int from analytics_sessions
      where owner_id = ${ownerId} order by started_at`),
  };
  const scratch = {
    facts: await rows(sql`select * from (${facts}) f order by question_id`),
    totals: await rows(sql`select course_id, topic, count(*)::int as answers, count(score10)::int as marked,
        (count(*) filter (where score10 >= 600))::int as correct, coalesce(sum(score10), 0)::int as score10, sum(seconds)::int as seconds
      from (${facts}) f group by course_id, topic order by course_id, topic`),
    activity: await rows(sql`select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as bucket,
        count(*)::int as answers, count(score10)::int as marked, coalesce(sum(score10), 0)::int as score10, sum(seconds)::int as seconds
      from (${facts}) f group by 1 order by 1`),
    sessions: await rows(sql`select min(created_at) as started_at, max(created_at) as ended_at, count(*)::int as answers,
        sum(seconds)::int as seconds from (
        select created_at, seconds, sum(starts) over (order by created_at rows unbounded preceding) as run from (
          select created_at, seconds,
            case when lag(created_at) over (order by created_at) >= created_at - interval '30 minutes' then 0 else 1 end as starts
          from (${facts}) f) s) r
      group by run order by 1`),
  };
  return { kept, scratch };
}

const ZONES = ['UTC', 'Europe/London', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];

/** The summary agrees with the from-scratch computation: its tables, and the overview in several time zones. */
async function expectAgreement(who: Who): Promise<AnalyticsOverview> {
  const { kept, scratch } = await summaryTables(who.user.id);
  expect(kept).toEqual(scratch);
  for (const zone of ZONES) {
    expect(await analyticsOverview(t.database.db, who.user.id, zone)).toEqual(
      await analyticsOverviewFromScratch(t.database.db, who.user.id, zone),
    );
  }
  return analyticsOverview(t.database.db, who.user.id, 'UTC');
}

describe('the analytics summary', () => {
  it('agrees with the from-scratch computation after submits, marks, re-marks, moves in time, topic changes and deletes', async () => {
    const physics = await createCourse(alice, 'Physics');
    const chemistry = await createCourse(alice, 'Chemistry');
    const [p1, p2, p3, p4, p5, p6] = physics.questions;
    const [c1, c2, c3] = chemistry.questions;
    expect((await expectAgreement(alice)).answersSubmitted).toBe(0);

    // Submits: marked and unmarked answers, and a draft that counts for nothing.
    for (const q of [p1, p2, p3, p4, c1, c2]) await submit(alice, q.id, 'An answer about energy and force.');
    await submit(alice, p5.id, 'Submitted, not marked yet.', false);
    expect((await send('POST', '/api/answers/save', alice, { questionId: p6.id, text: 'A draft', submitted: false })).statusCode).toBe(200);
    let overview = await expectAgreement(alice);
    expect(overview.answersSubmitted).toBe(7);
    expect(overview.markedAnswers).toBe(6);

    // Marks spread from 0 to full, as a teacher's grading or an upheld dispute writes them.
    await t.database.db.execute(sql`update feedback f set marks_awarded = least(f.total_marks, m.k)
      from (select id, row_number() over (order by id) - 1 as k from questions where id in (${p1.id}, ${p2.id}, ${p3.id}, ${c1.id})) m
      where f.question_id = m.id and f.owner_id = ${alice.user.id}`);
    await expectAgreement(alice);

    // Moves in time: two answers 20 minutes apart (one session), one 45 minutes later (another), others on other days
    // and near midnight (the days differ by time zone).
    const at = (minutes: number) => sql`date_trunc('day', now()) - interval '3 days' + make_interval(mins => ${minutes})`;
    const placements: [string, ReturnType<typeof sql>][] = [
      [p1.id, at(9 * 60)],
      [p2.id, at(9 * 60 + 20)],
      [p3.id, at(10 * 60 + 5)],
      [p4.id, at(-10)],
      [c1.id, at(23 * 60 + 50)],
      [c2.id, at(2 * 24 * 60 + 5 * 60 + 50)],
    ];
    for (const [id, when] of placements) {
      await t.database.db.execute(sql`update answers set created_at = ${when} where owner_id = ${alice.user.id} and question_id = ${id}`);
      await expectAgreement(alice);
    }
    // Sessions now: p4, p1+p2, p3, c1, c2, p5 (submitted just now). An answer moved between two sessions joins
    // them into one; moved away again, they split.
    await t.database.db.execute(
      sql`update answers set created_at = ${at(9 * 60 + 45)} where owner_id = ${alice.user.id} and question_id = ${c2.id}`,
    );
    expect((await expectAgreement(alice)).sessions.count).toBe(4);
    await t.database.db.execute(
      sql`update answers set created_at = ${at(30 * 60)} where owner_id = ${alice.user.id} and question_id = ${c2.id}`,
    );
    expect((await expectAgreement(alice)).sessions.count).toBe(6);

    // Re-marks: the answer marked again with other words, and time spent added.
    await submit(alice, p1.id, 'Another answer entirely.');
    await t.database.db.execute(
      sql`update answers set time_spent_seconds = time_spent_seconds + 95 where owner_id = ${alice.user.id} and question_id = ${p2.id}`,
    );
    await expectAgreement(alice);

    // Topic changes: a new spelling of a topic, a topic removed, a question moved to the other course.
    await t.database.db.execute(sql`update questions set topic = ' WAVES ' where id = ${p2.id}`);
    await t.database.db.execute(sql`update questions set topic = null where id = ${p3.id}`);
    await t.database.db.execute(sql`update questions set course_id = ${chemistry.id} where id = ${p4.id}`);
    await expectAgreement(alice);

    // A new submission now, then deletes: a mark, an answer, a question, and a whole course (cascades).
    await submit(alice, c3.id, 'Late answer.');
    await t.database.db.execute(sql`delete from feedback where owner_id = ${alice.user.id} and question_id = ${p2.id}`);
    await expectAgreement(alice);
    await t.database.db.execute(sql`delete from answers where owner_id = ${alice.user.id} and question_id = ${p3.id}`);
    await expectAgreement(alice);
    await t.database.db.execute(sql`delete from questions where id = ${p1.id}`);
    await expectAgreement(alice);
    await t.database.db.execute(sql`delete from courses where id = ${chemistry.id}`);
    overview = await expectAgreement(alice);
    expect(overview.answersSubmitted).toBe(2); // p2 (unmarked now) and p5
    expect(overview.markedAnswers).toBe(0);
    expect(overview.subjects.map((s) => s.subject)).toEqual(['Physics']);
    expect(await rows(sql`select 1 from analytics_topic_totals where course_id = ${chemistry.id}`)).toEqual([]);
  });

  it('is rebuilt from the answers by the migration’s backfill, as it was kept', async () => {
    const bea = await signUp(t.app);
    const course = await createCourse(bea, 'Chemistry');
    for (const [i, q] of course.questions.slice(0, 6).entries()) {
      await submit(bea, q.id, 'Bonds break and form.', i % 3 !== 2);
      await t.database.db.execute(
        sql`update answers set created_at = now() - make_interval(mins => ${i * 25}) where owner_id = ${bea.user.id} and question_id = ${q.id}`,
      );
    }
    const kept = await summaryTables(bea.user.id);
    const overview = await analyticsOverview(t.database.db, bea.user.id, 'Europe/London');
    const backfill = readFileSync(new URL('../db/migrations/0012_analytics_summary.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('INSERT INTO analytics_'));
    expect(backfill).toHaveLength(4);
    for (const table of ['analytics_answer_facts', 'analytics_topic_totals', 'analytics_activity', 'analytics_sessions']) {
      await t.database.db.execute(sql.raw(`delete from ${table}`));
    }
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    expect(await summaryTables(bea.user.id)).toEqual(kept);
    expect(kept.kept).toEqual(kept.scratch);
    expect(await analyticsOverview(t.database.db, bea.user.id, 'Europe/London')).toEqual(overview);
    expect(overview.answersSubmitted).toBe(6);
    expect(overview.markedAnswers).toBe(4);
    await expectAgreement(alice);
  });

  it('counts a class student’s answers on a paper assigned to them, in the teacher’s course, in their own analytics', async () => {
    const [teacher, sam] = [await signUp(t.app), await signUp(t.app)];
    const course = await createCourse(teacher, 'Biology');
    const klass = (await send('POST', '/api/classes', teacher, { name: 'Biology 12C', subject: 'Biology' })).json() as { id: string };
    const { joinCode } = (await send('GET', `/api/classes/${klass.id}`, teacher)).json() as { joinCode: string };
    expect((await send('POST', '/api/classes/join', sam, { code: joinCode })).statusCode).toBeLessThan(300);
    expect((await send('POST', `/api/classes/${klass.id}/assignments`, teacher, { paperId: course.paper.id })).statusCode).toBe(201);

    for (const q of course.questions.slice(0, 5)) await submit(sam, q.id, 'Cells divide by mitosis.');
    const overview = await expectAgreement(sam);
    expect(overview.answersSubmitted).toBe(5);
    expect(overview.markedAnswers).toBe(5);
    expect(overview.subjects.map((s) => s.subject)).toEqual(['Biology']);
    expect(overview.courses).toEqual([
      expect.objectContaining({
        courseId: course.id,
        subject: 'Biology',
        questionsAnswered: 5,
        questionsAvailable: course.questions.length,
      }),
    ]);
    const predictions: SubjectPredictionDto[] = (await send('GET', '/api/analytics/predictions', sam)).json();
    expect(predictions.map((p) => [p.subject, p.markedAnswers])).toEqual([['Biology', 5]]);
    // The weak-point tallies count the points of those marks too (the teacher's mark scheme, the student's marks).
    const weak = (await send('GET', '/api/analytics/weak-points', sam)).json() as { pointsMarked: number };
    expect(weak.pointsMarked).toBeGreaterThan(0);

    // The teacher's own analytics count the teacher's answers only.
    const teachers = await expectAgreement(teacher);
    expect(teachers.answersSubmitted).toBe(0);
    expect(teachers.courses.map((c) => c.questionsAnswered)).toEqual([0]);
    expect(((await send('GET', '/api/analytics/weak-points', teacher)).json() as { pointsMarked: number }).pointsMarked).toBe(0);
  });
});
