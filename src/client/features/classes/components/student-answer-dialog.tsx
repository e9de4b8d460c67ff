import { useState } from 'react';
import type { AttemptView, MarkOverride } from '../../../../shared/assignments';
import type { PointEvaluation } from '../../../../shared/mark-scheme';
import { selfAssessedPhrase, type SelfAssessmentEntry } from '../../../../shared/self-assessment-text';
import { hasFullMarks, PointStatusIcon, pointTone, pointToneLabel } from '../../../components/point-status';
import { RichHtml } from '../../../components/rich-html';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { formatMarks } from '../../../components/paper-progress';
import { serverMessageOf } from '../../../lib/api-request';
import { formatDateTime } from '../../../lib/format';
import { powersInHtml, WithPowers } from '../../../lib/powers';
import { useDecideSelfAssessment } from '../api/decide-self-assessment';
import { useStudentAnswer } from '../api/markbook';
import { OverrideForm } from './override-form';

export interface OpenCell {
  userId: string;
  questionId: string;
  studentName: string;
  questionLabel: string;
  /** The question's marks and scheme points, as the markbook has them. */
  totalMarks?: number;
  points?: { id: string; text: string }[];
}

const marksText = (n: number) => `${n} ${n === 1 ? 'mark' : 'marks'}`;

/**
 * A point the student marked themselves (issue 24): what they gave themselves, and the teacher's Confirm (the mark
 * stays, recorded as confirmed) or Override (the teacher's marks for the point) — or the decision once made.
 */
function SelfAssessedPoint(props: { classId: string; cell: OpenCell; point: PointEvaluation; entry: SelfAssessmentEntry }) {
  const { point, entry } = props;
  const max = point.marks ?? 1;
  const decide = useDecideSelfAssessment(props.classId, props.cell);
  const send = (decision: 'confirmed' | 'overridden', marks?: number) =>
    decide.mutate(
      { pointId: point.point_id, decision, ...(marks === undefined ? {} : { marks_awarded: marks }) },
      {
        onError: (error) =>
          toast({ title: 'Could not save', description: serverMessageOf(error, 'Please try again later'), variant: 'destructive' }),
      },
    );
  const other = entry.marks_awarded > 0 ? 0 : max;
  return (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950" data-testid="teacher-self-assessed">
      <p className="font-semibold">
        Self-assessed: the marker was not sure, and {props.cell.studentName} gave themselves {entry.marks_awarded} of {marksText(max)}.
      </p>
      {entry.teacher ? (
        <p className="mt-1" data-testid="teacher-decision">
          {entry.teacher.decision === 'confirmed'
            ? 'You confirmed this mark.'
            : `You overrode it: ${entry.teacher.marks_awarded} of ${marksText(max)}.`}
        </p>
      ) : (
        <div role="group" aria-label={`Decide the self-assessed point: ${point.text}`} className="mt-2 flex flex-wrap gap-2">
          <Button type="button" size="sm" disabled={decide.isPending} onClick={() => send('confirmed')}>
            Confirm {entry.marks_awarded}/{max}
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={decide.isPending} onClick={() => send('overridden', other)}>
            Override: give {other}/{max}
          </Button>
        </div>
      )}
    </div>
  );
}

const sectionHeading = 'mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500';

/** An attempt's text, a click away (in the page only while open: the answer above is often the same words). */
function AttemptText({ number, text }: { number: number; text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1 text-xs text-slate-700" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-700">Answer of attempt {number}</summary>
      {open ? <p className="mt-1 whitespace-pre-wrap rounded bg-white p-2">{text}</p> : null}
    </details>
  );
}

/** Every marked submission of the question on the assignment: number, time, marks, late, after feedback, counted. */
export function AttemptHistory({ attempts }: { attempts: AttemptView[] }) {
  return (
    <ol className="grid gap-2" aria-label="Attempts">
      {attempts.map((a) => (
        <li
          key={a.id}
          className={a.counted ? 'rounded-lg border border-brand-300 bg-brand-50 p-2' : 'rounded-lg border border-slate-200 p-2'}
          data-testid="attempt"
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold text-slate-900">Attempt {a.number}</span>
            <span className="text-slate-600">{formatDateTime(a.submittedAt)}</span>
            <span className="font-mono font-semibold tabular-nums text-slate-900">
              {formatMarks(a.marksAwarded)}/{formatMarks(a.totalMarks)}
            </span>
            {a.late ? <span className="rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900">Late</span> : null}
            {a.afterFeedback ? (
              <span className="rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900">After seeing feedback</span>
            ) : null}
            {a.counted ? <span className="rounded bg-brand-100 px-1.5 text-xs font-medium text-brand-700">Counted</span> : null}
          </p>
          <AttemptText number={a.number} text={a.text} />
        </li>
      ))}
    </ol>
  );
}

/** The teacher's changes of this mark, oldest first: who, when, what, before → after, and the comment. */
export function OverrideHistory({ overrides, points }: { overrides: MarkOverride[]; points: PointEvaluation[] }) {
  const what = (pointId: string | null) => {
    if (pointId === null) return 'Question';
    const index = points.findIndex((p) => p.point_id === pointId);
    return index === -1 ? `Point ${pointId}` : `Point ${index + 1}`;
  };
  return (
    <ol className="grid gap-2" aria-label="Changes to this mark">
      {overrides.map((o) => (
        <li key={o.id} className="rounded-lg border border-slate-200 p-2 text-sm" data-testid="override">
          <p className="flex flex-wrap gap-x-2 text-slate-600">
            <span className="font-medium text-slate-900">{o.teacherName}</span>
            <span>{formatDateTime(o.createdAt)}</span>
          </p>
          <p className="text-slate-900">
            {what(o.pointId)}:{' '}
            <span className="font-mono tabular-nums">
              {o.marksBefore === null ? '–' : formatMarks(o.marksBefore)} → {formatMarks(o.marksAfter)}
            </span>
          </p>
          <p className="mt-0.5 text-slate-700">“{o.comment}”</p>
        </li>
      ))}
    </ol>
  );
}

