import { vi } from 'vitest';
import { type AnalyticsOverview } from '../../../shared/analytics';
import { CORRECT_SCORE_PERCENT, GENERAL_TOPIC, SESSION_GAP_MINUTES } from '../../../shared/analytics-text';
import { type Course, type Question, type UserAnswer } from '../../../shared/practice';
import { subjectOrDefault } from '../../../shared/practice-text';
import { SESSION_TYPES, addDays, localDayKey, type StudyDay } from './analytics-data';
import { studyStreaks } from './heatmap-data';

/** Builders for the analytics tests: a course, a question and an answer as the API returns them. */

export function course(id: string, subject: string, over: Partial<Course> = {}): Course {
  return { id, title: `${subject} A-Level Practice`, subject, totalQuestions: 0, createdAt: '2026-01-01T00:00:00.000Z', ...over };
}

export function question(id: string, courseId: string, topic: string | null = null, over: Partial<Question> = {}): Question {
  return {
    id,
    courseId,
    paperId: null,
    questionNumber: 1,
    text: `<p>Question ${id}</p>`,
    type: 'essay',
    totalMarks: 10,
    options: null,
    correctAnswer: null,
    topic,
    ...over,
  };
}

let answerCount = 0;

/** A submitted answer to `questionId` written at `at` (a Date, so tests choose local times). */
export function answer(
  questionId: string,
  courseId: string,
  at: Date,
  score: number | null,
  timeSpentSeconds = 0,
  over: Partial<UserAnswer> = {},
): UserAnswer {
  answerCount += 1;
  return {
    id: `a${answerCount}`,
    questionId,
    userId: 'u1',
    courseId,
    text: 'An answer',
    submitted: true,
    score,
    marksAwarded: score === null ? null : score / 10,
    totalMarks: 10,
    timeSpentSeconds,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    ...over,
  };
}

/** Local time on the day `daysAgo` before `now`. */
export function localTime(now: Date, daysAgo: number, hours: number, minutes = 0, seconds = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hours, minutes, seconds);
}

/** What the fake API answers with, read afresh on every call so that a test can change it midway. */
export interface FakeAnalyticsState {
  data: { courses: Course[]; questions: Question[]; answers: UserAnswer[] };
  /** When set, every read waits for this before answering. */
  gate: Promise<void> | null;
  /** URLs that fail, with `failure()`. */
  failing: Set<string>;
}

/** One submitted answer of the lists, with its course's subject and its question's topic. */
interface Joined {
  courseId: string;
  subject: string;
  topic: string;
  score: number | null;
  seconds: number;
  at: Date;
  day: string;
}

/** The submitted answers, oldest first: the course from the question (else the answer's), 'Unknown' for no course. */
function joinLists(data: FakeAnalyticsState['data']): Joined[] {
  const questionById = new Map(data.questions.map((q) => [q.id, q]));
  const courseById = new Map(data.courses.map((c) => [c.id, c]));
  return data.answers
    .filter((a) => a.submitted && !Number.isNaN(new Date(a.createdAt).getTime()))
    .map((a) => {
      const question = questionById.get(a.questionId);
      const courseId = question?.courseId ?? a.courseId;
      const course = courseById.get(courseId);
      const at = new Date(a.createdAt);
      return {
        courseId,
        subject: course ? subjectOrDefault(course.subject) : 'Unknown',
        topic: question?.topic?.trim() || GENERAL_TOPIC,
        score: a.score,
        seconds: Math.max(0, a.timeSpentSeconds),
        at,
        day: localDayKey(at),
      };
    })
    .sort((x, y) => x.at.getTime() - y.at.getTime());
}

const sumOf = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** Answers, marked, correct, average score and seconds of a group of answers. */
function figuresOf(group: Joined[]) {
  const scores = group.flatMap((a) => (a.score === null ? [] : [a.score]));
  return {
    questionsAnswered: group.length,
    markedAnswers: scores.length,
    correctAnswers: scores.filter((s) => s >= CORRECT_SCORE_PERCENT).length,
    averageScore: scores.length ? sumOf(scores) / scores.length : null,
    timeSpentSeconds: sumOf(group.map((a) => a.seconds)),
  };
}

function groupsOf(items: Joined[], keyOf: (item: Joined) => string): Joined[][] {
  const groups = new Map<string, Joined[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.values()];
}

/** The local study days of these lists, keyed yyyy-MM-dd (the heatmap's input). */
export function studyDaysFromLists(data: FakeAnalyticsState['data']): Map<string, StudyDay> {
  return new Map(
    groupsOf(joinLists(data), (a) => a.day).map((group) => {
      const f = figuresOf(group);
      const day = { date: group[0].day, questionsAnswered: f.questionsAnswered, timeSpentSeconds: f.timeSpentSeconds };
      return [day.date, { ...day, timeSpent: day.timeSpentSeconds / 60, score: f.averageScore }];
    }),
  );
}

