import type { AnalyticsOverview } from '../../../shared/analytics';
import {
  SESSION_TYPES,
  dailyTrend,
  efficiencyScore,
  timeBySubject,
  type CoursePerformance,
  type SessionTypeSummary,
  type StudyDay,
  type SubjectPerformance,
  type TimeSummary,
  type TopicPerformance,
} from './analytics-data';
import { heatmapCells } from './heatmap-data';
import { predictSubjects } from './predictions';

function percentOf(part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? 100 : 0;
  return Math.min(100, (100 * part) / whole);
}

/** A subject of the overview with what the screens also show (progress, time per question, efficiency). */
function subjectPerformance(s: AnalyticsOverview['subjects'][number]): SubjectPerformance {
  const perQuestion = s.questionsAnswered > 0 ? s.timeSpentSeconds / s.questionsAnswered : 0;
  return {
    subject: s.subject,
    questionsAnswered: s.questionsAnswered,
    questionsAvailable: s.questionsAvailable,
    markedAnswers: s.markedAnswers,
    correctAnswers: s.correctAnswers,
    averageScore: s.averageScore,
    timeSpentSeconds: s.timeSpentSeconds,
    timeSpent: s.timeSpentSeconds / 60,
    progress: percentOf(s.questionsAnswered, s.questionsAvailable),
    averageSecondsPerQuestion: perQuestion,
    efficiency: s.timeSpentSeconds > 0 ? efficiencyScore(perQuestion / 60) : null,
  };
}

/**
 * Everything both analytics pages show, laid out from GET /api/analytics/overview (the server's SQL aggregates,
 * days in the browser's time zone): the page never downloads the student's answers.
 */
export function buildAnalytics(overview: AnalyticsOverview, now: Date) {
  const subjects = overview.subjects.map(subjectPerformance);
  const topics: TopicPerformance[] = overview.topics;
  const courses: CoursePerformance[] = overview.courses.map((c) => ({
    ...c,
    progress: percentOf(c.questionsAnswered, c.questionsAvailable),
  }));
  const days = new Map<string, StudyDay>(overview.days.map((d) => [d.date, { ...d, timeSpent: d.timeSpentSeconds / 60 }]));
  const totalSeconds = overview.subjects.reduce((s, x) => s + x.timeSpentSeconds, 0);
  const time: TimeSummary = {
    totalSeconds,
    questionsAnswered: overview.answersSubmitted,
    averageSecondsPerQuestion: overview.answersSubmitted > 0 ? totalSeconds / overview.answersSubmitted : 0,
    sessions: overview.sessions.count,
    averageSessionSeconds: overview.sessions.count > 0 ? overview.sessions.totalSeconds / overview.sessions.count : 0,
  };
  const sessionTypes: SessionTypeSummary[] = SESSION_TYPES.map(({ type, label, description }) => {
    const seconds = overview.sessions.types.find((t) => t.type === type)?.timeSpentSeconds ?? 0;
    const sessions = overview.sessions.types.find((t) => t.type === type)?.sessions ?? 0;
    return { type, label, description, sessions, timeSpentSeconds: seconds, minutes: Math.round(seconds / 60) };
  });
  return {
    questionsAvailable: overview.questionsAvailable,
    answersSubmitted: overview.answersSubmitted,
    markedAnswers: overview.markedAnswers,
    coursesAnswered: overview.coursesAnswered,
    averageScore: overview.averageScore,
    today: overview.todayProgress,
    subjects,
    topics,
    courses,
    heatmap: heatmapCells(days, now),
    streaks: overview.streaks,
    time,
    sessionTypes,
    trend: dailyTrend(days, now),
    timeBySubject: timeBySubject(subjects),
    predictions: predictSubjects(
      subjects.map((s, i) => ({ ...s, recentScores: overview.subjects[i].recentScores })),
      topics,
      { overallMean: overview.averageScore, secondsPerQuestion: time.averageSecondsPerQuestion },
    ),
  };
}

export type Analytics = ReturnType<typeof buildAnalytics>;
