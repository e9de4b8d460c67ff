import { CalendarCheck } from 'lucide-react';
import { Link } from 'wouter';
import { REVIEW_LIST_LIMIT, REVIEW_TEXT } from '../../../shared/review-text';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { serverMessageOf } from '../../lib/api-request';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useReviewDue } from './api/review-due';
import { DueQuestionCard } from './components/due-question-card';
import { ExamDateForm } from './components/exam-date-form';
import { ReviewCountsBar } from './components/review-counts';

/** /review: the questions due for review today, scheduled from past marks and before the exam date. */
export function ReviewPage() {
  useDocumentTitle(REVIEW_TEXT.title);
  const review = useReviewDue();

  let body;
  if (review.isPending) body = <LoadingBlock text="Loading your reviews..." />;
  else if (review.isError || !review.data)
    body = (
      <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-rose-900">
        <p>
          {REVIEW_TEXT.loadFailed}: {serverMessageOf(review.error, 'please try again later')}.
        </p>
        <Button className="mt-3" variant="outline" size="sm" onClick={() => void review.refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const { counts, questions } = review.data;
    body = (
      <div className="grid gap-6">
        <ReviewCountsBar counts={counts} />
        <ExamDateForm
          key={review.data.examDate ?? ''}
          examDate={review.data.examDate}
          daysUntilExam={review.data.daysUntilExam}
          today={review.data.today}
        />
        <section aria-labelledby="due-heading" className="grid gap-4">
          <h2 id="due-heading" className="text-lg font-semibold text-slate-900">
            Due today
          </h2>
          {questions.length === 0 ? (
            <EmptyState
              icon={CalendarCheck}
              title={REVIEW_TEXT.empty}
              action={
                <Link href="/" className="text-sm font-medium text-brand-700 underline underline-offset-4">
                  Practise a paper
                </Link>
              }
            >
              {counts.scheduled === 0
                ? 'Answer questions on any paper: each one you answer is scheduled for review from its marks.'
                : `${REVIEW_TEXT.emptyDetail} ${counts.upcomingWeek} ${counts.upcomingWeek === 1 ? 'question comes' : 'questions come'} back this week.`}
            </EmptyState>
          ) : (
            <>
              {counts.dueToday > questions.length ? (
                <p className="text-sm text-slate-600">
                  Showing the first {REVIEW_LIST_LIMIT} of {counts.dueToday}, the longest overdue first.
                </p>
              ) : null}
              <ul className="grid gap-4">
                {questions.map((q) => (
                  <li key={q.questionId}>
                    <DueQuestionCard question={q} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title={REVIEW_TEXT.title} description={REVIEW_TEXT.description} />
      {body}
    </div>
  );
}
