import { describe, expect, it } from 'vitest';
import { BOARD_IDS } from '../../../../shared/specification';
import { pointRefs, readSpecifications, specificationsOf } from '../../specification/specifications';
import { defaultContentDir, readBankWith } from './bank';
import { boardCoverage, MIN_QUESTIONS_PER_POINT } from './bank-stats';

/**
 * The bank against the exam boards' specifications (content/specifications/, issue 31): every file is valid, and
 * every tag on a question names a point of that board's specification for the question's subject, every question of
 * a subject with specifications is tagged, and every point the bank covers has at least MIN_QUESTIONS_PER_POINT.
 */

const specs = readSpecifications();
const bank = readBankWith(defaultContentDir());

describe('exam board specifications', () => {
  it('every specification file loads', () => {
    expect(specs.issues).toEqual([]);
  });

  it('each file is one subject and board, for a subject the bank has', () => {
    const seen = new Set<string>();
    for (const spec of specs.specs) {
      const key = `${spec.subject}/${spec.board}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(
        bank.subjects.some((s) => s.name === spec.subject),
        `${key}: no such bank subject`,
      ).toBe(true);
    }
  });

  it('every tag on a question names a point of its board for its subject', () => {
    const wrong: string[] = [];
    for (const subject of bank.subjects) {
      const bySpec = new Map(specificationsOf(subject.name, specs, bank).map((s) => [s.board, pointRefs(s)]));
      for (const topic of subject.topics) {
        for (const question of topic.questions) {
          for (const board of BOARD_IDS) {
            for (const ref of question.spec?.[board] ?? []) {
              const refs = bySpec.get(board);
              if (!refs) wrong.push(`${question.id}: ${subject.name} has no ${board} specification file`);
              else if (!refs.has(ref)) wrong.push(`${question.id}: ${board} has no point "${ref}"`);
            }
            const listed = question.spec?.[board] ?? [];
            if (new Set(listed).size !== listed.length) wrong.push(`${question.id}: ${board} lists a point twice`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tags every question of a subject that has specifications with at least one board', () => {
    const untagged = bank.subjects
      .filter((subject) => specificationsOf(subject.name, specs, bank).length > 0)
      .flatMap((subject) => subject.topics.flatMap((t) => t.questions))
      .filter((q) => !BOARD_IDS.some((b) => (q.spec?.[b]?.length ?? 0) > 0))
      .map((q) => q.id);
    expect(untagged).toEqual([]);
  });

  it(`has at least ${MIN_QUESTIONS_PER_POINT} questions on every point it covers, on every board`, () => {
    const short: string[] = [];
    for (const subject of bank.subjects) {
      const questions = subject.topics.flatMap((t) => t.questions);
      for (const spec of specificationsOf(subject.name, specs, bank)) {
        for (const [ref, n] of Object.entries(boardCoverage(spec, questions).under_minimum))
          short.push(`${subject.name} ${spec.board} ${ref}: ${n}`);
      }
    }
    expect(short).toEqual([]);
  });
});
