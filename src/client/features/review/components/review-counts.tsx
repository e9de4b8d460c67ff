import type { ReviewCounts } from '../../../../shared/review';

/** Due today (overdue included), overdue, and coming up in the next seven days. */
export function ReviewCountsBar({ counts }: { counts: ReviewCounts }) {
  const items = [
    { label: 'Due today', value: counts.dueToday },
    { label: 'Overdue', value: counts.overdue },
    { label: 'Upcoming this week', value: counts.upcomingWeek },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm">
          <dt className="text-xs font-medium text-slate-600 sm:text-sm">{item.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
