import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { ASSIGNMENT_TEXT } from '../../../shared/assignment-text';
import { ATTEMPT_TEXT } from '../../../shared/attempts-text';
import { PRACTICE_TEXT } from '../../../shared/practice-text';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { formatMarks } from '../../components/paper-progress';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { isApiError, serverMessageOf } from '../../lib/api-request';
import { withheldWords } from '../../lib/assignment-words';
import { formatElapsed, formatPercentAsGiven, formatShortDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useResults } from './api/results';
import { useRetryPaper } from './api/retry';
import { QuestionResultCard } from './components/question-result-card';

/** Question cards drawn with the page; the others follow a few at a time in background renders once it is on screen. */
const FIRST_CARDS = 2;
const MORE_CARDS = 3;

/** A paper's results (issue 13): total and percentage, each question's marks and feedback, time, and Retry. */
export function ResultsPage() {
  const params = useParams<{ courseId?: string; paperId: string }>();
  const [, navigate] = useLocation();
  const results = useResults(params.paperId);
  const retry = useRetryPaper(params.paperId);
  useDocumentTitle('Results');
  // Drawn first in a background render, in slices, not in one long task as the reply arrives (exam-page.tsx).
  const shown = useDeferredValue(!results.isPending, false);
  // Each card's feedback is a good deal of markup: all of them at once made one long task on a phone.
  const [cardCount, setCardCount] = useState(FIRST_CARDS);
  const questionCount = results.data?.questions.length ?? 0;
  useEffect(() => {
    if (!shown || cardCount >= questionCount) return;
    const timer = window.setTimeout(() => startTransition(() => setCardCount((count) => count + MORE_CARDS)), 0);
    return () => window.clearTimeout(timer);
  }, [shown, cardCount, questionCount]);

  if (results.isPending || !shown) return <LoadingBlock text="Loading your results..." />;
  if (results.isError) {
    if (isApiError(results.error) && results.error.status === 404) {
      return <NotFoundCard title={PRACTICE_TEXT.paperNotFound} detail={PRACTICE_TEXT.paperNotFoundDetail} />;
    }
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">{serverMessageOf(results.error, 'Your results could not be loaded. Please try again.')}</p>
        <Button className="mt-6" onClick={() => void results.refetch()} disabled={results.isFetching}>
          {results.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  }
  const data = results.data;
  const courseId = params.courseId ?? data.paper.courseId;
  const paperHref = `/courses/${courseId}/papers/${data.paper.id}`;
  const continueHref = data.paper.progress?.nextQuestionId ? `${paperHref}/questions/${data.paper.progress.nextQuestionId}` : paperHref;
  // an assigned paper whose marks the teacher has not released: no totals, no percentage (issue 30)
  const withheld = Boolean(data.withheld);
  const assignment = data.paper.assignment;
  const withheldText = assignment ? withheldWords(assignment.feedback, assignment.dueAt) : ASSIGNMENT_TEXT.withheld;

  const onRetry = () =>
    retry.mutate(undefined, {
      onSuccess: ({ paper }) => navigate(`/courses/${courseId}/papers/${paper.id}`),
      onError: (error) =>
        toast({ title: 'Could not start a retry', description: serverMessageOf(error, 'Please try again later'), variant: 'destructive' }),
    });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link href={paperHref} className="mb-4 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" /> Back to the paper
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Results: {data.paper.title}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {data.finished && data.finishedAt ? `Finished ${formatShortDate(data.finishedAt)}` : ATTEMPT_TEXT.notFinished}
      </p>

      <Card className="mt-6">
        <CardContent className="grid grid-cols-2 gap-4 pt-5 sm:grid-cols-4">
          {withheld ? (
            <p className="col-span-2 font-semibold text-slate-900" data-testid="results-withheld">
              {withheldText}
            </p>
          ) : (
            <>
              <div>
                <p className="text-sm text-slate-600">Score</p>
                <p className="text-2xl font-bold text-slate-900" data-testid="results-total">
                  {formatMarks(data.marksAwarded)} / {formatMarks(data.totalMarks)}
                </p>
              </div>
              <div>
                <p className="text-sm text-slate-600">Percentage</p>
                <p className="text-2xl font-bold text-slate-900" data-testid="results-percentage">
                  {formatPercentAsGiven(data.percentage)}
                </p>
              </div>
            </>
          )}
          <div>
            <p className="text-sm text-slate-600">Answered</p>
            <p className="text-2xl font-bold text-slate-900">
              {data.answered} of {data.questionCount}
            </p>
          </div>
          <div>
            <p className="text-sm text-slate-600">Time</p>
            <p className="font-mono text-2xl font-bold text-slate-900">{formatElapsed(data.elapsedSeconds)}</p>
          </div>
          <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-4">
            {data.finished ? (
              data.retryPaperId ? (
                <Button asChild>
                  <Link href={`/courses/${courseId}/papers/${data.retryPaperId}`}>
                    <RotateCcw aria-hidden /> Open your retry
                  </Link>
                </Button>
              ) : (
                <Button onClick={onRetry} disabled={retry.isPending}>
                  <RotateCcw aria-hidden /> {retry.isPending ? ATTEMPT_TEXT.retrying : ATTEMPT_TEXT.retry}
                </Button>
              )
            ) : (
              <Button asChild>
                <Link href={continueHref}>Continue</Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <Link href={`/courses/${courseId}`}>Back to the course</Link>
            </Button>
          </div>
          {data.finished && !data.retryPaperId ? (
            <p className="col-span-2 text-xs text-slate-500 sm:col-span-4">
              Retry gives you a fresh paper on the same topic; calculations get new values.
            </p>
          ) : null}
        </CardContent>
      </Card>

      <div className="mt-6 grid gap-4">
        {data.questions.length === 0 ? (
          <p className="text-slate-600">No questions available for this paper.</p>
        ) : (
          data.questions.slice(0, cardCount).map((r) => <QuestionResultCard key={r.question.id} result={r} withheld={withheld} />)
        )}
      </div>
    </div>
  );
}
