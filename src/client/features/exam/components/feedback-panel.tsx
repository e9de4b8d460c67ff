import { useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, CheckCircle2, CircleSlash, Flag, Layers, Loader2, XCircle } from 'lucide-react';
import type { StoredFeedback } from '../../../../shared/practice';
import { RichHtml } from '../../../components/rich-html';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useDisagree } from '../api/disagree';
import { useMarkScheme } from '../api/mark-scheme';
import { groupCaps, levelHeading, marksWord, pointMarks, type SchemePointInfo } from '../feedback-marks';

const EVALUATION_ISSUE = /API response format issues|Unable to evaluate/;

function StatusIcon({ status }: { status: string }) {
  if (status === 'COVERED') return <CheckCircle2 aria-label="Covered" className="size-5 shrink-0 text-emerald-600" />;
  if (status === 'CONTRADICTED') return <XCircle aria-label="Contradicted" className="size-5 shrink-0 text-rose-600" />;
  return <CircleSlash aria-label="Not covered" className="size-5 shrink-0 text-slate-400" />;
}

function statusLabel(status: string): string {
  return status === 'COVERED' ? 'Covered' : status === 'CONTRADICTED' ? 'Contradicted' : 'Not covered';
}

function DisagreeForm({ questionId, pointId, onDone }: { questionId: string; pointId: string; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const disagree = useDisagree(questionId);
  return (
    <form
      className="mt-2 grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        disagree.mutate(
          { pointId, reason: reason.trim() },
          {
            onSuccess: () => {
              toast({ title: 'Noted', description: 'Your dispute is saved: follow it on the Disputes page.' });
              onDone();
            },
            onError: (error) =>
              toast({ title: 'Could not save', description: serverMessageOf(error, 'Please try again later'), variant: 'destructive' }),
          },
        );
      }}
    >
      <label htmlFor={`why-${pointId}`} className="text-xs font-medium text-slate-600">
        Why do you think this point was marked wrongly?
      </label>
      <textarea
        id={`why-${pointId}`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={1000}
        rows={2}
        className="rounded-md border border-slate-300 p-2 text-sm"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={disagree.isPending}>
          {disagree.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function FeedbackPanel(props: {
  questionId: string;
  feedback: StoredFeedback | null | undefined;
  loading: boolean;
  submitting: boolean;
}) {
  const [disputing, setDisputing] = useState<string | null>(null);
  const { feedback } = props;
  // GET /api/questions/{id}/markscheme: what each point is worth (and its kind and group, where the server says),
  // the fallback for feedback stored before the marker sent its own figures
  const scheme = useMarkScheme(props.questionId, Boolean(feedback));
  const schemePoints = scheme.data as SchemePointInfo[] | undefined;
  const schemeOf = (pointId: string) => schemePoints?.find((p) => p.id === pointId);

  let body;
  if (props.submitting || props.loading) {
    body = (
      <div role="status" className="flex flex-col items-center gap-2 py-8 text-center text-slate-600">
        <Loader2 aria-hidden className="size-8 animate-spin text-brand-600" />
        <p>{props.submitting ? 'Marking your answer against the mark scheme...' : 'Loading feedback...'}</p>
        <p className="text-xs text-slate-500">This usually takes 5-10 seconds.</p>
      </div>
    );
  } else if (!feedback) {
    body = <p className="py-6 text-center text-slate-600">Submit your answer to receive AI feedback.</p>;
  } else {
    const issue = feedback.markscheme_evaluation.some((p) => EVALUATION_ISSUE.test(p.justification));
    const pct = feedback.total_marks > 0 ? Math.round((100 * feedback.marks_awarded) / feedback.total_marks) : 0;
    body = (
      <div className="grid gap-4">
        {issue ? (
          <div role="alert" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle aria-hidden className="size-5 shrink-0" />
            We encountered an issue evaluating your answer. Please try again or contact support if the problem persists.
          </div>
        ) : null}
        <div className="flex items-end justify-between gap-3">
          <p className="text-3xl font-bold text-slate-900" aria-label={`${feedback.marks_awarded} out of ${feedback.total_marks} marks`}>
            {feedback.marks_awarded}
            <span className="text-lg font-medium text-slate-500"> / {feedback.total_marks} marks</span>
          </p>
          <Badge tone={pct >= 80 ? 'success' : pct >= 40 ? 'medium' : 'hard'}>{pct}%</Badge>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
        </div>
        <RichHtml html={feedback.qualitative_feedback} className="text-sm text-slate-700" />
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Mark scheme, point by point</h3>
          {issue ? (
            <p className="text-sm text-slate-600">
              There was an issue retrieving the detailed evaluation for your answer. Our system is using a simplified evaluation method at
              the moment.
            </p>
          ) : (
            <>
              {feedback.level ? (
                <div className="mb-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm" data-testid="level-reached">
                  <p className="flex items-center gap-2 font-semibold text-slate-900">
                    <Layers aria-hidden className="size-4 text-brand-700" /> {levelHeading(feedback.level)}
                  </p>
                  <p className="mt-1 text-slate-700">{feedback.level.descriptor}</p>
                  <p className="mt-1 text-xs text-slate-500">Marked by levels: the points below are the indicative content.</p>
                </div>
              ) : null}
              <ol className="grid gap-2">
                {feedback.markscheme_evaluation.map((point, index) => {
                  const disagreement = feedback.disagreements.find((d) => d.point_id === point.point_id);
                  const marks = pointMarks(point, schemeOf(point.point_id));
                  return (
                    <li key={point.point_id} className="rounded-lg border border-slate-200 p-3" data-status={point.status}>
                      <div className="flex gap-2">
                        <StatusIcon status={point.status} />
                        <div className="min-w-0 flex-1">
                          <p className="text-sm font-medium text-slate-900">
                            <span className="sr-only">{statusLabel(point.status)}: </span>
                            <span className="mr-1.5 text-xs font-normal text-slate-500">{index + 1}.</span>
                            {marks.label && !feedback.level ? (
                              <span
                                className="mr-1.5 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700"
                                title="Mark type"
                              >
                                {marks.label}
                              </span>
                            ) : null}
                            {point.text}
                            {feedback.level ? null : (
                              <span className="ml-2 whitespace-nowrap text-xs font-normal text-slate-500">
                                {marks.awarded}/{marks.max} {marksWord(marks.max)}
                              </span>
                            )}
                          </p>
                          {marks.note && !feedback.level ? <p className="mt-1 text-xs font-medium text-brand-700">{marks.note}</p> : null}
                          <p className="mt-1 text-xs text-slate-600">{point.justification}</p>
                          {disagreement ? (
                            <p className="mt-2 flex flex-wrap items-start gap-1 text-xs text-amber-800">
                              <Flag aria-hidden className="mt-0.5 size-3.5" /> You disagreed
                              {disagreement.reason ? `: ${disagreement.reason}` : ''}
                              <Link href="/disputes" className="ml-1 font-medium text-brand-700 underline">
                                See your disputes
                              </Link>
                            </p>
                          ) : disputing === point.point_id ? (
                            <DisagreeForm questionId={props.questionId} pointId={point.point_id} onDone={() => setDisputing(null)} />
                          ) : (
                            <button
                              type="button"
                              className="mt-1 text-xs font-medium text-brand-700 hover:underline"
                              onClick={() => setDisputing(point.point_id)}
                            >
                              I disagree
                            </button>
                          )}
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ol>
              {feedback.level
                ? null
                : groupCaps(feedback.markscheme_evaluation, schemePoints).map((cap) => (
                    <p key={cap.points.join()} className="mt-2 text-xs text-slate-600" data-testid="group-cap">
                      Max {cap.max} {marksWord(cap.max)} from points{' '}
                      {cap.points.map((id) => feedback.markscheme_evaluation.findIndex((p) => p.point_id === id) + 1).join(', ')}:{' '}
                      {cap.counted} counted
                    </p>
                  ))}
              <p className="mt-3 border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900" data-testid="feedback-total">
                Total: {feedback.marks_awarded} / {feedback.total_marks} {marksWord(feedback.total_marks)}
              </p>
            </>
          )}
        </div>
        {feedback.marked_by ? <p className="text-xs text-slate-500">Marked by {feedback.marked_by}</p> : null}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>AI Feedback</CardTitle>
      </CardHeader>
      <CardContent aria-live="polite">{body}</CardContent>
    </Card>
  );
}
