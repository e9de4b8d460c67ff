import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../../repo-root';

/**
 * The marker's paraphrase lexicon: content/paraphrases/<subject-slug>.md (plus general.md, for every
 * subject), each entry a line
 *
 *   - **term** (form; form; …): phrase; phrase; …
 *
 * where the term and its forms are written as in the bank's `markScheme[].required` entries and each
 * phrase is what a student writes instead (base form, in order). Lines that do not start with a bullet
 * ("- " or "* ") are header text and ignored; every bullet line must be a well-formed entry.
 */

export interface ParaphraseEntry {
  term: string;
  /** Other forms of the term (inflections, spellings, symbols), possibly empty. */
  forms: string[];
  /** What a student writes instead of the term; never empty. */
  phrases: string[];
  /** 1-based line number in the file. */
  line: number;
}

export interface ParaphraseLexiconFile {
  /** 'biology', 'chemistry', 'physics', 'mathematics' or 'general' (the file name without .md). */
  subject: string;
  /** Path relative to the repository root, e.g. 'content/paraphrases/physics.md'. */
  file: string;
  entries: ParaphraseEntry[];
}

const ENTRY = /^[-*]\s+\*\*([^*]+)\*\*\s*(?:\(([^()]*)\))?\s*:\s*(.*)$/;
const BULLET = /^\s*[-*]\s/;

function splitList(text: string): string[] {
  return text.split(';').map((s) => s.trim().replace(/\s+/g, ' '));
}

/**
 * Parses one lexicon file. A malformed entry line is an error: thrown (with its line number), or, when
 * `problems` is given, described there and skipped.
 */
export function parseParaphraseLexicon(markdown: string, problems?: string[]): ParaphraseEntry[] {
  const entries: ParaphraseEntry[] = [];
  const lines = markdown.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!BULLET.test(raw)) return;
    const fail = (message: string) => {
      const text = `line ${line}: ${message}: ${raw.trim()}`;
      if (problems) problems.push(text);
      else throw new Error(text);
    };
    const m = ENTRY.exec(raw.trim());
    if (!m) return fail('not an entry of the form "- **term** (forms): phrase; phrase"');
    const term = m[1].trim().replace(/\s+/g, ' ');
    const forms = m[2] === undefined ? [] : splitList(m[2]);
    const phrases = splitList(m[3]);
    if (!term) return fail('empty term');
    if (m[2] !== undefined && forms.some((f) => !f)) return fail('empty form in the brackets');
    if (phrases.some((p) => !p)) return fail('empty phrase (no phrases, or a stray ";")');
    entries.push({ term, forms, phrases, line });
  });
  return entries;
}

/** The folder the lexicon is read from: <repository root>/content/paraphrases. */
export function paraphraseLexiconDir(): string {
  return path.join(findRepoRoot(), 'content', 'paraphrases');
}

/** Every content/paraphrases/*.md, parsed (throws on a malformed entry line), in file-name order. */
export function readParaphraseLexicon(dir = paraphraseLexiconDir()): ParaphraseLexiconFile[] {
  const root = findRepoRoot();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const full = path.join(dir, name);
      const text = readFileSync(full, 'utf8');
      let entries: ParaphraseEntry[];
      try {
        entries = parseParaphraseLexicon(text);
      } catch (error) {
        throw new Error(`${path.relative(root, full)}: ${(error as Error).message}`, { cause: error });
      }
      return { subject: name.slice(0, -3), file: path.relative(root, full).split(path.sep).join('/'), entries };
    });
}
