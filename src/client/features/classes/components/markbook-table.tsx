import { useState } from 'react';
import { PenLine } from 'lucide-react';
import type { Markbook, MarkbookCell, MarkbookQuestion, MarkbookStudent } from '../../../../shared/classes';
import { AssignmentStatusBadge } from '../../../components/assignment-status';
import { formatMarks } from '../../../components/paper-progress';
import { cn } from '../../../lib/cn';
import { formatPercentAsGiven, formatShortDate } from '../../../lib/format';
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
    <div className="grid gap-2">
      <ul aria-label="Colour key" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700">
        {SCORE_BANDS.map((b) => (
          <li key={b.band} className="flex items-center gap-1.5">
            <span aria-hidden className={cn('inline-block size-3.5 rounded border border-slate-300', b.className)} />
            {b.label}
          </li>
        ))}
      </ul>
      <ul aria-label="Flags" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700">
        <li className="flex items-center gap-1.5">
          <PenLine aria-hidden className="size-3.5" /> you changed the mark
        </li>
        <li>
          <span className="rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-900">late</span> the counted attempt was late
        </li>
        <li>
          <span className="rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-900">after feedback</span> an attempt came after the
          student saw the feedback
        </li>
      </ul>
    </div>
  );
}

type MarkbookAssignment = NonNullable<Markbook['assignments']>[number];

/** The table's column groups: one per assignment (its questions, then its status and total), in the markbook's order. */
export interface ColumnGroup {
  assignment: MarkbookAssignment | null;
  questions: MarkbookQuestion[];
}

export function columnGroups(markbook: Markbook): ColumnGroup[] {
  const assignments = markbook.assignments ?? [];
  if (assignments.length === 0) return [{ assignment: null, questions: markbook.questions }];
  const byId = new Map(markbook.questions.map((q) => [q.id, q]));
  const placed = new Set<string>();
  const groups: ColumnGroup[] = assignments.map((assignment) => {
    const questions = assignment.questionIds.map((id) => byId.get(id)).filter((q): q is MarkbookQuestion => Boolean(q));
    for (const q of questions) placed.add(q.id);
    return { assignment, questions };
  });
  const rest = markbook.questions.filter((q) => !placed.has(q.id));
  return rest.length > 0 ? [...groups, { assignment: null, questions: rest }] : groups;
}

/** The small flags of a cell: late, changed by the teacher, how many attempts, an attempt after seeing feedback. */
export function cellFlags(cell: MarkbookCell | undefined): { key: string; text: string; spoken: string }[] {
  if (!cell) return [];
  const flags: { key: string; text: string; spoken: string }[] = [];
  if (cell.late) flags.push({ key: 'late', text: 'late', spoken: 'late' });
  if ((cell.attempts ?? 0) > 1) flags.push({ key: 'attempts', text: `${cell.attempts} attempts`, spoken: `${cell.attempts} attempts` });
  if (cell.afterFeedback) flags.push({ key: 'after-feedback', text: 'after feedback', spoken: 'an attempt after seeing the feedback' });
  return flags;
}

function StatusTotalCell({ student, group }: { student: MarkbookStudent; group: ColumnGroup }) {
  const row = group.assignment ? student.assignments?.find((x) => x.assignmentId === group.assignment!.id) : undefined;
  if (!row) return <td className="border-l border-slate-200 px-2 py-1" />;
  const marks = row.marksAwarded === null ? '–' : `${formatMarks(row.marksAwarded)}/${formatMarks(row.totalMarks)}`;
  const spoken =
    row.marksAwarded === null
      ? 'no marks yet'
      : `${formatMarks(row.marksAwarded)} of ${formatMarks(row.totalMarks)} marks${row.percentage === null ? '' : `, ${formatPercentAsGiven(row.percentage)}`}`;
  return (
    <td className="border-l border-slate-200 px-2 py-1 text-center" data-testid="assignment-total">
      <span className="grid justify-items-center gap-0.5">
        <AssignmentStatusBadge status={row.status} />
        <span aria-hidden className="font-mono text-xs font-semibold whitespace-nowrap tabular-nums text-slate-900">
          {marks}
        </span>
        {row.percentage !== null ? (
          <span aria-hidden className="text-[11px] text-slate-600">
            {formatPercentAsGiven(row.percentage)}
          </span>
        ) : null}
        <span className="sr-only">{spoken}</span>
      </span>
    </td>
  );
}

