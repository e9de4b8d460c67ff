import { forwardRef, useState } from 'react';
import { AlertTriangle, ClipboardCheck, Loader2, RotateCcw } from 'lucide-react';
import type { GradingResult } from '../../../../shared/teacher';
import { EmptyState } from '../../../components/empty-state';
import { GradingBreakdownList } from '../../../components/grading-breakdown-list';
import { RichHtml } from '../../../components/rich-html';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { serverMessageOf } from '../../../lib/api-request';
import { useRemarkResult } from '../api/remark-result';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { percentOf } from '../grading-values';
import { AttachToStudent } from './attach-to-student';
import { formatPercentAsGiven } from '../../../lib/format';

function marksLabel(n: number): string {
  return n === 1 ? 'mark' : 'marks';
}

/** What went wrong, in the panel itself: what failed and what to do next. */
export interface GradingProblem {
  message: string;
  next: string;
  /** No scheme was found offline: the question as read, to type its scheme against. */
  needsScheme?: { questionText: string };
}

function ProblemBody({
  problem,
  onTypeScheme,
  onPickQuestion,
}: {
  problem: GradingProblem;
  onTypeScheme: (questionText: string) => void;
  onPickQuestion: () => void;
}) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-red-800">
        <AlertTriangle aria-hidden className="size-4" /> The answer was not graded
      </p>
      <p className="break-words text-red-900">{problem.message}</p>
      <p className="text-slate-700">
        <span className="font-medium">What to do next:</span> {problem.next}
      </p>
      {problem.needsScheme ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={() => onTypeScheme(problem.needsScheme?.questionText ?? '')}>
            Type the mark scheme
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onPickQuestion}>
            Pick the question
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The transcript beside the photo, editable; "Mark again" marks the corrected text against the same scheme. */
function TranscriptEditor({
  result,
  image,
  onUpdated,
}: {
  result: GradingResult;
  image: string | null;
  onUpdated: (r: GradingResult) => void;
}) {
  const [text, setText] = useState(result.answerText ?? '');
  const remark = useRemarkResult();
  const changed = text.trim() !== (result.answerText ?? '').trim();
  return (
    <section aria-labelledby="transcript-heading" className="grid gap-2">
      <h3 id="transcript-heading" className="text-sm font-semibold text-slate-900">
        Transcript of the answer {result.transcriptCorrected ? <Badge tone="medium">corrected</Badge> : null}
      </h3>
      <div className={image ? 'grid gap-3 sm:grid-cols-2' : 'grid'}>
        {image ? (
          <img
            src={image}
            alt="The answer sheet as photographed"
            className="max-h-96 w-full rounded-lg border border-slate-200 object-contain"
          />
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`transcript-${result.id}`} className="text-xs text-slate-600">
            Correct what the reader got wrong, then mark again.
          </Label>
          <textarea
            id={`transcript-${result.id}`}
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          />
          {result.canRemark ? (
            <Button
              type="button"
              variant="outline"
              disabled={!changed || !text.trim() || remark.isPending}
              onClick={() => remark.mutate({ id: result.id, answerText: text }, { onSuccess: onUpdated })}
            >
              {remark.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <RotateCcw aria-hidden />}
              {remark.isPending ? 'Marking again...' : 'Mark again'}
            </Button>
          ) : (
            <p className="text-xs text-slate-500">
              This result has no stored mark scheme; grade the sheet again choosing a scheme to re-mark it.
            </p>
          )}
          {remark.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {serverMessageOf(remark.error, 'The answer could not be marked again. Please try again.')}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ResultBody({ result, image, onUpdated }: { result: GradingResult; image: string | null; onUpdated: (r: GradingResult) => void }) {
  const pct = percentOf(result.marksAwarded, result.totalMarks);
  const readText = result.questionText;
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
          {formatPercentAsGiven(pct)}
        </Badge>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Score"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={formatPercentAsGiven(pct)}
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
      </div>

      <AttachToStudent key={result.id} result={result} onUpdated={onUpdated} />

      <section aria-labelledby="grading-breakdown">
        <h3 id="grading-breakdown" className="mb-2 text-sm font-semibold text-slate-900">
          Detailed Breakdown
        </h3>
        <GradingBreakdownList sections={result.detailedBreakdown} emptyText="No breakdown by section was given for this answer." />
      </section>

      <section aria-labelledby="grading-feedback">
        <h3 id="grading-feedback" className="mb-2 text-sm font-semibold text-slate-900">
          AI Feedback
        </h3>
        <RichHtml html={result.feedback} className="break-words text-sm text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_p]:my-2" />
      </section>

      <TranscriptEditor key={`${result.id}-${result.answerText ?? ''}`} result={result} image={image} onUpdated={onUpdated} />

      {readText ? (
        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">What was read from the question paper</summary>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">{readText}</p>
        </details>
      ) : null}

      {result.schemeSource ? <p className="text-xs text-slate-500">Marked against {result.schemeSource}</p> : null}
      {result.gradedBy ? <p className="text-xs text-slate-500">Marked by {result.gradedBy}</p> : null}
    </div>
  );
}

/** §2 Results panel: marks, percentage bar, breakdown per section and feedback; 'No Results Yet' before any result. */
export interface GradingResultPanelProps {
  result: GradingResult | null;
  pending: boolean;
  problem?: GradingProblem | null;
  /** The answer photo of the result just graded, shown beside its transcript. */
  image?: string | null;
  onUpdated?: (result: GradingResult) => void;
  onTypeScheme?: (questionText: string) => void;
  onPickQuestion?: () => void;
}

export const GradingResultPanel = forwardRef<HTMLSpanElement, GradingResultPanelProps>(function GradingResultPanel(
  { result, pending, problem = null, image = null, onUpdated = () => {}, onTypeScheme = () => {}, onPickQuestion = () => {} },
  headingRef,
) {
  let body;
  if (pending) {
    body = (
      <div role="status" className="flex flex-col items-center gap-2 py-10 text-center text-slate-600">
        <Loader2 aria-hidden className="size-8 animate-spin text-brand-600" />
        <p>Reading both sheets and grading the answer...</p>
        <p className="text-xs text-slate-500">This can take up to a minute for a full page of handwriting.</p>
      </div>
    );
  } else if (problem) {
    body = <ProblemBody problem={problem} onTypeScheme={onTypeScheme} onPickQuestion={onPickQuestion} />;
  } else if (!result) {
    body = (
      <EmptyState icon={ClipboardCheck} title="No Results Yet">
        Upload both images and press Grade Answer with AI to see the marks and feedback here.
      </EmptyState>
    );
  } else {
    body = <ResultBody result={result} image={image} onUpdated={onUpdated} />;
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
});
