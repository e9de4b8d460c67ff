/**
 * Analytics on the server for a student with 10,000 marked answers, on PGlite (in memory): the latency of
 * GET /api/analytics/predictions' and GET /api/analytics/overview's services and the size of their JSON, beside a
 * reference read and the from-scratch computation (every answer joined and aggregated, as before the summary
 * tables) measured in the same run. It prints figures; it asserts nothing (it says whether the two overviews match).
 * Run: npx tsx bench/analytics-bench.ts [answers]
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import os from 'node:os';
import { subjectPredictions } from '../src/server/services/analytics';
import { analyticsOverview } from '../src/server/services/analytics-overview';
import { analyticsOverviewFromScratch } from '../src/server/testing/analytics-from-scratch';
import { isDeepStrictEqual } from 'node:util';

const ANSWERS = Number(process.argv[2] ?? 10_000);
const RUNS = 30;

const database = await openDatabase({ dataDir: 'memory://' });
const { db } = database;
const [{ id: ownerId }] = (
  (await db.execute(
    sql`insert into users (username, email, password_hash) values ('bench', 'bench@example.org', 'x') returning id`,
  )) as unknown as {
    rows: { id: string }[];
  }
).rows;
const subjects = ['Biology', 'Chemistry', 'Physics', 'Mathematics'];
const topics = ['Cells', 'Energetics', 'Waves', 'Calculus', 'Genetics', 'Kinetics', 'Fields', 'Vectors'];
for (const subject of subjects) {
  await db.execute(sql`insert into courses (owner_id, title, subject) values (${ownerId}, ${subject + ' A-Level Practice'}, ${subject})`);
}
// Questions, answers and feedback in set-based inserts: ANSWERS of each, spread over the four courses and a year
// (the triggers fill the summary as they go).
const seedStart = performance.now();
await db.execute(sql`
  insert into questions (owner_id, course_id, question_number, text, type, total_marks, topic)
  select ${ownerId}, c.id, g, '<p>Question ' || g || '</p>', 'short_answer', 4, (array[${sql.raw(topics.map((t) => `'${t}'`).join(','))}])[1 + g % 8]
  from generate_series(1, ${ANSWERS}) g
  join lateral (select id from courses where owner_id = ${ownerId} order by subject offset (g % 4) limit 1) c on true`);
await db.execute(sql`
  insert into answers (owner_id, question_id, text, submitted, time_spent_seconds, created_at, updated_at)
  select ${ownerId}, q.id, repeat('An answer of a few sentences. ', 10), true, 300, now() - (q.question_number % 365) * interval '1 day', now()
  from questions q where q.owner_id = ${ownerId}`);
await db.execute(sql`
  insert into feedback (owner_id, question_id, marks_awarded, total_marks, qualitative_feedback, markscheme_evaluation)
  select ${ownerId}, q.id, (q.question_number * 7) % 5, 4, 'Feedback', '[]'::jsonb from questions q where q.owner_id = ${ownerId}`);

const seedSeconds = (performance.now() - seedStart) / 1000;

/** Median, p95 and max of RUNS calls of `call` (after three unmeasured ones), and the JSON size of its last result. */
async function measure(call: () => Promise<unknown>) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) await call(); // warm-up, not measured
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const result = await call();
    times.push(performance.now() - start);
    bytes = Buffer.byteLength(JSON.stringify(result));
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  return `latency median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1)?.toFixed(1)} ms; payload ${bytes} bytes`;
}

// The reference: the cheapest read of every answer (a count over the student's rows), measured in the same run so
// that the figures can be compared on a shared, noisy machine. Measured twice: straight after seeding (the summary
// rows carry the dead versions of 20,000 updates made in two statements; PGlite runs no autovacuum), then after a
// VACUUM ANALYZE.
async function measureAll(label: string) {
  const reference = await measure(() => db.execute(sql`select count(*) from answers where owner_id = ${ownerId}`));
  const predictions = await measure(() => subjectPredictions(db, ownerId));
  const overview = await measure(() => analyticsOverview(db, ownerId, 'Europe/London'));
  const fromScratch = await measure(() => analyticsOverviewFromScratch(db, ownerId, 'Europe/London'));
  console.log(`${label} (load average ${os.loadavg()[0].toFixed(1)}):`);
  console.log(`  reference (count of the answers):  ${reference}`);
  console.log(`  GET /api/analytics/predictions:    ${predictions}`);
  console.log(`  GET /api/analytics/overview:       ${overview}`);
  console.log(`  overview from scratch (before):    ${fromScratch}`);
}

console.log(
  `PGlite in memory, ${ANSWERS} submitted and marked answers, ${RUNS} runs each; seeding with the triggers took ${seedSeconds.toFixed(1)} s`,
);
await measureAll('Straight after seeding');
await db.execute(sql`vacuum analyze`);
await measureAll('After VACUUM ANALYZE');
const same = isDeepStrictEqual(
  await analyticsOverview(db, ownerId, 'Europe/London'),
  await analyticsOverviewFromScratch(db, ownerId, 'Europe/London'),
);
console.log(`The overview from the summary and the one from scratch are ${same ? 'identical' : 'DIFFERENT'}.`);
await database.close();
