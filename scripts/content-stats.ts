/**
 * npm run content:stats — counts of the built-in question bank as JSON on stdout:
 * {subjects, topics, questions, templates, scheme_features, skills, by_subject: {Biology: {topics, questions, templates, by_type,
 * by_difficulty, scheme_features, skills}}}; scheme_features counts the questions using groups, ecf, M/A marks (m_a),
 * final_answer_full_marks and levels, and every other scheme feature of MARK-SCHEMES.md the format can express
 * (SchemeFeatureCounts in bank-stats.ts: `*_points` are points — B, M, A, dM, A with depends_on, ECF, ecf_formula,
 * multi-mark, accept / reject / ignore / required, grouped, numeric, with a unit, with sigFigs, with their own
 * tolerance (awrt), separate s.f. and unit marks — the others questions: dm, sf_mark, show_that, hence); skills counts, for each skill of src/shared/mark-scheme.ts SKILLS, the
 * questions with at least one point of that skill and the points themselves; untagged counts the questions tagged with
 * no exam board's specification point, and by_board, for each board with a specification file (content/specifications/),
 * the questions tagged, the points covered, those under 10 questions (under_minimum), those not covered and the count
 * per point (by_point).
 * Problems found while loading (invalid files or questions, which are left out of the counts) go to stderr.
 */
import { SKILLS } from '../src/shared/mark-scheme';
import { computeBankStats } from '../src/server/engine/builtin/bank/bank-stats';
import { formatIssue } from '../src/server/engine/builtin/bank/bank';
import { readBank } from '../src/server/engine/builtin/bank/load-bank';
import { readSpecifications } from '../src/server/engine/specification/specifications';
import type { BankQuestion } from '../src/server/engine/builtin/bank/schema';

interface SkillCounts {
  questions: Record<string, number>;
  points: Record<string, number>;
  /** Points with no skill (0 in the built-in bank). */
  untagged_points: number;
}

function countSkills(questions: readonly BankQuestion[]): SkillCounts {
  const counts: SkillCounts = {
    questions: Object.fromEntries(SKILLS.map((s) => [s, 0])),
    points: Object.fromEntries(SKILLS.map((s) => [s, 0])),
    untagged_points: 0,
  };
  for (const q of questions) {
    for (const p of q.markScheme) {
      if (p.skill) counts.points[p.skill]++;
      else counts.untagged_points++;
    }
    for (const skill of new Set(q.markScheme.flatMap((p) => (p.skill ? [p.skill] : [])))) counts.questions[skill]++;
  }
  return counts;
}

const bank = readBank();
for (const issue of bank.issues) console.error(`warning: ${formatIssue(issue)}`);
const specs = readSpecifications();
for (const issue of specs.issues) console.error(`warning: ${issue}`);
const stats = computeBankStats(bank, specs.specs);
const bySubject = Object.fromEntries(
  bank.subjects.map((s) => [s.name, { ...stats.by_subject[s.name], skills: countSkills(s.topics.flatMap((t) => t.questions)) }]),
);
const { by_subject: _bySubject, ...overall } = stats;
const all = bank.subjects.flatMap((s) => s.topics.flatMap((t) => t.questions));
console.log(JSON.stringify({ ...overall, skills: countSkills(all), by_subject: bySubject }, null, 2));
