/**
 * Letters are names (../shared/MARK-SCHEMES.md: "accept any letters used consistently"). A proof written with p and q
 * where the scheme has a and b ("p² = 3q²" for "a² = 3b²"), or a function called g where the scheme has f, is the
 * same working: the answer is read again with its own letters renamed to the scheme's, one for one, where that makes
 * more of the scheme's formulas appear in it. Letters the scheme itself uses are never renamed, so "3a² = b²" stays
 * the wrong equation it is; e and i are constants, not names.
 */

/** A single letter on its own (not part of a word): "p" of "p/q", "3q²", "g(1.5)". */
const LETTER = /(?<![\p{L}_])([a-z])(?![\p{L}_])/gu;
/** What stands next to a letter used as algebra: digits, operators, brackets, powers. */
const ALGEBRA_BEFORE = /[\d(=+\-−*/^×÷,]\s*$/;
const ALGEBRA_AFTER = /^\s*[\d(=+\-−*/^×÷²³⁰¹⁴⁵⁶⁷⁸⁹),]/;
const CONSTANTS = new Set(['e', 'i']);

/** The letters a text uses as algebra (at least once beside a digit, an operator or a bracket). */
export function algebraLetters(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(LETTER)) {
    const letter = m[1];
    if (CONSTANTS.has(letter)) continue;
    if (ALGEBRA_BEFORE.test(text.slice(Math.max(0, m.index - 3), m.index)) || ALGEBRA_AFTER.test(text.slice(m.index + 1, m.index + 4)))
      out.add(letter);
  }
  return out;
}

/** The text with its single letters renamed (same length: one letter for one, so positions are kept). */
export function renameLetters(text: string, names: Map<string, string>): string {
  return text.replace(LETTER, (letter: string) => names.get(letter) ?? letter);
}

/**
 * The renaming of the answer's own letters to the scheme's that lets the most of the scheme's formulas be found in it
 * (`found` says whether one is found in a text), or undefined where none finds more than the answer as written. Only
 * letters the answer uses as algebra and the scheme never uses are renamed, each to a letter of the scheme's algebra
 * the answer does not use as algebra.
 */
export function renamingFor(
  answer: string,
  scheme: string[],
  found: (text: string, formula: string) => boolean,
): Map<string, string> | undefined {
  const formulas = scheme.filter((w) => /[=^²(]/.test(w) && algebraLetters(w).size > 0);
  if (formulas.length === 0) return undefined;
  const ours = new Set(scheme.flatMap((w) => [...algebraLetters(w)]));
  const used = new Set([...answer.matchAll(LETTER)].map((m) => m[1]));
  const theirs = algebraLetters(answer);
  const candidates = [...theirs].filter(
    (l) => !ours.has(l) && !scheme.some((w) => new RegExp(`(?<![\\p{L}_])${l}(?![\\p{L}_])`, 'u').test(w)),
  );
  const targets = [...ours].filter((l) => !theirs.has(l));
  if (candidates.length === 0 || targets.length === 0 || candidates.length > 4 || targets.length > 5) return undefined;
  const score = (text: string) => formulas.filter((f) => found(text, f)).length;
  let best = { names: undefined as Map<string, string> | undefined, score: score(answer) };
  // every one-for-one renaming of some of the candidates
  const search = (k: number, names: Map<string, string>) => {
    if (k === candidates.length) {
      if (names.size === 0) return;
      const s = score(renameLetters(answer, names));
      if (s > best.score) best = { names: new Map(names), score: s };
      return;
    }
    search(k + 1, names);
    for (const t of targets) {
      if ([...names.values()].includes(t)) continue;
      // a target the answer already has as a name of its own (not only as the word "a") would be two things at once
      if (used.has(t) && t !== 'a') continue;
      names.set(candidates[k], t);
      search(k + 1, names);
      names.delete(candidates[k]);
    }
  };
  search(0, new Map());
  return best.names;
}
