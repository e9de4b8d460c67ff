import { subjectOrDefault, type Course, type Question } from '../../../shared/practice';
import type { UserAnswer } from '../../../shared/practice';

/*
 * The analytics rules, in one place. Everything below is computed from the student's own answers.
 *
 * - An answer counts once it is submitted. A draft's active time is stored on the answer, so it is counted
 *   when the answer is submitted.
 * - A marked answer has a score (percent). It is "correct" when it scores CORRECT_SCORE_PERCENT or more.
 *   (§9 writes "score above 60"; this app counts exactly 60% as correct.)
 * - A study session is a run of answers whose createdAt times are at most SESSION_GAP_MINUTES apart.
 *   A longer gap starts a new session.
 * - Days are the student's local calendar days (yyyy-MM-dd in the browser's time zone), never UTC days.
 * - Time is the active time the exam screen measured (timeSpentSeconds), not a fixed estimate.
 */
export const CORRECT_SCORE_PERCENT = 60;
export const SESSION_GAP_MINUTES = 30;
/** §9 Weak-topic recommendation: average below 70. */
export const WEAK_TOPIC_BELOW = 70;
/** A topic at or above this average is listed among the strong ones. */
export const STRONG_TOPIC_FROM = 80;
/** §9 Course score colours: green 80 or more, blue 60 or more, yellow 40 or more, red below. */
export const SCORE_BANDS = { green: 80, blue: 60, yellow: 40 } as const;
/** How many days the Time Analysis trend line shows. */
export const TREND_DAYS = 30;
/** Topic of a question that has none (as in the papers list). */
export const GENERAL_TOPIC = 'General';
/** Subject of an answer whose course is no longer in the course list. */
export const UNKNOWN_SUBJECT = 'Unknown';
/**
 * §9 Chart palette: five colours from the app's indigo and slate palette (Tailwind indigo-700, indigo-400,
 * slate-700, slate-400, indigo-200), alternating dark and light so neighbouring slices stay apart.
 */
export const CHART_COLOURS = ['#4338ca', '#818cf8', '#334155', '#94a3b8', '#c7d2fe'] as const;
export const CHART_AXIS_COLOUR = '#64748b';
export const CHART_GRID_COLOUR = '#e2e8f0';

const MINUTE_MS = 60_000;

/** One submitted answer, joined with its question's course, subject and topic. */
export interface AnsweredQuestion {
  answerId: string;
  questionId: string;
  courseId: string;
  subject: string;
  topic: string;
  /** Percent once marked, else null. */
  score: number | null;
  correct: boolean;
  timeSpentSeconds: number;
  at: Date;
  /** Local calendar day, yyyy-MM-dd. */
  day: string;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** yyyy-MM-dd of a moment in the user's local time zone. */
export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of the day `days` after the day of `date` (negative goes back; DST-safe). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The local midnight a yyyy-MM-dd key names. */
export function dateOfDayKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d);
}

