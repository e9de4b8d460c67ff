/**
 * A document's pages (one string a page, lines separated by '\n', as read-pdf.ts gives them) as
 * blocks a reader would see: headings, paragraphs, list items and figure captions, with words split
 * across lines joined again ("mem-/brane" → "membrane", but "enzyme-/substrate" keeps its hyphen),
 * running headers, footers and page numbers dropped. Then whole sentences, each with its page and the
 * heading it sits under, repeated and near-repeated ones removed.
 */

export type BlockKind = 'heading' | 'paragraph' | 'list-item' | 'caption';

export interface DocumentBlock {
  kind: BlockKind;
  text: string;
  /** 1-based. */
  page: number;
}

export interface DocumentSentence {
  text: string;
  page: number;
  /** The heading the sentence sits under, if any. */
  heading: string | null;
}

const LIST_MARK = /^(?:[•·▪◦‣*–—-]|\(?[0-9]{1,2}[.)]|\(?[a-h][.)]|\([ivx]{1,4}\))\s+/;
const CAPTION = /^(?:fig(?:ure)?\.?|table|diagram|graph|photo(?:graph)?|source)\s*[0-9]+(?:\.[0-9]+)?[a-z]?\b/i;
const PAGE_NUMBER = /^(?:page\s*)?[0-9]{1,4}(?:\s*(?:of|\/)\s*[0-9]{1,4})?$/i;
const ENDS_SENTENCE = /[.!?]["')\]]*$/;

/** Lower-case words of a text, for comparing. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Every word of the document (lower case), for deciding whether a broken word had a hyphen of its own. */
function vocabulary(pages: string[]): Set<string> {
  const words = new Set<string>();
  for (const page of pages)
    for (const w of page.toLowerCase().match(/[\p{L}]+(?:-[\p{L}]+)*/gu) ?? []) {
      words.add(w);
      for (const part of w.split('-')) words.add(part);
    }
  return words;
}

/** Prefixes written with a hyphen ("non-competitive", "self-replicating"). */
const HYPHEN_PREFIXES = new Set([
  'non',
  'self',
  'anti',
  'semi',
  'multi',
  'cross',
  'half',
  'well',
  'two',
  'three',
  'single',
  'double',
  'first',
  'second',
]);

/**
 * Joins a word broken across a line end with a hyphen: kept as one hyphenated word when both halves
 * are words the document uses on their own ("enzyme-" + "substrate"), or the hyphenated form appears
 * whole elsewhere; otherwise joined without the hyphen ("phospho-" + "lipid" → "phospholipid").
 */
function joinBroken(first: string, second: string, words: Set<string>): string {
  const a = first.toLowerCase();
  const b = second.toLowerCase().replace(/[^\p{L}-].*$/u, '');
  if (words.has(`${a}${b}`)) return `${first}${second}`;
  if (words.has(`${a}-${b}`)) return `${first}-${second}`;
  if (/^\p{Lu}/u.test(first) && /^\p{Lu}/u.test(second)) return `${first}-${second}`;
  const realWord = (w: string) => w.length >= 3 && words.has(w);
  if (realWord(b) && (HYPHEN_PREFIXES.has(a) || (realWord(a) && a.length >= 4))) return `${first}-${second}`;
  return `${first}${second}`;
}

/** Lines repeated on most pages (a running header or footer), compared without digits. */
function runningLines(pages: string[]): Set<string> {
  if (pages.length < 3) return new Set();
  const count = new Map<string, number>();
  for (const page of pages) {
    const lines = page.split('\n').map((l) => l.trim());
    const edge = new Set([lines[0], lines[lines.length - 1]].map((l) => (l ?? '').replace(/[0-9]+/g, '#')));
    for (const l of edge) if (l.split(/\s+/).length <= 10) count.set(l, (count.get(l) ?? 0) + 1);
  }
  return new Set([...count].filter(([, n]) => n >= Math.max(3, Math.ceil(pages.length * 0.6))).map(([l]) => l));
}

function isHeadingLine(line: string, next: string | undefined): boolean {
  const words = line.split(/\s+/);
  if (words.length > 9 || ENDS_SENTENCE.test(line) || /[,;:-]$/.test(line) || LIST_MARK.test(line)) return false;
  if (!/^[\p{Lu}0-9]/u.test(line)) return false;
  // A heading stands alone: the next line starts a new sentence (or the page ends).
  return next === undefined || /^[\p{Lu}0-9•·▪*–—(-]/u.test(next);
}

/** The blocks of each page, in reading order. */
export function documentBlocks(pages: string[]): DocumentBlock[] {
  const words = vocabulary(pages);
  const running = runningLines(pages);
  const blocks: DocumentBlock[] = [];
  pages.forEach((pageText, index) => {
    const page = index + 1;
    const lines = pageText
      .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
      .replace(/[\u2010\u2011]/g, '-')
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l && !PAGE_NUMBER.test(l) && !running.has(l.replace(/[0-9]+/g, '#')));
    let current: DocumentBlock | null = null;
    const flush = () => {
      if (current && current.text.trim()) blocks.push({ ...current, text: current.text.trim() });
      current = null;
    };
    lines.forEach((line, i) => {
      const next = lines[i + 1];
      if (CAPTION.test(line)) {
        flush();
        current = { kind: 'caption', text: line, page };
        return;
      }
      if (LIST_MARK.test(line)) {
        flush();
        current = { kind: 'list-item', text: line.replace(LIST_MARK, ''), page };
        return;
      }
      const continuing = current && current.kind !== 'heading' && !ENDS_SENTENCE.test(current.text);
      if (!continuing && isHeadingLine(line, next)) {
        flush();
        blocks.push({ kind: 'heading', text: line, page });
        return;
      }
      if (!current || current.kind === 'heading' || (current.kind === 'caption' && ENDS_SENTENCE.test(current.text))) {
        flush();
        current = { kind: 'paragraph', text: line, page };
        return;
      }
      const block: DocumentBlock = current;
      const broken = /([\p{L}]+)-$/u.exec(block.text);
      // A word broken at a hyphen: the next line goes on with a small letter, or both halves are names ("Maxwell-/Boltzmann").
      if (broken && (/^[\p{Ll}]/u.test(line) || (/^\p{Lu}/u.test(broken[1]) && /^\p{Lu}\p{Ll}/u.test(line)))) {
        const [firstWord] = broken.slice(1);
        const secondWord = line.split(' ')[0];
        const joined = joinBroken(firstWord, secondWord, words);
        block.text = `${block.text.slice(0, block.text.length - firstWord.length - 1)}${joined}${line.slice(secondWord.length)}`;
      } else block.text = `${block.text} ${line}`;
    });
    flush();
  });
  return blocks;
}

const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|fig|figs|approx|ca|cf|vs|no|eq|dr|mr|mrs|ms|st|al)\.$/i;

