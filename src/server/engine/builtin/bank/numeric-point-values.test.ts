import { describe, expect, it } from 'vitest';
import { defaultContentDir } from './bank';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';
import { readBank } from './load-bank';

/**
 * A numeric point's own text is what the student's feedback and the printed mark scheme show for it, so it must
 * state the value the point marks against, written to the precision the scheme asks for: the point's `sigFigs`,
 * or for a final value the significant figures or decimal places the question asks for ("Give your answer to
 * 3 significant figures"); otherwise a number within the point's tolerance. (A template once printed "70%" for a
 * value of 68.97%: the scheme marked 69.0 and showed something else.) Every question, and SEEDS seeds of every
 * template, in every subject.
 */

const SEEDS = 5;
const bank = readBank(defaultContentDir());
const entries = [...bank.byId.values()];

/** A number as written in a text: its value, its digits as written (for counting figures) and the words after it. */
interface Written {
  value: number;
  digits: string;
  /** An exact value written as a fraction or a multiple of π: no figures to count. */
  exact?: boolean;
  after: string;
}

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

function plainText(html: string): string {
  return html
    .replace(/<sup>\s*([^<]*?)\s*<\/sup>/g, '^$1')
    .replace(/<\/?[a-zA-Z][^<>]*>/g, ' ')
    .replace(/&minus;|\u2212/g, '-')
    .replace(/&nbsp;|\u00a0|\u2009|\u202f/g, ' ')
    .replace(/\\times|×/g, ' × ')
    .replace(/\\pi/g, 'π')
    .replace(/\^\{\s*([^}]*)\s*\}/g, '^$1');
}

/** A minus sign at `index` makes a negative number ('= −1.97', '(−0.5'), not a subtraction ('28-24', 'x−1'). */
const negativeAt = (plain: string, index: number) => plain[index] === '-' && !/[\w)\]}]/.test(plain[index - 1] ?? '');

/**
 * The numbers written in an HTML text: decimals ('−1.97', '£1,250', '29 600'), standard form ('3.32 × 10^-19'),
 * fractions ('-1/2') and multiples of π ('7π/6').
 */
export function writtenNumbers(html: string): Written[] {
  const plain = plainText(html);
  const out: Written[] = [];
  const pattern =
    /(-?)(\d{1,3}(?:,\d{3})+(?![\d.])|\d{1,3}(?: \d{3})+(?![\d.])|\d+(?:\.\d+)?|\.\d+)(?:[eE]([+-]?\d+)|\s*(?:×|x)\s*10\s*\^\s*\(?\s*([+-]?\d+)\s*\)?)?/g;
  for (const m of plain.matchAll(pattern)) {
    const digits = m[2].replace(/[, ]/g, '');
    const exponent = m[3] ?? m[4];
    const value = exponent === undefined ? Number(digits) : Number(digits) * 10 ** Number(exponent);
    const after = plain.slice((m.index ?? 0) + m[0].length);
    out.push({ value: negativeAt(plain, m.index ?? 0) ? -value : value, digits, after });
    // '29 600' may also be two numbers
    if (m[2].includes(' ')) for (const part of m[2].split(' ')) out.push({ value: Number(part), digits: part, after });
  }
  for (const m of plain.matchAll(/(-?)(\d*(?:\.\d+)?)\s*(π?)\s*\/\s*(\d+(?:\.\d+)?)/g)) {
    if (!m[2] && !m[3]) continue;
    const value = (Number(m[2] || 1) * (m[3] ? Math.PI : 1)) / Number(m[4]);
    const after = plain.slice((m.index ?? 0) + m[0].length);
    out.push({ value: negativeAt(plain, m.index ?? 0) ? -value : value, digits: '', exact: true, after });
  }
  for (const m of plain.matchAll(/(-?)(\d*)\s*π(?!\s*\/)/g)) {
    const value = Number(m[2] || 1) * Math.PI;
    const after = plain.slice((m.index ?? 0) + m[0].length);
    out.push({ value: negativeAt(plain, m.index ?? 0) ? -value : value, digits: '', exact: true, after });
  }
  return out;
}

const PREFIXES: Record<string, number> = { p: -12, n: -9, μ: -6, µ: -6, u: -6, m: -3, c: -2, k: 3, M: 6, G: 9 };
const TIMES: Record<string, number> = {
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hour: 3600,
  hours: 3600,
  days: 86400,
  day: 86400,
};

