/** Significant figures of numbers as students write them ("3.0 x 10^-4", "1,200", "-0.50"). */

/** The significant figures a written number shows: [fewest, most] (trailing zeros of integers are ambiguous). */
export function countSigFigs(numberText: string): [number, number] {
  const mantissa = numberText
    .replace(/^[-+]/, '')
    .split(/\s*(?:[x×*·]|\\times|[eE])/)[0]
    .replace(/,/g, '');
  if (mantissa.includes('.')) {
    const digits = mantissa.replace('.', '').replace(/^0+/, '');
    return [digits.length, digits.length];
  }
  const digits = mantissa.replace(/^0+/, '');
  if (!digits) return [1, 1];
  const trimmed = digits.replace(/0+$/, '');
  return [Math.max(1, trimmed.length), digits.length];
}
