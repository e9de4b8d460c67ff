import { useState } from 'react';
import type { Markbook } from '../../../../shared/classes';
import { Button } from '../../../components/ui/button';
import { rankPointMisses } from '../markbook-model';
import { formatPercentAsGiven } from '../../../lib/format';

const SHOWN = 8;

/** Heat from the share who missed a point: the same figure is written beside the bar. */
function heatClass(missRate: number): string {
  if (missRate >= 75) return 'bg-rose-600';
  if (missRate >= 50) return 'bg-rose-400';
  if (missRate >= 25) return 'bg-amber-400';
  return 'bg-emerald-400';
}

/** The mark-scheme points the class misses most, most missed first, each with "missed by N of M". */
export function PointHeatmap({ markbook }: { markbook: Markbook }) {
  const [all, setAll] = useState(false);
  const rows = rankPointMisses(markbook);
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">No marked answers yet: the points the class misses show here once answers are marked.</p>;
  }
  const shown = all ? rows : rows.slice(0, SHOWN);
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2" aria-label="Mark-scheme points, most missed first">
        {shown.map((row) => (
          <li key={`${row.questionId}:${row.pointId}`} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="point-miss">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <p className="min-w-0 text-sm text-slate-900">
                <span className="mr-2 text-xs font-semibold text-slate-500">{row.questionLabel}</span>
                {row.text}
              </p>
              <p className="shrink-0 text-sm font-semibold whitespace-nowrap text-slate-800">
                Missed by {row.missedBy} of {row.answeredBy} ({formatPercentAsGiven(row.missRate)})
              </p>
            </div>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
              <div className={`h-full rounded-full ${heatClass(row.missRate)}`} style={{ width: `${Math.max(row.missRate, 2)}%` }} />
            </div>
          </li>
        ))}
      </ol>
      {rows.length > SHOWN ? (
        <Button variant="outline" size="sm" className="justify-self-start" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? 'Show fewer points' : `Show all ${rows.length} points`}
        </Button>
      ) : null}
    </div>
  );
}
