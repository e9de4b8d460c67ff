import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRepoRoot, readBank } from './load-bank';
import { topicFileSchema } from './schema';

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
    const subjects = Object.values(stats.by_subject) as { topics: number; questions: number; templates: number; by_type: Record<string, number>; by_difficulty: Record<string, number> }[];
    expect(stats.subjects).toBe(subjects.length);
    expect(stats.questions).toBe(subjects.reduce((n, s) => n + s.questions, 0));
    expect(stats.topics).toBe(subjects.reduce((n, s) => n + s.topics, 0));
    expect(stats.templates).toBe(subjects.reduce((n, s) => n + s.templates, 0));
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

    const gift = run('content-export.ts', ['--subject', subject.toLowerCase(), '--topic', firstTopic.topic, '--format', 'gift', '--seed', '7']);
    expect(gift.status).toBe(0);
    const giftFile = path.join(dir, 'topic.gift');
    writeFileSync(giftFile, gift.stdout);
    const out = path.join(dir, 'topic.json');
    // Same ids as the bank: allowed only when replacing that very file, so use a fresh topic name and ids are checked.
    const clash = run('content-import.ts', [giftFile, '--out', out]);
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

  it('content:import lists every invalid question and exits 1 without writing', () => {
    const bad = path.join(dir, 'bad.gift');
    writeFileSync(bad, '::One::Explain the photoelectric effect in detail. {}\n\n::Two::Which is a lepton of all these? {=electron ~proton ~neutron}\n\n::Three::Unclosed {=a ~b\n');
    const out = path.join(dir, 'bad.json');
    const { status, stderr } = run('content-import.ts', [bad, '--subject', 'Physics', '--topic', 'Bad', '--out', out]);
    expect(status).toBe(1);
    expect(stderr).toContain('bad.gift: 2 problem(s); nothing written.');
    expect(stderr).toContain('Question 3 "Three" (line 5): the answer block is not closed with }');
    expect(stderr).toContain(`Question 1 "One" (line 1): essay questions need a '// points: a; b; c' comment`);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('content:export explains an unknown subject', () => {
    const { status, stderr } = run('content-export.ts', ['--subject', 'Underwater basket weaving']);
    expect(status).toBe(1);
    expect(stderr).toMatch(/the bank has no subject "Underwater basket weaving" \(it has: .+\)/);
  }, 60_000);
});
