/**
 * Chemical equations read as chemistry, not as words: "2Fe³⁺ + 2I⁻ → 2Fe²⁺ + I₂" is a set of species with their
 * coefficients on each side of the arrow. Two equations are the same reaction when each side has the same species in
 * the same proportions (a multiple of a balanced equation is balanced, and the order of the species, spacing, sub- and
 * superscripts, state symbols and radical dots do not matter); an equation whose sides are the other's the other way
 * round says the reverse reaction; an unbalanced one, or one with other species, is another equation.
 */

export interface Reaction {
  /** The equation as written, after sub- and superscripts are read as plain characters. */
  text: string;
  left: Map<string, number>;
  right: Map<string, number>;
  /** Written with ⇌: an equilibrium, which may be written either way round. */
  reversible: boolean;
  /** Written with a verb for the arrow that denies it ("2Fe3+ + 2I- does not form 2Fe2+ + I2"). */
  denied?: true;
}

export type ReactionVerdict = 'same' | 'reversed' | 'different' | 'unrelated';

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Sub- and superscript digits and signs as plain ones, every arrow as "→" or "⇌", every radical dot as "•". */
function plain(text: string): string {
  let out = '';
  for (const ch of text) {
    const sub = SUBSCRIPTS.indexOf(ch);
    const sup = SUPERSCRIPTS.indexOf(ch);
    if (sub >= 0) out += String(sub);
    else if (sup >= 0) out += String(sup);
    else if (ch === '⁺') out += '+';
    else if (ch === '⁻' || ch === '−') out += '-';
    else if (ch === '·') out += '•';
    else out += ch;
  }
  return out.replace(/<=>|⇋/g, '⇌').replace(/-+>|⟶|⟹|=>/g, '→');
}

/** One species: a coefficient, a formula (or an electron), a charge, a state symbol. */
const SPECIES = String.raw`(?:\d+(?:\/\d+)?|½)?\s?(?:•?(?:\[[^\]\s]+\]|\((?:[A-Z][a-z]?\d*)+\)\d*|[A-Z][a-z]?\d*)+•?|e(?![a-z]))(?:\d*[+-](?!\s*(?:\d+\s?)?(?:[A-Z[•]|\((?!(?:aq|s|l|g)\)))))?(?:\((?:aq|s|l|g)\))?`;
const SIDE = String.raw`${SPECIES}(?:\s*\+\s*${SPECIES})*`;
const LEFT = new RegExp(String.raw`(?:^|(?<=[\s:;,(]))(${SIDE})\s*$`);
const RIGHT = new RegExp(String.raw`^\s*(${SIDE})`);
const ONE = new RegExp(String.raw`^(\d+(?:\/\d+)?|½)?\s?(.+)$`);

/** A side's species, each with its coefficient (species written twice counted together). */
function speciesOf(side: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of side.split(/\s*\+\s*(?=(?:\d+(?:\/\d+)?|½)?\s?(?:[A-Z[•e]|\((?!(?:aq|s|l|g)\))))/)) {
    const m = ONE.exec(part.trim());
    if (!m) continue;
    const coefficient =
      m[1] === undefined
        ? 1
        : m[1] === '½'
          ? 0.5
          : m[1].includes('/')
            ? Number(m[1].split('/')[0]) / Number(m[1].split('/')[1])
            : Number(m[1]);
    // a radical's dot and a state symbol do not change what the species is; an electron is "e-" however written
    let key = m[2].replace(/\((?:aq|s|l|g)\)$/, '').replace(/•/g, '');
    if (key === 'e') key = 'e-';
    out.set(key, (out.get(key) ?? 0) + coefficient);
  }
  return out;
}

