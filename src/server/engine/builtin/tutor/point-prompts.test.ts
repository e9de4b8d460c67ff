import { describe, expect, it } from 'vitest';
import { markPointSchema } from '../../../../shared/mark-scheme';
import { guidingQuestion, themeOf } from './point-prompts';
import { contentStems } from './tutor-text';

const question =
  'Explain how genetic drift can change allele frequencies in a small population, such as one founded by a few individuals on an island.';
const stems = contentStems(question);
const point = markPointSchema.parse({
  id: 'p1',
  text: 'a founder population carries only a small / unrepresentative sample of the alleles of the original population',
});

describe('the tutor’s guiding question', () => {
  it('names the topic of the point in words the question uses, never a lone vague word', () => {
    const theme = themeOf(point, stems);
    expect(theme).toContain('founder population');
    expect(theme?.split(' and ')).not.toContain('small');
  });

  it('asks about it Socratically, and asks why for an "explain" question', () => {
    const prompt = guidingQuestion(point, { questionStems: stems, isMultipleChoice: false, commandWord: 'explain' });
    expect(prompt).toMatch(/^What can you say about the founder population/);
    expect(prompt).toContain('<em>why</em>');
  });
});
