import { vi } from 'vitest';
import type { AnalyticsOverview } from '../../../shared/analytics';
import {
  addDays,
  countCourses,
  joinAnswers,
  localDayKey,
  overallAverage,
  splitSessions,
  summariseCourses,
  summariseDays,
  summariseSessionTypes,
  summariseSubjects,
  summariseToday,
  summariseTopics,
} from './analytics-data';
import { studyStreaks } from './heatmap-data';
import type { Course, Question } from '../../../shared/practice';
import type { UserAnswer } from '../../../shared/practice';

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

/**
 * What GET /api/analytics/overview answers for these lists: the reference model of the server's SQL, built from
 * the list rules of analytics-data.ts (local days: the tests run in one time zone).
 */
export function overviewFromLists(data: FakeAnalyticsState['data'], now: Date): AnalyticsOverview {
  const answered = joinAnswers(data.answers, data.questions, data.courses);
  const subjects = summariseSubjects(answered, data.questions, data.courses);
  const days = summariseDays(answered);
  const sessions = splitSessions(answered);
  const first = localDayKey(addDays(now, -364));
  return {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    today: localDayKey(now),
    questionsAvailable: data.questions.length,
    answersSubmitted: answered.length,
    markedAnswers: answered.filter((a) => a.score !== null).length,
    coursesAnswered: countCourses(answered),
    averageScore: overallAverage(answered),
    todayProgress: summariseToday(answered, now),
    subjects: subjects.map((s) => ({
      subject: s.subject,
      questionsAvailable: s.questionsAvailable,
      questionsAnswered: s.questionsAnswered,
      markedAnswers: s.markedAnswers,
      correctAnswers: s.correctAnswers,
      averageScore: s.averageScore,
      timeSpentSeconds: s.timeSpentSeconds,
      recentScores: answered
        .filter((a) => a.subject.toLowerCase() === s.subject.toLowerCase() && a.score !== null)
        .map((a) => a.score as number)
        .slice(-20),
    })),
    topics: summariseTopics(answered),
    courses: summariseCourses(answered, data.questions, data.courses).map(({ progress: _progress, ...c }) => ({
      ...c,
      timeSpentSeconds: answered.filter((a) => a.courseId === c.courseId).reduce((s, a) => s + a.timeSpentSeconds, 0),
    })),
    days: [...days.values()]
      .filter((d) => d.date >= first)
      .map(({ timeSpent: _timeSpent, ...d }) => d)
      .sort((a, b) => a.date.localeCompare(b.date)),
    streaks: studyStreaks(days.keys(), now),
    sessions: {
      count: sessions.length,
      totalSeconds: sessions.reduce((s, x) => s + x.timeSpentSeconds, 0),
      types: summariseSessionTypes(sessions).map((t) => ({ type: t.type, sessions: t.sessions, timeSpentSeconds: t.timeSpentSeconds })),
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
