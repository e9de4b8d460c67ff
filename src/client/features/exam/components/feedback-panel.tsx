import { useState, type Ref } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, Flag, HelpCircle, Layers, Loader2, PenLine } from 'lucide-react';
import type { PointEvaluation } from '../../../../shared/mark-scheme';
import type { TeacherOverrideNote } from '../../../../shared/assignments';
import type { StoredFeedback } from '../../../../shared/practice';
import { CHECK_YOURSELF_BELOW, selfAssessedPhrase, type SelfAssessmentEntry } from '../../../../shared/self-assessment-text';
import { hasFullMarks, PointStatusIcon, pointTone, pointToneLabel } from '../../../components/point-status';
import { RichHtml } from '../../../components/rich-html';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { localAssignmentMessage } from '../../../lib/assignment-words';
import { useDisagree } from '../api/disagree';
import { useMarkScheme } from '../api/mark-scheme';
import { useSelfAssess } from '../api/self-assess';
import { groupCaps, levelHeading, marksWord, pointMarks, type SchemePointInfo } from '../feedback-marks';
import { formatPercentAsGiven } from '../../../lib/format';
import { powersInHtml, WithPowers } from '../../../lib/powers';
import { formatMarks } from '../../../components/paper-progress';

const EVALUATION_ISSUE = /API response format issues|Unable to evaluate/;

/** A point the marker decided with less confidence than CHECK_YOURSELF_BELOW: the student is told so. */
function isUnsure(point: PointEvaluation): boolean {
  return point.confidence !== undefined && point.confidence < CHECK_YOURSELF_BELOW;
}

/**
 * "Check this point yourself" (issue 24): the scheme point's own words, so the student can judge, and two buttons
 * to mark it themselves (not for levels-marked answers: the level is decided from the answer as a whole). Once
 * the teacher has confirmed or overridden it, the decision is shown instead of the buttons.
 */
function CheckYourself(props: {
  questionId: string;
  point: PointEvaluation;
  index: number;
  max: number;
  levels: boolean;
  entry: SelfAssessmentEntry | undefined;
}) {
  const { point, entry, max } = props;
  const selfAssess = useSelfAssess(props.questionId);
  const headingId = `check-${point.point_id}`;
  const choose = (marks: number) =>
    selfAssess.mutate(
      { point_id: point.point_id, marks_awarded: marks },
      {
        onError: (error) =>
          toast({ title: 'Could not save', description: serverMessageOf(error, 'Please try again later'), variant: 'destructive' }),
      },
    );
  return (
    <section
      aria-labelledby={headingId}
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950"
      data-testid="check-yourself"
    >
      <h4 id={headingId} className="flex items-center gap-1 font-semibold">
        <HelpCircle aria-hidden className="size-4 shrink-0" /> Check this point yourself
      </h4>
      <p className="mt-1">
        The marker is not sure about this point. The mark scheme asks for:{' '}
        <span className="font-medium">
          <WithPowers text={point.text} />
        </span>
      </p>
      {entry ? (
        <p className="mt-1 font-medium" data-testid="self-assessed">
          Self-assessed: you gave yourself {formatMarks(entry.marks_awarded)} of {formatMarks(max)} {marksWord(max)}
          {entry.teacher?.decision === 'confirmed' ? ' (confirmed by your teacher)' : null}
          {entry.teacher?.decision === 'overridden'
            ? ` (your teacher changed it to ${formatMarks(entry.teacher.marks_awarded)} of ${formatMarks(max)} ${marksWord(max)})`
            : null}
        </p>
      ) : null}
      {props.levels ? (
        <p className="mt-1">This answer is marked by levels, as a whole: if you think the level is wrong, use “I disagree”.</p>
      ) : entry?.teacher ? null : (
        <div role="group" aria-label={`Mark point ${props.index + 1} yourself`} className="mt-2 flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant={entry && entry.marks_awarded > 0 ? 'default' : 'outline'}
            aria-pressed={Boolean(entry && entry.marks_awarded > 0)}
            disabled={selfAssess.isPending}
            onClick={() => choose(max)}
          >
            I made this point
          </Button>
          <Button
            type="button"
            size="sm"
            variant={entry && entry.marks_awarded === 0 ? 'default' : 'outline'}
            aria-pressed={Boolean(entry && entry.marks_awarded === 0)}
            disabled={selfAssess.isPending}
            onClick={() => choose(0)}
          >
            I didn't make this point
          </Button>
        </div>
      )}
    </section>
  );
}

