import { describe, expect, it } from 'vitest';
import { exportJson } from './export-questions';
import { formatImportError, importJson } from './import-questions';
import { jsonLineLocator } from './json-lines';
import { bankQuestionSchema, type BankQuestionInput } from './schema';
import { makeQuestion } from './testing/write-fixture-bank';

/** One question of each kind of scheme an examiner writes. */
const calculation = makeQuestion('chemistry-energetics-01', {
  marks: 3,
  text: '<p>50.0 cm³ of solution warms by 6.0 K. Calculate the enthalpy change for 0.0250 mol.</p>',
  markScheme: [
    { id: 'm1', text: 'q = mcΔT = 50.0 × 4.18 × 6.0 = 1254 J', kind: 'M', skill: 'calculation-method' },
    {
      id: 'a1',
      text: 'ΔH = −1.254 / 0.0250 = −50.2 kJ mol⁻¹',
      kind: 'A',
      depends_on: 'm1',
      ecf: true,
      numeric: { value: -50.2, unit: 'kJ mol^-1' },
    },
    { id: 'b1', text: 'negative sign given: the reaction is exothermic', kind: 'B' },
  ],
  final_answer_full_marks: true,
});
const maxFrom = makeQuestion('chemistry-energetics-02', {
  marks: 2,
  text: '<p>Give two reasons why a measured enthalpy change differs from the data-book value.</p>',
  markScheme: [
    { id: 'p1', text: 'heat lost to the surroundings', group: 'reasons' },
    { id: 'p2', text: 'incomplete combustion', group: 'reasons' },
    { id: 'p3', text: 'non-standard conditions', group: 'reasons' },
  ],
  groups: [{ id: 'reasons', max: 2 }],
});
const essay = makeQuestion('chemistry-energetics-03', {
  type: 'essay',
  marks: 6,
  text: '<p>Evaluate the use of mean bond enthalpies to calculate enthalpy changes.</p>',
  markScheme: [
    { id: 'p1', text: 'mean bond enthalpies are averages over many compounds' },
    { id: 'p2', text: 'the actual bond enthalpy depends on the molecular environment' },
    { id: 'p3', text: 'values assume gaseous species' },
  ],
  levels: [
    { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Simple statements about bond enthalpies' },
    { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Explains a limitation with some linked reasoning' },
    { level: 3, min_marks: 5, max_marks: 6, descriptor: 'A balanced evaluation with a supported conclusion' },
  ],
});

const topicFile = (questions: BankQuestionInput[]) =>
  JSON.stringify({ subject: 'Chemistry', topic: 'Energetics', description: 'Enthalpy changes.', questions }, null, 2);

describe('importJson: the scheme structure', () => {
  it('imports M/A with depends_on, ECF, a group max, the final-answer rule and levels as written', () => {
    const result = importJson(topicFile([calculation, maxFrom, essay]));
    expect(result.errors).toEqual([]);
    const [calc, group, levels] = result.topicFile!.questions;
    expect(calc.final_answer_full_marks).toBe(true);
    expect(calc.markScheme[1]).toMatchObject({ kind: 'A', depends_on: 'm1', ecf: true });
    expect(group.groups).toEqual([{ id: 'reasons', max: 2 }]);
    expect(levels.levels).toHaveLength(3);
  });

  it('keeps the structure through export and import again', () => {
    const questions = [calculation, maxFrom, essay].map((q) => bankQuestionSchema.parse(q));
    const exported = exportJson([{ subject: 'Chemistry', topic: 'Energetics', description: 'Enthalpy changes.', questions }]);
    const again = importJson(exported);
    expect(again.errors).toEqual([]);
    expect(again.topicFile!.questions.map((q) => bankQuestionSchema.parse(q))).toEqual(questions);
    expect(JSON.parse(exported).questions[0]).toMatchObject({ final_answer_full_marks: true });
  });

  it('reports every problem of every broken question with its id and line, and stores nothing', () => {
    const notAddingUp = { ...calculation, id: 'chemistry-energetics-04', marks: 4 };
    const badDependency = makeQuestion('chemistry-energetics-05', {
      marks: 2,
      markScheme: [
        { id: 'b1', text: 'bonds broken: C–H and O=O', kind: 'B' },
        { id: 'a1', text: 'ΔH = −802 kJ mol⁻¹', kind: 'A', depends_on: 'b1' },
      ],
    });
    const groupTooBig = { ...maxFrom, id: 'chemistry-energetics-06', groups: [{ id: 'reasons', max: 4 }] };
    const overlapping = {
      ...essay,
      id: 'chemistry-energetics-07',
      levels: [
        { level: 1, min_marks: 1, max_marks: 3, descriptor: 'Simple statements' },
        { level: 2, min_marks: 3, max_marks: 6, descriptor: 'Linked reasoning' },
      ],
    };
    const source = topicFile([calculation, notAddingUp, badDependency, groupTooBig, overlapping]);
    const result = importJson(source);
    expect(result.topicFile).toBeNull();
    const lineOf = jsonLineLocator(source);
    const at = (...path: (string | number)[]) => lineOf(['questions', ...path]);
    expect(result.errors.map(formatImportError)).toEqual([
      `Question 2 "chemistry-energetics-04" (line ${at(1, 'marks')}): marks (4) must equal the sum of the mark-scheme points (3)`,
      `Question 3 "chemistry-energetics-05" (line ${at(2, 'markScheme', 1)}): point a1 depends_on "b1", which is not an M point of this scheme`,
      `Question 4 "chemistry-energetics-06" (line ${at(3, 'groups', 0)}): group "reasons" has max 4, above its points' 3 marks`,
      `Question 5 "chemistry-energetics-07" (line ${at(4, 'levels')}): levels 1 and 2 overlap (3 and 3 marks)`,
    ]);
    // The lines are the lines of the file: the group's entry is where "max": 4 is written.
    expect(source.split('\n')[at(3, 'groups', 0)! - 1]).toMatch(/^\s*\{$/);
    expect(source.split('\n')[at(3, 'groups', 0)!]).toContain('"id": "reasons"');
    expect(source.split('\n')[at(1, 'marks')! - 1]).toContain('"marks": 4');
  });

  it('names the line of a bad field and of a repeated id', () => {
    const source = topicFile([calculation, { ...maxFrom, id: calculation.id, markScheme: [{ id: 'p1', text: '' }] }]);
    const result = importJson(source);
    const lineOf = jsonLineLocator(source);
    const messages = result.errors.map(formatImportError);
    expect(messages).toContain(
      `Question 2 "chemistry-energetics-01" (line ${lineOf(['questions', 1, 'markScheme', 0, 'text'])}): markScheme.0.text: Too small: expected string to have >=1 characters`,
    );
    expect(messages).toContain(
      `Question 2 "chemistry-energetics-01" (line ${lineOf(['questions', 1, 'id'])}): id chemistry-energetics-01 is also used by question 1`,
    );
    expect(result.topicFile).toBeNull();
  });
});

describe('jsonLineLocator', () => {
  it('finds the line of each value, and of the nearest existing parent for a missing one', () => {
    const source = '{\n  "a": [\n    1,\n    { "b": "x\\n\\"y" },\n    []\n  ],\n  "c": {}\n}';
    const lineOf = jsonLineLocator(source);
    expect(lineOf([])).toBe(1);
    expect(lineOf(['a'])).toBe(2);
    expect(lineOf(['a', 0])).toBe(3);
    expect(lineOf(['a', 1, 'b'])).toBe(4);
    expect(lineOf(['a', 2])).toBe(5);
    expect(lineOf(['c'])).toBe(7);
    expect(lineOf(['c', 'missing', 3])).toBe(7);
  });
});
