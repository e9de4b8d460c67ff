import { CheckCircle2, CircleSlash, XCircle } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * How one mark-scheme point of a marking is shown, wherever points are listed (the feedback panel, the results
 * page, the markbook's answer dialog):
 * - covered: ✓;
 * - the answer states the opposite: ✗ "Says the opposite";
 * - not covered: a grey "not covered" mark;
 * - plain (no mark at all): indicative content of a levels-marked answer that was not found (the level decides the
 *   marks, not the points), or any point of an answer that earned the question's full marks (nothing was lost).
 */
export type PointTone = 'covered' | 'opposite' | 'missed' | 'plain';

export function pointTone(status: string, context: { fullMarks: boolean; levels: boolean }): PointTone {
  if (status === 'COVERED') return 'covered';
  if (context.levels || context.fullMarks) return 'plain';
  return status === 'CONTRADICTED' ? 'opposite' : 'missed';
}

/** The words read out (and shown where there is room) for a point's tone. */
export function pointToneLabel(tone: PointTone, context: { levels: boolean }): string {
  if (tone === 'covered') return context.levels ? 'Found in your answer' : 'Covered';
  if (tone === 'opposite') return 'Says the opposite';
  if (tone === 'missed') return 'Not covered';
  return context.levels ? 'Not found' : 'Not needed for full marks';
}

/** The answer earned every mark of the question. */
export function hasFullMarks(feedback: { marks_awarded: number; total_marks: number }): boolean {
  return feedback.total_marks > 0 && feedback.marks_awarded >= feedback.total_marks;
}

/** The tone's icon, hidden from screen readers: say the tone with pointToneLabel in the text beside it. */
export function PointStatusIcon({ tone, className }: { tone: PointTone; className?: string }) {
  const size = cn('size-5 shrink-0', className);
  if (tone === 'covered') return <CheckCircle2 aria-hidden data-tone={tone} className={cn(size, 'text-emerald-600')} />;
  if (tone === 'opposite') return <XCircle aria-hidden data-tone={tone} className={cn(size, 'text-rose-600')} />;
  if (tone === 'missed') return <CircleSlash aria-hidden data-tone={tone} className={cn(size, 'text-slate-400')} />;
  return <span aria-hidden data-tone={tone} className={size} />;
}
