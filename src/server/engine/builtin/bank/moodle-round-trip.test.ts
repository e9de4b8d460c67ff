import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GeneratedQuestion } from '../../engine';
import { exportForCourse, importForCourse } from './import-for-course';

/**
 * Moodle fidelity (issue 27 item 5), over one Moodle XML file and one GIFT file holding every kind of question a
 * teacher writes (testing/every-kind.*): what the first import makes of each, and that an export in either format
 * imports back with the same names, kinds, marks, options, answers, schemes, shuffling and flags.
 */

const read = (name: string) => readFileSync(path.join(import.meta.dirname, 'testing', name), 'utf8');
const XML = read('every-kind.xml');
const GIFT = read('every-kind.gift');

/** Everything a question must keep through a round trip. */
const summary = (q: GeneratedQuestion) => ({
  name: q.name,
  type: q.type,
  marks: q.totalMarks,
  options: q.options,
  correctAnswer: q.correctAnswer,
  points: q.markScheme.map((p) => [p.text, p.marks, p.kind, p.accept]),
  groups: q.schemeRules?.groups,
  needsScheme: !!q.needsScheme,
  shuffle: !!q.shuffleOptions,
  text: q.text,
});

/** Exported as a course would be (each stored question with its number as id), in one format, and imported again. */
function roundTrip(questions: GeneratedQuestion[], subject: string, format: 'xml' | 'gift', strip = false) {
  const file = exportForCourse({
    format,
    subject,
    topic: questions[0].topic ?? 'Imported',
    description: 'Round trip.',
    difficulty: 'medium',
    questions: questions.map((q, i) => ({ ...q, id: `q${i + 1}` })),
  }).content;
  const source = strip ? file.replace(/<!-- markwell: .*? -->/g, '') : file;
  return { file, back: importForCourse({ format, source, subject }) };
}

describe('Moodle XML with every kind of question', () => {
  const first = importForCourse({ format: 'xml', source: XML, subject: 'Physics' });
  const byName = new Map(first.questions.map((q) => [q.name, q]));

  it('imports every question under its own name, with the marks the file gives', () => {
    expect(first.report.errors).toEqual([]);
    expect(first.report.skipped.map((n) => [n.title, n.message])).toEqual([
      ['Read first', 'a description item (text with no answer block), not a question'],
    ]);
    expect(first.questions.map((q) => [q.name, q.type, q.totalMarks, !!q.needsScheme])).toEqual([
      ['Charge carrier in metals', 'multiple_choice', 1, false],
      ['Units of charge', 'multiple_choice', 1, false],
      ['Series circuit facts', 'multiple_choice', 2, false],
      ['Insulators', 'multiple_choice', 1, false],
      ['Symbol for resistance', 'short_answer', 1, false],
      ['Current from charge', 'short_answer', 1, false],
      ['Quantities and units', 'short_answer', 3, false],
      ["Explain a lamp's resistance", 'essay', 3, false],
      ['Safety of fuses', 'essay', 4, true],
    ]);
    expect(first.report.imported.map((r) => r.title)).toEqual(first.questions.map((q) => q.name));
  });

  it('accepts several right answers, shuffles what the file shuffles, reads the grader information as the scheme', () => {
    const units = byName.get('Units of charge')!;
    // several options at 100% in a single-answer question: any one of them earns the file's one mark, as in Moodle
    expect(units.correctAnswer).toBe('A|B');
    expect(units.totalMarks).toBe(1);
    expect(first.report.changed.find((n) => n.title === 'Units of charge')?.message).toMatch(
      /2 options are fully right \(A, B\): any one of them earns the mark/,
    );
    expect(first.questions.filter((q) => q.shuffleOptions).map((q) => q.name)).toEqual([
      'Charge carrier in metals',
      'Series circuit facts',
    ]);
    expect(byName.get("Explain a lamp's resistance")!.markScheme.map((p) => [p.text, p.marks])).toEqual([
      ['the ions in the filament vibrate more', 1],
      ['electrons collide with the ions more often', 1],
      ['so the current is reduced for the same voltage', 1],
    ]);
  });

  it('keeps the embedded image and reports the one the file does not hold', () => {
    expect(byName.get("Explain a lamp's resistance")!.text).toMatch(
      /<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="a filament lamp"/,
    );
    expect(first.report.changed.filter((n) => n.title === 'Safety of fuses').map((n) => n.message)).toContain(
      'image fuse.jpg left out: it is not embedded in the file',
    );
  });

  it('renders HTML matching items (sanitised), never as literal tags', () => {
    const matching = byName.get('Quantities and units')!;
    expect(matching.text).not.toContain('&lt;');
    expect(matching.markScheme.map((p) => p.text)).toEqual(['charge: coulomb', 'current: ampere', 'potential difference: volt']);
  });

  it('round-trips through Moodle XML and through GIFT with every question the same', () => {
    for (const format of ['xml', 'gift'] as const) {
      const { back } = roundTrip(first.questions, 'Physics', format);
      expect(back.report.errors).toEqual([]);
      expect(back.report.skipped).toEqual([]);
      expect(back.questions.map(summary), format).toEqual(first.questions.map(summary));
    }
  });

  it('round-trips as Moodle itself re-exports (no markwell comments) with the same names, kinds and marks', () => {
    const { file, back } = roundTrip(first.questions, 'Physics', 'xml', true);
    expect(file).toContain('<shuffleanswers>true</shuffleanswers>');
    expect(file).toContain('<name><text>Charge carrier in metals</text></name>');
    expect(back.questions.map((q) => [q.name, q.totalMarks, !!q.needsScheme, !!q.shuffleOptions])).toEqual(
      first.questions.map((q) => [q.name, q.totalMarks, !!q.needsScheme, !!q.shuffleOptions]),
    );
  });
});