/** The factor from the unit written after a number to the point's unit: '5.00 mJ' for J is 10^-3; '193 g' for kg is 10^-3. */
function unitFactor(after: string, unit: string | undefined): number {
  if (!unit) return 1;
  const written = /^\s*([A-Za-zμµΩ°]+)/.exec(after)?.[1];
  const target = unit.trim().split(/\s+/)[0];
  if (!written || written === target) return 1;
  if (target === 's' && TIMES[written]) return TIMES[written];
  const split = (u: string): [number, string][] => [
    [0, u],
    ...(u.length > 1 && PREFIXES[u[0]] !== undefined ? [[PREFIXES[u[0]], u.slice(1)] as [number, string]] : []),
  ];
  for (const [wp, wb] of split(written)) for (const [tp, tb] of split(target)) if (wb === tb) return 10 ** (wp - tp);
  return 1;
}

/** Significant figures shown by a written number: '6.50' → [3, 3]; '1200' → [2, 4] (trailing zeros of a whole number may or may not count). */
function figuresShown(digits: string): [number, number] {
  if (digits.includes('.')) {
    const all = digits.replace('.', '').replace(/^0+/, '');
    return [all.length, all.length];
  }
  const whole = digits.replace(/^0+/, '') || '0';
  return [whole.replace(/0+$/, '').length || 1, whole.length];
}

