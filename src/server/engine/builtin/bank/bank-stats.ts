import type { Bank } from './load-bank';

export interface SubjectStats {
  topics: number;
  questions: number;
  templates: number;
  by_type: Record<string, number>;
  by_difficulty: Record<string, number>;
}

export interface BankStats {
  subjects: number;
  topics: number;
  questions: number;
  templates: number;
  by_subject: Record<string, SubjectStats>;
}

/** Counts for `npm run content:stats`: subjects, topics, questions and templates, per subject by type and difficulty. */
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
    };
  }
  const all = Object.values(bySubject);
  return {
    subjects: all.length,
    topics: all.reduce((n, s) => n + s.topics, 0),
    questions: all.reduce((n, s) => n + s.questions, 0),
    templates: all.reduce((n, s) => n + s.templates, 0),
    by_subject: bySubject,
  };
}
