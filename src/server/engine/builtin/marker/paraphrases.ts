import { hasOpposite } from './lexicon';
import type { Token } from './text';
import { DECREASE_FORMS, INCREASE_FORMS, LESS_FORMS, MORE_FORMS } from '../../text/direction-words';

/** Words that say which way a thing goes: the direction rules read them, and they never stand for a term. */
const DIRECTION_WORDS = new Set([...INCREASE_FORMS, ...DECREASE_FORMS, ...MORE_FORMS, ...LESS_FORMS, 'up', 'down']);

/**
 * Everyday wordings of technical terms (content/paraphrases/*.md): "bump into each other" says "collide",
 * "movement energy" says "kinetic energy". Where an answer uses one, the words of the phrase also carry the term
 * (`Token.aliases`), so a point that needs the term is judged on what the student said rather than refused for a
 * missing word. The classifier's word alignment does not read them: the model was trained without them, and linking
 * them there lowered SciEntsBank's unseen-question agreement (2026-11-27, docs/benchmarks.md). A phrase matches by lemma, in order, within one
 * clause, with up to two other words in between; the term keeps the phrase's polarity ("don't bump into" is not
 * "collide").
 */
export interface ParaphraseEntry {
  term: string;
  forms: string[];
  phrases: string[];
}

/** One word of a phrase or a term as the analyser reads it. */
export interface LexWord {
  lower: string;
  lemma: string;
  stem: string;
  /** Denied within the phrase ("jumps" in "no jumps"). */
  negated?: boolean;
  /** "not", "no", "n't", "never": the word that denies. */
  negator?: boolean;
  /** A word that carries meaning (not "the", "in", "of"), and its part of speech, where the analyser gives them. */
  content?: boolean;
  pos?: string;
}

interface CompiledPhrase {
  words: LexWord[];
  /**
   * The term's words the phrase does not already say (every form's lemma, stem and spelling): what its other words
   * stand for ("movement energy" says "energy" itself; "movement" stands for "kinetic").
   */
  aliases: string[];
  termWords: LexWord[];
  /** The phrase says its term by denying something ("no gaps", "not lost"). */
  denies: boolean;
}

const LIGHT_VERBS = new Set(['go', 'get', 'become', 'make', 'have', 'take', 'do', 'be', 'keep', 'put', 'give', 'come', 'stay']);

/** At most this many other words between two words of a phrase ("bump right into each other"). */
const MAX_GAP = 2;

export type Analyse = (text: string) => LexWord[];

export interface CompiledLexicon {
  byFirst: Map<string, CompiledPhrase[]>;
}

function keys(w: LexWord): string[] {
  return [...new Set([w.lemma, w.stem, w.lower])];
}

function sameLexWord(t: LexWord, w: LexWord): boolean {
  return t.lemma === w.lemma || t.stem === w.stem || t.lower === w.lower;
}

export function compileParaphrases(entries: ParaphraseEntry[], analyse: Analyse): CompiledLexicon {
  const byFirst = new Map<string, CompiledPhrase[]>();
  for (const entry of entries) {
    const termWords = [entry.term, ...entry.forms].flatMap((f) => analyse(f));
    for (const phrase of entry.phrases) {
      const words = analyse(phrase);
      if (words.length === 0) continue;
      const unsaid = termWords.filter((t) => !words.some((w) => sameLexWord(w, t)));
      if (unsaid.length === 0) continue; // the phrase is the term already ("pyramid shape" for "pyramidal")
      const compiled = { words, aliases: [...new Set(unsaid.flatMap(keys))], termWords, denies: words.some((w) => w.negator) };
      for (const k of keys(words[0])) {
        const list = byFirst.get(k) ?? [];
        if (!list.includes(compiled)) list.push(compiled);
        byFirst.set(k, list);
      }
    }
  }
  return { byFirst };
}

