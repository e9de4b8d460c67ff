import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  easy: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-amber-100 text-amber-800',
  hard: 'bg-rose-100 text-rose-800',
  challenging: 'bg-orange-100 text-orange-800',
  difficult: 'bg-rose-100 text-rose-800',
  neutral: 'bg-slate-100 text-slate-700',
  brand: 'bg-brand-100 text-brand-700',
  success: 'bg-emerald-100 text-emerald-800',
} as const;

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: string }) {
  const toneClass = TONES[tone as keyof typeof TONES] ?? TONES.neutral;
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium capitalize', toneClass, className)}
      {...props}
    />
  );
}