function subjectKey(subject: string): string {
  return subject.trim().toLowerCase();
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

function marked(answers: AnsweredQuestion[]): number[] {
  return answers.flatMap((a) => (a.score === null ? [] : [a.score]));
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export function isCorrect(score: number | null): boolean {
  return score !== null && score >= CORRECT_SCORE_PERCENT;
}

/**
 * The submitted answers, each with its subject (from its question's course) and topic, oldest first.
 * The question gives the course; the answer's own courseId is the fallback for a question not in the list.
 */
export function joinAnswers(answers: UserAnswer[], questions: Question[], courses: Course[]): AnsweredQuestion[] {
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const courseById = new Map(courses.map((c) => [c.id, c]));
  const joined: AnsweredQuestion[] = [];
  for (const answer of answers) {
    if (!answer.submitted) continue;
    const at = new Date(answer.createdAt);
    if (Number.isNaN(at.getTime())) continue;
    const question = questionById.get(answer.questionId);
    const courseId = question?.courseId ?? answer.courseId;
    const course = courseById.get(courseId);
    joined.push({
      answerId: answer.id,
      questionId: answer.questionId,
      courseId,
      subject: course ? subjectOrDefault(course.subject) : UNKNOWN_SUBJECT,
      topic: question?.topic?.trim() || GENERAL_TOPIC,
      score: answer.score,
      correct: isCorrect(answer.score),
      timeSpentSeconds: Math.max(0, answer.timeSpentSeconds),
      at,
      day: localDayKey(at),
    });
  }
  return joined.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** §3 Subject performance, with what the screens also show (progress, time per question, efficiency). */
export interface SubjectPerformance {
  subject: string;
  /** Answers submitted in the subject (§3 calls this totalQuestions). */
  questionsAnswered: number;
  /** Questions the student has in the subject's courses. */
  questionsAvailable: number;
  markedAnswers: number;
  correctAnswers: number;
  /** Mean score of the marked answers, null when none is marked. */
  averageScore: number | null;
  timeSpentSeconds: number;
  /** Minutes (§3 timeSpent). */
  timeSpent: number;
  /** Percent of the available questions answered, 0–100. */
  progress: number;
  averageSecondsPerQuestion: number;
  /** §9 Efficiency, or null when no time was recorded. */
  efficiency: number | null;
}

function percentOf(part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? 100 : 0;
  return Math.min(100, (100 * part) / whole);
}

/** §9 Efficiency: max(0, 100 − 2 × average minutes per question). */
export function efficiencyScore(averageMinutesPerQuestion: number): number {
  return Math.max(0, 100 - 2 * averageMinutesPerQuestion);
}

/** Per subject, in order of the most answered first (ties by name). Only subjects with answers are listed. */
export function summariseSubjects(answered: AnsweredQuestion[], questions: Question[], courses: Course[]): SubjectPerformance[] {
  const courseById = new Map(courses.map((c) => [c.id, c]));
  const available = new Map<string, number>();
  for (const question of questions) {
    const course = courseById.get(question.courseId);
    const key = subjectKey(course ? subjectOrDefault(course.subject) : UNKNOWN_SUBJECT);
    available.set(key, (available.get(key) ?? 0) + 1);
  }
  const rows = [...groupBy(answered, (a) => subjectKey(a.subject)).entries()].map(([key, group]): SubjectPerformance => {
    const scores = marked(group);
    const seconds = sum(group.map((a) => a.timeSpentSeconds));
    const perQuestion = seconds / group.length;
    const questionsAvailable = Math.max(available.get(key) ?? 0, group.length);
    return {
      subject: group[0].subject,
      questionsAnswered: group.length,
      questionsAvailable,
      markedAnswers: scores.length,
      correctAnswers: group.filter((a) => a.correct).length,
      averageScore: mean(scores),
      timeSpentSeconds: seconds,
      timeSpent: seconds / 60,
      progress: percentOf(group.length, questionsAvailable),
      averageSecondsPerQuestion: perQuestion,
      efficiency: seconds > 0 ? efficiencyScore(perQuestion / 60) : null,
    };
  });
  return rows.sort((a, b) => b.questionsAnswered - a.questionsAnswered || a.subject.localeCompare(b.subject));
}

export interface TopicPerformance {
  subject: string;
  topic: string;
  questionsAnswered: number;
  markedAnswers: number;
  correctAnswers: number;
  averageScore: number | null;
  timeSpentSeconds: number;
}

/** Per subject and topic, sorted by subject, then topic. */
export function summariseTopics(answered: AnsweredQuestion[]): TopicPerformance[] {
  const groups = groupBy(answered, (a) => `${subjectKey(a.subject)}\u0000${a.topic.toLowerCase()}`);
  return [...groups.values()]
    .map((group): TopicPerformance => {
      const scores = marked(group);
      return {
        subject: group[0].subject,
        topic: group[0].topic,
        questionsAnswered: group.length,
        markedAnswers: scores.length,
        correctAnswers: group.filter((a) => a.correct).length,
        averageScore: mean(scores),
        timeSpentSeconds: sum(group.map((a) => a.timeSpentSeconds)),
      };
    })
    .sort((a, b) => a.subject.localeCompare(b.subject) || a.topic.localeCompare(b.topic));
}

export interface CoursePerformance {
  courseId: string;
  title: string;
  subject: string;
  questionsAnswered: number;
  questionsAvailable: number;
  markedAnswers: number;
  correctAnswers: number;
  averageScore: number | null;
  /** Percent of the course's questions answered, 0–100. */
  progress: number;
}

/** Every course, in the order the list gives them, with the student's results in it. */
export function summariseCourses(answered: AnsweredQuestion[], questions: Question[], courses: Course[]): CoursePerformance[] {
  const byCourse = groupBy(answered, (a) => a.courseId);
  const questionCount = new Map<string, number>();
  for (const question of questions) questionCount.set(question.courseId, (questionCount.get(question.courseId) ?? 0) + 1);
  return courses.map((course) => {
    const group = byCourse.get(course.id) ?? [];
    const scores = marked(group);
    const listed = questionCount.get(course.id) ?? 0;
    const questionsAvailable = Math.max(listed > 0 ? listed : course.totalQuestions, group.length);
    return {
      courseId: course.id,
      title: course.title,
      subject: subjectOrDefault(course.subject),
      questionsAnswered: group.length,
      questionsAvailable,
      markedAnswers: scores.length,
      correctAnswers: group.filter((a) => a.correct).length,
      averageScore: mean(scores),
      progress: percentOf(group.length, questionsAvailable),
    };
  });
}

/** §3 Study day record: one local day of study. */
export interface StudyDay {
  /** yyyy-MM-dd, local. */
  date: string;
  questionsAnswered: number;
  timeSpentSeconds: number;
  /** Minutes. */
  timeSpent: number;
  /** Mean percent of the day's marked answers, null when none was marked. */
  score: number | null;
}

/** The days on which the student answered, keyed by local yyyy-MM-dd. */
export function summariseDays(answered: AnsweredQuestion[]): Map<string, StudyDay> {
  const days = new Map<string, StudyDay>();
  for (const [date, group] of groupBy(answered, (a) => a.day)) {
    const seconds = sum(group.map((a) => a.timeSpentSeconds));
    days.set(date, {
      date,
      questionsAnswered: group.length,
      timeSpentSeconds: seconds,
      timeSpent: seconds / 60,
      score: mean(marked(group)),
    });
  }
  return days;
}

/** What the student did on the local day of `now`. */
export function summariseToday(answered: AnsweredQuestion[], now: Date): { questionsAnswered: number; timeSpentSeconds: number } {
  const today = answered.filter((a) => a.day === localDayKey(now));
  return { questionsAnswered: today.length, timeSpentSeconds: sum(today.map((a) => a.timeSpentSeconds)) };
}

export type SessionType = 'quick' | 'standard' | 'extended';

/** Sessions by size: what kind of study they were. */
export const SESSION_TYPES: { type: SessionType; label: string; description: string; upTo: number }[] = [
  { type: 'quick', label: 'Quick', description: '1–2 questions', upTo: 2 },
  { type: 'standard', label: 'Standard', description: '3–9 questions', upTo: 9 },
  { type: 'extended', label: 'Extended', description: '10 or more questions', upTo: Number.POSITIVE_INFINITY },
];

export interface StudySession {
  start: Date;
  end: Date;
  questionsAnswered: number;
  timeSpentSeconds: number;
  type: SessionType;
}

export function sessionTypeOf(questionsAnswered: number): SessionType {
  return (SESSION_TYPES.find((t) => questionsAnswered <= t.upTo) ?? SESSION_TYPES[SESSION_TYPES.length - 1]).type;
}

/** Splits the answers into sessions: a gap of more than SESSION_GAP_MINUTES between createdAt times starts a new one. */
export function splitSessions(answered: AnsweredQuestion[]): StudySession[] {
  const sorted = [...answered].sort((a, b) => a.at.getTime() - b.at.getTime());
  const runs: AnsweredQuestion[][] = [];
  for (const answer of sorted) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (previous && answer.at.getTime() - previous.at.getTime() <= SESSION_GAP_MINUTES * MINUTE_MS) run.push(answer);
    else runs.push([answer]);
  }
  return runs.map((run) => ({
    start: run[0].at,
    end: run[run.length - 1].at,
    questionsAnswered: run.length,
    timeSpentSeconds: sum(run.map((a) => a.timeSpentSeconds)),
    type: sessionTypeOf(run.length),
  }));
}

export interface SessionTypeSummary {
  type: SessionType;
  label: string;
  description: string;
  sessions: number;
  timeSpentSeconds: number;
  /** Minutes, for the chart. */
  minutes: number;
}

/** Every session type, with how many sessions and how much time it had (zeros included). */
export function summariseSessionTypes(sessions: StudySession[]): SessionTypeSummary[] {
  return SESSION_TYPES.map(({ type, label, description }) => {
    const ofType = sessions.filter((s) => s.type === type);
    const seconds = sum(ofType.map((s) => s.timeSpentSeconds));
    return { type, label, description, sessions: ofType.length, timeSpentSeconds: seconds, minutes: Math.round(seconds / 60) };
  });
}

export interface TimeSummary {
  totalSeconds: number;
  questionsAnswered: number;
  averageSecondsPerQuestion: number;
  sessions: number;
  averageSessionSeconds: number;
}

export function summariseTime(answered: AnsweredQuestion[], sessions: StudySession[]): TimeSummary {
  const totalSeconds = sum(answered.map((a) => a.timeSpentSeconds));
  return {
    totalSeconds,
    questionsAnswered: answered.length,
    averageSecondsPerQuestion: answered.length > 0 ? totalSeconds / answered.length : 0,
    sessions: sessions.length,
    averageSessionSeconds: sessions.length > 0 ? sum(sessions.map((s) => s.timeSpentSeconds)) / sessions.length : 0,
  };
}

export interface TrendPoint {
  date: string;
  /** M/d, for the axis. */
  label: string;
  minutes: number;
  questions: number;
}

/** The last `count` local days up to today, oldest first, days without study at zero. */
export function dailyTrend(days: Map<string, StudyDay>, now: Date, count = TREND_DAYS): TrendPoint[] {
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(now, i - count + 1);
    const day = days.get(localDayKey(date));
    return {
      date: localDayKey(date),
      label: `${date.getMonth() + 1}/${date.getDate()}`,
      minutes: Math.round((day?.timeSpentSeconds ?? 0) / 60),
      questions: day?.questionsAnswered ?? 0,
    };
  });
}

