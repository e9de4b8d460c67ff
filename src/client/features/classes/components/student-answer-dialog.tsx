import { CheckCircle2, CircleSlash, XCircle } from 'lucide-react';
import { RichHtml } from '../../../components/rich-html';
import { Dialog } from '../../../components/ui/dialog';
import { serverMessageOf } from '../../../lib/api-request';
import { useStudentAnswer } from '../api/markbook';

export interface OpenCell {
  userId: string;
  questionId: string;
  studentName: string;
  questionLabel: string;
}

function statusText(status: string): string {
  return status === 'COVERED' ? 'Earned' : status === 'CONTRADICTED' ? 'Contradicted' : 'Missed';
}

function StatusIcon({ status }: { status: string }) {
  if (status === 'COVERED') return <CheckCircle2 aria-hidden className="size-5 shrink-0 text-emerald-600" />;
  if (status === 'CONTRADICTED') return <XCircle aria-hidden className="size-5 shrink-0 text-rose-600" />;
  return <CircleSlash aria-hidden className="size-5 shrink-0 text-slate-400" />;
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
            </p>
            {feedback.level ? (
              <p className="text-sm text-slate-700">
                Level {feedback.level.level}: {feedback.level.descriptor}
              </p>
            ) : null}
            <ol className="grid gap-2">
              {feedback.markscheme_evaluation.map((point) => (
                <li key={point.point_id} className="flex gap-2 rounded-lg border border-slate-200 p-3" data-status={point.status}>
                  <StatusIcon status={point.status} />
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">
                      <span className="sr-only">{statusText(point.status)}: </span>
                      {point.text}
                      {point.marks !== undefined ? (
                        <span className="ml-2 whitespace-nowrap text-xs font-normal text-slate-500">
                          {point.marks_awarded ?? (point.status === 'COVERED' ? point.marks : 0)}/{point.marks}
                        </span>
                      ) : null}
                    </p>
                    {point.note ? <p className="mt-1 text-xs font-medium text-brand-700">{point.note}</p> : null}
                    <p className="mt-1 text-xs text-slate-600">{point.justification}</p>
                  </div>
                </li>
              ))}
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

/** A markbook cell opened: the student's answer and its point-by-point feedback, read-only. */
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
