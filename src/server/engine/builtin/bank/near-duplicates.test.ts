import { describe, expect, it } from 'vitest';
import { defaultContentDir, readBankWith } from './bank';
import { findNearDuplicates } from './near-duplicates';
import { makeMultipleChoice, makeQuestion, writeFixtureBank } from './testing/write-fixture-bank';

describe('near-duplicate questions (issue 31 item 5)', () => {
  it('finds a question copied with a word changed, and not two questions on the same idea', () => {
    const text = '<p>A cyclist accelerates uniformly from rest to 12 m/s in 8 s. Calculate the distance she travels in this time.</p>';
    const bank = readBankWith(
      writeFixtureBank({
        'physics/a.json': {
          subject: 'Physics',
          topic: 'A',
          description: 'A.',
          questions: [
            makeQuestion('phys-a-01', { text }),
            makeQuestion('phys-a-02', { text: text.replace('cyclist', 'runner') }),
            makeQuestion('phys-a-03', { text: '<p>State what is meant by uniform acceleration and give its unit.</p>' }),
            makeMultipleChoice('phys-a-04'),
          ],
        },
      }),
    );
    expect(findNearDuplicates(bank).map((d) => [d.a, d.b])).toEqual([['phys-a-01', 'phys-a-02']]);
  });

  it('the bank has none', () => {
    expect(findNearDuplicates(readBankWith(defaultContentDir()))).toEqual([]);
  });
});