/** Minutes per subject, for the pie: subjects with recorded time, most first. */
export function timeBySubject(subjects: SubjectPerformance[]): { subject: string; minutes: number; timeSpentSeconds: number }[] {
  return subjects
    .filter((s) => s.timeSpentSeconds > 0)
    .map((s) => ({ subject: s.subject, minutes: Math.round(s.timeSpentSeconds / 60), timeSpentSeconds: s.timeSpentSeconds }))
    .sort((a, b) => b.timeSpentSeconds - a.timeSpentSeconds);
}

/** The number of distinct courses the answers come from. */
export function countCourses(answered: AnsweredQuestion[]): number {
  return new Set(answered.map((a) => a.courseId)).size;
}

/** Mean of every marked score, or null. */
export function overallAverage(answered: AnsweredQuestion[]): number | null {
  return mean(marked(answered));
}

export type ScoreBand = 'green' | 'blue' | 'yellow' | 'red';

/** §9 Course score colours, judged on the score as shown (one decimal), so '80.0' is never drawn blue. */
export function scoreBand(score: number): ScoreBand {
  const shown = Math.round(score * 10) / 10;
  if (shown >= SCORE_BANDS.green) return 'green';
  if (shown >= SCORE_BANDS.blue) return 'blue';
  if (shown >= SCORE_BANDS.yellow) return 'yellow';
  return 'red';
}

