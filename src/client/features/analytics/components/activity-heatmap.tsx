import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatHours, plural } from '../analytics-data';
import { HEATMAP_DAYS, HEATMAP_FULL_AT, heatmapCellLabel, heatmapLayout, type HeatmapCell, type StudyStreaks } from '../heatmap-data';

/** Level 0 (no study) to 6 (10 or more questions), slate then the brand's indigo. */
const LEVEL_CLASSES = [
  'bg-slate-100',
  'bg-indigo-100',
  'bg-indigo-200',
  'bg-indigo-300',
  'bg-indigo-400',
  'bg-indigo-500',
  'bg-indigo-700',
];
const WEEKDAY_LABELS = ['', 'Mon', '', 'Wed', '', 'Fri', ''];
/** A cell (12 px) and the gap after it (3 px); the weekday labels take 32 px and a gap. */
const WEEK_WIDTH = 15;
const LABEL_WIDTH = 35;
const KEY_STEPS: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };

/**
 * §2 Heatmap: the last 365 local days as a calendar grid, shaded by questions answered (§4: full at 10).
 * One tab stop; arrow keys move a day (up/down) or a week (left/right), Home/End go to the first day and
 * today. Each day is a grid cell named with its date and numbers. On a phone the grid scrolls sideways
 * inside its card, starting at today.
 */
export function ActivityHeatmap({ cells, streaks }: { cells: HeatmapCell[]; streaks: StudyStreaks }) {
  const layout = useMemo(() => heatmapLayout(cells), [cells]);
  const indexByKey = useMemo(() => new Map(cells.map((cell, i) => [cell.key, i])), [cells]);
  const [active, setActive] = useState(cells.length - 1);
  const current = Math.min(Math.max(active, 0), cells.length - 1);
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const helpId = useId();

  const totalSeconds = cells.reduce((sum, cell) => sum + cell.timeSpentSeconds, 0);
  const activeDays = cells.filter((cell) => cell.questionsAnswered > 0).length;
  const totalQuestions = cells.reduce((sum, cell) => sum + cell.questionsAnswered, 0);

  useEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollLeft = scroller.scrollWidth;
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (event.key in KEY_STEPS) next = current + KEY_STEPS[event.key];
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = cells.length - 1;
    if (next === null) return;
    event.preventDefault();
    next = Math.min(Math.max(next, 0), cells.length - 1);
    setActive(next);
    gridRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Activity Heatmap</CardTitle>
        <CardDescription>
          Today and the previous {HEATMAP_DAYS - 1} days. The stronger the colour, the more questions answered (strongest at{' '}
          {HEATMAP_FULL_AT} or more).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Total time</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatHours(totalSeconds)} hours</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Active days</dt>
            <dd className="text-lg font-semibold text-slate-900">{activeDays}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Current streak</dt>
            <dd className="text-lg font-semibold text-slate-900">{plural(streaks.current, 'day')}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Longest streak</dt>
            <dd className="text-lg font-semibold text-slate-900">{plural(streaks.longest, 'day')}</dd>
          </div>
        </dl>

        <div ref={scrollRef} className="max-w-full overflow-x-auto pb-2">
          <div className="inline-block">
            <div
              aria-hidden
              className="relative h-4 text-xs text-slate-500"
              style={{ marginLeft: LABEL_WIDTH, width: layout.weeks * WEEK_WIDTH }}
            >
              {layout.months.map((month) => (
                <span key={`${month.week}-${month.label}`} className="absolute top-0" style={{ left: month.week * WEEK_WIDTH }}>
                  {month.label}
                </span>
              ))}
            </div>
            <div
              ref={gridRef}
              role="grid"
              aria-label={`Study activity over the last ${HEATMAP_DAYS} days`}
              aria-describedby={helpId}
              onKeyDown={onKeyDown}
              className="flex flex-col gap-[3px]"
            >
              {layout.rows.map((row, weekday) => (
                <div role="row" key={weekday} className="flex items-center gap-[3px]">
                  <span aria-hidden className="w-8 shrink-0 text-[10px] leading-3 text-slate-500">
                    {WEEKDAY_LABELS[weekday]}
                  </span>
                  {row.map((cell, week) => {
                    if (!cell) return <div key={`pad-${week}`} aria-hidden className="size-3 shrink-0" />;
                    const index = indexByKey.get(cell.key) ?? 0;
                    const label = heatmapCellLabel(cell);
                    return (
                      <div
                        key={cell.key}
                        role="gridcell"
                        data-index={index}
                        data-level={cell.level}
                        tabIndex={index === current ? 0 : -1}
                        aria-label={label}
                        title={label}
                        onFocus={() => setActive(index)}
                        className={cn('size-3 shrink-0 rounded-[2px]', LEVEL_CLASSES[cell.level])}
                      />
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 text-xs text-slate-500">
          <p id={helpId}>
            {plural(totalQuestions, 'question')} answered in the last {HEATMAP_DAYS} days. Use the arrow keys to move between days.
          </p>
          <div aria-hidden className="flex items-center gap-1">
            <span>Less</span>
            {LEVEL_CLASSES.map((shade) => (
              <span key={shade} className={cn('size-3 rounded-[2px]', shade)} />
            ))}
            <span>More</span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
