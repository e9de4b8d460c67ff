import type { PointEvaluation } from '../../../../shared/mark-scheme';
import { selfAssessedPhrase, type SelfAssessmentEntry } from '../../../../shared/self-assessment-text';
import { hasFullMarks, PointStatusIcon, pointTone, pointToneLabel } from '../../../components/point-status';
import { RichHtml } from '../../../components/rich-html';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useDecideSelfAssessment } from '../api/decide-self-assessment';
import { useStudentAnswer } from '../api/markbook';

export interface OpenCell {
  userId: string;
  questionId: string;
  studentName: string;
  questionLabel: string;
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

function AnswerBody({ classId, cell }: { classId: string; cell: OpenCell }) {
  const answer = useStudentAnswer(classId, cell);
  if (answer.isPending) return <p role="status">Loading the answer...</p>;
  if (answer.isError) return <p role="alert">{serverMessageOf(answer.error, 'The answer could not be loaded. Please try again.')}</p>;
  const { question, feedback } = answer.data;
  const text = answer.data.answer?.text.trim() ?? '';
  return (
    <div className="grid gap-4">
      <section aria-label="Question">
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Question</h3>
        <RichHtml html={question.text} className="text-sm text-slate-800" />
      </section>
      <section aria-label="Answer">
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{cell.studentName}'s answer</h3>
        {text ? (
          <p className="whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">{text}</p>
        ) : (
          <p className="text-sm text-slate-600">No answer yet.</p>
        )}
      </section>
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
                {feedback.level.level === 0 ? 'No level reached' : `Level ${feedback.level.level}`}: {feedback.level.descriptor}
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
                        {point.text}
                        {point.marks !== undefined && !levels ? (
                          <span className="ml-2 whitespace-nowrap text-xs font-normal text-slate-500">
                            {point.marks_awarded ?? (point.status === 'COVERED' ? point.marks : 0)}/{point.marks}
                          </span>
                        ) : null}
                      </p>
                      {tone === 'opposite' ? <p className="mt-1 text-xs font-medium text-rose-700">Says the opposite</p> : null}
                      {point.note && !levels ? <p className="mt-1 text-xs font-medium text-brand-700">{point.note}</p> : null}
                      <p className="mt-1 text-xs text-slate-600">{point.justification}</p>
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
    </div>
  );
}

/** A markbook cell opened: the student's answer and its point-by-point feedback; self-assessed points to confirm or override. */
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
