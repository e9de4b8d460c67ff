/**
 * The nature of stationary points (../shared/MARK-SCHEMES.md: "a contradiction loses the mark"): a point that says
 * "(2, -4) is a minimum and (-2, 28) is a maximum" is not earned by an answer that calls (2, -4) a maximum, however
 * many of the point's words and numbers it repeats. A point is bound to its stationary point by the coordinates or
 * the x value next to it: "(2, -4) is a minimum", "maximum at (-2, 28)", "x = 2 … so it is a minimum".
 */

export type Nature = 'maximum' | 'minimum';

const NUMBER = String.raw`[-−]?\d+(?:\.\d+)?`;
const COORDINATES = String.raw`\(\s*(${NUMBER})\s*,\s*${NUMBER}\s*\)`;
const NATURE = String.raw`(max(?:imum)?|min(?:imum)?)\b`;
/** "(2, -4) is a minimum", "(2,-4): max", "(2, -4) is a local maximum point" (not "is not a maximum"), on one line. */
const POINT_IS = new RegExp(
  String.raw`${COORDINATES}[ \t]*(?:is[ \t]+(?!not\b)|=|:|→|-|–|,)?[ \t]*(?:a|an|the)?[ \t]*(?:local[ \t]+)?${NATURE}`,
  'gi',
);
/** "minimum at (2, -4)", "maximum point is (-2, 28)", "min at x = 2". */
const NATURE_AT = new RegExp(
  String.raw`${NATURE}[ \t]*(?:point|value)?[ \t]*(?:is[ \t]+)?(?:at|=|:)[ \t]*(?:${COORDINATES}|x[ \t]*=[ \t]*(${NUMBER}))`,
  'gi',
);
/** "x = 2: d²y/dx² = 12 > 0, so it is a minimum": an x value and, later on its line, a nature. */
const AT_X = new RegExp(
  String.raw`(?<![\p{L}\d])x\s*=\s*(${NUMBER})(?![\d.])([^\n;]{0,80}?)\b(?:is\s+)?(?:a|an)?\s*(?:local\s+)?${NATURE}`,
  'giu',
);

const value = (text: string) => Number(text.replace('−', '-'));

/** Each stationary point's nature as the text gives it, keyed by its x coordinate, with the words that say it. */
export function naturesStated(text: string): { x: number; nature: Nature; said: string }[] {
  const out: { x: number; nature: Nature; said: string; at: number }[] = [];
  const add = (x: number, word: string, said: string, at: number) => {
    if (!Number.isFinite(x)) return;
    if (/\bnot\s+(?:a\s+)?$/i.test(text.slice(Math.max(0, at - 8), at + said.length - word.length))) return;
    out.push({ x, nature: /^max/i.test(word) ? 'maximum' : 'minimum', said: said.trim(), at });
  };
  for (const m of text.matchAll(POINT_IS)) add(value(m[1]), m[2], m[0], m.index);
  for (const m of text.matchAll(NATURE_AT)) add(value(m[2] ?? m[3]), m[1], m[0], m.index);
  for (const m of text.matchAll(AT_X)) {
    // another stationary point named between the x value and the nature is what the nature is about
    if (/\(\s*[-−]?\d[^)]*,[^)]*\)|\bx\s*=/.test(m[2])) continue;
    // a nature bound to what follows it ("zero at x = 0 and maximum at x = ±A") is not about this x value
    if (/^[ \t]*(?:point|value)?[ \t]*(?:at|when|is at)\b/i.test(text.slice(m.index + m[0].length))) continue;
    add(value(m[1]), m[3], m[0], m.index);
  }
  return out.sort((a, b) => a.at - b.at).map(({ x, nature, said }) => ({ x, nature, said }));
}

const sameX = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));

/**
 * Where the answer gives a stationary point of the point another nature than the point does ("(2, -4) is a maximum"
 * against "(2, -4) is a minimum"), the words that say so; undefined when it does not.
 */
export function natureSwapped(pointText: string, answer: string, questionText = ''): { said: string; expected: string } | undefined {
  // only about the turning points of a curve (not "kinetic energy is maximum at x = 0" beside the potential energy's
  // minimum there)
  if (!/\b(stationary|turning)\s+points?\b/i.test(`${questionText} ${pointText}`) && !new RegExp(COORDINATES).test(pointText))
    return undefined;
  const expected = naturesStated(pointText);
  if (expected.length === 0) return undefined;
  const given = naturesStated(answer);
  for (const e of expected) {
    const wrong = given.find((g) => sameX(g.x, e.x) && g.nature !== e.nature);
    if (wrong) return { said: wrong.said, expected: `${e.said.replace(/\s+/g, ' ')}` };
  }
  return undefined;
}