/**
 * What GET /api/analytics/overview answers for these lists: a plain reference model of the server's SQL (local days:
 * the tests run in one time zone). The app itself never computes analytics from lists.
 */
export function overviewFromLists(data: FakeAnalyticsState['data'], now: Date): AnalyticsOverview {
  const answered = joinLists(data);
  const courseById = new Map(data.courses.map((c) => [c.id, c]));
  const subjectKey = (subject: string) => subject.trim().toLowerCase();
  const available = new Map<string, number>();
  for (const q of data.questions) {
    const c = courseById.get(q.courseId);
    const key = subjectKey(c ? subjectOrDefault(c.subject) : 'Unknown');
    available.set(key, (available.get(key) ?? 0) + 1);
  }
  const days = studyDaysFromLists(data);
  // Study sessions: runs of answers at most SESSION_GAP_MINUTES apart (answered is oldest first).
  const sessions = answered.reduce<Joined[][]>((runs, a) => {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && a.at.getTime() - previous.at.getTime() <= SESSION_GAP_MINUTES * 60_000) run.push(a);
    else runs.push([a]);
    return runs;
  }, []);
  const typeOf = (n: number) => (SESSION_TYPES.find((t) => n <= t.upTo) ?? SESSION_TYPES[SESSION_TYPES.length - 1]).type;
  const first = localDayKey(addDays(now, -364));
  const all = figuresOf(answered);
  return {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    today: localDayKey(now),
    questionsAvailable: data.questions.length,
    answersSubmitted: answered.length,
    markedAnswers: all.markedAnswers,
    coursesAnswered: new Set(answered.map((a) => a.courseId)).size,
    averageScore: all.averageScore,
    todayProgress: (({ questionsAnswered, timeSpentSeconds }) => ({ questionsAnswered, timeSpentSeconds }))(
      figuresOf(answered.filter((a) => a.day === localDayKey(now))),
    ),
    subjects: groupsOf(answered, (a) => subjectKey(a.subject))
      .map((group) => ({
        subject: group[0].subject,
        questionsAvailable: Math.max(available.get(subjectKey(group[0].subject)) ?? 0, group.length),
        ...figuresOf(group),
        recentScores: group.flatMap((a) => (a.score === null ? [] : [a.score])).slice(-20),
      }))
      .sort((a, b) => b.questionsAnswered - a.questionsAnswered || a.subject.localeCompare(b.subject)),
    topics: groupsOf(answered, (a) => `${subjectKey(a.subject)}\u0000${a.topic.toLowerCase()}`)
      .map((group) => ({ subject: group[0].subject, topic: group[0].topic, ...figuresOf(group) }))
      .sort((a, b) => a.subject.localeCompare(b.subject) || a.topic.localeCompare(b.topic)),
    courses: data.courses.map((c) => {
      const group = answered.filter((a) => a.courseId === c.id);
      const listed = data.questions.filter((q) => q.courseId === c.id).length;
      return {
        courseId: c.id,
        title: c.title,
        subject: subjectOrDefault(c.subject),
        questionsAvailable: Math.max(listed > 0 ? listed : c.totalQuestions, group.length),
        ...figuresOf(group),
      };
    }),
    days: [...days.values()]
      .filter((d) => d.date >= first)
      .map(({ timeSpent: _timeSpent, ...d }) => d)
      .sort((a, b) => a.date.localeCompare(b.date)),
    streaks: studyStreaks(days.keys(), now),
    sessions: {
      count: sessions.length,
      totalSeconds: sumOf(sessions.map((run) => sumOf(run.map((a) => a.seconds)))),
      types: SESSION_TYPES.map(({ type }) => {
        const ofType = sessions.filter((run) => typeOf(run.length) === type);
        return { type, sessions: ofType.length, timeSpentSeconds: sumOf(ofType.map((run) => sumOf(run.map((a) => a.seconds)))) };
      }),
    },
  };
}

/** The URL the pages read (the test's time zone). */
export const OVERVIEW_URL = `/api/analytics/overview?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')}`;

/** Stubs fetch with the overview the analytics pages read (and the lists), recording each URL called in `calls`. */
export function stubAnalyticsFetch(state: () => FakeAnalyticsState, calls: string[], failure: () => Response): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const { data, gate, failing } = state();
      if (gate) await gate;
      if (failing.has(url)) return failure();
      if (url === '/api/courses') return Response.json(data.courses);
      if (url === '/api/user/questions') return Response.json(data.questions);
      if (url === '/api/user/answers') return Response.json(data.answers);
      if (url.startsWith('/api/analytics/overview')) return Response.json(overviewFromLists(data, new Date()));
      if (url === '/api/analytics/weak-points') return Response.json({ findings: [], pointsMarked: 0, minOpportunities: 5 });
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}
