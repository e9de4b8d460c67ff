import { useEffect, useState } from 'react';
import { CalendarClock, Hourglass } from 'lucide-react';
import type { StudentAssignment } from '../../../../shared/assignments';
import { AssignmentStatusBadge } from '../../../components/assignment-status';
import { settingsInWords } from '../../../lib/assignment-words';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatCountdown } from '../../../lib/format';

/** Seconds left until `deadlineAt`, ticking every second (null: no deadline). */
function useSecondsLeft(deadlineAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadlineAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadlineAt]);
  if (!deadlineAt) return null;
  const at = Date.parse(deadlineAt);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

/**
 * An assigned paper's rules under the exam's title (issue 30): the student's status, the due date, the attempts and
 * when feedback shows, and on a timed paper the time left on the server's clock (it starts at the first save).
 */
export function AssignmentLine({ assignment }: { assignment: StudentAssignment }) {
  const left = useSecondsLeft(assignment.deadlineAt);
  const timed = assignment.timeLimitMinutes !== null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="assignment-line">
      <AssignmentStatusBadge status={assignment.status} />
      <span className="inline-flex items-center gap-1">
        <CalendarClock aria-hidden className="size-4 text-slate-500" />
        {assignment.dueAt ? `Due ${formatDateTime(assignment.dueAt)}` : 'No due date'}
      </span>
      <span>{settingsInWords(assignment, { audience: 'student', hasDueDate: Boolean(assignment.dueAt) })}</span>
      {timed ? (
        left === null ? (
          <span className="inline-flex items-center gap-1">
            <Hourglass aria-hidden className="size-4 text-slate-500" />
            {assignment.timeLimitMinutes} minutes from your first saved answer
          </span>
        ) : (
          <span
            role="timer"
            aria-label={left > 0 ? `Time left: ${formatCountdown(left)}` : 'Time is up'}
            className={cn(
              'inline-flex items-center gap-1 rounded-md px-2 py-0.5 font-mono font-semibold',
              left <= 300 ? 'bg-rose-100 text-rose-800' : 'bg-slate-100 text-slate-900',
            )}
            data-testid="assignment-countdown"
          >
            <Hourglass aria-hidden className="size-4" />
            {left > 0 ? `Time left ${formatCountdown(left)}` : 'Time is up'}
          </span>
        )
      ) : null}
      {assignment.closed ? <span className="font-semibold text-rose-700">Closed: new submissions are not accepted</span> : null}
    </div>
  );
}
