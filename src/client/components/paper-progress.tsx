import { ProgressBar } from './ui/progress-bar';
import type { PaperProgress } from '../../shared/practice';
import { formatDecimal } from '../lib/format';

/** Marks as a student reads them: whole numbers plain, halves to one decimal (the browser's decimal sign). */
export function formatMarks(marks: number): string {
  return Number.isInteger(marks) ? String(marks) : formatDecimal(marks, 1);
}

/** The label of a paper's main button: 'Start Exam' (§2) until something is answered, then 'Continue'. */
export function startLabel(progress: PaperProgress | undefined): string {
  return progress && progress.answered > 0 ? 'Continue' : 'Start Exam';
}

/** Answered of total, marks so far and a bar: on paper cards and the paper overview. */
export function PaperProgressSummary({ progress, total }: { progress: PaperProgress | undefined; total: number }) {
  if (!progress || total === 0) return null;
  const percent = Math.round((100 * progress.answered) / total);
  return (
    <div className="grid gap-1 text-sm text-slate-600">
      <div className="flex flex-wrap justify-between gap-x-3">
        <span>
          {progress.answered} of {total} answered
        </span>
        {progress.markedMarks > 0 || progress.finished ? (
          <span>
            {progress.finished ? 'Score' : 'Marks so far'}: {formatMarks(progress.marksAwarded)} / {formatMarks(progress.totalMarks)}
          </span>
        ) : null}
      </div>
      <ProgressBar percent={percent} label="Questions answered" className="h-1.5" />
    </div>
  );
}
