import type { Bank } from './bank';
import type { BankQuestion } from './schema';

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
export function computeBankStats(bank: Bank): BankStats {
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
