import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultContentDir, findSubject, loadBank } from '../bank/bank';
import { contentStems, containsStem, plainText } from './tutor-text';

/**
 * The bank's glossary: one Markdown file a subject in content/glossary/ ("- **term** (also: other
 * names) [topic slug]: definition."), plus the definitional sentences of the topic's own model answers
 * and worked steps ("Standard enthalpy of formation is the enthalpy change when…"). The tutor answers a
 * student's own questions from it.
 */

export interface GlossaryEntry {
  term: string;
  /** Other names and symbols. */
  aliases: string[];
  /** The topic slug it belongs to, when the file names one. */
  topic: string | null;
  definition: string;
}

const LINE = /^-\s+\*\*(.+?)\*\*\s*(?:\(also:\s*(.*?)\))?\s*(?:\[([a-z0-9-]+)\])?\s*:\s*(.+)$/;

/** Parses a glossary file. Lines that are not entries are ignored. */
export function parseGlossary(markdown: string): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    entries.push({
      term: m[1].trim(),
      aliases: (m[2] ?? '')
        .split(';')
        .map((a) => a.trim())
        .filter(Boolean),
      topic: m[3] ?? null,
      definition: m[4].trim(),
    });
  }
  return entries;
}

let files: Map<string, GlossaryEntry[]> | undefined;

function glossaryFiles(): Map<string, GlossaryEntry[]> {
  if (files) return files;
  files = new Map();
  const dir = path.join(defaultContentDir(), 'glossary');
  if (existsSync(dir))
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.md')))
      files.set(name.replace(/\.md$/, ''), parseGlossary(readFileSync(path.join(dir, name), 'utf8')));
  return files;
}

/** "X is the/a …" sentences of a text: a term of one to six words, then what it is. */
const DEFINITIONAL = /^((?:the\s+)?(?:standard\s+)?[A-Za-z][\w'’ -]{1,60}?)\s+(?:is|are|means|is defined as)\s+((?:the|a|an)\s.{15,})$/i;

function definitionsIn(text: string, topic: string): GlossaryEntry[] {
  const out: GlossaryEntry[] = [];
  for (const sentence of plainText(text).split(/(?<=[.!?])\s+/)) {
    const m = DEFINITIONAL.exec(sentence.trim());
    if (!m) continue;
    const term = m[1].trim().replace(/^the\s+/i, '');
    if (term.split(/\s+/).length > 6 || /^(it|this|that|there|they|answer|option)\b/i.test(term)) continue;
    out.push({ term, aliases: [], topic, definition: m[2].trim().replace(/[.!?]$/, '') });
  }
  return out;
}

const cache = new Map<string, GlossaryEntry[]>();

/**
 * The glossary for a question's subject, entries of its topic first: the hand-written file's entries,
 * then definitions found in the topic's model answers and hints.
 */
export function glossaryFor(subject: string | null | undefined, topic: string | null | undefined): GlossaryEntry[] {
  const key = `${subject ?? ''}\u0000${topic ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const bankSubject = subject ? findSubject(subject, loadBank()) : null;
  const slug = bankSubject?.slug ?? (subject ?? '').toLowerCase();
  const written = glossaryFiles().get(slug) ?? [];
  const topicText = (topic ?? '').toLowerCase();
  const bankTopic = bankSubject?.topics.find((t) => t.topic.toLowerCase() === topicText || t.slug === topicText) ?? null;
  const found: GlossaryEntry[] = [];
  if (bankTopic)
    for (const q of bankTopic.questions)
      for (const text of [q.modelAnswer ?? '', ...(q.hints ?? [])]) found.push(...definitionsIn(text, bankTopic.slug));
  const inTopic = (e: GlossaryEntry) => bankTopic !== null && e.topic === bankTopic.slug;
  const entries = [...written.filter(inTopic), ...written.filter((e) => !inTopic(e)), ...found];
  if (cache.size > 200) cache.clear();
  cache.set(key, entries);
  return entries;
}

export interface GlossaryMatch {
  entry: GlossaryEntry;
  /** The name of the entry that matched (the term or one of its aliases). */
  name: string;
  score: number;
}

/** Normalises a symbol-ish name for exact comparison ('ΔfH', 'Kc', 'dy/dx'). */
function symbolForm(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

/**
 * The entry a phrase names ('the enthalpy of formation', 'ΔH', 'combustion value'), best first:
 * every content word of a name found in the phrase, longer names preferred; a symbol matched exactly.
 */
export function lookUpTerm(entries: GlossaryEntry[], phrase: string): GlossaryMatch | null {
  const phraseStems = contentStems(phrase);
  const phraseSymbol = symbolForm(phrase.replace(/^(the|a|an)\s+/i, '').replace(/^symbol\s+/i, ''));
  let best: GlossaryMatch | null = null;
  entries.forEach((entry, index) => {
    for (const name of [entry.term, ...entry.aliases]) {
      let score: number;
      if (symbolForm(name) === phraseSymbol) score = 10;
      else {
        const nameStems = contentStems(name);
        if (nameStems.length === 0) continue;
        const shared = nameStems.filter((s) => containsStem(phraseStems, s)).length;
        if (shared < nameStems.length) continue;
        // Every word of the name is in the phrase; the phrase's other words count against it.
        const extra = phraseStems.filter((s) => !containsStem(nameStems, s)).length;
        score = nameStems.length * 2 - extra;
      }
      score -= index * 0.001; // the topic's own entries win ties
      if (score > 0 && (!best || score > best.score)) best = { entry, name, score };
    }
  });
  return best;
}
