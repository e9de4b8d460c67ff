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

/** How many questions use each part of the scheme structure (src/shared/mark-scheme.ts). */
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
}

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

export function countSchemeFeatures(questions: readonly BankQuestion[]): SchemeFeatureCounts {
  const count = (uses: (q: BankQuestion) => boolean) => questions.filter(uses).length;
  return {
    groups: count((q) => Boolean(q.groups?.length)),
    ecf: count((q) => q.markScheme.some((p) => p.ecf)),
    m_a: count((q) => q.markScheme.some((p) => p.kind === 'M')),
    final_answer_full_marks: count((q) => Boolean(q.final_answer_full_marks)),
    levels: count((q) => Boolean(q.levels?.length)),
  };
}

function addFeatures(all: SchemeFeatureCounts[]): SchemeFeatureCounts {
  const sum = (key: keyof SchemeFeatureCounts) => all.reduce((n, s) => n + s[key], 0);
  return {
    groups: sum('groups'),
    ecf: sum('ecf'),
    m_a: sum('m_a'),
    final_answer_full_marks: sum('final_answer_full_marks'),
    levels: sum('levels'),
  };
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
