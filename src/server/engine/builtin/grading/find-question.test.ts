import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../text/html-to-text';
import { instantiateQuestion } from '../bank/instantiate';
import { loadBank } from '../bank/bank';
import { findQuestion, searchBank } from './find-question';

const templates = [...loadBank().byId.values()].map((e) => e.question).filter((q) => q.template && q.markScheme.some((p) => p.numeric));

describe('findQuestion', () => {
  it('finds a template (calculation) question from its printed text, with the scheme worked out for the values on the sheet', () => {
    expect(templates.length).toBeGreaterThan(0);
    let found = 0;
    for (const template of templates.slice(0, 20)) {
      const printed = instantiateQuestion(template, 7);
      const match = findQuestion({ text: `Q2. ${htmlToText(printed.text)} [${template.marks} marks]` });
      if (match?.question.ref !== `bank:${template.id}`) continue;
      found++;
      const expected = printed.markScheme.filter((p) => p.numeric).map((p) => Number(p.numeric?.value));
      const worked = match.question.markScheme.filter((p) => p.numeric).map((p) => Number(p.numeric?.value));
      worked.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 6));
    }
    // Most printed templates are found and marked with their own values (a template whose printed values are all computed cannot be read back).
    expect(found / Math.min(20, templates.length)).toBeGreaterThanOrEqual(0.8);
  });

  it('prefers the teacher’s own question to the bank, and finds none for unrelated text', () => {
    const own = {
      ref: 'paper:MW-7K3QXP#3',
      text: 'Explain why the rate of photosynthesis increases with light intensity.',
      type: 'essay' as const,
      totalMarks: 10,
      markScheme: [],
    };
    expect(
      findQuestion({ text: 'Explain why the rate of photosynthesis increases with light intensity [10 marks]', candidates: [own] })
        ?.question.ref,
    ).toBe('paper:MW-7K3QXP#3');
    expect(findQuestion({ text: 'Write a sonnet about the sea.' })).toBeNull();
  });

  it('looks a bank question up by id, and searches the bank by words', () => {
    expect(findQuestion({ id: 'biology-biological-molecules-05' })?.question.totalMarks).toBe(3);
    expect(findQuestion({ id: 'no-such-id' })).toBeNull();
    expect(searchBank('peptide bond', 5).map((q) => q.id)).toContain('biology-biological-molecules-05');
  });
});