/** Marks the tokens of every phrase of the lexicon found in the text with the term's words (in place). */
export function markParaphrases(tokens: Token[], lexicon: CompiledLexicon): void {
  if (lexicon.byFirst.size === 0) return;
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i];
    if (first.pos === 'PUNCT') continue;
    const candidates = new Set(keys(first).flatMap((k) => lexicon.byFirst.get(k) ?? []));
    for (const phrase of candidates) {
      const hit = matchAt(tokens, i, phrase.words);
      if (!hit) continue;
      // the phrase's meaning is carried by its own words: a light verb ("get", "go") or a word of direction
      // ("up", "bigger"), which the direction rules read, does not stand for the term; a one-word phrase is that
      // word's meaning, opposite or not ("unbroken" for "continuous")
      const carries = (t: Token, opposites: boolean) =>
        t.content &&
        !t.negator &&
        !LIGHT_VERBS.has(t.lemma) &&
        !phrase.termWords.some((w) => sameLexWord(t, w)) && // a word of the term itself
        (opposites ? !DIRECTION_WORDS.has(t.lower) : !(phrase.words.length > 1 && (hasOpposite(t.lemma) || hasOpposite(t.lower))));
      // where only a word with an opposite is left to carry it ("inside" in "resistance inside it" for "internal"), that
      // word does, unless it is a word of direction
      const opposites = !hit.some((at) => carries(tokens[at], false));
      for (const at of hit) {
        const t = tokens[at];
        if (!carries(t, opposites)) continue;
        // a phrase that denies ("no jumps") says its term where the answer denies as it does: the term is not denied
        if (phrase.denies && t.negated) t.deniedAliases = [...new Set([...(t.deniedAliases ?? []), ...phrase.aliases])];
        else t.aliases = [...new Set([...(t.aliases ?? []), ...phrase.aliases])];
      }
    }
  }
}

/** The token indices of the phrase starting at `start`, or undefined. */
function matchAt(tokens: Token[], start: number, words: LexWord[]): number[] | undefined {
  if (!sameLexWord(tokens[start], words[0])) return undefined;
  const hit = [start];
  // the answer says the phrase, or denies it: every content word is denied as in the phrase, or every one the other
  // way ("no gaps" in "there are no gaps"; "it doesn't bump into" denies "bump into")
  const flipped = (k: number, w: LexWord) => tokens[k].negated !== Boolean(w.negated);
  const flip = flipped(start, words[0]);
  let j = start + 1;
  for (let w = 1; w < words.length; w++) {
    let found = -1;
    let gaps = 0;
    for (; j < tokens.length; j++) {
      const t = tokens[j];
      if (t.pos === 'PUNCT' || t.sentence !== tokens[start].sentence) return undefined;
      if (sameLexWord(t, words[w]) || sameKindOfLink(t, words[w])) {
        found = j;
        j++;
        break;
      }
      if (t.negator) return undefined;
      if (++gaps > MAX_GAP) return undefined;
    }
    if (found < 0) return undefined;
    // a phrase says one thing: its content words share one polarity
    if (tokens[found].content && flipped(found, words[w]) !== flip) return undefined;
    hit.push(found);
  }
  // a denying phrase said the other way round ("there are jumps" is not "no jumps") says nothing of its term
  if (flip && words.some((w) => w.negator)) return undefined;
  return hit;
}

/**
 * A preposition or determiner of the phrase said with another of its kind: "gaps between the sheath" says "gap in
 * the sheath", "the charge on an ion" says "the charge on the ion". Only a linking word, never a word of meaning.
 */
function sameKindOfLink(t: LexWord, w: LexWord): boolean {
  // (not a word with an opposite: "switch off" is not "switch on", "below" not "above")
  const turns = (x: LexWord) => hasOpposite(x.lemma) || hasOpposite(x.lower);
  return !w.negator && !t.negator && (w.pos === 'ADP' || w.pos === 'DET') && t.pos === w.pos && !turns(w) && !turns(t);
}

/** True when the token stands for the word through a paraphrase. */
export function aliasOf(token: Token, word: LexWord): boolean {
  return names(token.aliases, word);
}

/** True when the token stands for the word through a phrase that denies ("jumps" in "no jumps" for "continuous"). */
export function deniedAliasOf(token: Token, word: LexWord): boolean {
  return names(token.deniedAliases, word);
}

function names(aliases: string[] | undefined, word: LexWord): boolean {
  return Boolean(aliases && (aliases.includes(word.lemma) || aliases.includes(word.stem) || aliases.includes(word.lower)));
}
