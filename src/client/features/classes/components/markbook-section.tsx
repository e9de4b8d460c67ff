import { Download, TableProperties } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { LoadingBlock } from '../../../components/loading-block';
import { Button } from '../../../components/ui/button';
import { useMarkbook, markbookCsvUrl } from '../api/markbook';
import { MarkedSheets } from './marked-sheets';
import { MarkbookLegend, MarkbookTable } from './markbook-table';
import { PointHeatmap } from './point-heatmap';

/** The teacher's markbook: the table, its colour key, the most-missed points and "Export CSV". */
export function MarkbookSection({ classId }: { classId: string }) {
  const markbook = useMarkbook(classId, true);
  if (markbook.isPending) return <LoadingBlock text="Loading the markbook..." />;
  if (markbook.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
        The markbook could not be loaded.{' '}
        <Button variant="link" className="h-auto p-0 text-red-800 underline" onClick={() => void markbook.refetch()}>
          Try again
        </Button>
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
  if (data.questions.length === 0) {
    // No assigned paper yet, but graded sheets attached to the students still show.
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <EmptyState icon={TableProperties} title="The markbook is empty">
          Assign a paper to the class: its questions become the markbook’s columns.
        </EmptyState>
        <MarkedSheets markbook={data} />
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
            <a href={markbookCsvUrl(classId)} download="markbook.csv">
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        </div>
        <MarkbookLegend />
        <MarkbookTable classId={classId} markbook={data} />
        <p className="text-xs text-slate-500">Select a mark to read the student's answer and its feedback.</p>
      </section>
      <section aria-labelledby="misses-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="misses-heading" className="text-lg font-semibold text-slate-900">
          Points the class misses most
        </h2>
        <PointHeatmap markbook={data} />
      </section>
      <MarkedSheets markbook={data} />
    </div>
  );
}
