import { cn } from '../../../lib/cn';

/** A 0–100 bar with its value exposed to assistive tech. */
export function ProgressBar({
  value,
  label,
  barClassName = 'bg-brand-600',
  className,
}: {
  value: number;
  label: string;
  barClassName?: string;
  className?: string;
}) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className={cn('h-full rounded-full', barClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}
