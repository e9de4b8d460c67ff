/*
 * The analytics pages' shapes, constants and formats. The figures themselves are computed on the server
 * (GET /api/analytics/overview, src/server/services/analytics-overview.ts), where the rules are:
 * - An answer counts once it is submitted; a marked answer is "correct" from CORRECT_SCORE_PERCENT
 *   (src/shared/analytics.ts; §9 writes "score above 60", this app counts exactly 60% as correct).
 * - A study session is a run of answers at most SESSION_GAP_MINUTES apart.
 * - Days are the student's local calendar days (the browser's time zone), never UTC days.
 * - Time is the active time the exam screen measured (timeSpentSeconds), not a fixed estimate.
 */
import { formatDayMonth, formatDecimal } from '../../lib/format';

/** §9 Weak-topic recommendation: average below 70. */
export const WEAK_TOPIC_BELOW = 70;
/** A topic at or above this average is listed among the strong ones. */
export const STRONG_TOPIC_FROM = 80;
/** §9 Course score colours: green 80 or more, blue 60 or more, yellow 40 or more, red below. */
export const SCORE_BANDS = { green: 80, blue: 60, yellow: 40 } as const;
/** How many days the Time Analysis trend line shows. */
export const TREND_DAYS = 30;
/**
 * §9 Chart palette: five colours from the app's indigo and slate palette (Tailwind indigo-700, indigo-400,
 * slate-700, slate-400, indigo-200), alternating dark and light so neighbouring slices stay apart. CSS variables
 * (styles.css) so the dark theme has its own five, light on dark.
 */
export const CHART_COLOURS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'] as const;
export const CHART_AXIS_COLOUR = 'var(--chart-axis)';
export const CHART_GRID_COLOUR = 'var(--chart-grid)';

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

/** §9 Efficiency: max(0, 100 − 2 × average minutes per question). */
export function efficiencyScore(averageMinutesPerQuestion: number): number {
  return Math.max(0, 100 - 2 * averageMinutesPerQuestion);
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

export type SessionType = 'quick' | 'standard' | 'extended';

/** Sessions by size: what kind of study they were. */
export const SESSION_TYPES: { type: SessionType; label: string; description: string; upTo: number }[] = [
  { type: 'quick', label: 'Quick', description: '1–2 questions', upTo: 2 },
  { type: 'standard', label: 'Standard', description: '3–9 questions', upTo: 9 },
  { type: 'extended', label: 'Extended', description: '10 or more questions', upTo: Number.POSITIVE_INFINITY },
];

export interface SessionTypeSummary {
  type: SessionType;
  label: string;
  description: string;
  sessions: number;
  timeSpentSeconds: number;
  /** Minutes, for the chart. */
  minutes: number;
}

export interface TimeSummary {
  totalSeconds: number;
  questionsAnswered: number;
  averageSecondsPerQuestion: number;
  sessions: number;
  averageSessionSeconds: number;
}

export interface TrendPoint {
  date: string;
  /** The day and month in the browser's locale (04/03 in a British browser, 3/4 in an American one), for the axis. */
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
      label: formatDayMonth(date),
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

/** §2 Heatmap: total time shown in hours (minutes / 60), one decimal, in the browser's locale. */
export function formatHours(seconds: number): string {
  return formatDecimal(seconds / 3600, 1);
}

/** '1 question', '3 questions'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
