import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBank } from './load-bank';
import { SCHEME_FEATURE_KEYS } from './bank-stats';
import { findRepoRoot } from '../../repo-root';
import { topicFileSchema } from './schema';
import { UNMARKED_ESSAY_NOTE } from './import-gift';
import { makeQuestion } from './testing/write-fixture-bank';

/** The content:stats, content:export and content:import scripts, run as the npm scripts run them. */

const root = findRepoRoot();

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('content scripts', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'markwell-content-cli-'));

  it('content:stats prints counts that add up', () => {
    const { status, stdout } = run('content-stats.ts', []);
    expect(status).toBe(0);
    const stats = JSON.parse(stdout);
    const subjects = Object.values(stats.by_subject) as {
      topics: number;
      questions: number;
      templates: number;
      by_type: Record<string, number>;
      by_difficulty: Record<string, number>;
    }[];
    expect(stats.subjects).toBe(subjects.length);
    expect(stats.questions).toBe(subjects.reduce((n, s) => n + s.questions, 0));
    expect(stats.topics).toBe(subjects.reduce((n, s) => n + s.topics, 0));
    expect(stats.templates).toBe(subjects.reduce((n, s) => n + s.templates, 0));
    // every scheme feature of MARK-SCHEMES.md is counted (the first five keys are the original ones), and the bank uses
    // dependent method marks and separate s.f. marks
    expect(Object.keys(stats.scheme_features)).toEqual([...SCHEME_FEATURE_KEYS]);
    expect(SCHEME_FEATURE_KEYS.slice(0, 5)).toEqual(['groups', 'ecf', 'm_a', 'final_answer_full_marks', 'levels']);
    for (const key of ['dm_points', 'dm', 'sf_mark_points', 'sf_mark', 'a_depends_on_points', 'ecf_formula_points', 'awrt_points'])
      expect(stats.scheme_features[key], key).toBeGreaterThan(0);
    for (const feature of SCHEME_FEATURE_KEYS) {
      const perSubject = (Object.values(stats.by_subject) as { scheme_features: Record<string, number> }[]).map(
        (s) => s.scheme_features[feature],
      );
      expect(stats.scheme_features[feature]).toBe(perSubject.reduce((a, b) => a + b, 0));
      if (!feature.endsWith('_points')) expect(stats.scheme_features[feature]).toBeLessThanOrEqual(stats.questions);
    }
    for (const s of subjects) {
      expect(Object.values(s.by_type).reduce((a, b) => a + b, 0)).toBe(s.questions);
      expect(Object.values(s.by_difficulty).reduce((a, b) => a + b, 0)).toBe(s.questions);
    }
  }, 60_000);

  it('content:export writes GIFT that content:import reads back into a valid topic file', () => {
    const bank = readBank();
    const subject = bank.subjects[0]?.name;
    expect(subject).toBeDefined();
    const firstTopic = bank.subjects[0].topics[0];

    const gift = run('content-export.ts', [
      '--subject',
      subject.toLowerCase(),
      '--topic',
      firstTopic.topic,
      '--format',
      'gift',
      '--seed',
      '7',
    ]);
    expect(gift.status).toBe(0);
    const giftFile = path.join(dir, 'topic.gift');
    writeFileSync(giftFile, gift.stdout);
    const out = path.join(dir, 'topic.json');
    // Same ids as the bank: allowed only when replacing that very file, so use a fresh topic name and ids are checked.
    const clash = run('content-import.ts', [giftFile, '--out', out, '--strict']);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toMatch(/Question 1 "[^"]+" \(line \d+\): id \S+ is already used elsewhere in the bank/);
    expect(existsSync(out)).toBe(false);

    const stripped = gift.stdout.replace(/^\/\/ id: .*\n/gm, '').replace(/^::[^\n]*?::/gm, '');
    writeFileSync(giftFile, stripped);
    const imported = run('content-import.ts', [giftFile, '--subject', 'Imported Subject', '--topic', 'Round trip', '--out', out]);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    const file = topicFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(file.subject).toBe('Imported Subject');
    expect(file.questions[0].id).toBe('imported-subject-round-trip-01');
    expect(file.questions.length).toBe(firstTopic.questions.length);

    const again = run('content-import.ts', [giftFile, '--subject', 'Imported Subject', '--topic', 'Round trip', '--out', out]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists; pass --force/);
  }, 180_000);

  it('content:import --strict lists every invalid question and exits 1 without writing; without it, imports the rest with a report', () => {
    const bad = path.join(dir, 'bad.gift');
    writeFileSync(
      bad,
      '::One::Explain the photoelectric effect in detail. {}\n\n::Two::Which is a lepton of all these? {=electron ~proton ~neutron}\n\n::Three::Unclosed {=a ~b\n',
    );
    const out = path.join(dir, 'bad.json');
    const { status, stderr } = run('content-import.ts', [bad, '--subject', 'Physics', '--topic', 'Bad', '--out', out, '--strict']);
    expect(status).toBe(1);
    expect(stderr).toContain('bad.gift (Bad): 2 problem(s); nothing written.');
    expect(stderr).toContain('Question 3 "Three" (line 5): the answer block is not closed with }');
    expect(stderr).toContain(`Question 1 "One" (line 1): needs a mark scheme: an essay question needs a '// points: a; b; c' comment`);
    expect(existsSync(out)).toBe(false);

    const partial = run('content-import.ts', [bad, '--subject', 'Physics', '--topic', 'Bad', '--out', out]);
    expect(partial.status).toBe(0);
    expect(partial.stdout).toContain('Imported 1 question(s)');
    expect(partial.stdout).toContain('imported  Question 2 "Two": physics-bad-02 (multiple_choice, 1 mark)');
    // the essay without a scheme is recognised as the app recognises it (the app stores it flagged), and not written
    expect(partial.stdout).toContain(`needs a mark scheme  Question 1 "One" (essay, 1 mark): ${UNMARKED_ESSAY_NOTE}; not written`);
    expect(partial.stdout).not.toContain('skipped   Question 1');
    expect(partial.stdout).toContain('skipped   Question 3 "Three" (line 5): the answer block is not closed with }');
    expect(topicFileSchema.parse(JSON.parse(readFileSync(out, 'utf8'))).questions.map((q) => q.id)).toEqual(['physics-bad-02']);
  }, 60_000);

  it('content:import (JSON) names the line of every broken scheme and writes nothing', () => {
    const calc = makeQuestion('chemistry-energetics-91', {
      marks: 2,
      markScheme: [
        { id: 'm1', text: 'q = mcΔT', kind: 'M' },
        { id: 'a1', text: 'ΔH = −50.2 kJ mol⁻¹', kind: 'A', depends_on: 'm1', ecf: true },
      ],
      final_answer_full_marks: true,
    });
    const questions = [
      calc,
      { ...calc, id: 'chemistry-energetics-92', marks: 3 },
      makeQuestion('chemistry-energetics-93', {
        marks: 2,
        markScheme: [
          { id: 'p1', text: 'heat lost', group: 'g' },
          { id: 'p2', text: 'incomplete combustion', group: 'g' },
        ],
        groups: [{ id: 'g', max: 3 }],
      }),
    ];
    const source = JSON.stringify({ subject: 'Chemistry', topic: 'Scheme check', description: 'x', questions }, null, 2);
    const file = path.join(dir, 'schemes.json');
    writeFileSync(file, source);
    const out = path.join(dir, 'schemes-out.json');
    const { status, stderr } = run('content-import.ts', [file, '--out', out]);
    expect(status).toBe(1);
    const lines = source.split('\n');
    const marksLine = lines.findIndex((l) => l.includes('"marks": 3')) + 1;
    // The group entry's '{' is two lines above its "max" (after "id"); lines are 1-based.
    const groupLine = lines.findIndex((l) => l.includes('"max": 3')) - 2 + 1;
    expect(stderr).toContain('schemes.json: 2 problem(s); nothing written.');
    expect(stderr).toContain(
      `Question 2 "chemistry-energetics-92" (line ${marksLine}): marks (3) must equal the sum of the mark-scheme points (2)`,
    );
    expect(stderr).toContain(`Question 3 "chemistry-energetics-93" (line ${groupLine}): group "g" has max 3, above its points' 2 marks`);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('content:import --check instantiates templates and reports every one that cannot be', () => {
    const question = (id: string, template: unknown, extra: Record<string, unknown> = {}) => ({
      id,
      type: 'short_answer',
      difficulty: 'medium',
      marks: 1,
      text: '<p>A mass of {{m}} kg moves at {{v}} m s^-1. Find its kinetic energy.</p>',
      markScheme: [{ id: 'a1', text: 'E = {{E:3}} J', kind: 'answer', numeric: { value: 'E', unit: 'J' } }],
      modelAnswer: '<p>E = {{E:3}} J</p>',
      hints: ['<p>Use E = ½mv².</p>'],
      template,
      ...extra,
    });
    const good = { variables: { m: { min: 1, max: 10 }, v: { min: 2, max: 20 } }, computed: { E: '0.5 * m * v^2' } };
    const file = path.join(dir, 'templates.json');
    writeFileSync(
      file,
      JSON.stringify({
        subject: 'Physics',
        topic: 'Template check',
        description: 'Templates.',
        questions: [
          question('physics-template-check-01', { ...good, variables: { m: { min: 10, max: 1 }, v: { min: 2, max: 20 } } }),
          question('physics-template-check-02', { ...good, computed: { E: '0.5 * * m' } }),
          question('physics-template-check-03', good, { modelAnswer: '<p>E = {{zz}} J</p>' }),
          question('physics-template-check-04', good, { markScheme: [{ id: 'a1', text: 'E = {{E:3}} J', numeric: { value: 'E * q' } }] }),
        ],
      }),
    );
    const { status, stderr } = run('content-import.ts', [file, '--check']);
    expect(status).toBe(1);
    expect(stderr).toContain('templates.json: 4 problem(s); nothing written.');
    expect(stderr).toContain('Question 1 "physics-template-check-01": template.variables.m.min: min (10) must not be above max (1)');
    expect(stderr).toMatch(/Question 2 "physics-template-check-02": template\.computed\.E: syntax error in "0\.5 \* \* m"/);
    expect(stderr).toContain('Question 3 "physics-template-check-03": modelAnswer: unknown placeholder {{zz}}');
    expect(stderr).toContain(
      'Question 4 "physics-template-check-04": markScheme.0.numeric.value: cannot evaluate "E * q": Undefined symbol q',
    );
  }, 60_000);

  it('content:import takes --difficulty challenging and stores hard', () => {
    const gift = path.join(dir, 'hard.gift');
    writeFileSync(
      gift,
      'What is the SI unit of charge? {=coulomb =C}\n\n// difficulty: easy\nWhat is the SI unit of current? {=ampere =A}\n',
    );
    const out = path.join(dir, 'hard.json');
    const { status, stderr } = run('content-import.ts', [
      gift,
      '--subject',
      'Imported Subject',
      '--topic',
      'Hard words',
      '--difficulty',
      'challenging',
      '--out',
      out,
    ]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(topicFileSchema.parse(JSON.parse(readFileSync(out, 'utf8'))).questions.map((q) => q.difficulty)).toEqual(['hard', 'easy']);
    const bad = run('content-import.ts', [
      gift,
      '--subject',
      'Imported Subject',
      '--topic',
      'Hard words',
      '--difficulty',
      'brutal',
      '--check',
    ]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--difficulty must be easy, medium or hard \(or challenging or difficult, read as hard\), not "brutal"/);
  }, 60_000);

  it('content:export explains an unknown subject', () => {
    const { status, stderr } = run('content-export.ts', ['--subject', 'Underwater basket weaving']);
    expect(status).toBe(1);
    expect(stderr).toMatch(/the bank has no subject "Underwater basket weaving" \(it has: .+\)/);
  }, 60_000);
});

describe('content scripts: Moodle XML', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'markwell-content-cli-xml-'));

  it('content:export --format xml writes Moodle XML that content:import reads back (found by its content); a malformed file writes nothing', () => {
    const bank = readBank();
    const firstTopic = bank.subjects[0].topics[0];
    const xml = run('content-export.ts', [
      '--subject',
      bank.subjects[0].name,
      '--topic',
      firstTopic.topic,
      '--format',
      'xml',
      '--seed',
      '7',
    ]);
    expect(xml.status).toBe(0);
    expect(xml.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>')).toBe(true);
    // a name that says nothing of the format, and no ids (they would clash with the bank's own)
    const file = path.join(dir, 'backup.txt');
    writeFileSync(file, xml.stdout.replace(/<idnumber>[^<]*<\/idnumber>/g, '<idnumber></idnumber>'));
    const out = path.join(dir, 'topic.json');
    const imported = run('content-import.ts', [file, '--subject', 'Imported Subject', '--topic', 'Round trip', '--out', out]);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    const topic = topicFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(topic.questions[0].id).toBe('imported-subject-round-trip-01');
    expect(topic.questions.map((q) => [q.type, q.marks])).toEqual(firstTopic.questions.map((q) => [q.type, q.marks]));

    const broken = path.join(dir, 'broken.xml');
    writeFileSync(broken, '<?xml version="1.0"?>\n<quiz>\n<question type="essay">\n</quiz>\n');
    const bad = run('content-import.ts', [broken, '--subject', 'Physics', '--topic', 'Broken', '--out', path.join(dir, 'broken.json')]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^content:import: broken\.xml: not well-formed XML \(line \d+\): .*; nothing written/);
    expect(existsSync(path.join(dir, 'broken.json'))).toBe(false);
  }, 180_000);
});
