import type { MarkPoint } from '../../../../shared/mark-scheme';
import type { PointOutcome } from './apply-scheme';
import { checkNumeric, formatValue } from './numeric';

/**
 * A separate significant-figures mark, as a board writes it ("B1 answer given to 3 s.f."): a B point of skill
 * `significant-figures` whose numeric target has `sigFigs`. It is earned by the scheme's value given to exactly those
 * significant figures, and by nothing else: the same value to other s.f. earns the accuracy mark before it, not
 * this one, and a wrong value earns neither, however many figures it has.
 */
export function isSigFigsMark(point: MarkPoint): boolean {
  return (
    point.kind === 'B' &&
    point.skill === 'significant-figures' &&
    point.numeric?.sigFigs !== undefined &&
    typeof point.numeric.value === 'number'
  );
}

/** The outcome of a separate s.f. mark, decided from the answer's values alone. */
export function sigFigsOutcome(point: MarkPoint, plainAnswer: string): PointOutcome {
  const target = point.numeric!;
  const value = target.value as number;
  const sf = target.sigFigs!;
  const check = checkNumeric(plainAnswer, { ...target, value });
  const written = check.quantity?.text.trim();
  if (check.matched && check.quantity)
    return {
      status: 'COVERED',
      justification: `Credited: your value "${written}" is given to ${sf} significant figures, as the mark scheme asks.`,
      numeric: { matched: true, given: { value: check.converted ?? check.quantity.value, text: written!, start: check.quantity.start } },
      rule: 'value',
      evidence: written,
    };
  if (check.reason === 'sig-figs' && check.sigFigs) {
    const [lo, hi] = check.sigFigs;
    return {
      status: 'NOT_COVERED',
      justification: `Not credited: your value "${written}" is right but given to ${lo === hi ? lo : `${lo}–${hi}`} significant figures; this mark is for the answer to ${sf}.`,
      rule: 'value',
      evidence: written,
    };
  }
  // the value correctly rounded to other figures ("12 J" for 11.532 J): right, but not to the figures asked for
  for (let n = 1; n <= 8; n++) {
    if (n === sf) continue;
    const rounded = Number(value.toPrecision(n));
    const other = checkNumeric(plainAnswer, { value: rounded, unit: target.unit, absTolerance: 1e-9 * Math.abs(rounded), sigFigs: n });
    if (other.matched && other.quantity) {
      const text = other.quantity.text.trim();
      return {
        status: 'NOT_COVERED',
        justification: `Not credited: your value "${text}" is right but given to ${n} significant figure${n === 1 ? '' : 's'}; this mark is for the answer to ${sf}.`,
        rule: 'value',
        evidence: text,
      };
    }
  }
  return {
    status: 'NOT_COVERED',
    justification: `Not credited: this mark is for the right value (${formatValue(value, sf)}${target.unit ? ` ${target.unit}` : ''}) given to ${sf} significant figures, and your answer does not give it.`,
    rule: 'value',
  };
}
