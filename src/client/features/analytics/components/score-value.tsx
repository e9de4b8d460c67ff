import { cn } from '../../../lib/cn';
import { formatPercent } from '../../../lib/format';
import { SCORE_BAND_CLASSES, scoreBand } from '../analytics-data';

/** An average score to one decimal, coloured by its §9 band; a dash and a note when nothing is marked. */
export function ScoreValue({ score, className }: { score: number | null; className?: string }) {
  if (score === null) {
    return <span className={cn('font-semibold text-slate-500', className)}>Not marked yet</span>;
  }
  const band = scoreBand(score);
  return (
    <span data-band={band} className={cn('font-semibold', SCORE_BAND_CLASSES[band].text, className)}>
      {formatPercent(score)}
    </span>
  );
}

/** The bar colour that goes with a score (slate when nothing is marked). */
export function scoreBarClass(score: number | null): string {
  return score === null ? 'bg-slate-300' : SCORE_BAND_CLASSES[scoreBand(score)].bar;
}
