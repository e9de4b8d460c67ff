import { forwardRef } from 'react';
import { ClipboardCheck, Loader2 } from 'lucide-react';
import type { GradingResult } from '../../../../shared/teacher';
import { EmptyState } from '../../../components/empty-state';
import { RichHtml } from '../../../components/rich-html';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { percentOf } from '../grading-values';

function marksLabel(n: number): string {
  return n === 1 ? 'mark' : 'marks';
}

function ResultBody({ result }: { result: GradingResult }) {
  const pct = percentOf(result.marksAwarded, result.totalMarks);
  const readText = result.questionText || result.answerText;
  return (
    <div className="grid gap-5">
      <div className="flex items-end justify-between gap-3">
        <p className="text-3xl font-bold text-slate-900" aria-label={`${result.marksAwarded} out of ${result.totalMarks} marks`}>
          {result.marksAwarded}
          <span className="text-lg font-medium text-slate-500">
            {' '}
            / {result.totalMarks} {marksLabel(result.totalMarks)}
          </span>
        </p>
        <Badge tone={pct >= 80 ? 'success' : pct >= 40 ? 'medium' : 'hard'} className="text-sm">
          {pct}%
        </Badge>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Score"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${pct}%`}
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
      </div>

      <section aria-labelledby="grading-breakdown">
        <h3 id="grading-breakdown" className="mb-2 text-sm font-semibold text-slate-900">
          Detailed Breakdown
        </h3>
        {result.detailedBreakdown.length === 0 ? (
          <p className="text-sm text-slate-600">No breakdown by section was given for this answer.</p>
        ) : (
          <ul className="grid gap-2">
            {result.detailedBreakdown.map((section, i) => (
              <li key={`${i}-${section.section}`} className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="min-w-0 flex-1 break-words text-sm font-medium text-slate-900">{section.section}</p>
                  <p
                    className="shrink-0 whitespace-nowrap text-sm font-semibold text-slate-700"
                    aria-label={`${section.marksAwarded} out of ${section.maxMarks} ${marksLabel(section.maxMarks)}`}
                  >
                    {section.marksAwarded}/{section.maxMarks}
                  </p>
                </div>
                <RichHtml html={section.comments} className="mt-1 break-words text-sm text-slate-600 [&_p]:my-1" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="grading-feedback">
        <h3 id="grading-feedback" className="mb-2 text-sm font-semibold text-slate-900">
          AI Feedback
        </h3>
        <RichHtml html={result.feedback} className="break-words text-sm text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_p]:my-2" />
      </section>

      {readText ? (
        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">What was read from the images</summary>
          {result.questionText ? (
            <>
              <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Question paper</p>
              <p className="whitespace-pre-wrap break-words text-slate-700">{result.questionText}</p>
            </>
          ) : null}
          {result.answerText ? (
            <>
              <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Answer sheet</p>
              <p className="whitespace-pre-wrap break-words text-slate-700">{result.answerText}</p>
            </>
          ) : null}
        </details>
      ) : null}

      {result.gradedBy ? <p className="text-xs text-slate-500">Marked by {result.gradedBy}</p> : null}
    </div>
  );
}

/** §2 Results panel: marks, percentage bar, breakdown per section and feedback; 'No Results Yet' before any result. */
export const GradingResultPanel = forwardRef<HTMLSpanElement, { result: GradingResult | null; pending: boolean }>(
  function GradingResultPanel({ result, pending }, headingRef) {
    let body;
    if (pending) {
      body = (
        <div role="status" className="flex flex-col items-center gap-2 py-10 text-center text-slate-600">
          <Loader2 aria-hidden className="size-8 animate-spin text-brand-600" />
          <p>Reading both sheets and grading the answer...</p>
          <p className="text-xs text-slate-500">This can take up to a minute for a full page of handwriting.</p>
        </div>
      );
    } else if (!result) {
      body = (
        <EmptyState icon={ClipboardCheck} title="No Results Yet">
          Upload both images and press Grade Answer with AI to see the marks and feedback here.
        </EmptyState>
      );
    } else {
      body = <ResultBody result={result} />;
    }
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <span ref={headingRef} tabIndex={-1} className="outline-none">
              Grading Results
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent aria-live="polite">{body}</CardContent>
      </Card>
    );
  },
);
