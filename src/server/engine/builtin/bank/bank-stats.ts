import { BOARD_IDS } from '../../../../shared/specification';
import type { SpecificationFile } from '../../specification/specifications';
import type { Bank } from './bank';
import type { BankQuestion } from './schema';

/** Every covered point (tagged by at least one question) should have at least this many (issue 31). */
export const MIN_QUESTIONS_PER_POINT = 10;

/** One board's specification against a subject's questions. */
export interface BoardCoverage {
  code: string;
  /** Questions tagged with at least one of this board's points. */
  tagged: number;
  points: number;
  /** Points with at least one question, and those of them under MIN_QUESTIONS_PER_POINT. */
  covered: number;
  under_minimum: Record<string, number>;
  /** Points no question examines yet. */
  uncovered: string[];
  /** Questions per point ref (a question counts for every point it lists). */
  by_point: Record<string, number>;
}

/**
 * How many questions, and how many points, use each scheme feature of MARK-SCHEMES.md that the format can express
 * (src/shared/mark-scheme.ts). The first five (question counts) are the original keys; the rest were added with
 * issue 31: `*_points` count mark-scheme points, the others questions.
 */
export interface SchemeFeatureCounts {
  /** "max N from these points". */
  groups: number;
  /** At least one point earned by error carried forward. */
  ecf: number;
  /** Method and accuracy marks: at least one M point (an A point alone, as in multiple choice, is not counted). */
  m_a: number;
  final_answer_full_marks: number;
  /** Levels of response. */
  levels: number;
  /** Points by kind: B (independent), M (method, dM included), A (accuracy). */
  b_points: number;
  m_points: number;
  a_points: number;
  /** Dependent method marks (dM1): M points that depend on an earlier M point; and the questions with one. */
  dm_points: number;
  dm: number;
  /** A points that name the M point they need ("no M, no A"). */
  a_depends_on_points: number;
  /** Points allowing error carried forward, and those of them that say how (`ecf_formula`). */
  ecf_points: number;
  ecf_formula_points: number;
  /** Points worth more than one mark. */
  multi_mark_points: number;
  /** Points with accepted, rejected, ignored or required wordings. */
  accept_points: number;
  reject_points: number;
  ignore_points: number;
  required_points: number;
  /** Points in a "max N" group. */
  group_points: number;
  /** Numeric points, and those with a unit, with the s.f. demanded, with a tolerance other than the default (awrt). */
  numeric_points: number;
  unit_points: number;
  sig_figs_points: number;
  awrt_points: number;
  /** Separate significant-figures marks (a B point of skill significant-figures with sigFigs); and the questions with one. */
  sf_mark_points: number;
  sf_mark: number;
  /** Separate unit marks (a point of skill units). */
  unit_mark_points: number;
  /** Questions that ask to "show that" (working needed) and that say "hence" (the previous result must be used). */
  show_that: number;
  hence: number;
}

/** The keys of SchemeFeatureCounts, in order. */
export const SCHEME_FEATURE_KEYS = [
  'groups',
  'ecf',
  'm_a',
  'final_answer_full_marks',
  'levels',
  'b_points',
  'm_points',
  'a_points',
  'dm_points',
  'dm',
  'a_depends_on_points',
  'ecf_points',
  'ecf_formula_points',
  'multi_mark_points',
  'accept_points',
  'reject_points',
  'ignore_points',
  'required_points',
  'group_points',
  'numeric_points',
  'unit_points',
  'sig_figs_points',
  'awrt_points',
  'sf_mark_points',
  'sf_mark',
  'unit_mark_points',
  'show_that',
  'hence',
] as const satisfies readonly (keyof SchemeFeatureCounts)[];

export interface SubjectStats {
  topics: number;
  questions: number;
  templates: number;
  by_type: Record<string, number>;
  by_difficulty: Record<string, number>;
  scheme_features: SchemeFeatureCounts;
  /** Questions tagged with no board's point. */
  untagged: number;
  /** Per board with a specification file for the subject. */
  by_board: Record<string, BoardCoverage>;
}

export interface BankStats {
  subjects: number;
  topics: number;
  questions: number;
  templates: number;
  scheme_features: SchemeFeatureCounts;
  by_subject: Record<string, SubjectStats>;
}

type BankPoint = BankQuestion['markScheme'][number];

const isDependentMethod = (p: BankPoint) => p.kind === 'M' && Boolean(p.depends_on);
const isSigFigsMark = (p: BankPoint) => p.kind === 'B' && p.skill === 'significant-figures' && p.numeric?.sigFigs !== undefined;
/** The marker's default is a relative tolerance of 1%; anything else is the scheme's own "awrt". */
const hasOwnTolerance = (p: BankPoint) =>
  p.numeric !== undefined && (p.numeric.absTolerance !== undefined || (p.numeric.tolerance !== undefined && p.numeric.tolerance !== 0.01));
const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ');

