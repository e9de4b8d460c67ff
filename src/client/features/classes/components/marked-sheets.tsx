import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { MarkedSheet, MarkbookStudent } from '../../../../shared/classes';
import { GradingBreakdownList } from '../../../components/grading-breakdown-list';
import { formatMarks } from '../../../components/paper-progress';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../../../lib/format';
import { bandClass, scoreBand } from '../markbook-model';

/** What a sheet was: the question as read (or typed), else what it was marked against. */
export function sheetTitle(sheet: MarkedSheet): string {
  return sheet.questionText || sheet.source || 'Marked sheet';
}

interface OpenSheet {
  /** null: the student's own sheet (their class page). */
  studentName: string | null;
  sheet: MarkedSheet;
}

/** Whose sheets: one list per student (the markbook), or the signed-in student's own (their class page). */
export type SheetOwner = Pick<MarkbookStudent, 'userId' | 'name' | 'sheets'>;

/** A marked sheet opened: its marks and the per-point breakdown, as the grading page showed it. */
function SheetDialog({ open, onClose }: { open: OpenSheet | null; onClose: () => void }) {
  const sheet = open?.sheet;
  return (
    <Dialog
      open={open !== null}
      onOpenChange={(o) => (o ? null : onClose())}
      title={open?.studentName ? `${open.studentName} · marked sheet` : 'Marked sheet'}
    >
      {sheet ? (
        <div className="grid gap-4">
          {sheet.questionText ? <p className="text-sm text-slate-800">{sheet.questionText}</p> : null}
          <p className="text-lg font-bold text-slate-900" data-testid="sheet-marks">
            {formatMarks(sheet.marksAwarded)} / {formatMarks(sheet.totalMarks)} marks
          </p>
          <section aria-labelledby="sheet-breakdown">
            <h3 id="sheet-breakdown" className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Breakdown, point by point
            </h3>
            <GradingBreakdownList sections={sheet.detailedBreakdown} emptyText="No breakdown by point was given for this sheet." />
          </section>
          <p className="text-xs text-slate-500">
            Graded {formatShortDate(sheet.gradedAt)}
            {sheet.source ? ` · marked against ${sheet.source}` : ''}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}

function SheetButton({ owner, sheet, onOpen }: { owner: string | null; sheet: MarkedSheet; onOpen: () => void }) {
  const band = scoreBand({ marksAwarded: sheet.marksAwarded, totalMarks: sheet.totalMarks });
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`${owner ? `${owner}: ` : ''}${sheetTitle(sheet)}, ${formatMarks(sheet.marksAwarded)} of ${formatMarks(sheet.totalMarks)} marks, graded ${formatShortDate(sheet.gradedAt)}. Open the breakdown`}
      className="flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <span className={cn('shrink-0 rounded-md px-2 py-1 font-mono text-xs font-semibold tabular-nums', bandClass(band))} aria-hidden>
        {formatMarks(sheet.marksAwarded)}/{formatMarks(sheet.totalMarks)}
      </span>
      <span className="min-w-0 flex-1" aria-hidden>
        <span className="block truncate text-sm text-slate-900">{sheetTitle(sheet)}</span>
        <span className="block text-xs text-slate-500">Graded {formatShortDate(sheet.gradedAt)}</span>
      </span>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400" />
    </button>
  );
}

/**
 * Photographed answer sheets the teacher graded on Teacher Grading and attached to a student of the class: one
 * list per student, newest first; each opens its per-point breakdown. Not counted in the markbook's totals. On a
 * student's own class page (`own`), their sheets in one list, without names.
 */
export function MarkedSheets({ students, own }: { students: SheetOwner[]; own?: boolean }) {
  const [open, setOpen] = useState<OpenSheet | null>(null);
  const withSheets = students.filter((s) => s.sheets.length > 0);
  const mine = own ? withSheets.flatMap((s) => s.sheets) : [];
  return (
    <section aria-labelledby="sheets-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="sheets-heading" className="text-lg font-semibold text-slate-900">
        Marked sheets
      </h2>
      {own ? (
        mine.length === 0 ? (
          <p className="text-sm text-slate-600">No marked sheets yet. Answer sheets your teacher marks and gives you appear here.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Your marked sheets">
            {mine.map((sheet) => (
              <li key={sheet.id} className="min-w-0">
                <SheetButton owner={null} sheet={sheet} onOpen={() => setOpen({ studentName: null, sheet })} />
              </li>
            ))}
          </ul>
        )
      ) : withSheets.length === 0 ? (
        <p className="text-sm text-slate-600">
          No marked sheets yet. On Teacher Grading, grade a photographed answer sheet and attach it to a student of this class: it appears
          here.
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="Marked sheets by student">
          {withSheets.map((student) => (
            <li key={student.userId} className="grid gap-2">
              <h3 className="text-sm font-semibold text-slate-900">{student.name}</h3>
              <ul className="grid gap-2 sm:grid-cols-2">
                {student.sheets.map((sheet) => (
                  <li key={sheet.id} className="min-w-0">
                    <SheetButton owner={student.name} sheet={sheet} onOpen={() => setOpen({ studentName: student.name, sheet })} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <SheetDialog open={open} onClose={() => setOpen(null)} />
    </section>
  );
}
