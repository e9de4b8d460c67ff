import { useId, useState } from 'react';
import { Download, TableProperties } from 'lucide-react';
import type { Assignment } from '../../../../shared/classes';
import { EmptyState } from '../../../components/empty-state';
import { LoadingBlock } from '../../../components/loading-block';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useMarkbook, markbookCsvUrl } from '../api/markbook';
import { MarkedSheets } from './marked-sheets';
import { MarkbookLegend, MarkbookTable } from './markbook-table';
import { PointHeatmap } from './point-heatmap';

export const ALL_ASSIGNMENTS = 'All assignments';

/** Which assignment the markbook shows: all of them, or one (its table, CSV and missed points). */
function AssignmentPicker(props: { assignments: Assignment[]; value: string | null; onChange: (id: string | null) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:max-w-sm">
      <Label htmlFor={id}>Assignment</Label>
      <Select id={id} className="normal-case" value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value || null)}>
        <option value="">{ALL_ASSIGNMENTS}</option>
        {props.assignments.map((a) => (
          <option key={a.id} value={a.id}>
            {a.paperTitle}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The teacher's markbook: an assignment picker, the table, its colour key, the most-missed points and "Export CSV". */
export function MarkbookSection({ classId, assignments = [] }: { classId: string; assignments?: Assignment[] }) {
  const [picked, setPicked] = useState<string | null>(null);
  // an assignment removed since it was picked: back to all of them
  const assignmentId = picked && assignments.some((a) => a.id === picked) ? picked : null;
  const markbook = useMarkbook(classId, true, assignmentId);
  const picker = assignments.length > 0 ? <AssignmentPicker assignments={assignments} value={assignmentId} onChange={setPicked} /> : null;

  if (markbook.isPending) return <LoadingBlock text="Loading the markbook..." />;
  if (markbook.isError) {
    return (
      <div className="grid gap-4">
        {picker}
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
          The markbook could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0 text-red-800 underline" onClick={() => void markbook.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const data = markbook.data;
  if (data.students.length === 0) {
    return (
      <EmptyState icon={TableProperties} title="The markbook is empty">
        No students yet: share the join code, and their marks appear here as they answer.
      </EmptyState>
    );
  }
  if (data.questions.length === 0 && !assignmentId) {
    // No assigned paper yet, but graded sheets attached to the students still show.
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <EmptyState icon={TableProperties} title="The markbook is empty">
          Assign a paper to the class: its questions become the markbook’s columns.
        </EmptyState>
        <MarkedSheets students={data.students} />
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <section aria-labelledby="markbook-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="markbook-heading" className="text-lg font-semibold text-slate-900">
            Markbook
          </h2>
          <Button asChild variant="outline" size="sm" className="self-start">
            <a href={markbookCsvUrl(classId, assignmentId)} download="markbook.csv">
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        </div>
        {picker}
        <MarkbookLegend />
        <div
          aria-busy={markbook.isFetching && markbook.isPlaceholderData}
          className={markbook.isPlaceholderData ? 'opacity-60' : undefined}
        >
          <MarkbookTable classId={classId} markbook={data} />
        </div>
        <p className="text-xs text-slate-500">
          Select a mark to read the student's answer, its attempts and feedback, or to change the mark.
        </p>
      </section>
      <section aria-labelledby="misses-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="misses-heading" className="text-lg font-semibold text-slate-900">
          Points the class misses most
        </h2>
        <PointHeatmap markbook={data} />
      </section>
      <MarkedSheets students={data.students} />
    </div>
  );
}
