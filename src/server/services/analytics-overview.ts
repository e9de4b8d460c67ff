import { sql, type SQL } from 'drizzle-orm';
import { type AnalyticsOverview } from '../../shared/analytics';
import { CORRECT_SCORE_PERCENT, GENERAL_TOPIC, HEATMAP_DAYS, SESSION_SIZES } from '../../shared/analytics-text';
import { DEFAULT_SUBJECT } from '../../shared/practice-text';
import { PREDICTION_WINDOW } from '../../shared/prediction-model';
import type { Db } from '../db/client';
import { httpError } from '../http-error';
import { withheldQuestionIds } from './assignment-rules';
import { studentOfAssignedPaper } from './paper-access';

/** A correct answer's score in tenths of a percent, as the summary's triggers count it (migration 0012). */
const CORRECT_SCORE10 = sql.raw(String(CORRECT_SCORE_PERCENT * 10));

/** One row of the GROUPING SETS aggregate: `g` says which grouping it belongs to (see GROUP_*). */
interface GroupRow {
  g: number;
  course_id: string | null;
  topic: string | null;
  tkey: string | null;
  day: string | null;
  n: number;
  marked: number;
  correct: number;
  /** The sum of the marked answers' percentages (averages are merged across courses from sums). */
  total: number | null;
  secs: number;
}

/* grouping(course_id, tkey, day): a bit for each column NOT in the grouping set, the first the highest. */
const GROUP_ALL = 0b111;
const GROUP_COURSE = 0b011;
const GROUP_TOPIC = 0b001;
const GROUP_DAY = 0b110;

