/** The engine's one English stemmer (the bank's matching, the tutor's point checks). Deterministic and dependency-free. */

const IRREGULAR: Record<string, string> = {
  children: 'child',
  mice: 'mouse',
  teeth: 'tooth',
  feet: 'foot',
  women: 'woman',
  men: 'man',
  data: 'datum',
  nuclei: 'nucleus',
  bacteria: 'bacterium',
  mitochondria: 'mitochondrion',
  stomata: 'stoma',
  alveoli: 'alveolus',
  fungi: 'fungus',
  hypotheses: 'hypothesis',
  vertices: 'vertex',
  matrices: 'matrix',
  indices: 'index',
};

function hasVowel(s: string): boolean {
  return /[aeiouy]/.test(s);
}

/** A light Porter-style stemmer: good enough to match 'denatured', 'denatures' and 'denaturation'. */
export function stemWord(word: string): string {
  let w = word.toLowerCase();
  // own keys only: a word such as 'constructor' must not reach Object.prototype
  if (Object.hasOwn(IRREGULAR, w)) return IRREGULAR[w];
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(x|ch|sh|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is|ys)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ied') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (/ing$/.test(w) && hasVowel(w.slice(0, -3)) && w.length > 5) w = w.slice(0, -3);
  else if (/ed$/.test(w) && hasVowel(w.slice(0, -2)) && w.length > 4) w = w.slice(0, -2);
  if (/([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
  const suffixes: [RegExp, string][] = [
    [/isation$|ization$/, ''],
    [/ation$/, ''],
    [/ational$/, ''],
    [/ness$/, ''],
    [/(?<=.{4})ity$/, ''],
    [/(?<=.{5})ary$/, ''],
    [/(?<=.{4})ly$/, ''],
    [/(?<=.{3})ise$|(?<=.{3})ize$/, ''],
    [/(?<=.{3})is$|(?<=.{3})iz$/, ''],
  ];
  for (const [pattern, replacement] of suffixes)
    if (pattern.test(w)) {
      w = w.replace(pattern, replacement);
      break;
    }
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}