/** An arrow, or a verb written for one ("forms", "gives"), perhaps denied ("does not form", "won't give"). */
const ARROW =
  /[→⇌]|\b((?:(?:do|does|did|will|would|can|could)\s*(?:not|n't)|won't|cannot|can't)\s+)?(?:forms?|gives?|produces?|makes?|yields?)\b/g;

/** A denial just before an equation ("is not", "isn't"), or a denial of its happening just after it ("does not happen"). */
const DENIED_BEFORE = /\b(?:is|was|are|were)\s+not\s*:?\s*$|\b(?:isn't|wasn't|aren't|weren't)\s*:?\s*$/i;
const DENIED_AFTER =
  /^\s*(?:(?:does|do|did|will|would|can|could)\s*(?:not|n't)|won't|cannot|can't|never)\s+(?:happen|occur|take\s+place|go|react|work)\b/i;

/** A formula that is plainly one (a number, a charge or two capitals): "It makes" is no reaction, "Cl2 forms" is. */
const FORMULA_LIKE = /[\d+-]|[A-Z].*[A-Z]/;

/** Every equation the text writes with an arrow, each side read back (left) and forward (right) from it. */
export function findReactions(text: string): Reaction[] {
  const p = plain(text);
  const out: Reaction[] = [];
  for (const arrow of p.matchAll(ARROW)) {
    const at = arrow.index;
    const left = LEFT.exec(p.slice(0, at));
    const right = RIGHT.exec(p.slice(at + arrow[0].length));
    if (!left || !right) continue;
    const l = speciesOf(left[1]);
    const r = speciesOf(right[1]);
    if (l.size === 0 || r.size === 0) continue;
    const worded = arrow[0].length > 1;
    if (worded && ![l, r].every((side) => [...side.keys()].some((k) => FORMULA_LIKE.test(k)))) continue;
    // an equation written only to be denied: "the half-equation is not H2O2 + … → 2H2O", "… → 2Cl- + Br2 does not happen"
    const start = left.index + left[0].indexOf(left[1]);
    const end = at + arrow[0].length + right.index + right[0].indexOf(right[1]) + right[1].length;
    const deniedAround = DENIED_BEFORE.test(p.slice(Math.max(0, start - 30), start)) || DENIED_AFTER.test(p.slice(end, end + 40));
    out.push({
      text: `${left[1].trim()} ${arrow[0]} ${right[1].trim()}`,
      left: l,
      right: r,
      reversible: arrow[0] === '⇌',
      ...(arrow[1] || deniedAround ? { denied: true as const } : {}),
    });
  }
  return out;
}

/** The same species, in one proportion throughout (ratio fixed across both sides, so that a multiple is the same). */
function proportional(a: Map<string, number>[], b: Map<string, number>[]): boolean {
  let ratio: number | undefined;
  for (let k = 0; k < a.length; k++) {
    if (a[k].size !== b[k].size) return false;
    for (const [species, n] of a[k]) {
      const m = b[k].get(species);
      if (m === undefined) return false;
      ratio ??= m / n;
      if (Math.abs(m / n - ratio) > 1e-9) return false;
    }
  }
  return true;
}

/** How many of the scheme's species (electrons aside) the answer's equation has, on either side. */
function sharedSpecies(scheme: Reaction, written: Reaction): number {
  const species = new Set([...scheme.left.keys(), ...scheme.right.keys()]);
  return new Set([...written.left.keys(), ...written.right.keys()].filter((s) => species.has(s) && s !== 'e-')).size;
}

/** How many species the answer's equation has on the same side as the scheme's: how like it it is. */
export function likeness(scheme: Reaction, written: Reaction): number {
  const same = (a: Map<string, number>, b: Map<string, number>) => [...a.keys()].filter((k) => b.has(k)).length;
  return same(scheme.left, written.left) + same(scheme.right, written.right);
}

/** How the answer's equation stands to the scheme's: the same, the reverse, another equation of its species, or unrelated. */
export function compareReactions(scheme: Reaction, written: Reaction): ReactionVerdict {
  if (proportional([scheme.left, scheme.right], [written.left, written.right])) return 'same';
  if (proportional([scheme.left, scheme.right], [written.right, written.left])) return 'reversed';
  const species = new Set([...scheme.left.keys(), ...scheme.right.keys()]);
  return sharedSpecies(scheme, written) >= Math.min(2, species.size) ? 'different' : 'unrelated';
}

/**
 * A species after a number, continuing an equation: "Br- → …", "H2O", "H₂O", "O2 + …", "Fe³⁺", and electrons ("4e-",
 * "2e⁻") (not a unit: "5 N", "10Hz").
 */
const SPECIES_AFTER = /^(?:e\s*[-−⁻](?![\d.])|[A-Z][a-z]?[\d₀-₉⁰-⁹]*(?:[A-Z([]|[+\-−⁺⁻]|\s*(?:[+→⇌]|->)))/;

/** The number is an equation's coefficient ("2Br-" in "Cl2 + 2Br- → 2Cl- + Br2"), not a value the student states. */
export function isCoefficient(text: string, q: { end: number }): boolean {
  return /→|->|⇌/.test(text) && SPECIES_AFTER.test(text.slice(q.end));
}
