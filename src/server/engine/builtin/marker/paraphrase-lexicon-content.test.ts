import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../../repo-root';
import { parseParaphraseLexicon, readParaphraseLexicon, type ParaphraseLexiconFile } from './paraphrase-lexicon-file';

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

describe('parseParaphraseLexicon', () => {
  it('reads entries with and without forms, skipping header text, with line numbers', () => {
    const md = [
      '# Physics paraphrases',
      '',
      'One entry a line.',
      '- **collide** (collision; collisions;  colliding): bump into; hit each other',
      '- **kinetic energy**: movement energy',
    ].join('\n');
    expect(parseParaphraseLexicon(md)).toEqual([
      { term: 'collide', forms: ['collision', 'collisions', 'colliding'], phrases: ['bump into', 'hit each other'], line: 4 },
      { term: 'kinetic energy', forms: [], phrases: ['movement energy'], line: 5 },
    ]);
  });

  it('rejects a malformed bullet line, naming its line', () => {
    expect(() => parseParaphraseLexicon('intro\n- collide: bump into')).toThrow(/line 2/);
    expect(() => parseParaphraseLexicon('- **collide**: ')).toThrow(/empty phrase/);
    expect(() => parseParaphraseLexicon('- **collide**: bump into;; hit')).toThrow(/empty phrase/);
    expect(() => parseParaphraseLexicon('- **collide** (collision; ): bump into')).toThrow(/empty form/);
    const problems: string[] = [];
    expect(parseParaphraseLexicon('- **a**: b c\n* nope\n- **d**: e f', problems).map((e) => e.term)).toEqual(['a', 'd']);
    expect(problems).toEqual([expect.stringMatching(/^line 2: /)]);
  });
});

describe('content/paraphrases', () => {
  const root = findRepoRoot();
  const files = readParaphraseLexicon();
  const bySubject = new Map(files.map((f) => [f.subject, f]));
  const MINIMUM: Record<string, number> = {
    biology: 120,
    chemistry: 120,
    physics: 120,
    mathematics: 60,
    economics: 30,
    psychology: 30,
    general: 40,
  };

  it('has one file per subject plus general, each line parsing, with enough entries', () => {
    expect([...bySubject.keys()].sort()).toEqual(Object.keys(MINIMUM).sort());
    for (const file of files) {
      const problems: string[] = [];
      parseParaphraseLexicon(readFileSync(path.join(root, file.file), 'utf8'), problems);
      expect(problems, file.file).toEqual([]);
      expect(file.entries.length, file.file).toBeGreaterThanOrEqual(MINIMUM[file.subject]);
    }
  });

  it('has no empty entries, no phrase equal to its own term or forms, no phrase over 6 words', () => {
    const bad: string[] = [];
    for (const file of files) {
      for (const e of file.entries) {
        const where = `${file.file}:${e.line}`;
        if (!e.term.trim() || e.phrases.length === 0) bad.push(`${where} empty entry`);
        const own = new Set([e.term, ...e.forms].map(norm));
        for (const p of e.phrases) {
          if (own.has(norm(p))) bad.push(`${where} phrase "${p}" is the term itself`);
          if (words(p).length > 6) bad.push(`${where} phrase "${p}" has more than 6 words`);
          if (p.includes('*') || p.includes('(') || p.includes(')')) bad.push(`${where} phrase "${p}" holds markup`);
        }
        if (new Set(e.phrases.map(norm)).size !== e.phrases.length) bad.push(`${where} repeats a phrase`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('maps no phrase to two different terms within a subject (general counts with every subject), and lists each term once', () => {
    const general = bySubject.get('general');
    expect(general).toBeDefined();
    const clashes: string[] = [];
    const check = (sources: ParaphraseLexiconFile[]) => {
      const seen = new Map<string, { term: string; where: string }>();
      for (const file of sources) {
        for (const e of file.entries) {
          for (const p of e.phrases) {
            const key = norm(p);
            const before = seen.get(key);
            const where = `${file.file}:${e.line}`;
            if (before && norm(before.term) !== norm(e.term))
              clashes.push(`"${p}": ${before.term} (${before.where}) and ${e.term} (${where})`);
            else if (!before) seen.set(key, { term: e.term, where });
          }
        }
      }
    };
    for (const file of files) check(file === general ? [file] : [general!, file]);
    expect(clashes).toEqual([]);

    const repeated: string[] = [];
    for (const file of files) {
      const terms = new Set<string>();
      for (const e of file.entries) {
        if (terms.has(norm(e.term))) repeated.push(`${file.file}:${e.line} ${e.term}`);
        terms.add(norm(e.term));
      }
    }
    expect(repeated).toEqual([]);
  });

  it('names terms the bank uses: the term or one of its forms occurs in the subject’s questions (any subject for general)', () => {
    const bankText = (subject: string) =>
      readdirSync(path.join(root, 'content', subject))
        .filter((n) => n.endsWith('.json'))
        .map((n) => readFileSync(path.join(root, 'content', subject, n), 'utf8'))
        .join('\n')
        .toLowerCase();
    const subjects = readdirSync(path.join(root, 'content'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(path.join(root, 'content', d.name)).some((n) => n.endsWith('.json')))
      .map((d) => d.name);
    const texts = new Map(subjects.map((s) => [s, bankText(s)]));
    const all = [...texts.values()].join('\n');
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const missing: string[] = [];
    for (const file of files) {
      const text = file.subject === 'general' ? all : texts.get(file.subject)!;
      for (const e of file.entries) {
        const found = [e.term, ...e.forms].some((t) => new RegExp(`(?<![a-z])${escape(norm(t))}(?![a-z])`).test(text));
        if (!found) missing.push(`${file.file}:${e.line} ${e.term}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
