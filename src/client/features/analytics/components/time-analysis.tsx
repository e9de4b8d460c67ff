import { lazy } from 'react';
import { CheckCircle2, Clock, Gauge, Timer } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/empty-state';
import { formatPercent, formatShortDate } from '../../../lib/format';
import { SESSION_GAP_MINUTES } from '../../../../shared/analytics-text';
import {
  TREND_DAYS,
  dateOfDayKey,
  formatDuration,
  formatMinutes,
  plural,
  type SessionTypeSummary,
  type SubjectPerformance,
  type TimeSummary,
  type TrendPoint,
} from '../analytics-data';
import { ChartFigure } from './chart-figure';
import { ProgressBar } from './progress-bar';
import { StatCard } from './stat-card';

// recharts is loaded only when the Time Analysis tab opens
const DailyTrendChart = lazy(() => import('./time-charts').then((m) => ({ default: m.DailyTrendChart })));
const SubjectTimeChart = lazy(() => import('./time-charts').then((m) => ({ default: m.SubjectTimeChart })));
const SessionTypeChart = lazy(() => import('./time-charts').then((m) => ({ default: m.SessionTypeChart })));

function shortDate(key: string): string {
  return formatShortDate(dateOfDayKey(key));
}

function trendCaption(trend: TrendPoint[]): string {
  const studied = trend.filter((d) => d.questions > 0 || d.minutes > 0);
  if (studied.length === 0) return `No study in the last ${TREND_DAYS} days.`;
  const minutes = trend.reduce((s, d) => s + d.minutes, 0);
  const questions = trend.reduce((s, d) => s + d.questions, 0);
  const busiest = studied.reduce((best, d) =>
    d.minutes > best.minutes || (d.minutes === best.minutes && d.questions > best.questions) ? d : best,
  );
  return `In the last ${TREND_DAYS} days you studied ${formatMinutes(minutes)} on ${plural(studied.length, 'day')} and answered ${plural(questions, 'question')}. Busiest day: ${shortDate(busiest.date)} (${formatMinutes(busiest.minutes)}, ${plural(busiest.questions, 'question')}).`;
}

function NoChartData({ text }: { text: string }) {
  return <div className="flex h-full items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-500">{text}</div>;
}

/** §2 Time Analysis: totals, the daily trend, time by subject, session types and efficiency per subject. */
export function TimeAnalysis({
  time,
  trend,
  bySubject,
  sessionTypes,
  subjects,
}: {
  time: TimeSummary;
  trend: TrendPoint[];
  bySubject: { subject: string; minutes: number; timeSpentSeconds: number }[];
  sessionTypes: SessionTypeSummary[];
  subjects: SubjectPerformance[];
}) {
  if (time.questionsAnswered === 0) {
    return (
      <EmptyState icon={Clock} title="No study time recorded yet">
        The time you spend answering questions shows up here once you submit answers.
      </EmptyState>
    );
  }
  const subjectSeconds = bySubject.reduce((s, d) => s + d.timeSpentSeconds, 0);
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard icon={Clock} label="Total study time" value={formatDuration(time.totalSeconds)} hint="Active time on questions" />
        <StatCard icon={CheckCircle2} label="Questions answered" value={time.questionsAnswered} hint="Submitted answers" />
        <StatCard icon={Timer} label="Average per question" value={formatDuration(time.averageSecondsPerQuestion)} />
        <StatCard
          icon={Gauge}
          label="Average session time"
          value={formatDuration(time.averageSessionSeconds)}
          hint={`${plural(time.sessions, 'session')}; a break of over ${SESSION_GAP_MINUTES} minutes starts a new one`}
        />
      </div>

      <ChartFigure
        title="Daily study trend"
        caption={trendCaption(trend)}
        columns={['Date', 'Minutes studied', 'Questions answered']}
        rows={trend.map((d) => [shortDate(d.date), d.minutes, d.questions])}
      >
        <DailyTrendChart data={trend} />
      </ChartFigure>

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartFigure
          title="Time by subject"
          caption={
            bySubject.length === 0
              ? 'No study time recorded yet.'
              : bySubject
                  .map(
                    (d) =>
                      `${d.subject} ${formatDuration(d.timeSpentSeconds)} (${formatPercent((100 * d.timeSpentSeconds) / subjectSeconds, 0)})`,
                  )
                  .join(', ') + '.'
          }
          columns={['Subject', 'Time', 'Share']}
          rows={bySubject.map((d) => [
            d.subject,
            formatDuration(d.timeSpentSeconds),
            formatPercent((100 * d.timeSpentSeconds) / subjectSeconds, 0),
          ])}
        >
          {bySubject.length === 0 ? <NoChartData text="No study time recorded yet." /> : <SubjectTimeChart data={bySubject} />}
        </ChartFigure>

        <ChartFigure
          title="Session types"
          caption={`${plural(time.sessions, 'session')}: ${sessionTypes.map((t) => `${t.sessions} ${t.label.toLowerCase()} (${t.description}, ${formatDuration(t.timeSpentSeconds)})`).join(', ')}.`}
          columns={['Session type', 'Number of sessions', 'Total time']}
          rows={sessionTypes.map((t) => [`${t.label} (${t.description})`, t.sessions, formatDuration(t.timeSpentSeconds)])}
        >
          <SessionTypeChart data={sessionTypes} />
        </ChartFigure>
      </div>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Efficiency by subject</CardTitle>
          <CardDescription>100 minus twice your average minutes per question, never below 0.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-4" aria-label="Efficiency by subject">
            {subjects.map((subject) => (
              <li key={subject.subject} className="grid gap-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="min-w-0 break-words font-medium text-slate-900">{subject.subject}</span>
                  <span className="text-sm text-slate-600">
                    {formatDuration(subject.averageSecondsPerQuestion)} per question ·{' '}
                    <span className="font-semibold text-slate-900">
                      {subject.efficiency === null ? 'No time recorded' : `${formatPercent(subject.efficiency, 0)} efficient`}
                    </span>
                  </span>
                </div>
                <ProgressBar value={subject.efficiency ?? 0} label={`${subject.subject} efficiency`} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
