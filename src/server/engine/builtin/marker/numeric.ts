import { unit as mathUnit } from '../../maths/mathjs-subset';
import type { NumericTarget } from '../../../../shared/mark-scheme';
import { countSigFigs, SUPERSCRIPT_DIGITS, writeNumber } from '../../text/sig-figs';

/** A number found in an answer, with the unit written after it (if any). */
export interface Quantity {
  /** The value as written (before unit conversion). */
  value: number;
  /** The number as written, e.g. "1.80 × 10^3". */
  numberText: string;
  /** Unit words written after the number (possibly not a unit at all). */
  unitCandidates: string[];
  start: number;
  end: number;
  /** The whole quantity as written, number and unit. */
  text: string;
  /** The scale a word after the number gives it ("96 million": 10^6); `value` is the number as written. */
  scale?: number;
}

// "× 10^3", "x 10^{-3}", "x 10-3" (a sign marks the power), "×10⁻¹⁹" (a power written raised); not "x 100", which is
// a multiplication by a hundred
const NUMBER =
  /(?<![\w.])([-+]?(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u2009\u202f]\d{3})+(?![\d,])|\d+)(?:\.\d+)?|[-+]?\.\d+)(?:\s*(?:[x×*·]|\\times)\s*10\s*(?:\^\s*\{?\s*([-+]?\d+)\s*\}?|\{\s*([-+]?\d+)\s*\}|([-+]\d+)|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))(?!\d)|[eE]([-+]?\d+))?/g;
/** "⁻¹⁹" as "-19". */
const fromSuperscript = (raised: string) => [...raised].map((c) => SUPERSCRIPT_DIGITS[c]).join('');

