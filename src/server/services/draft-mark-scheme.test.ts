import { describe, expect, it } from 'vitest';
import { markPointSchema, type MarkPointInput } from '../../shared/mark-scheme';
import { parseTypedScheme } from '../engine/grading/typed-scheme';
import { formatTypedScheme } from './draft-mark-scheme';

// A drafted scheme is handed to the teacher as the form's text; the PUT reads that text back. Whatever the model's
// words, the text must read back as the same points, marks, wordings and levels.
const point = (input: Omit<MarkPointInput, 'id'>, i: number) => markPointSchema.parse({ id: `p${i + 1}`, ...input });

describe('formatTypedScheme', () => {
  it('writes points, wordings and levels that the typed-scheme reader reads back the same', () => {
    const points = [
      {
        text: 'renewables emit little CO2 in use',
        marks: 1,
        accept: ['low carbon; low emission', 'clean / green'],
        reject: ['no pollution'],
      },
      { text: 'Level of demand varies through the day', marks: 2 },
      { text: 'accepts that storage is expensive', marks: 1 },
      { text: 'allowance made for backup capacity', marks: 1 },
      { text: 'M1 motorways are not relevant here', marks: 1 },
      { text: '- a point the model wrote as a bullet', marks: 1 },
      { text: '2. a point the model numbered', marks: 3 },
      { text: 'b) a lettered point', marks: 1 },
    ].map(point);
    const levels = [
      { level: 1, min_marks: 1, max_marks: 3, descriptor: 'simple statements' },
      { level: 2, min_marks: 4, max_marks: 6, descriptor: 'a reasoned evaluation' },
    ];
    const text = formatTypedScheme(points, { levels });
    const back = parseTypedScheme(text);
    // a bullet or numbering in front is the model's layout, not the point's words: dropped
    expect(back.points.map((p) => [p.text, p.marks, p.kind])).toEqual(
      points.map((p) => [p.text.replace(/^(- |2\. |b\) )/, ''), p.marks, 'B']),
    );
    // ';' and ' / ' separate wordings in an accept line: a wording holding them keeps its words
    expect(back.points[0].accept).toEqual(['low carbon, low emission', 'clean or green']);
    expect(back.points[0].reject).toEqual(['no pollution']);
    expect(back.rules.levels).toEqual(levels);
    expect(back.totalMarks).toBe(6);
  });

  it('drops marks the model wrote into a point’s words, keeping the point’s own', () => {
    const text = formatTypedScheme([point({ text: 'explains the trend (2 marks)', marks: 2 }, 0)], {});
    expect(text).toBe('explains the trend [2]');
    expect(parseTypedScheme(text).points.map((p) => [p.text, p.marks])).toEqual([['explains the trend', 2]]);
  });
});
