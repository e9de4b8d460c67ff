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

/*
 * Numbers written for people. One rule for every scheme value a person reads (printed schemes and answer keys,
 * template text, feedback sentences): a point's value is written to its `numeric.sigFigs` when the scheme sets
 * them, else to the precision the scheme's own text writes it with ("ΔH = −51.6 kJ mol⁻¹" → 3), else to
 * DEFAULT_SIG_FIGS; never with float noise or "e" notation: standard form (1.23 × 10^-4, the project's way of
 * writing powers) below 10^-3 and from 10^6.
 */

/** A-Level's default precision for a value whose precision nothing states. */
export const DEFAULT_SIG_FIGS = 3;

/** Powers of ten written in standard form: from 10^6 up and below 10^-3. */
const STANDARD_FORM_FROM = 6;
const STANDARD_FORM_BELOW = -3;

/** The value without float noise (0.1 + 0.2 → 0.3): 12 significant figures are more than any scheme writes. */
function withoutNoise(value: number): number {
  return Number(value.toPrecision(12));
}

/** The power of ten of a non-zero value's first significant figure (123 → 2, 0.05 → -2). */
function exponentOf(value: number): number {
  return Number(value.toExponential().split('e')[1]);
}

/** The significant figures a value has, without float noise and trailing zeros: 42 → 2, 0.5 → 1, 6490 → 3, 1e6 → 1. */
export function sigFigsOfValue(value: number): number {
  const clean = Math.abs(withoutNoise(value));
  if (clean === 0 || !Number.isFinite(clean)) return 1;
  return clean.toExponential().split('e')[0].replace('.', '').replace(/0+$/, '').length || 1;
}

/**
 * `value` written for a person. With `sigFigs`, to exactly that many (2.5 to 3 → "2.50": a scheme that demands
 * 3 s.f. shows 3). Without, to DEFAULT_SIG_FIGS, never more than the value has (42 → "42", 0.5 → "0.5") and never
 * rounding away the digits of a whole number below standard form (6494 → "6494", not "6490": a scheme writes a
 * sum of bond enthalpies as it is). Standard form below 10^-3 and from 10^6: "1.23 × 10^-4", "6.02 × 10^23".
 */
export function writeNumber(value: number, sigFigs?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const clean = withoutNoise(value);
  if (clean === 0) return '0';
  const exponent = exponentOf(clean);
  const wholeDigits = exponent >= 0 && exponent < STANDARD_FORM_FROM ? exponent + 1 : 0;
  const digits = Math.max(
    1,
    Math.min(100, Math.round(sigFigs ?? Math.min(Math.max(DEFAULT_SIG_FIGS, wholeDigits), sigFigsOfValue(clean)))),
  );
  const rounded = Number(clean.toPrecision(digits));
  const power = exponentOf(rounded);
  if (power >= STANDARD_FORM_FROM || power < STANDARD_FORM_BELOW) {
    const [mantissa, exp] = rounded.toExponential(digits - 1).split('e');
    return `${mantissa} × 10^${Number(exp)}`;
  }
  const decimals = digits - 1 - power;
  return decimals > 0 ? rounded.toFixed(decimals) : String(rounded);
}

/**
 * A number for a machine to read (a GIFT or Moodle XML numerical answer, a mathjs expression): full precision
 * (15 significant figures) without float noise, in JavaScript's notation ("1.6e-19"), never rounded for show.
 */
export function writeExactNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : String(value);
}

/** Superscript digits and signs as written on the line ("10⁻⁴" is 10^-4). */
export const SUPERSCRIPT_DIGITS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
  '⁺': '+',
};

/** A number as a scheme writes it: "−51.6", "1,200", "1.50 × 10^-4", "1.50×10⁻⁴", "1.5e-4" (not a power's "-1" in "mol^-1"). */
const WRITTEN_NUMBER =
  /(?<![\w.^]|\^[-+\u2212])([-+\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+\u2212]?\.\d+)(?:\s*(?:[x×]|\\times)\s*10\s*(?:\^\s*\{?\s*([-+\u2212]?\d+)\s*\}?|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))|[eE]([-+]?\d+))?/g;

/**
 * The significant figures `text` writes `value` with: the first number in it that is the value rounded (to the
 * figures the number shows), e.g. 3 for "ΔH = −51.6 kJ mol⁻¹" and -51.5931…; undefined when the text does not
 * write the value. The sign is not compared (a scheme may write "51.6 kJ released").
 */
export function writtenSigFigs(text: string, value: number): number | undefined {
  if (!Number.isFinite(value) || value === 0) return undefined;
  const target = Math.abs(value);
  for (const m of text.matchAll(WRITTEN_NUMBER)) {
    const mantissa = m[1].replace(/\u2212/g, '-');
    const power = m[2] ?? (m[3] ? [...m[3]].map((c) => SUPERSCRIPT_DIGITS[c]).join('') : m[4]);
    const written = Math.abs(Number(mantissa.replace(/,/g, '')) * 10 ** Number((power ?? '0').replace(/\u2212/g, '-')));
    if (!Number.isFinite(written) || written === 0) continue;
    const [fewest, most] = countSigFigs(mantissa);
    for (let sf = fewest; sf <= most; sf++) {
      if (Math.abs(Number(target.toPrecision(sf)) - written) <= 1e-9 * written) return sf;
    }
  }
  return undefined;
}

/** The part of a mark-scheme point these rules read: its text and numeric target. */
export interface PointWithValue {
  text: string;
  numeric?: { value: number | string; sigFigs?: number };
}

/** The significant figures a point's value is written to: its `sigFigs`, else as its text writes it; undefined when neither says. */
export function schemeSigFigs(point: PointWithValue): number | undefined {
  if (point.numeric?.sigFigs) return point.numeric.sigFigs;
  const value = Number(point.numeric?.value);
  return Number.isFinite(value) ? writtenSigFigs(point.text, value) : undefined;
}

/** A point's value as a person reads it (no unit), to schemeSigFigs; a template expression not yet evaluated stays as written. */
export function writeSchemeValue(point: PointWithValue): string {
  const value = point.numeric?.value;
  if (value === undefined) return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? writeNumber(n, schemeSigFigs(point)) : String(value);
}
