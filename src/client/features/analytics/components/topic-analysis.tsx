import { ListChecks } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { plural, type TopicPerformance } from '../analytics-data';
import { ANALYTICS_TEXT } from '../analytics-text';
import { InlineEmpty } from './inline-empty';
import { ScoreValue } from './score-value';

/** §2 Overview: per topic, its subject, average score, questions answered and correct answers. */
export function TopicAnalysis({ topics }: { topics: TopicPerformance[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Topic Analysis</CardTitle>
        <CardDescription>{plural(topics.length, 'topic')} analysed</CardDescription>
      </CardHeader>
      <CardContent>
        {topics.length === 0 ? (
          <InlineEmpty icon={ListChecks} title={ANALYTICS_TEXT.noTopics}>
            {ANALYTICS_TEXT.noTopicsDetail}
          </InlineEmpty>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Topics">
            {topics.map((topic) => (
              <li key={`${topic.subject}/${topic.topic}`} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">{topic.topic}</p>
                  <p className="text-xs text-slate-500">{topic.subject}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {plural(topic.questionsAnswered, 'question')} answered · {plural(topic.correctAnswers, 'correct answer')}
                  </p>
                </div>
                <ScoreValue score={topic.averageScore} className="shrink-0 text-sm" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
