import { unit as mathUnit } from '../maths/mathjs-subset';
import { findQuantities, normaliseUnit } from '../builtin/marker/numeric';
import {
  markPointSchema,
  type NumericTarget,
  schemeMaxMarks,
  type MarkKind,
  type MarkLevel,
  type MarkPoint,
  type SchemeRules,
} from '../../../shared/mark-scheme';

export interface TypedScheme {
  points: MarkPoint[];
  rules: SchemeRules;
  totalMarks: number;
}

const MARKS = /\s*[[(]\s*(\d{1,2})\s*(?:marks?)?\s*[\])]\s*$/i;
const KIND = /^(dM|M|A|B)(\d{1,2})\b\s*[:.-]?\s*/;
const LEVEL = /^level\s*(\d)\s*[([]?\s*(\d{1,2})\s*[-–to]+\s*(\d{1,2})\s*(?:marks?)?\s*[)\]]?\s*[:.-]?\s*(.+)$/i;
const ALSO = /^(accept|allow|reject|do not accept|ignore)\s*[:.-]?\s*(.+)$/i;
/** An examiner's note after a point: "(ecf from t)", "allow ft", "cao", "[ecf]". */
const NOTE =
  /\s*(?:[([]\s*(?:allow\s+)?(ecf|e\.c\.f\.|ft|f\.t\.|follow[- ]through|cao|c\.a\.o\.)(?:\s+(?:from|on)\s+[^)\]]{1,40})?\s*[)\]]|(?:allow\s+)?(ecf|e\.c\.f\.|follow[- ]through|cao|c\.a\.o\.)(?:\s+(?:from|on)\s+\S{1,40})?|allow\s+(ft|f\.t\.))\s*$/i;

/**
 * The value a typed accuracy line gives, as a teacher types it: "t = 2.02 s", "x = 24.2 m", "pH = 2.87",
 * "answer: 0.025 mol dm-3" (a name, then =, : or "is", then one number and perhaps its unit). The point is
 * then marked as a value (the number, its unit), not as words. Undefined for anything else.
 */
export function typedValue(line: string): NumericTarget | undefined {
  const m = /^(.{0,40}?)\s*(?:=|≈|:|\bis\b)\s*(.+)$/.exec(line.trim()) ?? (/^[-+.\d]/.test(line.trim()) ? ['', '', line.trim()] : null);
  if (!m) return undefined;
  const rhs = m[2]
    .replace(/[.;]$/, '')
    .replace(/[\u2212\u2013]/g, '-')
    .trim();
  const quantities = findQuantities(rhs);
  if (quantities.length === 0 || quantities[0].start !== 0) return undefined;
  const q = quantities[0];
  const rest = rhs.slice(q.end).trim();
  if (!rest) return { value: q.value };
  const unit = q.unitCandidates.find((c) => c === rest);
  if (!unit || !isUnit(unit)) return undefined;
  return { value: q.value, unit };
}

function isUnit(text: string): boolean {
  try {
    mathUnit(1, normaliseUnit(text));
    return true;
  } catch {
    return text === '%';
  }
}

/**
 * A mark scheme typed or pasted by a teacher, one point a line: '[2]' (or '(2 marks)') at the end gives a
 * point's marks (default 1); 'M1', 'A1' or 'B2' in front gives its kind and marks, an A after an M
 * depending on it ('dM1' a method mark depending on the M before it); an A or B line that gives one value ('A1 t = 2.02 s') is marked as that value (typedValue), "(ecf from t)" or "ft" after it following through from
 * the student's own earlier value; a line 'accept: …', 'reject: …' or 'ignore: …' adds wordings to the point above
 * (several separated by ';' or ' / '); 'Level 2 (3-4 marks): descriptor' adds a level of response, the
 * points then being its indicative content. Bullets and numbering in front are dropped.
 */
export function parseTypedScheme(text: string): TypedScheme {
  const points: MarkPoint[] = [];
  const levels: MarkLevel[] = [];
  let lastM: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    let line = raw
      .trim()
      .replace(/^(?:[-*•·]|\d{1,2}[.)]|\(?[a-z]\))\s+/i, '')
      .trim();
    if (!line) continue;
    const level = LEVEL.exec(line);
    if (level) {
      levels.push({
        level: Number(level[1]),
        min_marks: Number(level[2]),
        max_marks: Number(level[3]),
        descriptor: level[4].trim().slice(0, 1000),
      });
      continue;
    }
    const also = ALSO.exec(line);
    if (also && points.length) {
      const field = /^(accept|allow)/i.test(also[1]) ? 'accept' : /^ignore/i.test(also[1]) ? 'ignore' : 'reject';
      const wordings = also[2]
        .split(/\s*;\s*|\s+\/\s+/)
        .map((w) => w.trim())
        .filter(Boolean);
      points[points.length - 1][field].push(...wordings);
      continue;
    }
    let kind: MarkKind = 'B';
    let marks = 1;
    let dependent = false;
    const k = KIND.exec(line);
    if (k) {
      dependent = k[1] === 'dM';
      kind = (dependent ? 'M' : k[1]) as MarkKind;
      marks = Number(k[2]) || 1;
      line = line.slice(k[0].length);
    }
    const m = MARKS.exec(line);
    if (m) {
      marks = Number(m[1]) || marks;
      line = line.slice(0, m.index).trim();
    }
    if (!line) continue;
    const id = `p${points.length + 1}`;
    // "A1 x = 31.0 m (ecf from t)": the value is 31.0 m, followed through from the student's own earlier value
    const note = NOTE.exec(line);
    const ecf = Boolean(note && !/^c/i.test(note[1] ?? note[2] ?? note[3]));
    const numeric = kind === 'M' ? undefined : typedValue(note ? line.slice(0, note.index) : line);
    // "dM1": a method mark that depends on the M before it
    const needs = (kind === 'A' || dependent) && lastM ? lastM : undefined;
    if (kind === 'M') lastM = id;
    points.push(
      markPointSchema.parse({
        id,
        text: line.slice(0, 500),
        marks: Math.min(10, Math.max(1, marks)),
        kind,
        ...(needs ? { depends_on: needs } : {}),
        ...(numeric ? { numeric } : {}),
        ...(ecf && numeric ? { ecf: true } : {}),
      }),
    );
  }
  const rules: SchemeRules = levels.length ? { levels: levels.sort((a, b) => a.level - b.level) } : {};
  return { points, rules, totalMarks: schemeMaxMarks(points, rules) };
}

/**
 * A typed scheme whose points give no marks (each 1), out of the teacher's maximum (issue 26): "max N from these
 * points" when N is fewer than the points, each point worth N ÷ points when that divides exactly (up to 10 a point);
 * null when neither fits (more marks than the points can carry).
 */
export function unmarkedSchemeOutOf(typed: TypedScheme, max: number): TypedScheme | null {
  const n = typed.points.length;
  if (n === 0 || typed.rules.levels?.length) return null;
  if (max === n) return typed;
  if (max < n) {
    const points = typed.points.map((p) => ({ ...p, group: 'all' }));
    const rules: SchemeRules = { ...typed.rules, groups: [{ id: 'all', max }] };
    return { points, rules, totalMarks: schemeMaxMarks(points, rules) };
  }
  const each = max / n;
  if (!Number.isInteger(each) || each > 10) return null;
  const points = typed.points.map((p) => ({ ...p, marks: each }));
  return { points, rules: typed.rules, totalMarks: schemeMaxMarks(points, typed.rules) };
}
