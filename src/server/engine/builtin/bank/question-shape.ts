import { bankQuestionSchema, questionRuleIssues } from './schema';
import type { BankQuestion } from './schema';

/**
 * The part of a bank question's validation that needs no mathjs: the schema and the rules across
 * fields. The server's own bank (loadBank in bank.ts) is checked with this alone, so the main thread
 * never loads mathjs (~70 MiB) to read the bank; validate-question.ts adds the template check
 * (instantiation), which content:import, content:stats, content:export and the bank tests run.
 */

export interface QuestionProblem {
  /** zod-style path into the question, e.g. 'markScheme.1.text' or 'template.computed.E'; '' for the question as a whole. */
  path: string;
  message: string;
}

export interface QuestionValidation {
  /** The parsed question, when there is no problem. */
  question?: BankQuestion;
  problems: QuestionProblem[];
}

export function pathOf(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === 'symbol' ? String(p) : p)).join('.');
}

/** The schema and the rules across fields, every problem at once (templates are not instantiated). */
export function checkQuestionShape(raw: unknown): QuestionValidation {
  const parsed = bankQuestionSchema.safeParse(raw);
  if (parsed.success) return { question: parsed.data, problems: [] };
  const problems: QuestionProblem[] = parsed.error.issues.map((i) => ({ path: pathOf(i.path), message: i.message }));
  // zod skips the rules across fields when a field is invalid: check them here, without repeating any.
  const seen = new Set(problems.map((p) => `${p.path}\u0000${p.message}`));
  for (const issue of questionRuleIssues(raw)) {
    const problem = { path: pathOf(issue.path), message: issue.message };
    if (!seen.has(`${problem.path}\u0000${problem.message}`)) problems.push(problem);
  }
  return { problems };
}

/** 'path: message', or the message alone for the question as a whole. */
export function formatQuestionProblem(problem: QuestionProblem): string {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}
