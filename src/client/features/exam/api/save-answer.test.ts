import { describe, expect, it } from 'vitest';
import { answerConflictSchema } from '../../../../shared/practice';
import { answerConflictOf } from './save-answer';

const held = { message: 'This answer was changed in another tab', text: 'the server copy', revision: 7, submitted: false };

describe('answerConflictOf', () => {
  it("reads the server's 409 body, as the contract's schema does", () => {
    const error = new Error(`409: ${JSON.stringify({ ...held, extra: 'dropped' })}`);
    expect(answerConflictOf(error)).toEqual(held);
    expect(answerConflictOf(error)).toEqual(answerConflictSchema.parse({ ...held, extra: 'dropped' }));
  });

  it('is null for other errors and for bodies of another shape', () => {
    expect(answerConflictOf(new Error(`500: ${JSON.stringify(held)}`))).toBeNull();
    expect(answerConflictOf('409: {}')).toBeNull();
    expect(answerConflictOf(new Error('409: not json'))).toBeNull();
    expect(answerConflictOf(new Error('409: null'))).toBeNull();
    expect(answerConflictOf(new Error(`409: ${JSON.stringify({ ...held, revision: 1.5 })}`))).toBeNull();
    expect(answerConflictOf(new Error(`409: ${JSON.stringify({ ...held, revision: '7' })}`))).toBeNull();
    expect(answerConflictOf(new Error(`409: ${JSON.stringify({ ...held, submitted: 'no' })}`))).toBeNull();
    expect(answerConflictOf(new Error(`409: ${JSON.stringify({ text: 'x', revision: 1, submitted: true })}`))).toBeNull();
  });
});
