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
    expect(prompt).toMatch(/^What does your answer need to say about the founder population( and [a-z ]+)?\?/);
    expect(prompt).toContain('<em>why</em>');
  });

  const ctx = (text: string) => ({ questionStems: contentStems(text), isMultipleChoice: false, commandWord: 'explain' as const });
  const lamp = 'Sketch and explain the I–V characteristics of a metal wire, a filament lamp and a diode.';

  it('is written for the point’s shape: a change asks what happens to its subject, and why', () => {
    const change = markPointSchema.parse({
      id: 'p3',
      text: 'lamp resistance increases as the current increases because the filament gets hotter',
    });
    expect(guidingQuestion(change, ctx(lamp))).toBe('What happens to the lamp resistance as the current increases, and why?');
  });

  it('asks about a labelled part by its label, a consequence as what follows, a method step by its purpose', () => {
    const label = markPointSchema.parse({ id: 'p5', text: 'diode in reverse bias: very high resistance, (almost) zero current' });
    expect(guidingQuestion(label, ctx(lamp))).toBe('What about the diode in reverse bias? What happens there, and why?');
    const so = markPointSchema.parse({ id: 'p4', text: 'so a diffusion gradient is maintained along the whole lamella' });
    expect(guidingQuestion(so, ctx('Explain how gills work.'))).toMatch(/^And what follows from that\?/);
    const step = markPointSchema.parse({ id: 'p6', text: 'use oil/thermal paste in the thermometer hole for good thermal contact' });
    const prompt = guidingQuestion(step, { ...ctx('Describe an experiment to measure c.'), commandWord: 'describe' });
    expect(prompt).toBe('What else would you do in the method, to get good thermal contact?');
    expect(prompt).not.toMatch(/paste/);
  });
});