describe('GIFT with every kind of question', () => {
  const first = importForCourse({ format: 'gift', source: GIFT, subject: 'Chemistry' });
  const byName = new Map(first.questions.map((q) => [q.name, q]));

  it('imports every question under its own name, with "[N marks]" in the text as an essay’s marks', () => {
    expect(first.report.errors).toEqual([]);
    expect(first.questions.map((q) => [q.name, q.type, q.totalMarks, !!q.needsScheme])).toEqual([
      ['Ionic charge', 'multiple_choice', 1, false],
      ['Noble gases', 'multiple_choice', 1, false],
      ['Metallic bonding', 'multiple_choice', 2, false],
      ['Diamond conducts', 'multiple_choice', 1, false],
      ['Bond name', 'short_answer', 1, false],
      ['Electrons in oxygen', 'short_answer', 1, false],
      ['Bond types', 'short_answer', 3, false],
      ['Melting point', 'essay', 3, false],
      ['Graphite structure', 'essay', 4, true],
    ]);
    expect(byName.get('Diamond conducts')!.markScheme.map((p) => [p.kind, p.accept])).toEqual([['B', ['B', 'False']]]);
  });

  it('renders [html] matching items and reports the image GIFT cannot carry', () => {
    const matching = byName.get('Bond types')!;
    expect(matching.text).toContain('<li><p>sodium chloride</p></li>');
    expect(matching.text).not.toContain('&lt;p&gt;');
    expect(matching.markScheme.map((p) => p.text)).toEqual(['sodium chloride: ionic', 'water: covalent', 'copper: metallic']);
    expect(first.report.changed.filter((n) => n.title === 'Graphite structure').map((n) => n.message)).toContain(
      'image graphite.png left out: a GIFT file cannot carry images (export the question from Moodle as Moodle XML to keep it)',
    );
  });

  it('round-trips through GIFT and through Moodle XML keeping marks, kinds and names', () => {
    for (const format of ['gift', 'xml'] as const) {
      const { back } = roundTrip(first.questions, 'Chemistry', format);
      expect(back.report.errors).toEqual([]);
      expect(back.report.skipped).toEqual([]);
      expect(back.questions.map(summary), format).toEqual(first.questions.map(summary));
    }
  });
});