/** Rewrites a unit as written by a student into mathjs syntax ("kJ mol-1" → "kJ mol^-1"). */
export function normaliseUnit(raw: string): string {
  return (
    raw
      // "per hour" is h^-1, "m per s" is m s^-1 (not "per cent")
      .replace(/(^|\s)per\s+(?!cent\b)([A-Za-z]+)\b/gi, '$1$2^-1')
      .replace(/[⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (m) => '^' + fromSuperscript(m))
      .replace(/Ω/g, 'ohm')
      .replace(/[µμ]/g, 'u')
      .replace(/°\s*C\b/g, 'degC')
      .replace(/°/g, 'deg')
      .replace(/\bohms\b/gi, 'ohm')
      .replace(/([a-zA-Z])(-?\d+)\b/g, '$1^$2')
      .replace(/\^\^/g, '^')
      .replace(/[·*]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The unit-like words written after a number: the longest first ("m s^-1", then "m"). */
function unitsAfter(text: string, end: number): string[] {
  const after = text.slice(end, end + 60);
  const words = after.match(/^\s*([A-Za-zΩµμ°%][A-Za-z0-9Ω°^⁻¹²³⁴⁰\-/·*]*)(\s+[A-Za-zΩµμ°][A-Za-z0-9Ω°^⁻¹²³⁴⁰\-/·*]*){0,3}/);
  const unitCandidates: string[] = [];
  if (words) {
    const parts = words[0].trim().split(/\s+/);
    for (let k = parts.length; k >= 1; k--)
      unitCandidates.push(
        parts
          .slice(0, k)
          .join(' ')
          .replace(/[.,;:]+$/, ''),
      );
  }
  return unitCandidates;
}

/**
 * A number written as a fraction of two numbers ("-2/3", "x = 7 / 2"), not part of a longer expression ("(x+1)/2",
 * "2/3x") or a date ("12/4/2026"), nor one worked out after it ("72/8.0 = 8.0": the student's value is 8.0). Its
 * numerator and denominator stay numbers of their own as well: either may be a step of the working ("0.05 / 0.025 = 2").
 */
const FRACTION = /(?<![\w.)/^])([-+−]?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)(?![\w.(/^])/g;

/** A unit vector's letter after a number: the number is a component, written as a term ("- 0.8j", "- 4/5 j"). */
const VECTOR_TERM = /^\s*(?:\*\*)?[ijk](?:\*\*)?(?![\w(])/;

/** The sign before a vector's component written as a term ("0.6i - 0.8j": the minus of 0.8j), or null. */
function termSign(text: string, start: number, end: number): RegExpExecArray | null {
  return VECTOR_TERM.test(text.slice(end)) ? /(?<=[\s(])[-−]\s*$/.exec(text.slice(Math.max(0, start - 4), start)) : null;
}

const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const SCALE_WORD = /^\s+(thousand|million|billion|trillion)\b/i;

/** Finds every number in the text with up to four following unit-like words. */
export function findQuantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  NUMBER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NUMBER.exec(text))) {
    const mantissa = Number(m[1].replace(/[, \u2009\u202f]/g, ''));
    const exp = m[2] ?? m[3] ?? m[4] ?? (m[5] === undefined ? m[6] : fromSuperscript(m[5]));
    let value = exp !== undefined ? mantissa * Math.pow(10, Number(exp)) : mantissa;
    if (!Number.isFinite(value)) continue;
    let end = m.index + m[0].length;
    // a number in words' scale: "96 million", "2.5 thousand", "£3 billion"
    const scale = exp === undefined ? SCALE_WORD.exec(text.slice(end, end + 12)) : null;
    if (scale) end += scale[0].length;
    // a sign before a currency symbol is the amount's: "-£12600" is minus 12600; and so is the sign before a vector's
    // component, written as a term ("0.6i - 0.8j": the j-component is -0.8)
    const signed = /[-−]\s*[£$€]\s*$/.exec(text.slice(Math.max(0, m.index - 4), m.index)) ?? termSign(text, m.index, end);
    if (signed && value > 0) {
      value = -value;
      const start = m.index - signed[0].length;
      out.push({ value, numberText: m[0], unitCandidates: unitsAfter(text, end), start, end, text: text.slice(start, end) });
      continue;
    }
    const written = text.slice(m.index, end);
    out.push({
      value,
      numberText: m[0],
      unitCandidates: unitsAfter(text, end),
      start: m.index,
      end,
      text: written,
      ...(scale && { scale: SCALES[scale[1].toLowerCase()] }),
    });
  }
  FRACTION.lastIndex = 0;
  while ((m = FRACTION.exec(text))) {
    const denominator = Number(m[2]);
    // working worked out ("72/8.0 = 8.0"): the value the student states is the one after "=", right or wrong
    if (denominator === 0 || /^\s*[=≈]/.test(text.slice(m.index + m[0].length))) continue;
    const end = m.index + m[0].length;
    // ("3/5 i - 4/5 j": the j-component is -4/5)
    const sign = termSign(text, m.index, end);
    const value = (sign ? -1 : 1) * (Number(m[1].replace('−', '-')) / denominator);
    const start = sign ? m.index - sign[0].length : m.index;
    out.push({ value, numberText: m[0], unitCandidates: unitsAfter(text, end), start, end, text: text.slice(start, end) });
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

export interface NumericCheck {
  matched: boolean;
  /** The quantity that decided it (the matching one, or the closest wrong one). */
  quantity?: Quantity;
  /** The value in the target's unit. */
  converted?: number;
  reason: 'match' | 'no-number' | 'wrong-value' | 'wrong-unit' | 'sig-figs';
  sigFigs?: [number, number];
}

function convert(q: Quantity, target: string | undefined): { value: number; unit?: string } | 'wrong-unit' {
  if (!target) return { value: q.value };
  let wrongUnit = false;
  for (const cand of q.unitCandidates) {
    const u = normaliseUnit(cand);
    if (!u || /^(to|in|at|a|an|is|the|of|and|or|as|so|by|if)\b/i.test(u)) continue;
    try {
      return { value: mathUnit(q.value, u).toNumber(normaliseUnit(target)), unit: cand };
    } catch (e) {
      // a real unit that does not convert (J where N is wanted) counts as a wrong unit
      try {
        mathUnit(1, u);
        if (cand.split(' ').length === 1) wrongUnit = true;
      } catch {
        /* not a unit: keep looking */
      }
      void e;
    }
  }
  return wrongUnit ? 'wrong-unit' : { value: q.value };
}

/**
 * The unit a quantity is written in, where it is one that converts to `target` ("kWh" of "14.4 kWh" for a target in J),
 * and the factor that takes it there (1 when it is the target's own unit, however written: "m/s" for "m s^-1").
 */
export function writtenUnit(q: Quantity, target: string): { unit: string; factor: number } | undefined {
  const c = convert({ ...q, value: 1 }, target);
  return c !== 'wrong-unit' && c.unit ? { unit: normaliseUnit(c.unit), factor: c.value } : undefined;
}

/** How far from the scheme's value a value may be: the point's own absolute tolerance, else its share (1% by default). */
export function toleranceOf(target: Pick<NumericTarget, 'absTolerance' | 'tolerance'>, value: number): number {
  return target.absTolerance ?? Math.abs(value) * (target.tolerance ?? 0.01);
}

/**
 * Whether the answer gives the target value (within tolerance, in a compatible unit, to the right s.f.).
 * `skip` leaves out quantities already accounted for (an error carried forward must be a new value,
 * not the wrong value it follows from).
 */
export function checkNumeric(text: string, target: NumericTarget & { value: number }, skip?: (q: Quantity) => boolean): NumericCheck {
  // a number with a scale word is read both ways: "£5 billion" against a scheme in £ billion, "96 million" against 9.6 × 10^7
  const quantities = findQuantities(text)
    .filter((q) => !skip?.(q))
    .flatMap((q) => (q.scale ? [q, { ...q, value: q.value * q.scale }] : [q]));
  if (quantities.length === 0) return { matched: false, reason: 'no-number' };
  // a value the student states in the scheme's own unit is their value for it: another of their values converted is not
  // ("14.4 kWh, which is 5.18 × 10^6 J" states the joules, wrongly, for a point in J)
  const own = target.unit
    ? quantities.filter((q) => Math.abs((writtenUnit(q, target.unit!)?.factor ?? 0) - 1) < 1e-9 && !isOperand(text, q))
    : [];
  if (own.length) quantities.splice(0, quantities.length, ...quantities.filter((q) => !writtenUnit(q, target.unit!) || own.includes(q)));
  const tol = toleranceOf(target, target.value);
  let closest: NumericCheck | undefined;
  let closestGap = Infinity;
  for (const q of quantities) {
    const c = convert(q, target.unit);
    if (c === 'wrong-unit') {
      if (!closest) closest = { matched: false, quantity: q, reason: 'wrong-unit' };
      continue;
    }
    const gap = Math.abs(c.value - target.value);
    // (the number as written, with its scale word: "96 million C/kg")
    const written = q.text.startsWith(q.numberText) ? q.text : q.numberText;
    const withUnit = c.unit ? { ...q, text: `${written} ${c.unit}`.replace(/\s+/g, ' ') } : q;
    // the slack is for floating point only, relative to the value (an absolute one would accept any value near 10^-12)
    if (gap <= tol + 1e-12 * Math.abs(target.value)) {
      if (target.sigFigs) {
        const sf = countSigFigs(q.numberText);
        if (target.sigFigs < sf[0] || target.sigFigs > sf[1]) {
          closest = { matched: false, quantity: withUnit, converted: c.value, reason: 'sig-figs', sigFigs: sf };
          closestGap = -1;
          continue;
        }
      }
      return { matched: true, quantity: withUnit, converted: c.value, reason: 'match' };
    }
    // a wrong value is quoted from what the student states as a result, not from the numbers they put into a formula
    const weighted = isOperand(text, q) && quantities.some((o) => o !== q && !isOperand(text, o)) ? gap + 1e300 : gap;
    if (weighted < closestGap) {
      closestGap = weighted;
      closest = { matched: false, quantity: withUnit, converted: c.value, reason: 'wrong-value' };
    }
  }
  return closest ?? { matched: false, reason: 'no-number' };
}

/**
 * A denial and the few words that may stand between it and the value it denies ("isn't", "is not the answer", "does not
 * make"), and the working that comes to it ("E°cell is not 0.77 - 0.54 = +0.23 V").
 */
const DENIED_VALUE =
  /\b(?:not|never|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|cannot|can't|won't)\s+(?:(?:be|equal|equals|give|gives|make|makes|get|gets|come|comes|out|to|at|as|exactly|just|the|answer|value|result|total|of|a|an|is|it|quite|really|actually)\s+){0,3}(?:[-−]?[\d(][\d.()\s+\-−×*/÷^]*)?[=≈]?\s*[£$€]?\s*[-−+]?$/i;

/**
 * A value the student denies, which is not their result: "so it isn't 275 mol", "the answer is not 140 kg", "the firm does
 * not make £3200" (not "not 4.08 s but 2.02 s", where 2.02 is stated).
 */
export function isDeniedValue(text: string, q: Pick<Quantity, 'start'>): boolean {
  const before = text.slice(Math.max(0, q.start - 60), q.start);
  const clause = before.split(/\.(?!\d)|[;:!?\n,]|\b(?:so|but|and|because|since|which|then)\b/i).pop() ?? '';
  if (DENIED_VALUE.test(clause)) return true;
  // or after it: "so 261 K is not used", "5.51 litres isn't right"
  const after = text.slice(q.start, q.start + 60).split(/\.(?!\d)|[;!?\n,]|\b(?:so|but|and|because|since|which|then)\b/i)[0];
  return DENIED_AFTER.test(after);
}

/** A value then its denial: "261 K is not used", "5.51 litres isn't right", "x = 3 is not a solution". */
const DENIED_AFTER =
  /^[^=]*?\s(?:is|was|are|were)\s+(?:not|n't)\s+(?:used|needed|right|correct|true|valid|possible|the\s+answer|a\s+solution)\b|^[^=]*?\s(?:isn't|wasn't|aren't)\s+(?:used|needed|right|correct|true|valid|possible|the\s+answer|a\s+solution)\b/i;

/** A number put into a formula ("6.67e-11 × 6e24 / 6.37e6"), not a result the student states. */
export function isOperand(text: string, q: Pick<Quantity, 'start' | 'end'>): boolean {
  const before = text.slice(0, q.start).trimEnd();
  const after = text
    .slice(q.end)
    .replace(/^\s*[A-Za-zΩµμ°%][A-Za-z0-9Ω°^⁻¹²³⁴⁰\-/·*]*/, '')
    .trimStart();
  return /[×*·/÷^(+]$|\btimes$|\bx$/.test(before) || /^([×*·/÷^+]|x\s|times\b|-\s)/.test(after);
}

/**
 * A scheme's value in a feedback sentence, written as every number a person reads (text/sig-figs.ts): to `sigFigs`
 * when given (the point's, schemeSigFigs(point)), else to 3 significant figures, never more than the value has,
 * standard form "1.23 × 10^-4" for very small or large values.
 */
export function formatValue(v: number, sigFigs?: number): string {
  return writeNumber(v, sigFigs);
}

/** A value the answer gives that could be its value for a point: a number in a compatible unit. */
export interface GivenValue {
  /** In the point's unit. */
  value: number;
  /** As written, number and unit. */
  text: string;
  start: number;
}

/**
 * The values an answer gives that could be meant for a numeric target, in the order written: numbers
 * in a unit that converts to the target's (any number when the target has no unit, or when the
 * number has no unit the target's unit could be assumed for).
 */
export function givenValues(text: string, target: NumericTarget): GivenValue[] {
  const out: GivenValue[] = [];
  for (const q of findQuantities(text)) {
    const c = convert(q, target.unit);
    if (c === 'wrong-unit') continue;
    out.push({ value: c.value, text: (c.unit ? `${q.numberText} ${c.unit}` : q.numberText).replace(/\s+/g, ' ').trim(), start: q.start });
  }
  return out;
}

/**
 * The one value an accuracy point states at its end, after words only: "range 35.3 m", "time of flight = 2.04 s",
 * "greatest height 5.10 m". An examiner checks it as a value; undefined where the point is not of that shape.
 */
export function statedResult(text: string): { value: number; unit?: string } | undefined {
  const plain = text
    .trim()
    .replace(/[.;]$/, '')
    .replace(/[\u2212\u2013]/g, '-');
  // a probability, a named subscript or a two-letter symbol given a value: "P(X ≥ 15) = 0.0207", "T_top = 3.73 N",
  // "Ek = 135000 J" (the numbers inside the probability are not the value; a single letter is a variable)
  const named = /^(?:P\([^()=]+\)|\p{L}{1,3}_\p{L}[\p{L}\d]*|\p{L}{2})\s*[=≈]\s*/u.exec(plain);
  const quantities = findQuantities(named ? plain.slice(named[0].length) : plain);
  if (quantities.length !== 1) return undefined;
  const q = named ? { ...quantities[0], end: quantities[0].end + named[0].length } : quantities[0];
  // a named quantity before it, not a variable ("only solution x = 4" is about which roots are kept, not a value)
  const before = named ? '' : plain.slice(0, q.start);
  if (
    !named &&
    (!/^[\p{L}\s'-]{0,40}?(?:[=≈:]|\bis\b)?\s*$/u.test(before) || !/\p{L}{3}/u.test(before) || /(?:^|\s)\p{L}(?:\s|$|[=≈:])/u.test(before))
  )
    return undefined;
  if (named && quantities[0].start !== 0) return undefined;
  const rest = plain.slice(q.end).trim();
  if (!rest) return { value: q.value };
  if (!q.unitCandidates.includes(rest)) return undefined;
  if (rest === '%') return { value: q.value, unit: rest };
  try {
    mathUnit(1, normaliseUnit(rest));
    return { value: q.value, unit: rest };
  } catch {
    return undefined; // "200 units", "3 marks": words, not a unit
  }
}