/** "Your teacher changed this mark" and their comment (issue 30): for the question, or inside the point it changed. */
function TeacherChange({ note, scope }: { note: TeacherOverrideNote; scope: 'question' | 'point' }) {
  return (
    <div
      className={
        scope === 'question'
          ? 'rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm'
          : 'mt-2 rounded-md border border-brand-200 bg-brand-50 p-2 text-xs'
      }
      data-testid="teacher-override"
    >
      <p className="flex items-center gap-1 font-semibold text-slate-900">
        <PenLine aria-hidden className="size-4 shrink-0 text-brand-700" /> Your teacher changed this mark
        {scope === 'point' ? ` to ${formatMarks(note.marks_awarded)}` : ''}
      </p>
      <p className="mt-1 text-slate-700">“{note.comment}”</p>
    </div>
  );
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
  /** The heading focus moves to once an answer is marked (exam-page.tsx). */
  headingRef?: Ref<HTMLHeadingElement>;
  questionId: string;
  feedback: StoredFeedback | null | undefined;
  /** The assigned paper's due date, if any: a held-back message names it in the reader's locale. */
  dueAt?: string | null;
  loading: boolean;
  submitting: boolean;
}) {
  const [disputing, setDisputing] = useState<string | null>(null);
  const { feedback } = props;
  // GET /api/questions/{id}/markscheme: what each point is worth (and its kind and group, where the server says),
  // the fallback for feedback stored before the marker sent its own figures
  // held back on an assigned paper (issue 30): no scheme is asked for, none is shown
  const withheld = Boolean(feedback?.withheld);
  const scheme = useMarkScheme(props.questionId, Boolean(feedback) && !withheld);
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
  } else if (withheld) {
    // only that it was submitted, and when the marks come: no marks, points, disputes or self-assessment
    body = (
      <div className="grid gap-3" data-testid="feedback-withheld">
        <Badge tone="success" className="justify-self-start">
          Submitted
        </Badge>
        <RichHtml html={localAssignmentMessage(feedback.qualitative_feedback, props.dueAt)} className="text-sm text-slate-700" />
      </div>
    );
  } else {
    const issue = feedback.markscheme_evaluation.some((p) => EVALUATION_ISSUE.test(p.justification));
    const pct = feedback.total_marks > 0 ? Math.round((100 * feedback.marks_awarded) / feedback.total_marks) : 0;
    const levels = Boolean(feedback.level);
    const fullMarks = hasFullMarks(feedback);
    const selfAssessed = feedback.self_assessed_marks ?? 0;
    const selfAssessedNote = selfAssessed > 0 ? ` (${selfAssessedPhrase(selfAssessed)})` : '';
    const overrides = feedback.teacher_overrides ?? [];
    const questionChange = overrides.filter((n) => n.point_id === null).at(-1);
    const pointChange = (pointId: string) => overrides.filter((n) => n.point_id === pointId).at(-1);
    body = (
      <div className="grid gap-4">
        {issue ? (
          <div role="alert" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle aria-hidden className="size-5 shrink-0" />
            We encountered an issue evaluating your answer. Please try again or contact support if the problem persists.
          </div>
        ) : null}
        <div className="flex items-end justify-between gap-3">
          <p
            className="text-3xl font-bold text-slate-900"
            aria-label={`${formatMarks(feedback.marks_awarded)} out of ${formatMarks(feedback.total_marks)} ${marksWord(feedback.total_marks)}${selfAssessedNote}`}
          >
            {formatMarks(feedback.marks_awarded)}
            <span className="text-lg font-medium text-slate-500">
              {' '}
              / {formatMarks(feedback.total_marks)} {marksWord(feedback.total_marks)}
            </span>
            {selfAssessedNote ? <span className="ml-2 text-sm font-medium text-amber-800">{selfAssessedNote.trim()}</span> : null}
          </p>
          <Badge tone={pct >= 80 ? 'success' : pct >= 40 ? 'medium' : 'hard'}>{formatPercentAsGiven(pct)}</Badge>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
        </div>
        {questionChange ? <TeacherChange note={questionChange} scope="question" /> : null}
        <RichHtml html={powersInHtml(feedback.qualitative_feedback)} className="break-words text-sm text-slate-700" />
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
                  <p className="mt-1 text-slate-700">
                    <WithPowers text={feedback.level.descriptor} />
                  </p>
                  <p className="mt-1 text-xs text-slate-500">
                    Marked by levels: the points below are the indicative content (✓ where your answer covers it).
                  </p>
                </div>
              ) : null}
              <ol className="grid gap-2">
                {feedback.markscheme_evaluation.map((point, index) => {
                  const disagreement = feedback.disagreements.find((d) => d.point_id === point.point_id);
                  const marks = pointMarks(point, schemeOf(point.point_id));
                  const tone = pointTone(point.status, { fullMarks, levels });
                  const entry = feedback.self_assessments?.find((e) => e.point_id === point.point_id);
                  return (
                    <li key={point.point_id} className="rounded-lg border border-slate-200 p-3" data-status={point.status}>
                      <div className="flex gap-2">
                        <PointStatusIcon tone={tone} />
                        <div className="min-w-0 flex-1 break-words">
                          <p className="text-sm font-medium text-slate-900">
                            <span className="sr-only">{pointToneLabel(tone, { levels })}: </span>
                            <span className="mr-1.5 text-xs font-normal text-slate-500">{index + 1}.</span>
                            {marks.label && !feedback.level ? (
                              <span
                                className="mr-1.5 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700"
                                title="Mark type"
                              >
                                {marks.label}
                              </span>
                            ) : null}
                            <WithPowers text={point.text} />
                            {feedback.level || marks.max <= 0 ? null : (
                              <span className="ml-2 whitespace-nowrap text-xs font-normal text-slate-500">
                                {formatMarks(marks.awarded)}/{formatMarks(marks.max)} {marksWord(marks.max)}
                              </span>
                            )}
                          </p>
                          {tone === 'opposite' ? <p className="mt-1 text-xs font-medium text-rose-700">Says the opposite</p> : null}
                          {marks.note && !feedback.level ? (
                            <p className="mt-1 text-xs font-medium text-brand-700">
                              <WithPowers text={marks.note} />
                            </p>
                          ) : null}
                          <p className="mt-1 text-xs text-slate-600">
                            <WithPowers text={point.justification} />
                          </p>
                          {pointChange(point.point_id) ? <TeacherChange note={pointChange(point.point_id)!} scope="point" /> : null}
                          {isUnsure(point) ? (
                            <CheckYourself
                              questionId={props.questionId}
                              point={point}
                              index={index}
                              max={marks.max}
                              levels={levels}
                              entry={entry}
                            />
                          ) : null}
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
                      Max {formatMarks(cap.max)} {marksWord(cap.max)} from points{' '}
                      {cap.points.map((id) => feedback.markscheme_evaluation.findIndex((p) => p.point_id === id) + 1).join(', ')}:{' '}
                      {formatMarks(cap.counted)} counted
                    </p>
                  ))}
              <p className="mt-3 border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900" data-testid="feedback-total">
                Total: {formatMarks(feedback.marks_awarded)} / {formatMarks(feedback.total_marks)} {marksWord(feedback.total_marks)}
                {selfAssessedNote}
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
        {/* (on a phone the page scrolls it to the top, below the "Answer submitted" toast: scroll-mt clears the toast) */}
        <CardTitle ref={props.headingRef} tabIndex={-1} className="scroll-mt-28">
          AI Feedback
        </CardTitle>
      </CardHeader>
      <CardContent aria-live="polite">{body}</CardContent>
    </Card>
  );
}