function AnswerBody({ classId, cell }: { classId: string; cell: OpenCell }) {
  const answer = useStudentAnswer(classId, cell);
  if (answer.isPending) return <p role="status">Loading the answer...</p>;
  if (answer.isError) return <p role="alert">{serverMessageOf(answer.error, 'The answer could not be loaded. Please try again.')}</p>;
  const { question, feedback } = answer.data;
  const attempts = answer.data.attempts ?? [];
  const overrides = answer.data.overrides ?? [];
  const text = answer.data.answer?.text.trim() ?? '';
  // a point's mark can be changed on a marking by points (a level is decided from the answer as a whole)
  const points = feedback && !feedback.level ? feedback.markscheme_evaluation : [];
  return (
    <div className="grid gap-4">
      <section aria-label="Question">
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Question</h3>
        <RichHtml html={powersInHtml(question.text)} className="text-sm text-slate-800" />
      </section>
      <section aria-label="Answer">
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{cell.studentName}'s answer</h3>
        {text ? (
          <p className="whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">{text}</p>
        ) : (
          <p className="text-sm text-slate-600">No answer yet.</p>
        )}
      </section>
      {attempts.length > 0 ? (
        <section aria-label="Attempts">
          <h3 className={sectionHeading}>Attempts ({attempts.length})</h3>
          <AttemptHistory attempts={attempts} />
        </section>
      ) : null}
      <section aria-label="Feedback">
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Mark scheme, point by point</h3>
        {!feedback ? (
          <p className="text-sm text-slate-600">Not marked yet: the student has not submitted this answer.</p>
        ) : (
          <div className="grid gap-2">
            <p className="text-lg font-bold text-slate-900" data-testid="answer-marks">
              {feedback.marks_awarded} / {feedback.total_marks} marks
              {feedback.self_assessed_marks ? (
                <span className="ml-2 text-sm font-medium text-amber-800">({selfAssessedPhrase(feedback.self_assessed_marks)})</span>
              ) : null}
            </p>
            {feedback.level ? (
              <p className="text-sm text-slate-700" data-testid="answer-level">
                {feedback.level.level === 0 ? 'No level reached' : `Level ${feedback.level.level}`}:{' '}
                <WithPowers text={feedback.level.descriptor} />
                <span className="block text-xs text-slate-500">Indicative content below: ✓ where the answer covers it.</span>
              </p>
            ) : null}
            <ol className="grid gap-2">
              {feedback.markscheme_evaluation.map((point) => {
                const levels = Boolean(feedback.level);
                const tone = pointTone(point.status, { fullMarks: hasFullMarks(feedback), levels });
                const entry = feedback.self_assessments?.find((e) => e.point_id === point.point_id);
                return (
                  <li key={point.point_id} className="flex gap-2 rounded-lg border border-slate-200 p-3" data-status={point.status}>
                    <PointStatusIcon tone={tone} />
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium text-slate-900">
                        <span className="sr-only">{pointToneLabel(tone, { levels })}: </span>
                        <WithPowers text={point.text} />
                        {point.marks !== undefined && !levels ? (
                          <span className="ml-2 whitespace-nowrap text-xs font-normal text-slate-500">
                            {point.marks_awarded ?? (point.status === 'COVERED' ? point.marks : 0)}/{point.marks}
                          </span>
                        ) : null}
                      </p>
                      {tone === 'opposite' ? <p className="mt-1 text-xs font-medium text-rose-700">Says the opposite</p> : null}
                      {point.note && !levels ? (
                        <p className="mt-1 text-xs font-medium text-brand-700">
                          <WithPowers text={point.note} />
                        </p>
                      ) : null}
                      <p className="mt-1 text-xs text-slate-600">
                        <WithPowers text={point.justification} />
                      </p>
                      {entry ? <SelfAssessedPoint classId={classId} cell={cell} point={point} entry={entry} /> : null}
                    </div>
                  </li>
                );
              })}
            </ol>
            {feedback.disagreements.length > 0 ? (
              <p className="text-xs text-amber-800">
                The student disagreed with {feedback.disagreements.length === 1 ? 'one point' : `${feedback.disagreements.length} points`}.
              </p>
            ) : null}
            {feedback.marked_by ? <p className="text-xs text-slate-500">Marked by {feedback.marked_by}</p> : null}
          </div>
        )}
      </section>
      <section aria-label="Change the mark">
        <h3 className={sectionHeading}>Change the mark</h3>
        <OverrideForm
          classId={classId}
          studentId={cell.userId}
          studentName={cell.studentName}
          questionId={question.id}
          totalMarks={question.totalMarks}
          points={points}
        />
      </section>
      {overrides.length > 0 ? (
        <section aria-label="Changes to this mark">
          <h3 className={sectionHeading}>Your changes</h3>
          <OverrideHistory overrides={overrides} points={feedback?.markscheme_evaluation ?? []} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * A markbook cell opened: the student's answer, its attempts and point-by-point feedback; self-assessed points to
 * confirm or override; the teacher's own change of the mark (with a comment) and the changes made so far.
 */
export function StudentAnswerDialog({ classId, cell, onClose }: { classId: string; cell: OpenCell | null; onClose: () => void }) {
  return (
    <Dialog
      open={cell !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={cell ? `${cell.studentName} · ${cell.questionLabel}` : 'Answer'}
    >
      {cell ? <AnswerBody classId={classId} cell={cell} /> : null}
    </Dialog>
  );
}
