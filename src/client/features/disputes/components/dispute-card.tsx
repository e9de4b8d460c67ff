import { useState } from 'react';
import { Link } from 'wouter';
import { Check, X } from 'lucide-react';
import type { Dispute } from '../../../../shared/disputes';
import { RichHtml } from '../../../components/rich-html';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { formatShortDate } from '../../../lib/format';
import { useResolveDispute } from '../api/resolve-dispute';

const STATUS = {
  open: { label: 'Open', tone: 'medium' },
  accepted: { label: 'Accepted', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'hard' },
} as const;

const marks = (n: number | null, total: number) => (n === null ? null : `${n}/${total}`);

function questionHref(d: Dispute): string {
  return d.paperId
    ? `/courses/${d.courseId}/papers/${d.paperId}/questions/${d.questionId}`
    : `/courses/${d.courseId}/questions/${d.questionId}`;
}

/** Accept or reject, with a comment and (for accepting) the wording to accept. */
function ResolveForm({ dispute }: { dispute: Dispute }) {
  const [comment, setComment] = useState('');
  const [wording, setWording] = useState('');
  const resolve = useResolveDispute();
  const send = (accept: boolean) =>
    resolve.mutate(
      { id: dispute.id, accept, comment: comment.trim() || undefined, wording: accept ? wording.trim() || undefined : undefined },
      {
        onSuccess: (d) =>
          toast({
            title: accept ? 'Dispute accepted' : 'Dispute rejected',
            description: accept ? `The answer was marked again: ${marks(d.marksAfter, d.totalMarks)} marks.` : 'Your comment is saved.',
          }),
        onError: (error) =>
          toast({ title: 'Could not resolve', description: serverMessageOf(error, 'Please try again later'), variant: 'destructive' }),
      },
    );
  const id = dispute.id;
  return (
    <form className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3" onSubmit={(e) => e.preventDefault()}>
      <p className="text-xs text-slate-600">
        You own this question, so you can settle the dispute. Accepting adds the wording to this point&apos;s accepted answers and marks the
        answer again.
      </p>
      <div className="grid gap-1">
        <label htmlFor={`wording-${id}`} className="text-xs font-medium text-slate-700">
          Wording to accept (optional)
        </label>
        <input
          id={`wording-${id}`}
          value={wording}
          onChange={(e) => setWording(e.target.value)}
          maxLength={500}
          placeholder="Empty: the answer's sentence closest to the point"
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`comment-${id}`} className="text-xs font-medium text-slate-700">
          Comment (optional)
        </label>
        <textarea
          id={`comment-${id}`}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={1000}
          rows={2}
          className="rounded-md border border-slate-300 bg-white p-2 text-sm"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={resolve.isPending} onClick={() => send(true)}>
          <Check aria-hidden /> {resolve.isPending && resolve.variables?.accept ? 'Marking again...' : 'Accept'}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={resolve.isPending} onClick={() => send(false)}>
          <X aria-hidden /> Reject
        </Button>
      </div>
    </form>
  );
}

/** One dispute: its question, the point, the student's answer and reason, and the outcome. */
export function DisputeCard({ dispute }: { dispute: Dispute }) {
  const status = STATUS[dispute.status];
  const before = marks(dispute.marksBefore, dispute.totalMarks);
  const after = marks(dispute.marksAfter, dispute.totalMarks);
  // A class student's dispute on the teacher's assigned paper: name the student, and speak of 'their' words.
  const student = dispute.studentName ?? null;
  const whose = student ? `${student}'s` : 'Your';
  return (
    <Card data-dispute-status={dispute.status}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-xs text-slate-500">
            {student ? `Disputed by ${student}` : 'Disputed'} {formatShortDate(dispute.createdAt)}
          </span>
        </div>
        <RichHtml html={dispute.questionText} className="line-clamp-3 text-sm text-slate-700" />
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Mark-scheme point</h3>
          <p className="mt-0.5 font-medium text-slate-900">{dispute.pointText}</p>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{whose} answer</h3>
          <p className="mt-0.5 whitespace-pre-wrap break-words text-slate-700">{dispute.answerText || '(empty)'}</p>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{whose} reason</h3>
          <p className="mt-0.5 whitespace-pre-wrap break-words text-slate-700">{dispute.reason || 'No reason given.'}</p>
        </div>
        <div aria-label="Outcome" className="rounded-lg border border-slate-200 p-3">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Outcome</h3>
          {dispute.status === 'open' ? (
            <p className="mt-0.5 text-slate-700">Waiting for a decision.{before ? ` Marked ${before} when you disputed.` : ''}</p>
          ) : (
            <div className="mt-0.5 grid gap-1 text-slate-700">
              <p>
                {dispute.status === 'accepted' ? 'Accepted' : 'Rejected'}
                {dispute.resolvedAt ? ` on ${formatShortDate(dispute.resolvedAt)}` : ''}.
                {dispute.status === 'accepted' && before && after ? ` Marks: ${before} → ${after}.` : ''}
              </p>
              {dispute.acceptedWording ? <p>Now accepted for this point: &ldquo;{dispute.acceptedWording}&rdquo;</p> : null}
              {dispute.outcomeComment ? <p className="italic">&ldquo;{dispute.outcomeComment}&rdquo;</p> : null}
            </div>
          )}
        </div>
        <Link href={questionHref(dispute)} className="justify-self-start text-sm font-medium text-brand-700 underline">
          Open the question
        </Link>
        {dispute.canResolve ? <ResolveForm dispute={dispute} /> : null}
      </CardContent>
    </Card>
  );
}