/** Text and bar classes of each band (yellow text is the darker shade, for contrast on white). */
export const SCORE_BAND_CLASSES: Record<ScoreBand, { text: string; bar: string }> = {
  green: { text: 'text-green-700', bar: 'bg-green-500' },
  blue: { text: 'text-blue-700', bar: 'bg-blue-500' },
  yellow: { text: 'text-yellow-700', bar: 'bg-yellow-400' },
  red: { text: 'text-red-700', bar: 'bg-red-500' },
};

/** A mastery word for a subject's average, on the same bands as the colours. */
export function masteryLabel(score: number | null): string {
  if (score === null) return 'Not marked yet';
  const band = scoreBand(score);
  if (band === 'green') return 'Mastered';
  if (band === 'blue') return 'Proficient';
  if (band === 'yellow') return 'Developing';
  return 'Beginning';
}

/** §9 Time format: 'Nm' under 60 minutes, else 'Hh Mm'. A little time that rounds to no minutes reads '<1m'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(Math.max(0, minutes));
  if (whole === 0 && minutes > 0) return '<1m';
  if (whole < 60) return `${whole}m`;
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

export function formatDuration(seconds: number): string {
  return formatMinutes(seconds / 60);
}

/** §2 Heatmap: total time shown in hours (minutes / 60), one decimal. */
export function formatHours(seconds: number): string {
  return (seconds / 3600).toFixed(1);
}

/** A percentage to `digits` decimals: 72.456 → '72.5%'. */
export function formatPercent(value: number, digits = 1): string {
  return `${value.toFixed(digits)}%`;
}

/** '1 question', '3 questions'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
