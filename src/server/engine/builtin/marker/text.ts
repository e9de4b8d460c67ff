import winkNLP from 'wink-nlp';
import type { ItemSentence, ItemToken, ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { htmlToText, mathsToText } from '../../text/html-to-text';
import { findWordRow, weighWord } from './embeddings';
import { MEANINGFUL_FUNCTION_WORDS, NEGATORS } from './lexicon';
import { readParaphraseLexicon } from './paraphrase-lexicon-file';
import { compileParaphrases, markParaphrases, type CompiledLexicon, type ParaphraseEntry } from './paraphrases';

/** One token of an analysed text, with everything the matcher compares. */
export interface Token {
  /** The token as written. */
  text: string;
  lower: string;
  lemma: string;
  stem: string;
  pos: string;
  /** The word a negation applies to ("does not change shape" → "change"; "no longer fits" → "fits"). */
  negated: boolean;
  /** A negating word itself. */
  negator: boolean;
  /** A word or number that carries meaning (not a stop word or punctuation). */
  content: boolean;
  isNumber: boolean;
  /** Character offsets in the analysed (plain) text. */
  start: number;
  end: number;
  sentence: number;
  /** Row in the word-vector table, or -1. */
  row: number;
  /** Information weight (rare words weigh more). */
  weight: number;
  /** The words of a technical term this word's phrase says in everyday words (paraphrases.ts), if any. */
  aliases?: string[];
  /**
   * Terms this word says through a phrase that denies something ("no jumps" for "continuous", "doesn't wash off" for
   * "permanent"): the word is negated, but what it stands for is not.
   */
  deniedAliases?: string[];
}

export interface AnalysedText {
  /** Plain text the offsets refer to. */
  text: string;
  tokens: Token[];
  /** Indices of content tokens. */
  content: number[];
  sentences: number;
}

/** wink-nlp declares `its.lemma` and `its.stem` with a parameter list its own `out()` does not accept; they work at run time. */
type StringIts = ItsFunction<string>;

let nlpInstance: ReturnType<typeof winkNLP> | undefined;

function getNlp(): ReturnType<typeof winkNLP> {
  nlpInstance ??= winkNLP(model, ['sbd', 'negation', 'pos']);
  return nlpInstance;
}

/**
 * HTML and KaTeX to plain text (the engine's text toolkit). A power or charge written as a superscript number is
 * written with "^" and a subscript number joined to its symbol, as a student types them: "1.60 × 10<sup>-19</sup>"
 * is "1.60 × 10^-19" (one value, not 16 and -19), "mol dm<sup>−3</sup>" is "mol dm^−3", "H<sub>2</sub>O" is "H2O".
 */
export function toPlainText(html: string): string {
  const powers = html.replace(/<sup>\s*([-−+]?\d+[+\-−]?|[+\-−])\s*<\/sup>/gi, '^$1').replace(/<sub>\s*(\d+)\s*<\/sub>/gi, '$1');
  return mathsToText(htmlToText(powers, { joinInline: false }));
}

/** A cheap Porter-style suffix stripper for words wink's stemmer leaves alone; wink's stem is used first. */
function normaliseStem(stem: string): string {
  return stem.replace(/'s$/, '');
}

/** Words between a negator and what it negates ("not really", "no longer", "not always"). */
const NEGATION_SKIP = new Set([
  'longer',
  'really',
  'always',
  'even',
  'yet',
  'very',
  'much',
  'quite',
  'necessarily',
  'just',
  'only',
  'all',
  'any',
  'so',
  'too',
  'be',
  'been',
  'being',
  'have',
  'has',
  'had',
  'having',
  'do',
  'does',
  'get',
  'got',
  'to',
]);
/** Negators that are themselves the negated thing ("says nothing about the rate" does not deny "rate"). */
const SELF_NEGATING = new Set(['nothing', 'none', 'nobody', 'nowhere']);
const NEGATABLE_POS = new Set(['VERB', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'ADV', 'AUX']);

/**
 * A negator negates one word: the first meaningful word after it in the same clause (wink's own
 * negation flag runs to the end of the clause, which would make "no longer fits the active site"
 * deny "active site" too). Each negation then counts once.
 */
/** After "not", a clause of its own that the negation denies whole: "it is not when old information disrupts …". */
const DENIED_CLAUSE = /^(when|where|because|whereby)$/;
/** Where that clause ends. */
const CLAUSE_END = /^(and|but|or|so|which|whereas|while|although|though|;|,)$/;

/** Words that, followed by "to", make a need of what follows ("have to be rewarded", "need to see it"). */
const NEED = new Set(['have', 'has', 'had', 'need', 'needs', 'needed']);

/**
 * "You don't have to be rewarded yourself", "it need not touch": the negation denies that the thing is needed,
 * not the thing itself, so nothing after it is denied ("rewarded" is still said of someone).
 */
function deniesOnlyTheNeed(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  const before = tokens[i - 1];
  if (before && before.sentence === t.sentence && /^needs?$/.test(before.lower)) return true;
  let j = i + 1;
  while (j < tokens.length && /^(really|necessarily|even|always|actually)$/.test(tokens[j].lower)) j++;
  const need = tokens[j];
  const to = tokens[j + 1];
  if (!need || need.sentence !== t.sentence || !NEED.has(need.lower)) return false;
  return to?.lower === 'to' && to.sentence === t.sentence;
}

/** "Only" words that a denial may reach past its verb to: "should not grow just to get economies of scale". */
const ONLY_REASON = /^(just|only|simply|merely|solely|purely)$/;

/**
 * "The chain should not grow just to get economies of scale", "do not revise only because the exam is near": the
 * negation denies that this is reason enough, not the verb, so nothing is denied.
 */
export function deniesOnlyTheReason(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  let j = i + 1;
  while (j < tokens.length && tokens[j].sentence === t.sentence && NEGATION_SKIP.has(tokens[j].lower)) j++;
  const verb = tokens[j];
  if (!verb || verb.sentence !== t.sentence || verb.pos !== 'VERB') return false;
  const only = tokens[j + 1];
  const why = tokens[j + 2];
  return Boolean(
    only && why && why.sentence === t.sentence && ONLY_REASON.test(only.lower) && /^(to|for|because|since|as)$/.test(why.lower),
  );
}

function markNegatedWords(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    if (!t.negator || SELF_NEGATING.has(t.lower)) return;
    // "X is not when Y": every word of Y is denied (one of them only would let the same words said in another
    // clause of the sentence stand for the point undenied)
    if (DENIED_CLAUSE.test(tokens[i + 1]?.lower ?? '') && tokens[i + 1].sentence === t.sentence) {
      for (let j = i + 2; j < tokens.length && tokens[j].sentence === t.sentence && !CLAUSE_END.test(tokens[j].lower); j++) {
        if (tokens[j].negator) break;
        if (tokens[j].content && NEGATABLE_POS.has(tokens[j].pos)) tokens[j].negated = true;
      }
      return;
    }
    if (deniesOnlyTheNeed(tokens, i) || deniesOnlyTheReason(tokens, i)) return;
    let seen = 0;
    for (let j = i + 1; j < tokens.length && tokens[j].sentence === t.sentence && tokens[j].pos !== 'PUNCT' && seen < 4; j++) {
      const w = tokens[j];
      if (w.negator) return;
      if (NEGATION_SKIP.has(w.lower)) {
        // part of the negation itself ("no longer"), not a word the answer is about
        w.content = false;
        continue;
      }
      seen++;
      if (!NEGATABLE_POS.has(w.pos) || !(w.content || w.pos === 'VERB' || w.pos === 'ADJ')) continue;
      // "not perfectly circular": the adverb qualifies what is negated
      const next = tokens[j + 1];
      if (w.pos === 'ADV' && next && next.sentence === t.sentence && (next.pos === 'ADJ' || next.pos === 'VERB' || next.pos === 'ADV'))
        continue;
      w.negated = true;
      return;
    }
  });
}

