import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BankQuestionInput } from '../schema';

/** Writes topic files (or raw text) into a fresh temporary content/ folder and returns its path. */
export function writeFixtureBank(files: Record<string, unknown>): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'markwell-bank-')), 'content');
  for (const [name, content] of Object.entries(files)) {
    const full = path.join(dir, name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** A valid question with sensible defaults; override any field. */
export function makeQuestion(id: string, overrides: Partial<BankQuestionInput> = {}): BankQuestionInput {
  return {
    id,
    type: 'short_answer',
    difficulty: 'medium',
    marks: 1,
    text: `<p>Question ${id}: state the answer.</p>`,
    markScheme: [{ id: 'p1', text: 'the answer' }],
    modelAnswer: '<p>The answer.</p>',
    hints: ['<p>Think.</p>'],
    ...overrides,
  };
}

export function makeMultipleChoice(id: string, overrides: Partial<BankQuestionInput> = {}): BankQuestionInput {
  return makeQuestion(id, {
    type: 'multiple_choice',
    options: { A: 'one', B: 'two', C: 'three', D: 'four' },
    correctAnswer: 'B',
    markScheme: [{ id: 'b1', text: 'B', kind: 'answer' }],
    ...overrides,
  });
}