function QuestionHeader({ q, showPaper }: { q: MarkbookQuestion; showPaper: boolean }) {
  const { paper, question } = splitLabel(q.label);
  return (
    <th scope="col" className="px-2 py-2 text-center" title={q.label}>
      <span className="sr-only">{q.label}</span>
      <span aria-hidden>
        {showPaper && paper ? <span className="mx-auto block max-w-[7rem] truncate font-normal text-slate-500">{paper}</span> : null}
        <span className="block whitespace-nowrap">{question}</span>
        <span className="block font-normal whitespace-nowrap text-slate-500">/{formatMarks(q.totalMarks)}</span>
      </span>
    </th>
  );
}

const stickyColumn = 'sticky left-0 z-10 shadow-[1px_0_0_0_var(--color-slate-200)]';

/**
 * Students × questions, grouped by assignment: marks in each cell (coloured by score) with their flags (late,
 * changed by the teacher, attempts), each assignment's status, total and percentage, then the overall total, time
 * spent and last activity. The student column stays in place while the table scrolls sideways (phones included).
 */
export function MarkbookTable({ classId, markbook }: { classId: string; markbook: Markbook }) {
  const [open, setOpen] = useState<OpenCell | null>(null);
  const groups = columnGroups(markbook);
  const grouped = groups.some((g) => g.assignment !== null);
  const pointsOf = new Map(markbook.questions.map((q) => [q.id, q.points]));
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
            {grouped ? (
              <tr>
                <th scope="col" rowSpan={2} className={cn(stickyColumn, 'bg-slate-50 px-3 py-2 align-bottom')} data-testid="student-column">
                  Student
                </th>
                {groups.map((g, i) => (
                  <th
                    key={g.assignment?.id ?? `rest-${i}`}
                    scope="colgroup"
                    colSpan={g.questions.length + (g.assignment ? 1 : 0)}
                    className="border-l border-slate-200 px-2 pt-2 text-center font-semibold text-slate-800"
                  >
                    <span className="mx-auto block max-w-[16rem] truncate" title={g.assignment?.paperTitle}>
                      {g.assignment?.paperTitle ?? 'Other questions'}
                    </span>
                  </th>
                ))}
                <th scope="col" rowSpan={2} className="border-l border-slate-200 px-3 py-2 text-right align-bottom">
                  Total
                </th>
                <th scope="col" rowSpan={2} className="px-3 py-2 align-bottom whitespace-nowrap">
                  Time spent
                </th>
                <th scope="col" rowSpan={2} className="px-3 py-2 align-bottom whitespace-nowrap">
                  Last activity
                </th>
              </tr>
            ) : null}
            <tr>
              {grouped ? null : (
                <th scope="col" className={cn(stickyColumn, 'bg-slate-50 px-3 py-2')} data-testid="student-column">
                  Student
                </th>
              )}
              {groups.map((g) => [
                ...g.questions.map((q) => <QuestionHeader key={q.id} q={q} showPaper={!grouped} />),
                g.assignment ? (
                  <th
                    key={`${g.assignment.id}-total`}
                    scope="col"
                    className="border-l border-slate-200 px-2 py-2 text-center whitespace-nowrap"
                  >
                    <span aria-hidden>Status</span>
                    <span className="sr-only">{`${g.assignment.paperTitle}: status and total`}</span>
                    <span aria-hidden className="block font-normal text-slate-500">
                      /{formatMarks(g.assignment.totalMarks)}
                    </span>
                  </th>
                ) : null,
              ])}
              {grouped ? null : (
                <>
                  <th scope="col" className="px-3 py-2 text-right">
                    Total
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    Time spent
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    Last activity
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {markbook.students.map((student) => {
              const totals = studentTotals(student.cells);
              return (
                <tr key={student.userId}>
                  <th scope="row" className={cn(stickyColumn, 'bg-white px-3 py-2 text-left font-medium text-slate-900')}>
                    <span
                      className="block max-w-[8rem] truncate sm:max-w-[14rem]"
                      title={student.email ? `${student.name} (${student.email})` : student.name}
                    >
                      {student.name}
                    </span>
                  </th>
                  {groups.map((g) => [
                    ...g.questions.map((q) => {
                      const index = markbook.questions.indexOf(q);
                      const cell = student.cells.find((c) => c.questionId === q.id) ?? student.cells[index];
                      const band = cell ? scoreBand(cell) : 'none';
                      const text =
                        cell && cell.marksAwarded !== null
                          ? `${formatMarks(cell.marksAwarded)}/${formatMarks(cell.totalMarks)}`
                          : cell?.answerId
                            ? 'Unmarked'
                            : '–';
                      // issue 24: the mark includes marks the student gave themselves, or waits for the teacher's check
                      const selfAssessed = (cell?.selfAssessedMarks ?? 0) > 0 || (cell?.selfAssessmentsPending ?? 0) > 0;
                      const flags = cellFlags(cell);
                      const spoken =
                        (cell && cell.marksAwarded !== null
                          ? `${formatMarks(cell.marksAwarded)} of ${formatMarks(cell.totalMarks)} marks, ${bandLabel(band)}${
                              selfAssessed ? ', includes self-assessed points' : ''
                            }`
                          : cell?.answerId
                            ? 'answered, not marked yet'
                            : 'not answered') +
                        (cell?.overridden ? ', changed by the teacher' : '') +
                        flags.map((f) => `, ${f.spoken}`).join('');
                      const canOpen = Boolean(cell?.answerId) || (cell?.attempts ?? 0) > 0 || Boolean(cell?.overridden);
                      return (
                        <td key={q.id} className="px-1 py-1 text-center" data-band={band}>
                          {canOpen ? (
                            <button
                              type="button"
                              className={cn(
                                'w-full min-w-[3.5rem] rounded-md px-2 py-1.5 font-mono text-xs font-semibold tabular-nums hover:ring-2 hover:ring-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                                bandClass(band),
                              )}
                              aria-label={`${student.name}, ${q.label}: ${spoken}. Open the answer`}
                              onClick={() =>
                                setOpen({
                                  userId: student.userId,
                                  questionId: q.id,
                                  studentName: student.name,
                                  questionLabel: q.label,
                                  totalMarks: q.totalMarks,
                                  points: pointsOf.get(q.id) ?? [],
                                })
                              }
                            >
                              <span className="inline-flex items-center gap-0.5">
                                {text}
                                {cell?.overridden ? <PenLine aria-hidden className="size-3" data-testid="overridden-flag" /> : null}
                              </span>
                              {selfAssessed ? (
                                <span
                                  className="mt-0.5 block rounded bg-amber-100 px-1 font-sans text-[10px] font-medium text-amber-900"
                                  data-testid="self-assessed-badge"
                                >
                                  self-assessed
                                </span>
                              ) : null}
                              {flags.map((f) => (
                                <span
                                  key={f.key}
                                  className={cn(
                                    'mt-0.5 block rounded px-1 font-sans text-[10px] font-medium whitespace-nowrap',
                                    f.key === 'attempts' ? 'bg-white/70 text-slate-700' : 'bg-amber-100 text-amber-900',
                                  )}
                                  data-testid={`cell-flag-${f.key}`}
                                >
                                  {f.text}
                                </span>
                              ))}
                            </button>
                          ) : (
                            <span className={cn('block rounded-md px-2 py-1.5 text-xs', bandClass('none'))}>
                              <span aria-hidden>{text}</span>
                              <span className="sr-only">{spoken}</span>
                            </span>
                          )}
                        </td>
                      );
                    }),
                    g.assignment ? <StatusTotalCell key={`${g.assignment.id}-total`} student={student} group={g} /> : null,
                  ])}
                  <td className="border-l border-slate-200 px-3 py-2 text-right font-mono text-xs whitespace-nowrap tabular-nums">
                    {totals.marked > 0 || totals.awarded > 0 ? `${formatMarks(totals.awarded)}/${formatMarks(totals.possible)}` : '–'}
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
