import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import type { DueQuestion } from '../../../../shared/review';
import { Badge } from '../../../components/ui/badge';
import { formatPercentAsGiven, formatShortDate } from '../../../lib/format';

/** The exam screen at this question: in its paper when it has one, else in its course. */
export function examHrefOf(q: Pick<DueQuestion, 'courseId' | 'paperId' | 'questionId'>): string {
  const course = `/courses/${encodeURIComponent(q.courseId)}`;
  const question = `/questions/${encodeURIComponent(q.questionId)}`;
  return q.paperId ? `${course}/papers/${encodeURIComponent(q.paperId)}${question}` : `${course}${question}`;
}

const RATING_TONE: Record<DueQuestion['lastRating'], string> = { Again: 'hard', Hard: 'medium', Good: 'brand', Easy: 'success' };

/** One question due for review: where it is from, its opening words, how it went last time, and a way in. */
export function DueQuestionCard({ question: q }: { question: DueQuestion }) {
  const score = Math.round(q.lastScore);
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{q.subject}</span>
        <span aria-hidden>·</span>
        <span>{q.courseTitle}</span>
        {q.topic ? <Badge tone="neutral">{q.topic}</Badge> : null}
        {q.overdue ? (
          <Badge tone="hard" className="normal-case">
            Overdue since {formatShortDate(q.due)}
          </Badge>
        ) : (
          <Badge tone="brand" className="normal-case">
            Due today
          </Badge>
        )}
      </div>
      <p className="mt-3 text-slate-900">{q.snippet}</p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          Last time: {formatPercentAsGiven(score)} of {q.totalMarks} {q.totalMarks === 1 ? 'mark' : 'marks'}, on{' '}
          {formatShortDate(q.lastReviewedAt)}
          <Badge tone={RATING_TONE[q.lastRating]}>{q.lastRating}</Badge>
        </p>
        <Link
          href={examHrefOf(q)}
          className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          Answer again <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </article>
  );
}
