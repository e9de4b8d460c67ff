import { sql } from 'drizzle-orm';
import { DEFAULT_SUBJECT } from '../../shared/practice-text';
import type { Skill } from '../../shared/mark-scheme';
import { SKILL_MARK_NAMES, findingText, weakSkills, type WeakPointFinding, type WeakPointsResponse } from '../../shared/weak-points';
import { MIN_OPPORTUNITIES, WEAK_POINTS_PAPER_QUESTIONS, WEAK_POINTS_PAPER_SKILLS } from '../../shared/weak-points-text';
import { WEAK_TOPIC_BELOW } from '../../shared/analytics-text';
import type { Db } from '../db/client';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { analyticsOverview } from './analytics-overview';
import { withheldQuestionIds } from './assignment-rules';
import { findCourse } from './find-course';
import { getPaper, listPaperQuestions, seenBankQuestions, storePaper } from './papers';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The student's marked points, one row per point of a skill: the evaluation's point joined to its stored point.
 * Counted by the feedback's own user, whichever course the question is in (a class paper's included, decision 011),
 * leaving out the answers whose feedback is held back from the student now (decision 016).
 */
const markedPoints = (ownerId: string, now: Date) => sql`
  select lower(coalesce(nullif(btrim(c.subject), ''), ${DEFAULT_SUBJECT})) as skey,
    coalesce(nullif(btrim(c.subject), ''), ${DEFAULT_SUBJECT}) as subject,
    p.details->>'skill' as skill, coalesce(e->>'status', '') = 'COVERED' as earned,
    q.id as question_id, q.course_id, q.paper_id, q.question_number, coalesce(nullif(btrim(q.topic), ''), 'General') as topic,
    f.created_at
  from feedback f
  join questions q on q.id = f.question_id
  join courses c on c.id = q.course_id
  cross join lateral jsonb_array_elements(
    case when jsonb_typeof(f.markscheme_evaluation) = 'array' then f.markscheme_evaluation else '[]'::jsonb end) e
  join mark_scheme_points p on p.question_id = f.question_id and p.owner_id = q.owner_id and p.point_key = e->>'point_id'
  where f.owner_id = ${ownerId} and f.total_marks > 0 and p.details->>'skill' is not null
    and f.question_id not in (${withheldQuestionIds(ownerId, now)})`;

interface Tally {
  skey: string;
  subject: string;
  skill: Skill;
  opportunities: number;
  missed: number;
}

/**
 * GET /api/analytics/weak-points: per subject and skill, how many marked points of that skill the student missed,
 * across every marked answer (SQL aggregates); the weak ones (src/shared/weak-points.ts) with the topics where they
 * were missed most and up to three of the student's questions to try again.
 */
