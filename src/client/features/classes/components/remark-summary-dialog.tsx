import type { RemarkSummary } from '../../../../shared/assignments';
import { formatMarks } from '../../../components/paper-progress';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

const answersWord = (n: number) => `${n} ${n === 1 ? 'answer' : 'answers'}`;
const marksWord = (n: number) => `${n} ${n === 1 ? 'mark' : 'marks'}`;
const marks = (n: number | null) => (n === null ? '–' : formatMarks(n));

/** "N answers marked again; M marks changed" in words. */
export function remarkHeadline(summary: RemarkSummary): string {
  return `${answersWord(summary.remarked)} marked again; ${marksWord(summary.changed.length)} changed`;
}

/** After "Re-mark this assignment": how many answers were marked again, and each counted mark that changed, before → after. */
export function RemarkSummaryDialog({
  paperTitle,
  summary,
  onClose,
}: {
  paperTitle: string;
  summary: RemarkSummary | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={summary !== null} onOpenChange={(open) => (open ? null : onClose())} title={`Re-marked: ${paperTitle}`}>
      {summary ? (
        <div className="grid gap-3">
          <p className="font-semibold text-slate-900" data-testid="remark-headline">
            {remarkHeadline(summary)}
          </p>
          {summary.changed.length > 0 ? (
            <ul className="grid gap-1.5" aria-label="Marks that changed">
              {summary.changed.map((c) => (
                <li
                  key={`${c.studentId}-${c.questionId}`}
                  className="flex flex-wrap justify-between gap-x-3 rounded-md bg-slate-50 px-3 py-2"
                >
                  <span>
                    {c.name} · {c.label}
                  </span>
                  <span className="font-mono tabular-nums">
                    {marks(c.before)} → {marks(c.after)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600">No student's counted mark changed.</p>
          )}
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
