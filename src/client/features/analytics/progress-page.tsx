import { useMemo, useState } from 'react';
import { Clock, Flame, Target, TrendingUp } from 'lucide-react';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatDuration, plural } from './analytics-data';
import { buildAnalytics } from './analytics-model';
import { ANALYTICS_TEXT } from './analytics-text';
import { ActivityHeatmap } from './components/activity-heatmap';
import { AnalyticsError, StaleDataNotice } from './components/analytics-error';
import { CoursePerformanceCards } from './components/course-performance';
import { PredictionsPanel } from './components/predictions-panel';
import { ScoreValue } from './components/score-value';
import { StatCard } from './components/stat-card';
import { SubjectMasteryDetail, SubjectMasterySummary } from './components/subject-mastery';
import { TimeAnalysis } from './components/time-analysis';
import { TopicAnalysis } from './components/topic-analysis';
import { WeakPoints } from './components/weak-points';
import { useAnalyticsQueries } from './use-analytics-queries';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'heatmap', label: 'Heatmap' },
  { value: 'mastery', label: 'Mastery' },
  { value: 'predictions', label: 'Predictions' },
  { value: 'time', label: 'Time Analysis' },
];

/** §2 Advanced Analytics (/progress). Every number comes from buildAnalytics; this page only lays it out. */
export function ProgressPage() {
  const queries = useAnalyticsQueries();
  const [tab, setTab] = useState('overview');
  const [retrying, setRetrying] = useState(false);
  const analytics = useMemo(() => (queries.data ? buildAnalytics(queries.data, new Date()) : null), [queries.data]);

  const retry = async () => {
    if (retrying) return;
    setRetrying(true);
    try {
      await queries.retryFailed();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader
        title="Advanced Analytics"
        description="Your activity, mastery, predictions and study time, from every answer you have submitted."
      />
      {analytics ? (
        <>
          {queries.staleError ? <StaleDataNotice onRetry={retry} /> : null}
          <section aria-label="Summary" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              icon={Target}
              label="Questions answered"
              value={analytics.answersSubmitted}
              hint={`${analytics.markedAnswers} marked`}
            />
            <StatCard
              icon={TrendingUp}
              label="Average score"
              value={analytics.averageScore === null ? '–' : <ScoreValue score={analytics.averageScore} />}
              hint={analytics.averageScore === null ? 'Nothing marked yet' : 'Across your marked answers'}
            />
            <StatCard icon={Clock} label="Study time" value={formatDuration(analytics.time.totalSeconds)} hint="Active time on questions" />
            <StatCard
              icon={Flame}
              label="Current streak"
              value={plural(analytics.streaks.current, 'day')}
              hint={`Longest: ${plural(analytics.streaks.longest, 'day')}`}
            />
          </section>

          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Analytics views" className="flex h-auto w-full flex-wrap justify-start gap-1 sm:inline-flex sm:w-auto">
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>

            <TabsContent value="overview" className="grid gap-6">
              <h2 className="sr-only">Overview</h2>
              <div className="grid gap-6 lg:grid-cols-2">
                <TopicAnalysis topics={analytics.topics} />
                <SubjectMasterySummary subjects={analytics.subjects} />
              </div>
              <section aria-labelledby="course-performance-heading" className="min-w-0">
                <h3 id="course-performance-heading" className="mb-3 text-lg font-semibold text-slate-900">
                  Course Performance
                </h3>
                <CoursePerformanceCards courses={analytics.courses} />
              </section>
            </TabsContent>

            <TabsContent value="heatmap">
              <h2 className="sr-only">Heatmap</h2>
              <ActivityHeatmap cells={analytics.heatmap} streaks={analytics.streaks} />
            </TabsContent>

            <TabsContent value="mastery">
              <h2 className="sr-only">Mastery</h2>
              <div className="grid gap-6">
                <WeakPoints />
                <SubjectMasteryDetail subjects={analytics.subjects} topics={analytics.topics} />
              </div>
            </TabsContent>

            <TabsContent value="predictions">
              <h2 className="sr-only">Predictions</h2>
              <PredictionsPanel predictions={analytics.predictions} />
            </TabsContent>

            <TabsContent value="time">
              <h2 className="sr-only">Time Analysis</h2>
              <TimeAnalysis
                time={analytics.time}
                trend={analytics.trend}
                bySubject={analytics.timeBySubject}
                sessionTypes={analytics.sessionTypes}
                subjects={analytics.subjects}
              />
            </TabsContent>
          </Tabs>
        </>
      ) : queries.error ? (
        <AnalyticsError error={queries.error} onRetry={retry} retrying={retrying} />
      ) : (
        <LoadingBlock text={ANALYTICS_TEXT.loading} />
      )}
    </div>
  );
}