export function countSchemeFeatures(questions: readonly BankQuestion[]): SchemeFeatureCounts {
  const count = (uses: (q: BankQuestion) => boolean) => questions.filter(uses).length;
  const points = (uses: (p: BankPoint) => boolean) => questions.reduce((n, q) => n + q.markScheme.filter(uses).length, 0);
  return {
    groups: count((q) => Boolean(q.groups?.length)),
    ecf: count((q) => q.markScheme.some((p) => p.ecf)),
    m_a: count((q) => q.markScheme.some((p) => p.kind === 'M')),
    final_answer_full_marks: count((q) => Boolean(q.final_answer_full_marks)),
    levels: count((q) => Boolean(q.levels?.length)),
    b_points: points((p) => p.kind === 'B'),
    m_points: points((p) => p.kind === 'M'),
    a_points: points((p) => p.kind === 'A'),
    dm_points: points(isDependentMethod),
    dm: count((q) => q.markScheme.some(isDependentMethod)),
    a_depends_on_points: points((p) => p.kind === 'A' && Boolean(p.depends_on)),
    ecf_points: points((p) => Boolean(p.ecf)),
    ecf_formula_points: points((p) => Boolean(p.ecf && p.ecf_formula)),
    multi_mark_points: points((p) => p.marks > 1),
    accept_points: points((p) => p.accept.length > 0),
    reject_points: points((p) => p.reject.length > 0),
    ignore_points: points((p) => p.ignore.length > 0),
    required_points: points((p) => p.required.length > 0),
    group_points: points((p) => Boolean(p.group)),
    numeric_points: points((p) => Boolean(p.numeric)),
    unit_points: points((p) => Boolean(p.numeric?.unit)),
    sig_figs_points: points((p) => p.numeric?.sigFigs !== undefined),
    awrt_points: points(hasOwnTolerance),
    sf_mark_points: points(isSigFigsMark),
    sf_mark: count((q) => q.markScheme.some(isSigFigsMark)),
    unit_mark_points: points((p) => p.skill === 'units'),
    show_that: count((q) => /\bshow\s+that\b/i.test(plainText(q.text))),
    hence: count((q) => /\bhence\b/i.test(plainText(q.text))),
  };
}

function addFeatures(all: SchemeFeatureCounts[]): SchemeFeatureCounts {
  const sum = (key: keyof SchemeFeatureCounts) => all.reduce((n, s) => n + s[key], 0);
  return Object.fromEntries(SCHEME_FEATURE_KEYS.map((k) => [k, sum(k)])) as unknown as SchemeFeatureCounts;
}

/**
 * Counts for `npm run content:stats`: subjects, topics, questions and templates, per subject by type and
 * difficulty, and how many questions use each part of the scheme structure (overall and per subject).
 */
export function boardCoverage(spec: SpecificationFile, questions: readonly BankQuestion[]): BoardCoverage {
  const refs = spec.sections.flatMap((s) => s.points.map((p) => p.ref));
  const byPoint: Record<string, number> = Object.fromEntries(refs.map((r) => [r, 0]));
  for (const q of questions) for (const ref of q.spec?.[spec.board] ?? []) if (ref in byPoint) byPoint[ref]++;
  const covered = refs.filter((r) => byPoint[r] > 0);
  return {
    code: spec.code,
    tagged: questions.filter((q) => (q.spec?.[spec.board]?.length ?? 0) > 0).length,
    points: refs.length,
    covered: covered.length,
    under_minimum: Object.fromEntries(covered.filter((r) => byPoint[r] < MIN_QUESTIONS_PER_POINT).map((r) => [r, byPoint[r]])),
    uncovered: refs.filter((r) => byPoint[r] === 0),
    by_point: byPoint,
  };
}

export function computeBankStats(bank: Bank, specs: readonly SpecificationFile[] = []): BankStats {
  const bySubject: Record<string, SubjectStats> = {};
  for (const subject of bank.subjects) {
    const questions = subject.topics.flatMap((t) => t.questions);
    const count = (key: (q: (typeof questions)[number]) => string) =>
      questions.reduce<Record<string, number>>((acc, q) => ({ ...acc, [key(q)]: (acc[key(q)] ?? 0) + 1 }), {});
    bySubject[subject.name] = {
      topics: subject.topics.length,
      questions: questions.length,
      templates: questions.filter((q) => q.template).length,
      by_type: count((q) => q.type),
      by_difficulty: count((q) => q.difficulty),
      scheme_features: countSchemeFeatures(questions),
      untagged: questions.filter((q) => !BOARD_IDS.some((b) => (q.spec?.[b]?.length ?? 0) > 0)).length,
      by_board: Object.fromEntries(specs.filter((sp) => sp.subject === subject.name).map((sp) => [sp.board, boardCoverage(sp, questions)])),
    };
  }
  const all = Object.values(bySubject);
  return {
    subjects: all.length,
    topics: all.reduce((n, s) => n + s.topics, 0),
    questions: all.reduce((n, s) => n + s.questions, 0),
    templates: all.reduce((n, s) => n + s.templates, 0),
    scheme_features: addFeatures(all.map((s) => s.scheme_features)),
    by_subject: bySubject,
  };
}
