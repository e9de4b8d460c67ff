import { CalendarDays } from 'lucide-react';
import { formatShortDate } from '../lib/format';
import { Badge } from './ui/badge';

/** A paper card's first line: its difficulty and the date it was made. */
export function PaperMeta({ difficulty, createdAt }: { difficulty: string; createdAt: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <Badge tone={difficulty}>{difficulty}</Badge>
      <span className="flex items-center gap-1 text-xs text-slate-500">
        <CalendarDays aria-hidden className="size-3.5" /> {formatShortDate(createdAt)}
      </span>
    </div>
  );
}