function decimalsShown(digits: string): number {
  return digits.includes('.') ? digits.split('.')[1].length : 0;
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

type Precision = { sigFigs: number } | { dp: number } | null;

/** The precision the question asks its final answers to be given to, if it says. */
function askedPrecision(questionText: string): Precision {
  const text = questionText.replace(/<[^>]+>/g, ' ');
  const count = (s: string) => WORDS[s.toLowerCase()] ?? Number(s);
  const sf = /\b(\d+|one|two|three|four|five|six)\s+(?:significant\s+figures?|s\.\s?f\.|s\.?f\b)/i.exec(text);
  if (sf) return { sigFigs: count(sf[1]) };
  const dp = /\b(\d+|one|two|three|four|five|six)\s+(?:decimal\s+places?|d\.\s?p\.|d\.?p\b)/i.exec(text);
  if (dp) return { dp: count(dp[1]) };
  return null;
}

/** Why the point's text does not state its value, or null when it does. */
export function pointTextProblem(q: ConcreteQuestion, pointIndex: number): string | null {
  const point = q.markScheme[pointIndex];
  const numeric = point.numeric;
  if (!numeric || typeof numeric.value !== 'number') return null;
  const value = numeric.value;
  const asked = askedPrecision(q.text);
  const precision: Precision = numeric.sigFigs
    ? { sigFigs: numeric.sigFigs }
    : point.skill === 'final-value' || point.kind === 'A'
      ? asked
      : null;
  const written = writtenNumbers(point.text);
  const ok = written.some(({ value: raw, digits, exact, after }) => {
    const n = raw * unitFactor(after, numeric.unit);
    // the value itself, written exactly ('k = 2' for 2, '1/4' for 0.25, 'α = 53.13°' for 53.13)
    if (same(n, value)) return true;
    if (precision && 'sigFigs' in precision) {
      // to the figures asked or more, rounding to the same value ('96.67' for 96.666… to 3 s.f.)
      const [, most] = figuresShown(digits);
      return (
        !exact && most >= precision.sigFigs && same(Number(n.toPrecision(precision.sigFigs)), Number(value.toPrecision(precision.sigFigs)))
      );
    }
    if (precision && 'dp' in precision) {
      return !exact && decimalsShown(digits) >= precision.dp && same(Number(n.toFixed(precision.dp)), Number(value.toFixed(precision.dp)));
    }
    const allowed = numeric.absTolerance ?? Math.abs(value) * (numeric.tolerance ?? 0.01);
    return Math.abs(n - value) <= Math.max(allowed, Math.abs(value) * 1e-9, 1e-12);
  });
  if (ok) return null;
  const want = !precision
    ? `${value} (within its tolerance)`
    : 'sigFigs' in precision
      ? `${value} to ${precision.sigFigs} significant figures`
      : `${value} to ${precision.dp} decimal places`;
  return `point ${point.id} "${point.text}" does not state ${want}`;
}

function problemsOf(q: ConcreteQuestion): string[] {
  return q.markScheme.map((_, i) => pointTextProblem(q, i)).filter((p): p is string => p !== null);
}

describe('reading the numbers written in a point', () => {
  it('takes attached minus signs, not subtractions, and counts the figures shown', () => {
    expect(writtenNumbers('PED = −1.97').map((n) => n.value)).toEqual([-1.97]);
    expect(writtenNumbers('(28-24) × 800 = £3200').map((n) => n.value)).toEqual([28, 24, 800, 3200]);
    expect(writtenNumbers('38 − 8 = 30').map((n) => n.value)).toEqual([38, 8, 30]);
    expect(writtenNumbers('E = 3.32 × 10^-19 J').map((n) => n.value)).toEqual([3.32e-19]);
    expect(writtenNumbers('£1,250 and 6.50%').map((n) => n.digits)).toEqual(['1250', '6.50']);
    expect(figuresShown('6.50')).toEqual([3, 3]);
    expect(figuresShown('1200')).toEqual([2, 4]);
    expect(figuresShown('0.0130')).toEqual([3, 3]);
    expect(unitFactor(' mJ', 'J')).toBe(1e-3);
    expect(unitFactor(' g', 'kg')).toBe(1e-3);
    expect(unitFactor(' km s^-1', 'm s^-1')).toBe(1e3);
    expect(unitFactor(' minutes', 's')).toBe(60);
    expect(unitFactor(' mm', 'mm')).toBe(1);
    expect(writtenNumbers('q = -1/2 and x = 7π/6').map((n) => n.value)).toContain(-0.5);
    expect(writtenNumbers('x = 7π/6').map((n) => n.value)).toContain((7 * Math.PI) / 6);
    expect(writtenNumbers('29 600').map((n) => n.value)).toContain(29600);
  });

  it('fails a point that prints a rounder value than the scheme asks for, and passes the right one', () => {
    const question = (text: string, pointText: string, sigFigs?: number): ConcreteQuestion =>
      ({
        id: 'x',
        type: 'short_answer',
        difficulty: 'easy',
        marks: 1,
        text,
        markScheme: [
          {
            id: 'a1',
            text: pointText,
            marks: 1,
            kind: 'A',
            skill: 'final-value',
            accept: [],
            reject: [],
            ignore: [],
            required: [],
            numeric: { value: 68.97, absTolerance: 0.1, ...(sigFigs && { sigFigs }) },
          },
        ],
        modelAnswer: '',
        hints: [],
      }) as unknown as ConcreteQuestion;
    expect(problemsOf(question('<p>Calculate the share.</p>', 'consumers pay 70%'))).toHaveLength(1);
    expect(problemsOf(question('<p>Calculate the share.</p>', 'consumers pay 69.0%'))).toEqual([]);
    expect(problemsOf(question('<p>Give your answer to 3 significant figures.</p>', 'consumers pay 69%'))).toHaveLength(1);
    expect(problemsOf(question('<p>Give your answer to 3 significant figures.</p>', 'consumers pay 69.0%'))).toEqual([]);
    expect(problemsOf(question('<p>Give your answer to 3 significant figures.</p>', 'consumers pay 68.97%'))).toEqual([]);
    expect(problemsOf(question('<p>Give your answer to 1 decimal place.</p>', 'consumers pay 69%'))).toHaveLength(1);
    expect(problemsOf(question('<p>Calculate it.</p>', 'consumers pay 69%', 2))).toEqual([]);
    expect(problemsOf(question('<p>Calculate it.</p>', 'consumers pay 70%', 2))).toHaveLength(1);
    expect(problemsOf(question('<p>Calculate it.</p>', 'consumers pay −69.0%'))).toHaveLength(1);
  });
});

/**
 * Questions of other subjects this test caught when it was written (28 November 2026), left to their authors:
 * mathematics-vectors-21 prints AC = 22.0 for 22.05 to 3 s.f. (22.1); physics-fields-76 prints 3780 pF for
 * 3.78 × 10^-11 F (37.8 pF); physics-mechanics-materials-41 prints the extension in metres with "mm" (0.00290 mm
 * for 2.90 mm). Each must still fail here, so the list is emptied as they are fixed.
 */
const KNOWN = new Set(['mathematics-vectors-21', 'physics-fields-76', 'physics-mechanics-materials-41']);

describe("every numeric point's text states the scheme's value", () => {
  const bySubject = new Map<string, typeof entries>();
  for (const entry of entries) {
    const subject = entry.question.id.split('-')[0];
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), entry]);
  }

  it.each([...bySubject.keys()])('%s', (subject) => {
    const problems: string[] = [];
    const knownFailing = new Set<string>();
    for (const { question } of bySubject.get(subject) ?? []) {
      const seeds = question.template ? Array.from({ length: SEEDS }, (_, i) => i) : [1];
      const found = new Set<string>();
      for (const seed of seeds) {
        for (const problem of problemsOf(instantiateQuestion(question, seed))) {
          if (KNOWN.has(question.id)) {
            knownFailing.add(question.id);
            continue;
          }
          const key = problem.replace(/-?\d[\d.,]*(e[+-]?\d+)?/g, '#');
          if (!found.has(key)) problems.push(`${question.id} (seed ${seed}): ${problem}`);
          found.add(key);
        }
      }
    }
    expect(problems).toEqual([]);
    expect([...knownFailing].sort()).toEqual([...KNOWN].filter((id) => id.startsWith(`${subject}-`)).sort());
  });
});
