import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An empty list inside a card: the spec's title and one line on what to do. */
export function InlineEmpty({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-200 px-4 py-8 text-center">
      <Icon aria-hidden className="size-8 text-slate-400" />
      <p className="mt-2 font-semibold text-slate-900">{title}</p>
      {children ? <p className="mt-1 max-w-sm text-sm text-slate-600">{children}</p> : null}
    </div>
  );
}
