import type { z } from 'zod';
import type { gradingSectionSchema } from '../../shared/teacher';
import { formatMarks } from './paper-progress';
import { RichHtml } from './rich-html';

type GradingSection = z.infer<typeof gradingSectionSchema>;

/** A graded sheet's sections or points, each with its marks and the marker's comments (§3 Grading result). */
export function GradingBreakdownList({ sections, emptyText }: { sections: GradingSection[]; emptyText: string }) {
  if (sections.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="grid gap-2">
      {sections.map((section, i) => (
        <li key={`${i}-${section.section}`} className="rounded-lg border border-slate-200 p-3">
          <div className="flex items-baseline justify-between gap-3">
            <p className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900">{section.section}</p>
            <p
              className="shrink-0 text-sm font-semibold whitespace-nowrap text-slate-700"
              aria-label={`${formatMarks(section.marksAwarded)} out of ${formatMarks(section.maxMarks)} ${section.maxMarks === 1 ? 'mark' : 'marks'}`}
            >
              {formatMarks(section.marksAwarded)}/{formatMarks(section.maxMarks)}
            </p>
          </div>
          <RichHtml html={section.comments} className="mt-1 text-sm break-words text-slate-600 [&_p]:my-1" />
        </li>
      ))}
    </ul>
  );
}