export async function weakPoints(db: Db, ownerId: string, now: Date = new Date()): Promise<WeakPointsResponse> {
  const result = await db.execute(sql`
    with points as materialized (${markedPoints(ownerId, now)}),
    tallies as (
      select skey, min(subject) as subject, skill, count(*)::int as opportunities, (count(*) filter (where not earned))::int as missed
      from points group by skey, skill
    ),
    topics as (
      select skey, skill, topic, count(*)::int as missed from points where not earned group by skey, skill, topic
    ),
    examples as (
      select skey, skill, question_id, course_id, paper_id, question_number from (
        select skey, skill, question_id, course_id, paper_id, question_number,
          row_number() over (partition by skey, skill order by created_at desc, question_id) as rn
        from (select distinct on (skey, skill, question_id) * from points where not earned order by skey, skill, question_id) d
      ) r where rn <= 3
    ),
    newest as (
      select distinct on (skey) id, skey from (
        select id, created_at, lower(coalesce(nullif(btrim(subject), ''), ${DEFAULT_SUBJECT})) as skey from courses where owner_id = ${ownerId}
      ) c order by skey, created_at desc
    )
    select
      (select coalesce(json_agg(tallies), '[]') from tallies) as tallies,
      (select coalesce(json_agg(topics), '[]') from topics) as topics,
      (select coalesce(json_agg(t), '[]') from (
        select e.*, qp.title as paper_title from examples e left join question_papers qp on qp.id = e.paper_id) t) as examples,
      (select coalesce(json_agg(newest), '[]') from newest) as courses`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const parse = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const tallies = parse<Tally[]>(row.tallies);
  const topics = parse<{ skey: string; skill: string; topic: string; missed: number }[]>(row.topics);
  const examples = parse<
    {
      skey: string;
      skill: string;
      question_id: string;
      course_id: string;
      paper_id: string | null;
      question_number: number;
      paper_title: string | null;
    }[]
  >(row.examples);
  const newestCourse = new Map(parse<{ id: string; skey: string }[]>(row.courses).map((c) => [c.skey, c.id]));

  const findings: WeakPointFinding[] = weakSkills(tallies.filter((t) => t.skill in SKILL_MARK_NAMES)).map((t) => ({
    subject: t.subject,
    skill: t.skill,
    label: SKILL_MARK_NAMES[t.skill].label,
    text: findingText(t),
    opportunities: t.opportunities,
    missed: t.missed,
    missRate: t.missed / t.opportunities,
    courseId: newestCourse.get(t.skey) ?? '',
    topics: topics
      .filter((x) => x.skey === t.skey && x.skill === t.skill)
      .sort((a, b) => b.missed - a.missed || a.topic.localeCompare(b.topic))
      .slice(0, 3)
      .map((x) => x.topic),
    questions: examples
      .filter((x) => x.skey === t.skey && x.skill === t.skill)
      .map((x) => ({
        questionId: x.question_id,
        courseId: x.course_id,
        paperId: x.paper_id,
        title: `${x.paper_title ?? t.subject}, question ${x.question_number}`,
      })),
  }));
  return { findings, pointsMarked: tallies.reduce((s, t) => s + t.opportunities, 0), minOpportunities: MIN_OPPORTUNITIES };
}

export const NO_WEAK_POINTS_YET =
  'No weak points found yet (each kind of mark needs 5 chances before it counts), so this paper mixes questions from across the subject.';

/**
 * POST /api/courses/{id}/practise-weak-points: a paper in the course's subject on the student's weakest skills
 * (or the one asked for) and weakest topics (average below 70%), drawn by the engine and stored like any paper; with
 * nothing weak yet, a paper across the subject that says so.
 */
export async function practiseWeakPoints(db: Db, engine: Engine, ownerId: string, courseId: string, input: { skill?: Skill }) {
  const course = await findCourse(db, ownerId, courseId);
  const key = (course.subject.trim() || DEFAULT_SUBJECT).toLowerCase();
  const [{ findings }, overview] = await Promise.all([weakPoints(db, ownerId), analyticsOverview(db, ownerId, 'UTC')]);
  const skills: Skill[] = input.skill
    ? [input.skill]
    : findings
        .filter((f) => f.subject.toLowerCase() === key)
        .slice(0, WEAK_POINTS_PAPER_SKILLS)
        .map((f) => f.skill);
  const topics = overview.topics
    .filter((t) => t.subject.toLowerCase() === key && t.averageScore !== null && t.averageScore < WEAK_TOPIC_BELOW)
    .sort((a, b) => (a.averageScore as number) - (b.averageScore as number))
    .slice(0, 3)
    .map((t) => t.topic);
  // Nothing weak yet (too few marked answers): a paper across the subject, and the note says why.
  const nothingYet = skills.length === 0 && topics.length === 0;
  const generated = await engine.generatePaper({
    subject: course.subject,
    topic: null,
    topics,
    skills,
    difficulty: 'medium',
    count: WEAK_POINTS_PAPER_QUESTIONS,
    seen: await seenBankQuestions(db, ownerId, course.id),
  });
  if (generated.questions.length === 0) throw httpError(422, generated.note ?? 'No questions could be found for your weak points yet.');
  const focus = [...skills.map((s) => SKILL_MARK_NAMES[s].label.toLowerCase()), ...topics];
  const notes = [nothingYet ? NO_WEAK_POINTS_YET : null, generated.note ?? null].filter((n): n is string => n !== null);
  const paper = {
    ...generated,
    title: `${course.subject}: my weak points`,
    description: nothingYet ? `Questions from across ${course.subject}.` : `Practice on ${focus.join(', ')}.`,
    topic: null,
    note: notes.length > 0 ? notes.join(' ') : undefined,
  };
  const stored = await db.transaction((tx) => storePaper(tx, ownerId, course.id, paper));
  const [storedPaper, paperQuestions] = await Promise.all([getPaper(db, ownerId, stored.id), listPaperQuestions(db, ownerId, stored.id)]);
  return {
    paper: storedPaper,
    questions: paperQuestions,
    totalQuestions: paperQuestions.length,
    note: paper.note ?? null,
  };
}
