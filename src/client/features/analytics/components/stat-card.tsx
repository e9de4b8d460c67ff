import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** One headline number: a label, the value and a line under it. The card is a named group for assistive tech. */
export function StatCard({ icon: Icon, label, value, hint }: { icon: LucideIcon; label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card role="group" aria-label={label} className="flex min-w-0 items-start justify-between gap-2 p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{value}</p>
        {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      </div>
      <Icon aria-hidden className="size-5 shrink-0 text-brand-600" />
    </Card>
  );
}
