import { useState } from 'react';
import type { Markbook } from '../../../../shared/classes';
import { formatMarks } from '../../../components/paper-progress';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../../../lib/format';
import { SCORE_BANDS, bandClass, bandLabel, formatTimeSpent, scoreBand, studentTotals } from '../markbook-model';
import { StudentAnswerDialog, type OpenCell } from './student-answer-dialog';

/** "Rates of reaction Q3" → the paper's title (shown small, cut to fit) and "Q3" (the column's short name). */
export function splitLabel(label: string): { paper: string; question: string } {
  const match = /^(.*\S)\s+(Q\S+)$/.exec(label.trim());
  return match ? { paper: match[1]!, question: match[2]! } : { paper: '', question: label };
}

/** The colours' meaning in words: the cells also show their marks, so colour is never the only signal. */
export function MarkbookLegend() {
  return (
    <ul aria-label="Colour key" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700">
      {SCORE_BANDS.map((b) => (
        <li key={b.band} className="flex items-center gap-1.5">
          <span aria-hidden className={cn('inline-block size-3.5 rounded border border-slate-300', b.className)} />
          {b.label}
        </li>
      ))}
    </ul>
  );
}

/** Students × questions: marks in each cell (coloured by score), totals, time spent and last activity. */
export function MarkbookTable({ classId, markbook }: { classId: string; markbook: Markbook }) {
  const [open, setOpen] = useState<OpenCell | null>(null);
  return (
    <>
      <div
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
        tabIndex={0}
        role="region"
        aria-label="Markbook table"
      >
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">Marks by student and question</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2">
                Student
              </th>
              {markbook.questions.map((q) => (
                <th key={q.id} scope="col" className="px-2 py-2 text-center" title={q.label}>
                  <span className="sr-only">{q.label}</span>
                  <span aria-hidden>
                    {splitLabel(q.label).paper ? (
                      <span className="mx-auto block max-w-[7rem] truncate font-normal text-slate-500">{splitLabel(q.label).paper}</span>
                    ) : null}
                    <span className="block whitespace-nowrap">{splitLabel(q.label).question}</span>
                    <span className="block font-normal whitespace-nowrap text-slate-500">/{formatMarks(q.totalMarks)}</span>
                  </span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right">
                Total
              </th>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                Time spent
              </th>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                Last activity
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {markbook.students.map((student) => {
              const totals = studentTotals(student.cells);
              return (
                <tr key={student.userId}>
                  <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 text-left font-medium whitespace-nowrap text-slate-900">
                    {student.name}
                  </th>
                  {markbook.questions.map((q, i) => {
                    const cell = student.cells.find((c) => c.questionId === q.id) ?? student.cells[i];
                    const band = cell ? scoreBand(cell) : 'none';
                    const text =
                      cell && cell.marksAwarded !== null
                        ? `${formatMarks(cell.marksAwarded)}/${formatMarks(cell.totalMarks)}`
                        : cell?.answerId
                          ? 'Unmarked'
                          : '–';
                    // issue 24: the mark includes marks the student gave themselves, or waits for the teacher's check
                    const selfAssessed = (cell?.selfAssessedMarks ?? 0) > 0 || (cell?.selfAssessmentsPending ?? 0) > 0;
                    const spoken =
                      cell && cell.marksAwarded !== null
                        ? `${formatMarks(cell.marksAwarded)} of ${formatMarks(cell.totalMarks)} marks, ${bandLabel(band)}${
                            selfAssessed ? ', includes self-assessed points' : ''
                          }`
                        : cell?.answerId
                          ? 'answered, not marked yet'
                          : 'not answered';
                    return (
                      <td key={q.id} className="px-1 py-1 text-center" data-band={band}>
                        {cell?.answerId ? (
                          <button
                            type="button"
                            className={cn(
                              'w-full min-w-[3.5rem] rounded-md px-2 py-1.5 font-mono text-xs font-semibold tabular-nums hover:ring-2 hover:ring-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                              bandClass(band),
                            )}
                            aria-label={`${student.name}, ${q.label}: ${spoken}. Open the answer`}
                            onClick={() =>
                              setOpen({ userId: student.userId, questionId: q.id, studentName: student.name, questionLabel: q.label })
                            }
                          >
                            {text}
                            {selfAssessed ? (
                              <span
                                className="mt-0.5 block rounded bg-amber-100 px-1 font-sans text-[10px] font-medium text-amber-900"
                                data-testid="self-assessed-badge"
                              >
                                self-assessed
                              </span>
                            ) : null}
                          </button>
                        ) : (
                          <span className={cn('block rounded-md px-2 py-1.5 text-xs', bandClass('none'))}>
                            <span aria-hidden>{text}</span>
                            <span className="sr-only">{spoken}</span>
                          </span>
                        )}
                      </td>
                    );
                  })}
                  <td className="px-3 py-2 text-right font-mono text-xs whitespace-nowrap tabular-nums">
                    {formatMarks(totals.awarded)}/{formatMarks(totals.possible)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatTimeSpent(student.timeSpentSeconds)}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    {student.lastActivityAt ? formatShortDate(student.lastActivityAt) : 'None yet'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <StudentAnswerDialog classId={classId} cell={open} onClose={() => setOpen(null)} />
    </>
  );
}
