import { Award, GraduationCap } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/empty-state';
import { formatDuration, masteryLabel, plural, type SubjectPerformance, type TopicPerformance } from '../analytics-data';
import { ANALYTICS_TEXT } from '../analytics-text';
import { InlineEmpty } from './inline-empty';
import { ProgressBar } from './progress-bar';
import { ScoreValue, scoreBarClass } from './score-value';

/** §2 Overview: a compact subject mastery view, one bar per subject. */
export function SubjectMasterySummary({ subjects }: { subjects: SubjectPerformance[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Subject Mastery</CardTitle>
        <CardDescription>Average score of your marked answers in each subject.</CardDescription>
      </CardHeader>
      <CardContent>
        {subjects.length === 0 ? (
          <InlineEmpty icon={GraduationCap} title={ANALYTICS_TEXT.noSubjects}>
            Submit answers for marking to see how well you know each subject.
          </InlineEmpty>
        ) : (
          <ul className="grid gap-4" aria-label="Subject mastery">
            {subjects.map((subject) => (
              <li key={subject.subject} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 break-words font-medium text-slate-900">{subject.subject}</span>
                  <span className="shrink-0 text-sm">
                    <span className="mr-2 text-slate-500">{masteryLabel(subject.averageScore)}</span>
                    <ScoreValue score={subject.averageScore} />
                  </span>
                </div>
                <ProgressBar
                  value={subject.averageScore ?? 0}
                  label={`${subject.subject} mastery`}
                  barClassName={scoreBarClass(subject.averageScore)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The Mastery tab: each subject in detail, with its topics. */
export function SubjectMasteryDetail({ subjects, topics }: { subjects: SubjectPerformance[]; topics: TopicPerformance[] }) {
  if (subjects.length === 0) {
    return (
      <EmptyState icon={Award} title={ANALYTICS_TEXT.noSubjects}>
        Answer and submit questions in any course; each subject's mastery appears here once it has answers.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {subjects.map((subject) => {
        const subjectTopics = topics.filter((t) => t.subject.toLowerCase() === subject.subject.toLowerCase());
        return (
          <Card key={subject.subject} role="article" aria-label={`${subject.subject} mastery`} className="min-w-0">
            <CardHeader>
              <div className="flex items-start justify-between gap-3">
                <CardTitle className="min-w-0 break-words">{subject.subject}</CardTitle>
                <ScoreValue score={subject.averageScore} className="shrink-0 text-xl" />
              </div>
              <CardDescription>{masteryLabel(subject.averageScore)}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ProgressBar
                value={subject.averageScore ?? 0}
                label={`${subject.subject} average score`}
                barClassName={scoreBarClass(subject.averageScore)}
              />
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-500">Answered</dt>
                  <dd className="font-semibold text-slate-900">{subject.questionsAnswered}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Marked</dt>
                  <dd className="font-semibold text-slate-900">{subject.markedAnswers}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Correct</dt>
                  <dd className="font-semibold text-slate-900">{subject.correctAnswers}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Time</dt>
                  <dd className="font-semibold text-slate-900">{formatDuration(subject.timeSpentSeconds)}</dd>
                </div>
              </dl>
              <div>
                <h4 className="text-sm font-semibold text-slate-900">By topic</h4>
                <ul className="mt-2 grid gap-2">
                  {subjectTopics.map((topic) => (
                    <li key={topic.topic} className="flex items-center justify-between gap-3 text-sm">
                      <span className="min-w-0 break-words text-slate-700">
                        {topic.topic} <span className="text-xs text-slate-500">({plural(topic.questionsAnswered, 'answer')})</span>
                      </span>
                      <ScoreValue score={topic.averageScore} className="shrink-0" />
                    </li>
                  ))}
                </ul>
              </div>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
