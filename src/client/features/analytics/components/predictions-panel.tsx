import { Minus, Sparkles, TrendingDown, TrendingUp } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/empty-state';
import { formatDecimal, formatNumber, formatPercentAsGiven } from '../../../lib/format';
import { plural } from '../analytics-data';
import { ANALYTICS_TEXT } from '../analytics-text';
import { GRADE_BOUNDARIES_NOTE, PREDICTION_TARGET, PREDICTION_WINDOW } from '../../../../shared/prediction-model';
import { MIN_MARKED_FOR_PREDICTION, confidenceBand, readinessBand, type PredictedSubject, type SubjectPrediction } from '../predictions';
import { ProgressBar } from './progress-bar';
import { scoreBarClass } from './score-value';

const READINESS_TONE = { Ready: 'success', 'Almost Ready': 'medium', 'Needs Work': 'hard' } as const;

function TrendLine({ prediction }: { prediction: PredictedSubject }) {
  const Icon = prediction.trend === 'rising' ? TrendingUp : prediction.trend === 'falling' ? TrendingDown : Minus;
  const moved = `${prediction.trendPoints >= 0 ? '+' : ''}${formatDecimal(prediction.trendPoints, 1)} points on the prediction`;
  const word = prediction.trend === 'rising' ? 'Rising' : prediction.trend === 'falling' ? 'Falling' : 'Steady';
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <Icon aria-hidden className="size-4 text-brand-600" />
      {word} ({moved})
    </p>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function PredictionCard({ prediction }: { prediction: PredictedSubject }) {
  const readiness = readinessBand(prediction.readinessScore);
  return (
    <Card role="article" aria-label={`${prediction.subject} prediction`} className="min-w-0">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="min-w-0 break-words">{prediction.subject}</CardTitle>
          <Badge tone={READINESS_TONE[readiness]} className="shrink-0 normal-case">
            {readiness}
          </Badge>
        </div>
        <CardDescription>From your last {plural(Math.min(prediction.markedAnswers, PREDICTION_WINDOW), 'marked answer')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <p className="text-sm text-slate-600">Predicted score</p>
          <p className="text-3xl font-bold text-slate-900">{prediction.predictedScore}%</p>
          <p className="text-sm font-medium text-slate-700">
            {formatNumber(prediction.low)}-{formatPercentAsGiven(prediction.high)}, grade {prediction.grades}
          </p>
          <TrendLine prediction={prediction} />
        </div>
        <ProgressBar
          value={prediction.predictedScore}
          label={`${prediction.subject} predicted score`}
          barClassName={scoreBarClass(prediction.predictedScore)}
        />
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <Figure label="Current performance" value={formatPercentAsGiven(prediction.currentPerformance)} />
          <Figure
            label="Confidence"
            value={`${formatPercentAsGiven(prediction.confidenceLevel)} (${confidenceBand(prediction.confidenceLevel)})`}
          />
          <Figure label="Readiness" value={formatPercentAsGiven(prediction.readinessScore)} />
          <Figure
            label={`To reach ${formatPercentAsGiven(PREDICTION_TARGET)}`}
            value={prediction.improvementNeeded > 0 ? `+${prediction.improvementNeeded} points` : 'On target'}
          />
          <Figure
            label="Recommended study"
            value={
              prediction.recommendedStudyTime === null
                ? plural(prediction.answersToTarget, 'more answer')
                : `${prediction.recommendedStudyTime} hours (${plural(prediction.answersToTarget, 'answer')})`
            }
          />
        </dl>
        {prediction.weakTopics.length > 0 ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium">Work on:</span> {prediction.weakTopics.join(', ')}
          </p>
        ) : null}
        {prediction.strongTopics.length > 0 ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium">Strong in:</span> {prediction.strongTopics.join(', ')}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** §2 Predictions: per subject, computed from the student's own marked answers (see predictions.ts). */
export function PredictionsPanel({ predictions }: { predictions: SubjectPrediction[] }) {
  if (predictions.length === 0) {
    return (
      <EmptyState icon={Sparkles} title={ANALYTICS_TEXT.noPredictions}>
        A subject gets a prediction once it has {MIN_MARKED_FOR_PREDICTION} marked answers.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">
        Each prediction starts from the average of your last {PREDICTION_WINDOW} marked answers in the subject, moves at most 10 points with
        your trend, and leans toward your overall average while a subject has few answers. The range is where your true average most likely
        lies; it narrows as you answer more. {GRADE_BOUNDARIES_NOTE}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {predictions.map((prediction) =>
          prediction.status === 'predicted' ? (
            <PredictionCard key={prediction.subject} prediction={prediction} />
          ) : (
            <Card key={prediction.subject} role="article" aria-label={`${prediction.subject} prediction`} className="min-w-0">
              <CardHeader>
                <CardTitle className="break-words">{prediction.subject}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="font-medium text-slate-900">{prediction.message}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {prediction.needed} more marked {prediction.needed === 1 ? 'answer' : 'answers'} and a prediction appears here.
                </p>
              </CardContent>
            </Card>
          ),
        )}
      </div>
    </div>
  );
}
