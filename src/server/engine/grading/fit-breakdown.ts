import type { GradingBreakdown } from '../engine';

function roundHalf(n: number): number {
  return Math.round(n * 2) / 2;
}

/**
 * A breakdown that adds up: the sections' maxMarks, taken as weights, are scaled to the total in half
 * marks (largest remainders, so that they add up to exactly `total`); each section's marks are scaled
 * alike, rounded to the half and kept within 0..its maxMarks; the overall mark is the sum of the
 * sections' marks, within 0..total. Sections without a positive weight are left out.
 */
export function fitBreakdownToTotal(
  sections: GradingBreakdown[],
  total: number,
): { detailedBreakdown: GradingBreakdown[]; marksAwarded: number } {
  const weighted = sections.filter((s) => Number.isFinite(s.maxMarks) && s.maxMarks > 0);
  const safeTotal = Number.isFinite(total) ? Math.max(0, total) : 0;
  if (weighted.length === 0) return { detailedBreakdown: [], marksAwarded: 0 };
  const weightSum = weighted.reduce((n, s) => n + s.maxMarks, 0);
  const halves = Math.round(safeTotal * 2);
  const exact = weighted.map((s) => (s.maxMarks / weightSum) * halves);
  const units = exact.map(Math.floor);
  const byRemainder = exact.map((x, i) => ({ i, rest: x - units[i] })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; k < halves - units.reduce((n, u) => n + u, 0); k++) units[byRemainder[k].i] += 1;
  const maxima = units.map((u) => u / 2);
  // A total that is not a whole number of half marks: the largest section takes the difference.
  const largest = maxima.indexOf(Math.max(...maxima));
  maxima[largest] += safeTotal - maxima.reduce((n, m) => n + m, 0);

  const detailedBreakdown = weighted.map((s, i) => {
    const share = Number.isFinite(s.marksAwarded) ? Math.max(0, Math.min(1, s.marksAwarded / s.maxMarks)) : 0;
    return { ...s, maxMarks: maxima[i], marksAwarded: Math.min(maxima[i], roundHalf(share * maxima[i])) };
  });
  const awarded = detailedBreakdown.reduce((n, s) => n + s.marksAwarded, 0);
  return { detailedBreakdown, marksAwarded: Math.max(0, Math.min(safeTotal, awarded)) };
}
