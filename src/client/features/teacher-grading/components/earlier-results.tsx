import { ChevronRight, Download } from 'lucide-react';
import type { GradingResult } from '../../../../shared/teacher';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatPercentAsGiven, formatShortDate, formatTime } from '../../../lib/format';
import { GRADING_RESULTS_CSV_URL, useGradingResults } from '../api/grading-results';
import { percentOf } from '../grading-values';

/** Newest first, whatever order they arrive in. */
function newestFirst(results: GradingResult[]): GradingResult[] {
  return [...results].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The signed-in user's earlier results (GET /api/teacher/grading-results), compact; choosing one shows it in the results panel. */
export function EarlierResults({ selectedId, onSelect }: { selectedId: string | null; onSelect: (result: GradingResult) => void }) {
  const results = useGradingResults();
  if (results.isPending) {
    return (
      <div className="mt-8 text-sm text-slate-600">
        <Spinner label="Loading earlier results..." />
      </div>
    );
  }
  if (results.isError) {
    return <p className="mt-8 text-sm text-slate-500">Your earlier results could not be loaded.</p>;
  }
  if (results.data.length === 0) return null;

  return (
    <section aria-labelledby="earlier-results" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="earlier-results" className="text-lg font-semibold text-slate-900">
          Earlier Results
        </h2>
        <a
          href={GRADING_RESULTS_CSV_URL}
          download="grading-results.csv"
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      </div>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Earlier grading results, newest first">
        {newestFirst(results.data).map((result) => {
          const pct = percentOf(result.marksAwarded, result.totalMarks);
          const selected = result.id === selectedId;
          return (
            <li key={result.id} className="min-w-0">
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(result)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-lg border bg-white p-3 text-left transition-colors hover:bg-slate-50',
                  selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200',
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">
                    {result.marksAwarded}/{result.totalMarks} marks · {formatPercentAsGiven(pct)}
                  </span>
                  <span className="block truncate text-xs text-slate-500">
                    {formatShortDate(result.createdAt)} {formatTime(result.createdAt)}
                    {result.schemeSource ? ` · ${result.schemeSource}` : result.gradedBy ? ` · ${result.gradedBy}` : ''}
                  </span>
                  {result.attachment ? (
                    <span className="block truncate text-xs text-emerald-800">
                      {result.attachment.studentName} · {result.attachment.className}
                    </span>
                  ) : null}
                </span>
                <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