const cache = new Map<string, AnalysedText>();
const CACHE_LIMIT = 2000;

/** Tokenises, lemmatises, stems and flags negation, content words and everyday wordings of terms. Results are cached by text. */
export function analyseText(input: string): AnalysedText {
  const hit = cache.get(input);
  if (hit) return hit;
  const analysed = tokenise(input);
  markParaphrases(analysed.tokens, paraphraseLexicon());
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(input, analysed);
  return analysed;
}

let lexicon: CompiledLexicon | undefined;
let lexiconSource: () => ParaphraseEntry[] = () => {
  try {
    return readParaphraseLexicon().flatMap((file) => file.entries);
  } catch {
    return []; // no lexicon shipped: terms are matched as written
  }
};

function paraphraseLexicon(): CompiledLexicon {
  lexicon ??= compileParaphrases(lexiconSource(), (phrase) => tokenise(phrase).tokens.filter((t) => t.pos !== 'PUNCT'));
  return lexicon;
}

/** Reads the paraphrase lexicon from `source` from now on (tests); the analysis cache is emptied. */
export function useParaphraseLexicon(source: () => ParaphraseEntry[]): void {
  lexiconSource = source;
  lexicon = undefined;
  cache.clear();
}

/** Words that say a sentence is about electrons in atoms, where "3p" names a sub-shell (elsewhere "3s" is three seconds). */
const ABOUT_ORBITALS = /^(orbitals?|sub-?shells?|shells?|electrons?|electronic|configuration|energy|ionisation|ionization|subshells?)$/;

