/**
 * Components of a vector (../shared/MARK-SCHEMES.md: M1 is "a correct method applied to the right values"; no M, no
 * A): a scheme that resolves a velocity or a force with one trigonometric function for each direction ("vertical:
 * u = 18 sin 35°", "horizontal component 18 cos 35°") is not followed by working that takes them the other way round
 * ("vertical component = 18 cos 35", "horizontal = 18 sin 35"), however many of its numbers that working shares; a
 * right final value from such working is a coincidence (at 45° or by symmetry), not the method.
 */

export type Direction = 'vertical' | 'horizontal';
export type Trig = 'sin' | 'cos';

const DIRECTION = String.raw`(vertical(?:ly)?|horizontal(?:ly)?|upwards?|up(?=\s*:)|across|along\s+the\s+ground)`;
const TRIG = String.raw`(?<![a-z])(sin|cos)(?:ine)?(?![a-z])`;
/** "vertical component = 18 cos 35", "vertical: u = 18 sin 35°", "horizontal velocity 20cos30" (on one line, before a full stop). */
const DIRECTION_THEN_TRIG = new RegExp(String.raw`\b${DIRECTION}\b[^\n.;]{0,40}?${TRIG}`, 'gi');
/** "18 sin 35° vertically", "20cos30 (horizontal)". */
const TRIG_THEN_DIRECTION = new RegExp(String.raw`${TRIG}\s*\(?\s*\d+(?:\.\d+)?\s*°?\s*\)?\s*\(?\s*${DIRECTION}\b`, 'gi');

const directionOf = (word: string): Direction => (/^(vertical|up)/i.test(word) ? 'vertical' : 'horizontal');
const trigOf = (word: string): Trig => (/^sin/i.test(word) ? 'sin' : 'cos');

/** The trigonometric function the text takes for each direction, where it says so once and one way only. */
export function componentTrig(text: string): Map<Direction, Trig> {
  const seen = new Map<Direction, Set<Trig>>();
  const add = (d: Direction, t: Trig) => seen.set(d, new Set([...(seen.get(d) ?? []), t]));
  for (const m of text.matchAll(DIRECTION_THEN_TRIG)) {
    // another direction between the two words is what the function is about
    const between = m[0].slice(m[1].length, m[0].length - m[2].length);
    if (new RegExp(DIRECTION, 'i').test(between)) continue;
    add(directionOf(m[1]), trigOf(m[2]));
  }
  for (const m of text.matchAll(TRIG_THEN_DIRECTION)) add(directionOf(m[2]), trigOf(m[1]));
  const out = new Map<Direction, Trig>();
  for (const [d, ts] of seen) if (ts.size === 1) out.set(d, [...ts][0]);
  return out;
}

/**
 * Where the answer resolves a direction with the other function than the scheme ("vertical component = 18 cos 35"
 * against "u = 18 sin 35° vertically"), the direction and the two functions; undefined when it does not.
 */
export function componentsSwapped(schemeText: string, answer: string): { direction: Direction; scheme: Trig; answer: Trig } | undefined {
  const scheme = componentTrig(schemeText);
  if (scheme.size === 0) return undefined;
  const given = componentTrig(answer);
  for (const [direction, trig] of scheme) {
    const theirs = given.get(direction);
    if (theirs && theirs !== trig) return { direction, scheme: trig, answer: theirs };
  }
  return undefined;
}
