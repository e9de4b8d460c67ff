import { describe, expect, it } from 'vitest';
import { markLabel, markPointSchema, schemeIssues, schemeMaxMarks, schemeRulesSchema } from './mark-scheme';

const levels = [
  { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Some relevant points.' },
  { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Points explained.' },
  { level: 3, min_marks: 5, max_marks: 6, descriptor: 'Points explained and linked.' },
];

describe('schemeMaxMarks', () => {
  it('adds the points’ marks, one each by default', () => {
    expect(schemeMaxMarks([{}, {}, {}])).toBe(3);
    expect(schemeMaxMarks([{ marks: 2 }, { marks: 1 }, {}])).toBe(4);
    expect(schemeMaxMarks([])).toBe(0);
  });

  it('caps each group at its max and leaves other points alone', () => {
    const points = [{ group: 'g' }, { group: 'g' }, { group: 'g', marks: 2 }, { marks: 2 }];
    expect(schemeMaxMarks(points, { groups: [{ id: 'g', max: 2 }] })).toBe(4);
    // a group capped above its points' marks gives only what its points hold
    expect(schemeMaxMarks(points, { groups: [{ id: 'g', max: 9 }] })).toBe(6);
    // a point in a group not declared counts in full
    expect(schemeMaxMarks([{ group: 'x' }, { group: 'x' }], { groups: [] })).toBe(2);
  });

  it('is the top level’s max_marks when marked by levels, whatever the points hold', () => {
    expect(schemeMaxMarks([{}, {}, {}, {}, {}, {}, {}, {}], { levels })).toBe(6);
    expect(schemeMaxMarks([{}], { levels: [...levels].reverse() })).toBe(6);
  });
});

describe('schemeIssues', () => {
  it('finds nothing wrong with a sound scheme', () => {
    const points = [
      { id: 'm1', kind: 'M' },
      { id: 'a1', kind: 'A', depends_on: 'm1', marks: 2 },
      { id: 'b1', group: 'g' },
      { id: 'b2', group: 'g' },
      { id: 'b3', group: 'g' },
    ];
    expect(schemeIssues(points, { groups: [{ id: 'g', max: 2 }] }, 5)).toEqual([]);
    expect(schemeIssues([{ id: 'p1' }, { id: 'p2' }], { levels }, 6)).toEqual([]);
    expect(schemeIssues([{ id: 'p1' }], undefined)).toEqual([]);
  });

  it('reads the legacy kind words', () => {
    expect(
      schemeIssues(
        [
          { id: 'm1', kind: 'method' },
          { id: 'a1', kind: 'answer', depends_on: 'm1' },
        ],
        {},
        2,
      ),
    ).toEqual([]);
    expect(markPointSchema.parse({ id: 'x', text: 't', kind: 'content' }).kind).toBe('B');
  });

  it('reports marks that do not add up', () => {
    expect(schemeIssues([{ id: 'p1' }, { id: 'p2', marks: 2 }], {}, 4)).toEqual([
      'marks (4) must equal the sum of the mark-scheme points (3)',
    ]);
    expect(schemeIssues([{ id: 'p1', group: 'g' }, { id: 'p2', group: 'g' }, { id: 'p3' }], { groups: [{ id: 'g', max: 1 }] }, 3)).toEqual([
      'marks (3) must equal the sum of the mark-scheme points (2, with each group capped at its max)',
    ]);
    expect(schemeIssues([{ id: 'p1' }], { levels }, 4)).toEqual(["marks (4) must equal the top level's max_marks (6)"]);
  });

  it('reports a depends_on that names no M point, or hangs off a point that is not an A point', () => {
    expect(schemeIssues([{ id: 'a1', kind: 'A', depends_on: 'm9' }], {})).toEqual([
      'point a1 depends_on "m9", which is not an M point of this scheme',
    ]);
    expect(schemeIssues([{ id: 'b1' }, { id: 'a1', kind: 'A', depends_on: 'b1' }], {})).toEqual([
      'point a1 depends_on "b1", which is not an M point of this scheme',
    ]);
    expect(
      schemeIssues(
        [
          { id: 'm1', kind: 'M' },
          { id: 'b1', kind: 'B', depends_on: 'm1' },
        ],
        {},
      ),
    ).toEqual(['point b1 has depends_on but is not an A or M point']);
  });

  it('accepts a dependent method mark (dM1) on an earlier M point, and reports one on a later or missing M', () => {
    const m1 = { id: 'm1', kind: 'M' };
    const m2 = { id: 'm2', kind: 'M', depends_on: 'm1' };
    expect(schemeIssues([m1, m2, { id: 'a1', kind: 'A', depends_on: 'm2' }], {}, 3)).toEqual([]);
    expect(schemeIssues([m2, m1], {})).toEqual(['point m2 is a dependent method mark (dM1) on "m1", which must come before it']);
    expect(schemeIssues([{ id: 'm2', kind: 'M', depends_on: 'b1' }, { id: 'b1' }], {})).toEqual([
      'point m2 depends_on "b1", which is not an M point of this scheme',
    ]);
  });

  it('labels points as an examiner does, a dependent method mark as dM1', () => {
    expect(markLabel({ kind: 'M', marks: 1 })).toBe('M1');
    expect(markLabel({ kind: 'M', marks: 1, depends_on: 'm1' })).toBe('dM1');
    expect(markLabel({ kind: 'A', marks: 2, depends_on: 'm1' })).toBe('A2');
    expect(markLabel({ kind: 'B', marks: 1 })).toBe('B1');
  });

  it('reports a group with max above its points’ marks, an unknown group and an empty one', () => {
    expect(
      schemeIssues(
        [
          { id: 'p1', group: 'g' },
          { id: 'p2', group: 'g' },
        ],
        { groups: [{ id: 'g', max: 3 }] },
      ),
    ).toEqual(['group "g" has max 3, above its points\' 2 marks']);
    expect(schemeIssues([{ id: 'p1', group: 'h' }], { groups: [] })).toEqual(['point p1 is in group "h", which is not in groups']);
    expect(schemeIssues([{ id: 'p1' }], { groups: [{ id: 'g', max: 1 }] })).toEqual(['group "g" has no points']);
  });

  it('reports levels that overlap, leave gaps, skip a number or start at 0', () => {
    const overlap = [
      { level: 1, min_marks: 1, max_marks: 3, descriptor: 'a' },
      { level: 2, min_marks: 3, max_marks: 4, descriptor: 'b' },
    ];
    expect(schemeIssues([{ id: 'p' }], { levels: overlap })).toEqual(['levels 1 and 2 overlap (3 and 3 marks)']);
    const gap = [
      { level: 1, min_marks: 1, max_marks: 2, descriptor: 'a' },
      { level: 2, min_marks: 4, max_marks: 5, descriptor: 'b' },
    ];
    expect(schemeIssues([{ id: 'p' }], { levels: gap })).toEqual(['levels 1 and 2 leave a gap (no level gives 3 marks)']);
    const skipped = [
      { level: 1, min_marks: 1, max_marks: 2, descriptor: 'a' },
      { level: 3, min_marks: 3, max_marks: 4, descriptor: 'b' },
    ];
    expect(schemeIssues([{ id: 'p' }], { levels: skipped })).toEqual(['levels must be numbered 1, 2, 3... without gaps (found level 3)']);
    const zero = [{ level: 1, min_marks: 0, max_marks: 2, descriptor: 'a' }];
    expect(schemeIssues([{ id: 'p' }], { levels: zero })).toEqual([
      'level 1 must start at 1 mark or more (no creditworthy content is 0 marks)',
    ]);
    const inverted = [{ level: 1, min_marks: 3, max_marks: 2, descriptor: 'a' }];
    expect(schemeIssues([{ id: 'p' }], { levels: inverted })).toContain('level 1 has min_marks above max_marks');
  });

  it('lists every problem at once, duplicates included, and survives malformed input', () => {
    const issues = schemeIssues(
      [{ id: 'p1' }, { id: 'p1', group: 'g' }, { id: 'a1', kind: 'A', depends_on: 'x' }],
      { groups: [{ id: 'g', max: 5 }] },
      9,
    );
    expect(issues).toEqual([
      'mark-scheme point ids must be unique',
      'point a1 depends_on "x", which is not an M point of this scheme',
      'group "g" has max 5, above its points\' 1 mark',
    ]);
    expect(() => schemeIssues([null, 7, 'x'], 'nonsense', 2)).not.toThrow();
    expect(schemeIssues([], { groups: 'no', levels: 3 })).toEqual([]);
  });

  it('rules parse with every field optional', () => {
    expect(schemeRulesSchema.parse({})).toEqual({});
    expect(schemeRulesSchema.safeParse({ levels: [{ level: 1, min_marks: 1, max_marks: 2 }] }).success).toBe(false);
  });
});
