import { useMemo, useState, type ReactNode } from 'react';
import { Activity, CalendarCheck, CheckCircle2, FileQuestion, GraduationCap, History, RefreshCw } from 'lucide-react';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatPercent } from '../../lib/format';
import { formatDuration, plural, type CoursePerformance, type SubjectPerformance } from './analytics-data';
import { buildAnalytics } from './analytics-model';
import { ANALYTICS_TEXT, recentActivityText } from './analytics-text';
import { AnalyticsError, StaleDataNotice } from './components/analytics-error';
import { InlineEmpty } from './components/inline-empty';
import { NoCoursesYet } from './components/course-performance';
import { ProgressBar } from './components/progress-bar';
import { ScoreValue, scoreBarClass } from './components/score-value';
import { StatCard } from './components/stat-card';
import { useAnalyticsQueries } from './use-analytics-queries';

/** A card's title at the page's second heading level (the page title is the h1). */
function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="text-lg font-semibold leading-tight text-slate-900">{children}</h2>;
}

function SubjectPerformanceList({ subjects }: { subjects: SubjectPerformance[] }) {
  if (subjects.length === 0) {
    return (
      <InlineEmpty icon={GraduationCap} title={ANALYTICS_TEXT.noSubjects}>
        Submit answers in any course to see how you are doing in each subject.
      </InlineEmpty>
    );
  }
  return (
    <ul className="grid gap-5">
      {subjects.map((subject) => (
        <li key={subject.subject}>
          <div role="group" aria-label={subject.subject} className="grid gap-2 rounded-lg border border-slate-100 p-4">
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="min-w-0 break-words font-semibold text-slate-900">{subject.subject}</h3>
              <span className="shrink-0 text-sm text-slate-600">
                Average <ScoreValue score={subject.averageScore} />
              </span>
            </div>
            <div className="flex items-center gap-3">
              <ProgressBar value={subject.progress} label={`${subject.subject} progress`} />
              <span className="shrink-0 text-xs text-slate-600">{formatPercent(subject.progress, 0)} done</span>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Questions answered</dt>
                <dd className="font-semibold text-slate-900">
                  {subject.questionsAnswered}
                  <span className="font-normal text-slate-500"> / {subject.questionsAvailable}</span>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Correct answers</dt>
                <dd className="font-semibold text-slate-900">{subject.correctAnswers}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{ANALYTICS_TEXT.timeSpent}</dt>
                <dd className="font-semibold text-slate-900">{formatDuration(subject.timeSpentSeconds)}</dd>
              </div>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}

function PerformanceOverview({ courses }: { courses: CoursePerformance[] }) {
  if (courses.length === 0) return <NoCoursesYet />;
  return (
    <ul className="grid gap-4">
      {courses.map((course) => (
        <li key={course.courseId}>
          <div role="group" aria-label={course.title} className="grid gap-1.5">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 break-words font-medium text-slate-900">{course.title}</span>
              <ScoreValue score={course.averageScore} className="shrink-0 text-sm" />
            </div>
            <ProgressBar
              value={course.averageScore ?? 0}
              label={`${course.title} average score`}
              barClassName={scoreBarClass(course.averageScore)}
            />
            <p className="text-xs text-slate-600">
              {plural(course.questionsAnswered, 'question')} answered of {course.questionsAvailable} ·{' '}
              {plural(course.correctAnswers, 'correct answer')}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** §2 Simple Analytics (/analytics): the day's numbers, per subject and per course. Reads are never stale here. */
export function AnalyticsPage() {
  const queries = useAnalyticsQueries();
  const [refreshing, setRefreshing] = useState(false);
  const analytics = useMemo(() => (queries.data ? buildAnalytics(queries.data, new Date()) : null), [queries.data]);

  const refresh = async (which: 'all' | 'failed') => {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await (which === 'all' ? queries.refetchAll() : queries.retryFailed());
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Analytics" description="Your practice at a glance: today, by subject and by course.">
        <Button
          variant="outline"
          onClick={() => refresh('all')}
          aria-disabled={refreshing}
          aria-busy={refreshing}
          className={cn(refreshing && 'cursor-progress')}
        >
          <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
          {ANALYTICS_TEXT.refresh}
        </Button>
        <span role="status" className="sr-only">
          {refreshing ? 'Refreshing your analytics data...' : ''}
        </span>
      </PageHeader>

      {analytics ? (
        <div className="grid gap-6">
          {queries.staleError ? <StaleDataNotice onRetry={() => refresh('failed')} /> : null}
          <section aria-label="Summary" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <StatCard
              icon={FileQuestion}
              label="Total Questions"
              value={analytics.questionsAvailable}
              hint={ANALYTICS_TEXT.availableToPractice}
            />
            <StatCard
              icon={CheckCircle2}
              label="Answers Submitted"
              value={analytics.answersSubmitted}
              hint={`${analytics.markedAnswers} marked`}
            />
            <StatCard
              icon={CalendarCheck}
              label="Today's Progress"
              value={analytics.today.questionsAnswered}
              hint={`${analytics.today.questionsAnswered === 1 ? 'question' : 'questions'} answered today · ${formatDuration(analytics.today.timeSpentSeconds)}`}
            />
          </section>

          <Card>
            <CardHeader>
              <SectionTitle>Today's Activity</SectionTitle>
            </CardHeader>
            <CardContent className="flex items-center gap-3">
              <Activity
                aria-hidden
                className={cn('size-6 shrink-0', analytics.today.questionsAnswered > 0 ? 'text-green-600' : 'text-slate-400')}
              />
              <div>
                <p className="font-medium text-slate-900">
                  {analytics.today.questionsAnswered > 0 ? ANALYTICS_TEXT.practisedToday : ANALYTICS_TEXT.notPractisedToday}
                </p>
                {analytics.today.questionsAnswered > 0 ? (
                  <p className="text-sm text-slate-600">
                    {plural(analytics.today.questionsAnswered, 'question')} answered in {formatDuration(analytics.today.timeSpentSeconds)}{' '}
                    of study today.
                  </p>
                ) : null}
              </div>
            </CardContent>
          </Card>

          <div className="grid gap-6 lg:grid-cols-2">
            <Card className="min-w-0">
              <CardHeader>
                <SectionTitle>Subject Performance</SectionTitle>
                <CardDescription>Average score, how much of each subject you have covered, and the time it took.</CardDescription>
              </CardHeader>
              <CardContent>
                <SubjectPerformanceList subjects={analytics.subjects} />
              </CardContent>
            </Card>
            <Card className="min-w-0">
              <CardHeader>
                <SectionTitle>Performance Overview</SectionTitle>
                <CardDescription>Average score in each course.</CardDescription>
              </CardHeader>
              <CardContent>
                <PerformanceOverview courses={analytics.courses} />
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader>
              <SectionTitle>Recent Activity</SectionTitle>
            </CardHeader>
            <CardContent className="flex items-center gap-3">
              <History aria-hidden className="size-5 shrink-0 text-brand-600" />
              <p className="text-slate-700">
                {analytics.answersSubmitted > 0
                  ? recentActivityText(analytics.answersSubmitted, analytics.coursesAnswered)
                  : ANALYTICS_TEXT.noRecentActivity}
              </p>
            </CardContent>
          </Card>
        </div>
      ) : queries.error ? (
        <AnalyticsError error={queries.error} onRetry={() => refresh('failed')} retrying={refreshing} />
      ) : (
        <LoadingBlock text={ANALYTICS_TEXT.loading} />
      )}
    </div>
  );
}
