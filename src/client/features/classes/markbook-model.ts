import type { Markbook, MarkbookCell } from '../../../shared/classes';

/** A mark's band in the markbook: the colour and the words that say the same thing (never colour alone). */
export type ScoreBand = 'high' | 'mid' | 'low' | 'none';

export const SCORE_BANDS: { band: ScoreBand; label: string; className: string }[] = [
  { band: 'high', label: '80% or more', className: 'bg-emerald-100 text-emerald-900' },
  { band: 'mid', label: '40% to 79%', className: 'bg-amber-100 text-amber-900' },
  { band: 'low', label: 'Under 40%', className: 'bg-rose-100 text-rose-900' },
  { band: 'none', label: 'Not answered or not marked', className: 'bg-slate-50 text-slate-500' },
];

/** The same thresholds as the feedback panel's badge: 80% and 40%. */
export function scoreBand(cell: Pick<MarkbookCell, 'marksAwarded' | 'totalMarks'>): ScoreBand {
  if (cell.marksAwarded === null || cell.totalMarks <= 0) return 'none';
  const pct = (100 * cell.marksAwarded) / cell.totalMarks;
  return pct >= 80 ? 'high' : pct >= 40 ? 'mid' : 'low';
}

export function bandClass(band: ScoreBand): string {
  return SCORE_BANDS.find((b) => b.band === band)!.className;
}

export function bandLabel(band: ScoreBand): string {
  return SCORE_BANDS.find((b) => b.band === band)!.label;
}

export interface PointMissRow {
  questionId: string;
  questionLabel: string;
  pointId: string;
  text: string;
  missedBy: number;
  answeredBy: number;
  /** Share of the students who answered the question that missed the point, 0-100. */
  missRate: number;
}

/** The mark-scheme points the class misses most first: by miss rate, then by how many missed, then by question order. */
export function rankPointMisses(markbook: Markbook): PointMissRow[] {
  const order = new Map(markbook.questions.map((q, i) => [q.id, i]));
  const labels = new Map(markbook.questions.map((q) => [q.id, q.label]));
  return markbook.pointMisses
    .filter((p) => p.answeredBy > 0)
    .map((p) => ({
      questionId: p.questionId,
      questionLabel: labels.get(p.questionId) ?? '',
      pointId: p.pointId,
      text: p.text,
      missedBy: p.missedBy,
      answeredBy: p.answeredBy,
      missRate: Math.round((100 * p.missedBy) / p.answeredBy),
    }))
    .sort((a, b) => b.missRate - a.missRate || b.missedBy - a.missedBy || (order.get(a.questionId) ?? 0) - (order.get(b.questionId) ?? 0));
}

/** A student's total over the marked questions and over all the paper's questions. */
export function studentTotals(cells: MarkbookCell[]): { awarded: number; marked: number; possible: number } {
  let awarded = 0;
  let marked = 0;
  let possible = 0;
  for (const cell of cells) {
    possible += cell.totalMarks;
    if (cell.marksAwarded !== null) {
      awarded += cell.marksAwarded;
      marked += cell.totalMarks;
    }
  }
  return { awarded, marked, possible };
}

/** Minutes and hours as a teacher reads them: '45 s', '12 min', '1 h 05 min'. */
export function formatTimeSpent(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