/** A sub-shell's name is read, word-vector-wise, as the word "orbital": "3p" is near "3s" and "sub-shell", not unknown. */
const ORBITAL_ROW = () => findWordRow('orbital');

/**
 * "3p", "4s", "3d": the analyser splits a sub-shell's name into a number and a letter; joined again into one noun, so
 * that "the 3p sub-shell is lower in energy than 3s" is about 3p, not about "p". Only in sentences about electrons, and in a term on its own.
 */
function joinOrbitalNames(tokens: Token[]): void {
  // a term on its own ("3p", "3p sub-shell") is named the same way as in the sentences that use it
  const term = tokens.length <= 4;
  const sentences = new Set(tokens.filter((t) => term || ABOUT_ORBITALS.test(t.lower)).map((t) => t.sentence));
  for (let i = tokens.length - 2; i >= 0; i--) {
    const [n, l] = [tokens[i], tokens[i + 1]];
    if (!/^[1-7]$/.test(n.text) || !/^[spdf]$/.test(l.text) || n.end !== l.start || !sentences.has(n.sentence)) continue;
    const name = `${n.text}${l.text}`;
    tokens.splice(i, 2, {
      ...n,
      text: name,
      lower: name,
      lemma: name,
      stem: name,
      pos: 'NOUN',
      content: true,
      isNumber: false,
      end: l.end,
      row: ORBITAL_ROW(),
      weight: n.weight,
    });
  }
}

/**
 * Element symbols of the ions an A-Level answer names, with the name a mark scheme may give instead: elements with one
 * common ion only ("Fe2+" and "Fe3+" are two species, kept apart as written).
 */
const ION_NAMES: Record<string, string> = {
  Ca: 'calcium',
  Na: 'sodium',
  K: 'potassium',
  Cl: 'chloride',
  Mg: 'magnesium',
  H: 'hydrogen',
  Zn: 'zinc',
  Al: 'aluminium',
  Ag: 'silver',
  Ba: 'barium',
  Li: 'lithium',
  OH: 'hydroxide',
  Br: 'bromide',
  F: 'fluoride',
};

/** A charge written after a symbol: "+", "2+", "²⁺", "-", "−". */
const CHARGE = /^(\d?[+\-−]+|[²³]?[⁺⁻]+)$/;

/**
 * "Ca2+", "Ca²⁺", "Ca ions": the analyser reads "Ca2" as an unknown word and "Ca" as "can"; read again as the element:
 * its symbol as written (what a required "Ca" names) and its name as the word ("calcium").
 */
function readIonNames(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const m = /^([A-Z][a-z]?|OH)(\d?)$/.exec(t.text);
    const name = m ? ION_NAMES[m[1]] : undefined;
    if (!m || !name) return;
    const next = tokens[i + 1];
    const charged = next && next.start === t.end && CHARGE.test(next.text);
    const asIon = !m[2] && next && /^(ion|ions|channel|channels)$/.test(next.lower);
    if (!charged && !asIon) return;
    const symbol = m[1].toLowerCase();
    Object.assign(t, {
      lower: symbol,
      lemma: name,
      stem: name,
      pos: 'PROPN',
      content: true,
      isNumber: false,
      negator: false,
      row: findWordRow(name),
      aliases: [...new Set([...(t.aliases ?? []), name])],
    });
    t.weight = weighWord(t.row);
  });
}