/** The sentences of a block of text: split after . ! ? before a capital, a digit or a bracket, not after an abbreviation. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?]["')\]]*\s+(?=["'([]?[\p{Lu}0-9])/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const candidate = text.slice(start, m.index + m[0].trimEnd().length);
    if (ABBREVIATIONS.test(candidate)) continue;
    out.push(candidate.trim());
    start = m.index + m[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** The words of a sentence as a set, for near-duplicate checks. */
function wordSet(text: string): Set<string> {
  return new Set(wordsOf(text));
}

/** Jaccard similarity of two word sets. */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.max(1, a.size + b.size - shared);
}

/** Whole sentences (with an end stop) of the document's paragraphs and list items, repeats and near-repeats removed. */
export function documentSentences(pages: string[], nearDuplicate = 0.8): DocumentSentence[] {
  const out: (DocumentSentence & { words: Set<string> })[] = [];
  let heading: string | null = null;
  for (const block of documentBlocks(pages)) {
    if (block.kind === 'heading') {
      heading = block.text;
      continue;
    }
    if (block.kind === 'caption') continue;
    for (const text of sentencesOf(block.text)) {
      if (!ENDS_SENTENCE.test(text)) continue;
      const words = wordSet(text);
      if (words.size < 3) continue;
      if (out.some((s) => similarity(s.words, words) >= nearDuplicate)) continue;
      out.push({ text, page: block.page, heading, words });
    }
  }
  return out.map(({ words: _words, ...s }) => s);
}

/** The headings of the document (each once), as a reader sees them. */
export function documentHeadings(pages: string[]): DocumentBlock[] {
  const seen = new Set<string>();
  return documentBlocks(pages).filter((b) => {
    if (b.kind !== 'heading') return false;
    const key = b.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Each page as running text a reader would quote: paragraphs, list items and captions with words
 * broken at line ends joined again; headings, running headers and page numbers left out (a heading
 * run into its paragraph reads "Osmosis Osmosis is…"). A list item or caption without an end stop gets one.
 */
export function readablePages(pages: string[]): string[] {
  const out = pages.map(() => [] as string[]);
  for (const block of documentBlocks(pages)) {
    if (block.kind === 'heading') continue;
    out[block.page - 1].push(ENDS_SENTENCE.test(block.text) || block.kind === 'paragraph' ? block.text : `${block.text}.`);
  }
  return out.map((blocks) => blocks.join(' '));
}
