import { vi } from 'vitest';
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

/** Stubs fetch with the three reads the analytics pages make, recording each URL called in `calls`. */
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
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}
