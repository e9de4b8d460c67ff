/**
 * Every number written in an HTML/KaTeX text, as a student would read it: '3.32 × 10^-19',
 * '3.32 \\times 10^{-19}', '3.32 x 10<sup>-19</sup>', '3.32e-19', '1,250', '−4.5', '\\frac{3}{4}' (as 0.75 too).
 * Used by the bank tests to check that a model answer states the values its numeric points expect.
 */
export function extractNumbers(text: string): number[] {
  const plain = text
    .replace(/<sup>\s*([^<]*?)\s*<\/sup>/g, '^$1')
    .replace(/<\/?[a-zA-Z][^<>]*>/g, ' ')
    .replace(/&minus;|\u2212|\u2013/g, '-')
    .replace(/&nbsp;|\u00a0|\u2009|\u202f/g, ' ')
    .replace(/\\times|\\cdot|×|·/g, ' × ')
    .replace(/\\left|\\right|\\,|\\;|\\!/g, ' ')
    .replace(/\^\{\s*([^}]*)\s*\}/g, '^$1');
  const out: number[] = [];
  const numberPattern =
    /(-?)(\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?|\.\d+)(?:[eE]([+-]?\d+)|\s*(?:×|x)\s*10\s*\^\s*\(?\s*([+-]?\d+)\s*\)?)?/g;
  for (const m of plain.matchAll(numberPattern)) {
    const mantissa = Number(m[2].replace(/,/g, ''));
    const exponent = m[3] ?? m[4];
    const value = exponent === undefined ? mantissa : mantissa * 10 ** Number(exponent);
    const signed = m[1] ? -value : value;
    out.push(signed);
    if (m[1]) out.push(value);
  }
  // A bare power of ten written as '10^-19' after a multiplication sign is already in its mantissa's match.
  for (const m of plain.matchAll(/\\[dt]?frac\s*\{\s*(-?\d+(?:\.\d+)?)\s*\}\s*\{\s*(-?\d+(?:\.\d+)?)\s*\}/g)) {
    const denominator = Number(m[2]);
    if (denominator !== 0) out.push(Number(m[1]) / denominator);
  }
  for (const m of plain.matchAll(/(-?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)/g)) {
    const denominator = Number(m[2]);
    if (denominator !== 0) out.push(Number(m[1]) / denominator);
  }
  return out;
}

/** True when `value` is one of the numbers in `text`, within the tolerance a marker would allow. */
export function statesValue(text: string, value: number, tolerance: { tolerance?: number; absTolerance?: number }): boolean {
  const allowed = tolerance.absTolerance ?? Math.abs(value) * (tolerance.tolerance ?? 0.01);
  const slack = Math.max(allowed, Math.abs(value) * 1e-9, 1e-12);
  return extractNumbers(text).some((n) => Math.abs(n - value) <= slack);
}
