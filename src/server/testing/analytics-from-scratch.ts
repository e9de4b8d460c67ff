import { sql } from 'drizzle-orm';
import { type AnalyticsOverview } from '../../shared/analytics';
import { CORRECT_SCORE_PERCENT, SESSION_GAP_MINUTES, SESSION_SIZES } from '../../shared/analytics-text';
import { PREDICTION_WINDOW } from '../../shared/prediction-model';
import type { Db } from '../db/client';
import { assembleOverview, courseList } from '../services/analytics-overview';

/**
 * The analytics overview computed from scratch from every answer (the pre-summary statement), for tests to check
 * that the summary the triggers keep gives the same figures after any sequence of writes. Answers count by their
 * own user, whichever course the question is in; scores are tenths of a percent, as in the summary.
 */
export async function analyticsOverviewFromScratch(db: Db, ownerId: string, timeZone: string): Promise<AnalyticsOverview> {
  const result = await db.execute(sql`
    with base as materialized (
      select a.created_at, a.question_id, q.course_id, coalesce(q.topic, '') as topic,
        case when f.total_marks > 0 then round(1000.0 * f.marks_awarded / f.total_marks) end as score10,
        greatest(a.time_spent_seconds, 0) as secs,
        (a.created_at at time zone ${timeZone})::date as day
      from answers a
      join questions q on q.id = a.question_id
      left join feedback f on f.owner_id = a.owner_id and f.question_id = a.question_id
      where a.owner_id = ${ownerId} and a.submitted
    ),
    groups as (
      select grouping(course_id, lower(btrim(topic)), day) as g, course_id, min(topic) as topic, lower(btrim(topic)) as tkey,
        day::text as day, count(*)::int as n, count(score10)::int as marked,
        (case when grouping(day) = 1 then count(*) filter (where score10 >= ${CORRECT_SCORE_PERCENT * 10}) else 0 end)::int as correct,
        (sum(score10) / 10.0)::float8 as total, sum(secs)::int as secs
      from base
      group by grouping sets ((), (course_id), (course_id, lower(btrim(topic))), (day))
    ),
    runs as (
      select count(*) as n, sum(secs) as secs from (
        select secs, sum(starts) over (order by created_at rows unbounded preceding) as run from (
          select secs, created_at,
            case when lag(created_at) over (order by created_at) >= created_at - make_interval(mins => ${SESSION_GAP_MINUTES}) then 0 else 1 end
              as starts
          from base) s) r
      group by run
    ),
    recent as (
      select course_id, score, at, qid from (
        select course_id, score10 / 10.0 as score, extract(epoch from created_at)::float8 as at, question_id as qid,
          row_number() over (partition by course_id order by created_at desc, question_id desc) as rn
        from base where score10 is not null
      ) r where rn <= ${PREDICTION_WINDOW}
    )
    select
      (now() at time zone ${timeZone})::date::text as today,
      (select coalesce(json_agg(groups order by g, course_id, tkey, day), '[]') from groups) as groups,
      (select coalesce(json_agg(t), '[]') from (
        select case when n <= ${SESSION_SIZES.quick} then 'quick' when n <= ${SESSION_SIZES.standard} then 'standard' else 'extended' end as type,
          count(*)::int as sessions, sum(secs)::int as secs
        from runs group by 1) t) as sessions,
      (select coalesce(json_agg(recent), '[]') from recent) as recent,
      (select coalesce(json_agg(t), '[]') from (${courseList(ownerId, sql`select course_id from base`)}) t) as courses`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return assembleOverview(row, timeZone);
}
