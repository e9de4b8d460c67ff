import { CalendarClock } from 'lucide-react';
import { ASSIGNMENT_STATUS_LABEL, type AssignmentStatus } from '../../shared/assignment-text';
import { cn } from '../lib/cn';
import { formatPercentAsGiven, formatShortDate } from '../lib/format';

/** Past its due date and not finished: the student is late with it. */
export function isOverdue(dueAt: string | null, finished: boolean, now: Date = new Date()): boolean {
  if (!dueAt || finished) return false;
  const due = new Date(dueAt);
  return !Number.isNaN(due.getTime()) && due.getTime() < now.getTime();
}

/**
 * "Due 01/12/2026", "Overdue · was due 20/11/2026" (in words and colour) or "No due date": the spec's words, the date
 * in the browser's locale (a British browser; an American one reads 12/1/2026).
 */
export function DueDate({ dueAt, finished, now }: { dueAt: string | null; finished: boolean; now?: Date }) {
  if (!dueAt) return <span className="text-sm text-slate-500">No due date</span>;
  const overdue = isOverdue(dueAt, finished, now);
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', overdue ? 'font-semibold text-red-700' : 'text-slate-600')}>
      <CalendarClock aria-hidden className="size-4" />
      {overdue ? `Overdue · was due ${formatShortDate(dueAt)}` : `Due ${formatShortDate(dueAt)}`}
    </span>
  );
}

/** A student's own progress on an assigned paper: answered of total, the score so far, and a bar. */
export function AssignmentProgressText(props: { answered: number; questionCount: number; score: number | null; finished: boolean }) {
  const percent = props.questionCount > 0 ? Math.min(100, Math.round((100 * props.answered) / props.questionCount)) : 0;
  return (
    <div className="grid gap-1 text-sm text-slate-600">
      <div className="flex flex-wrap justify-between gap-x-3">
        <span>
          {props.finished ? 'Finished · ' : ''}
          {props.answered} of {props.questionCount} answered
        </span>
        {props.score !== null ? <span>Score so far: {formatPercentAsGiven(props.score)}</span> : null}
      </div>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Questions answered"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The button's words: start a paper not begun, continue one begun, review one finished. */
export function assignmentActionLabel(answered: number, finished: boolean): string {
  return finished ? 'Review' : answered > 0 ? 'Continue' : 'Start';
}

/** Where an assigned paper opens: its overview, whose button starts or continues the exam (as the paper cards do). */
export function assignedPaperHref(paperId: string): string {
  return `/question-papers/${encodeURIComponent(paperId)}`;
}

const STATUS_TONE: Record<AssignmentStatus, string> = {
  not_started: 'bg-slate-100 text-slate-700',
  in_progress: 'bg-brand-100 text-brand-700',
  submitted: 'bg-emerald-100 text-emerald-800',
  late: 'bg-amber-100 text-amber-900',
  missing: 'bg-rose-100 text-rose-800',
};

/** A student's state on an assignment (issue 30) in words, coloured: Not started, In progress, Submitted, Late, Missing. */
export function AssignmentStatusBadge({ status, className }: { status: AssignmentStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STATUS_TONE[status],
        className,
      )}
      data-status={status}
    >
      {ASSIGNMENT_STATUS_LABEL[status]}
    </span>
  );
}