function tokenise(text: string): AnalysedText {
  const nlp = getNlp();
  const its = nlp.its;
  const doc = nlp.readDoc(text.length > 20000 ? text.slice(0, 20000) : text);
  const tokens: Token[] = [];
  let cursor = 0;
  doc.sentences().each((sentence: ItemSentence, s: number) => {
    sentence.tokens().each((t: ItemToken) => {
      const value = t.out();
      const type = t.out(its.type);
      let start = text.indexOf(value, cursor);
      if (start < 0) start = cursor;
      const end = start + value.length;
      cursor = end;
      if (type === 'punctuation' || type === 'symbol' || type === 'tabCRLF') {
        tokens.push({
          text: value,
          lower: value,
          lemma: value,
          stem: value,
          pos: 'PUNCT',
          negated: false,
          negator: false,
          content: false,
          isNumber: false,
          start,
          end,
          sentence: s,
          row: -1,
          weight: 0,
        });
        return;
      }
      const lower = value.toLowerCase();
      const lemma = String(t.out(its.lemma as unknown as StringIts)).toLowerCase();
      const stem = normaliseStem(String(t.out(its.stem as unknown as StringIts)).toLowerCase());
      const pos = String(t.out(its.pos));
      const negator = NEGATORS.has(lower) || NEGATORS.has(lemma);
      const isNumber = type === 'number' || /^[-+]?\d/.test(value);
      const stop = Boolean(t.out(its.stopWordFlag));
      const content = !negator && (isNumber || ((!stop || MEANINGFUL_FUNCTION_WORDS.has(lower)) && /[a-z]/i.test(value)));
      let row = findWordRow(lower);
      if (row < 0) row = findWordRow(lemma);
      tokens.push({
        text: value,
        lower,
        lemma,
        stem,
        pos,
        negated: false,
        negator,
        content,
        isNumber,
        start,
        end,
        sentence: s,
        row,
        weight: isNumber ? 1 : weighWord(row),
      });
    });
  });
  const sentences = splitLines(tokens, joinCitations(tokens, doc.sentences().length()));
  joinOrbitalNames(tokens);
  readIonNames(tokens);
  markNegatedWords(tokens);
  return {
    text,
    tokens,
    content: tokens.flatMap((t, i) => (t.content ? [i] : [])),
    sentences: Math.max(1, sentences),
  };
}

/**
 * A line of prose is a statement of its own: "(a) the book pulls the Earth up" and "(b) the book pushes down on the table"
 * on two lines are two sentences, though the tokenizer, finding no full stop, reads them as one. Lines of working (with
 * an "=") are left as they are read. Renumbers the tokens' sentences in place (the line break ends its line); returns how
 * many sentences there are.
 */
function splitLines(tokens: Token[], sentences: number): number {
  // each token's line, and the lines of working (an "="), which stay read as the tokenizer reads them
  const lineOf: number[] = [];
  let line = 0;
  for (const t of tokens) {
    lineOf.push(line);
    if (t.text.includes('\n')) line += t.text.split('\n').length - 1;
  }
  const working = new Set(tokens.flatMap((t, i) => (t.text === '=' ? [lineOf[i]] : [])));
  let added = 0;
  // the sentence and line of the last word before a line break, while the next word is awaited
  let lineEnd: { sentence: number; line: number } | undefined;
  let last: { sentence: number; line: number } | undefined;
  tokens.forEach((t, i) => {
    const original = t.sentence;
    if (t.pos !== 'PUNCT') {
      const prose = lineEnd && !working.has(lineEnd.line) && !working.has(lineOf[i]);
      if (lineEnd && prose && original === lineEnd.sentence) added++;
      lineEnd = undefined;
      last = { sentence: original, line: lineOf[i] };
    } else if (t.text.includes('\n') && last) lineEnd = last;
    t.sentence = original + added;
  });
  return sentences + added;
}

/**
 * "Dolan et al. found …" is one sentence: the tokenizer ends one at "al.", which left a study's name in one sentence and
 * its finding in the next (so no phrase of the scheme naming both was ever found). Renumbers the tokens' sentences in
 * place; returns how many sentences there are.
 */
function joinCitations(tokens: Token[], sentences: number): number {
  let joined = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const opens = i > 0 && t.sentence - joined !== tokens[i - 1].sentence;
    if (opens && tokens[i - 1].text === '.' && tokens[i - 2]?.lower === 'al' && tokens[i - 3]?.lower === 'et') joined++;
    t.sentence -= joined;
  }
  return sentences - joined;
}