interface CourseRow {
  id: string;
  title: string;
  subject: string;
  questions: number;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function figures(row: GroupRow | undefined) {
  return {
    questionsAnswered: Number(row?.n ?? 0),
    markedAnswers: Number(row?.marked ?? 0),
    correctAnswers: Number(row?.correct ?? 0),
    averageScore: row && Number(row.marked) > 0 ? Number(row.total) / Number(row.marked) : null,
    timeSpentSeconds: Number(row?.secs ?? 0),
  };
}

const DAY_MS = 86_400_000;
const dayNumber = (key: string) => Date.parse(`${key}T00:00:00Z`) / DAY_MS;

/** Consecutive study days: the longest run, and the run ending today (or yesterday while today has none yet). */
export function streaksOf(dayKeys: string[], today: string) {
  const days = new Set(dayKeys.map(dayNumber));
  let longest = 0;
  for (const d of days) {
    if (days.has(d - 1)) continue;
    let length = 1;
    while (days.has(d + length)) length += 1;
    longest = Math.max(longest, length);
  }
  let current = 0;
  let d = days.has(dayNumber(today)) ? dayNumber(today) : dayNumber(today) - 1;
  while (days.has(d)) {
    current += 1;
    d -= 1;
  }
  return { current, longest, activeDays: days.size };
}

/** Adds up groups (a subject's courses, a topic across a subject's courses). */
function merged(rows: GroupRow[]): GroupRow {
  const sum = (pick: (r: GroupRow) => number | null) => rows.reduce((s, r) => s + Number(pick(r) ?? 0), 0);
  return {
    ...rows[0],
    n: sum((r) => r.n),
    marked: sum((r) => r.marked),
    correct: sum((r) => r.correct),
    total: sum((r) => r.total),
    secs: sum((r) => r.secs),
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** A zone the browser knows but the database does not: the student's mistake to hear of, not a 500. */
function unknownZone(error: unknown): never {
  if (/time zone/i.test(String((error as { cause?: unknown }).cause ?? error))) throw httpError(400, 'Unknown time zone');
  throw error;
}

/**
 * GET /api/analytics/overview, from the student's analytics summary (schema.ts, kept by triggers in the
 * transaction of every answer's write): one statement over a few hundred rows (per course and topic, per quarter
 * hour, per study session, and each course's latest marks through an index), never the student's answers. Answers
 * count by their own user, whichever course the question is in (a class paper's course included, decision 011).
 * The course rows are then added up per subject here. An assigned paper's answers whose feedback is held back from
 * the student now (withheldQuestionIds, decision 016) count as answered and not yet marked: their facts' marks are
 * taken off the summary's totals and buckets here, at read time, so releasing them needs no recount.
 */
export async function analyticsOverview(db: Db, ownerId: string, timeZone: string, now: Date = new Date()): Promise<AnalyticsOverview> {
  // One snapshot for both statements (a marking between them cannot slip in uncorrected).
  const result = await db
    .transaction(async (tx) => {
      const held = (
        (await tx.execute(sql`select f.question_id as id from analytics_answer_facts f
          where f.owner_id = ${ownerId} and f.score10 is not null and f.question_id in (${withheldQuestionIds(ownerId, now)})`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows.map((r) => r.id);
      return tx.execute(overviewStatement(ownerId, timeZone, held));
    }, READ_SNAPSHOT)
    .catch(unknownZone);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return assembleOverview(row, timeZone);
}

const READ_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * The overview's one statement. `held`: the student's marked answers held back from them now; with none (most
 * students, every one in no class) the summary is read as it is, else their facts' marks are taken off.
 */
function overviewStatement(ownerId: string, timeZone: string, held: string[]): SQL {
  const corrected = held.length > 0;
  const withheld = corrected
    ? sql`withheld as (
      select f.question_id, f.course_id, f.topic, f.created_at, f.score10 from analytics_answer_facts f
      where f.owner_id = ${ownerId} and f.question_id in (${sql.join(
        held.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    ),
    withheld_topics as (
      select course_id, topic, count(*)::int as marked, (count(*) filter (where score10 >= ${CORRECT_SCORE10}))::int as correct,
        sum(score10)::bigint as score10
      from withheld group by course_id, topic
    ),
    totals as (
      select t.course_id, t.topic, t.answers, t.marked - coalesce(w.marked, 0) as marked, t.correct - coalesce(w.correct, 0) as correct,
        t.score10 - coalesce(w.score10, 0) as score10, t.seconds
      from analytics_topic_totals t left join withheld_topics w on w.course_id = t.course_id and w.topic = t.topic
      where t.owner_id = ${ownerId}
    ),
    activity as (
      select a.bucket, a.answers, a.marked - coalesce(w.marked, 0) as marked, a.score10 - coalesce(w.score10, 0) as score10, a.seconds
      from analytics_activity a left join (
        select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as bucket, count(*)::int as marked,
          sum(score10)::bigint as score10
        from withheld group by 1) w on w.bucket = a.bucket
      where a.owner_id = ${ownerId}
    ),`
    : sql`totals as (select * from analytics_topic_totals where owner_id = ${ownerId}),
    activity as (select * from analytics_activity where owner_id = ${ownerId}),`;
  const notHeld = corrected ? sql`and f.question_id not in (select question_id from withheld)` : sql``;
  return sql`
    with ${withheld}
    groups as (
      select grouping(course_id, lower(btrim(topic))) * 2 + 1 as g, course_id, min(topic) as topic, lower(btrim(topic)) as tkey,
        null as day, sum(answers)::int as n, sum(marked)::int as marked, sum(correct)::int as correct,
        (sum(score10) / 10.0)::float8 as total, sum(seconds)::int as secs
      from totals
      group by grouping sets ((), (course_id), (course_id, lower(btrim(topic))))
      union all
      select ${sql.raw(String(GROUP_DAY))}, null, null, null, d.day, sum(answers)::int, sum(marked)::int, 0, (sum(score10) / 10.0)::float8, sum(seconds)::int
      from (select (bucket at time zone ${timeZone})::date::text as day, answers, marked, score10, seconds
        from activity) d
      group by d.day
    ),
    recent as (
      select c.course_id, r.score10 / 10.0 as score, extract(epoch from r.created_at)::float8 as at, r.question_id as qid
      from (select distinct course_id from totals) c
      cross join lateral (
        select f.score10, f.created_at, f.question_id from analytics_answer_facts f
        where f.owner_id = ${ownerId} and f.course_id = c.course_id and f.score10 is not null
          ${notHeld}
        order by f.created_at desc, f.question_id desc limit ${PREDICTION_WINDOW}) r
    )
    select
      (now() at time zone ${timeZone})::date::text as today,
      (select coalesce(json_agg(groups order by g, course_id, tkey, day), '[]') from groups) as groups,
      (select coalesce(json_agg(t), '[]') from (
        select case when answers <= ${SESSION_SIZES.quick} then 'quick' when answers <= ${SESSION_SIZES.standard} then 'standard' else 'extended' end as type,
          count(*)::int as sessions, sum(seconds)::int as secs
        from analytics_sessions where owner_id = ${ownerId} group by 1) t) as sessions,
      (select coalesce(json_agg(recent), '[]') from recent) as recent,
      (select coalesce(json_agg(t), '[]') from (${courseList(ownerId, sql`select course_id from totals`)}) t) as courses`;
}

/**
 * The student's courses and the courses of the questions they answered (`answeredCourseIds`, SQL): id, title,
 * subject and the questions available to them (in a course of another owner, those of papers assigned to them).
 */
export function courseList(ownerId: string, answeredCourseIds: SQL) {
  return sql`select c.id, c.title, coalesce(nullif(btrim(c.subject), ''), ${DEFAULT_SUBJECT}) as subject,
      (case when c.owner_id = ${ownerId}
        then (select count(*) from questions q where q.owner_id = c.owner_id and q.course_id = c.id)
        else (select count(*) from questions q where q.course_id = c.id and ${studentOfAssignedPaper(ownerId, sql`q.paper_id`)})
      end)::int as questions
    from courses c where c.owner_id = ${ownerId} or c.id in (${answeredCourseIds})
    order by c.created_at desc, c.id`;
}

/**
 * The overview from one row of aggregates: today, groups (see GroupRow), sessions, recent (each course's latest
 * marks) and courses (courseList), as JSON.
 */
export function assembleOverview(row: Record<string, unknown>, timeZone: string): AnalyticsOverview {
  const today = String(row.today);
  const groups = parseJson<GroupRow[]>(row.groups);
  const sessionRows = parseJson<{ type: 'quick' | 'standard' | 'extended'; sessions: number; secs: number }[]>(row.sessions);
  const recentRows = parseJson<{ course_id: string; score: number | string; at: number; qid: string }[]>(row.recent);
  const courseRows = parseJson<CourseRow[]>(row.courses);

  const courseById = new Map(courseRows.map((c) => [c.id, c]));
  const subjectKeyOf = (courseId: string | null) => (courseById.get(courseId ?? '')?.subject ?? DEFAULT_SUBJECT).toLowerCase();
  const all = groups.find((r) => r.g === GROUP_ALL);
  const courseGroups = groups.filter((r) => r.g === GROUP_COURSE);
  const byCourse = new Map(courseGroups.map((r) => [r.course_id, r]));
  const availableBySubject = new Map<string, number>();
  for (const c of courseRows) {
    const key = c.subject.toLowerCase();
    availableBySubject.set(key, (availableBySubject.get(key) ?? 0) + Number(c.questions));
  }
  const recentBySubject = groupBy(recentRows, (r) => subjectKeyOf(r.course_id));
  const dayRows = groups.filter((r) => r.g === GROUP_DAY && r.day !== null);
  const firstHeatmapDay = dayNumber(today) - HEATMAP_DAYS + 1;
  const todayRow = dayRows.find((r) => r.day === today);

  const subjects = [...groupBy(courseGroups, (r) => subjectKeyOf(r.course_id)).entries()].map(([key, rows]) => {
    const sum = merged(rows);
    return {
      subject: courseById.get(rows[0].course_id ?? '')?.subject ?? DEFAULT_SUBJECT,
      questionsAvailable: Math.max(availableBySubject.get(key) ?? 0, Number(sum.n)),
      recentScores: (recentBySubject.get(key) ?? [])
        .sort((a, b) => a.at - b.at || (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0))
        .slice(-PREDICTION_WINDOW)
        .map((r) => Number(r.score)),
      ...figures(sum),
    };
  });
  const topicGroups = groupBy(
    groups.filter((r) => r.g === GROUP_TOPIC),
    (r) => `${subjectKeyOf(r.course_id)}\u0000${r.tkey || GENERAL_TOPIC.toLowerCase()}`,
  );
  const topics = [...topicGroups.values()].map((rows) => ({
    subject: courseById.get(rows[0].course_id ?? '')?.subject ?? DEFAULT_SUBJECT,
    topic: rows.find((r) => r.topic?.trim())?.topic?.trim() || GENERAL_TOPIC,
    ...figures(merged(rows)),
  }));

  return {
    timeZone,
    today,
    questionsAvailable: courseRows.reduce((s, c) => s + Number(c.questions), 0),
    answersSubmitted: Number(all?.n ?? 0),
    markedAnswers: Number(all?.marked ?? 0),
    coursesAnswered: byCourse.size,
    averageScore: figures(all).averageScore,
    todayProgress: { questionsAnswered: Number(todayRow?.n ?? 0), timeSpentSeconds: Number(todayRow?.secs ?? 0) },
    subjects: subjects.sort((a, b) => b.questionsAnswered - a.questionsAnswered || a.subject.localeCompare(b.subject)),
    topics: topics.sort((a, b) => a.subject.localeCompare(b.subject) || a.topic.localeCompare(b.topic)),
    courses: courseRows.map((c) => {
      const f = figures(byCourse.get(c.id));
      return {
        courseId: c.id,
        title: c.title,
        subject: c.subject,
        questionsAvailable: Math.max(Number(c.questions), f.questionsAnswered),
        ...f,
      };
    }),
    days: dayRows
      .filter((r) => dayNumber(r.day as string) >= firstHeatmapDay)
      .map((r) => ({
        date: r.day as string,
        questionsAnswered: Number(r.n),
        timeSpentSeconds: Number(r.secs),
        score: figures(r).averageScore,
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    streaks: streaksOf(
      dayRows.map((r) => r.day as string),
      today,
    ),
    sessions: {
      count: sessionRows.reduce((s, r) => s + Number(r.sessions), 0),
      totalSeconds: sessionRows.reduce((s, r) => s + Number(r.secs), 0),
      types: (['quick', 'standard', 'extended'] as const).map((type) => {
        const r = sessionRows.find((x) => x.type === type);
        return { type, sessions: Number(r?.sessions ?? 0), timeSpentSeconds: Number(r?.secs ?? 0) };
      }),
    },
  };
}
