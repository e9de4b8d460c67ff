import { sameWordForm } from './claims';
import { aliasOf } from './paraphrases';
import { ROLE_PAIRS } from './roles';
import { analyseText, toPlainText, type AnalysedText, type Token } from './text';

/**
 * A point said of the wrong thing. "The impulse arrives at the postsynaptic neuron" does not make "the impulse reaches
 * the presynaptic terminal", nor "current in equals current out - conservation of energy" the point "the first law is a
 * consequence of conservation of charge": every other word is there, and the one that names what the point is about is
 * its sibling. Examiners give such a statement nothing (a misconception they name: xylem for phloem, glycogen for
 * glucagon, the conservation laws exchanged). Siblings are
 * - words that differ only by a prefix of contrast ("presynaptic"/"postsynaptic", "endocytosis"/"exocytosis"),
 * - terms an A-Level answer mixes up, listed below ("mitosis"/"meiosis"), and
 * - the words two parallel points of one scheme differ by ("… conservation of charge" / "… conservation of energy").
 */

/** Prefixes of contrast: a word with one and the same word with the other name two different things. */
const CONTRAST_PREFIXES: [string, string][] = [
  ['pre', 'post'],
  ['hyper', 'hypo'],
  ['endo', 'exo'],
  ['endo', 'ecto'],
  ['intra', 'inter'],
  ['intra', 'extra'],
  ['homo', 'hetero'],
  ['micro', 'macro'],
  ['mono', 'poly'],
  ['ana', 'cata'],
  ['pro', 'retro'],
  ['af', 'ef'],
  ['de', 're'],
  ['de', 'hyper'],
  ['in', 'out'],
  ['in', 'de'],
  ['im', 'ex'],
  ['up', 'down'],
  ['over', 'under'],
  ['hapl', 'dipl'],
  ['quali', 'quanti'],
];

/**
 * The shortest rest of a word after a contrast prefix: "inter"/"intra" contrast "intermolecular"/"intramolecular",
 * "de"/"re" "depolarise"/"repolarise" but not "deduce"/"reduce", "in"/"out" "inflow"/"outflow" but not "income"/"outcome".
 */
const minStem = (p: string, q: string) => (Math.min(p.length, q.length) <= 2 ? 5 : 4);

/**
 * Terms of one kind an answer mixes up: any two of a row name different things. Lemmas, lower case. The pairs of roles
 * (`roles.ts`: anode/cathode, proactive/retroactive, first/second …) are mixed up too and join these rows.
 */
const CONTRAST_SETS: string[][] = [
  // biology
  ['xylem', 'phloem'],
  ['mitosis', 'meiosis'],
  ['artery', 'vein', 'capillary'],
  ['atrium', 'ventricle'],
  ['systole', 'diastole'],
  ['sympathetic', 'parasympathetic'],
  ['glycogen', 'glucagon'],
  ['insulin', 'glucagon'],
  ['actin', 'myosin'],
  ['genotype', 'phenotype'],
  ['transcription', 'translation'],
  ['codon', 'anticodon'],
  ['exon', 'intron'],
  ['antigen', 'antibody'],
  ['rod', 'cone'],
  ['dna', 'rna', 'mrna', 'trna'],
  ['atp', 'adp'],
  ['auxin', 'gibberellin'],
  ['sodium', 'potassium', 'calcium', 'chloride'],
  // chemistry
  ['anion', 'cation'],
  ['proton', 'neutron', 'electron'],
  ['nucleophile', 'electrophile'],
  ['ionic', 'covalent', 'metallic'],
  ['primary', 'secondary', 'tertiary', 'quaternary'],
  ['sigma', 'pi'],
  ['cis', 'trans'],
  // physics
  ['alpha', 'beta', 'gamma'],
  ['fission', 'fusion'],
  ['transverse', 'longitudinal'],
  ['constructive', 'destructive'],
  ['kinetic', 'potential'],
  ['diffraction', 'refraction', 'reflection'],
  ['scalar', 'vector'],
  // economics
  ['fiscal', 'monetary'],
  ['appreciation', 'depreciation'],
  ['surplus', 'deficit'],
  ['complement', 'substitute'],
  ['monopoly', 'monopsony'],
  // psychology
  ['informational', 'normative'],
  ['compliance', 'identification', 'internalisation'],
  ['obedience', 'conformity'],
  ['agentic', 'autonomous'],
  ['dispositional', 'situational'],
  ['episodic', 'semantic', 'procedural'],
  ['validity', 'reliability'],
];

const SET_OF = new Map<string, number[]>();
[...CONTRAST_SETS, ...ROLE_PAIRS].forEach((row, k) => {
  for (const w of row) SET_OF.set(w, [...(SET_OF.get(w) ?? []), k]);
});

const forms = (t: Token) => [t.lemma, t.stem, t.lower];

function prefixContrast(a: string, b: string): boolean {
  return CONTRAST_PREFIXES.some(
    ([p, q]) =>
      (a.startsWith(p) && b.startsWith(q) && a.slice(p.length) === b.slice(q.length) && a.length - p.length >= minStem(p, q)) ||
      (a.startsWith(q) && b.startsWith(p) && a.slice(q.length) === b.slice(p.length) && a.length - q.length >= minStem(p, q)),
  );
}

/** True when the two words name two different things of one kind (not merely different words). */
export function contrastingTerms(a: Token, b: Token): boolean {
  if (forms(a).some((f) => forms(b).includes(f))) return false;
  if (prefixContrast(a.lower, b.lower)) return true;
  const rowsA = new Set(forms(a).flatMap((f) => SET_OF.get(f) ?? []));
  return forms(b).some((f) => (SET_OF.get(f) ?? []).some((k) => rowsA.has(k)));
}

const sameWord = (a: Token, b: Token) => sameWordForm(a, b) || aliasOf(a, b) || aliasOf(b, a);

/**
 * The words two parallel points of a scheme differ by: "first law is a consequence of conservation of charge" and
 * "second law is a consequence of conservation of energy" give first/second and charge/energy. Parallel: the points'
 * content words agree but for one-for-one exchanges, and agree in at least two words and half the shorter point.
 * Returns, for each point, pairs [its word, the sibling's word] (lemmas).
 */
export function schemeSiblings(pointTexts: string[]): [string, string][][] {
  const key = pointTexts.join('\u0000');
  const known = siblingsOfScheme.get(key);
  if (known) return known;
  if (siblingsOfScheme.size >= 256) siblingsOfScheme.clear();
  const out = siblingsOf(pointTexts);
  siblingsOfScheme.set(key, out);
  return out;
}

/** Schemes' siblings, kept: a scheme's answers are marked one after another (a class set, a batch, a paper's re-marks). */
const siblingsOfScheme = new Map<string, [string, string][][]>();

function siblingsOf(pointTexts: string[]): [string, string][][] {
  const words = pointTexts.map((t) => {
    const a = analyseText(toPlainText(t));
    // (words, not a letter or symbol of working: "dx" and "c" are no siblings)
    return a.content.map((i) => a.tokens[i]).filter((w) => /^\p{L}{3,}$/u.test(w.lower));
  });
  const out: [string, string][][] = pointTexts.map(() => []);
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const pairs = exchanges(words[i], words[j]);
      if (!pairs) continue;
      for (const [a, b] of pairs) {
        out[i].push([a.lemma, b.lemma]);
        out[j].push([b.lemma, a.lemma]);
      }
    }
  }
  return out;
}

/** The one-for-one exchanges that turn one word sequence into the other, or undefined when they are not parallel. */
function exchanges(a: Token[], b: Token[]): [Token, Token][] | undefined {
  // longest common subsequence by lemma
  const n = a.length;
  const m = b.length;
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) len[i][j] = a[i].lemma === b[j].lemma ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
  const common = len[0][0];
  if (common < 2 || common < Math.min(n, m) / 2) return undefined;
  const pairs: [Token, Token][] = [];
  let i = 0;
  let j = 0;
  const gapA: Token[] = [];
  const gapB: Token[] = [];
  const flush = (): boolean => {
    if (gapA.length !== gapB.length) return gapA.length === 0 || gapB.length === 0;
    gapA.forEach((w, k) => pairs.push([w, gapB[k]]));
    return true;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[i].lemma === b[j].lemma) {
      if (!flush()) return undefined;
      gapA.length = 0;
      gapB.length = 0;
      i++;
      j++;
    } else if (j >= m || (i < n && len[i + 1][j] >= len[i][j + 1])) gapA.push(a[i++]);
    else gapB.push(b[j++]);
  }
  if (!flush()) return undefined;
  // an exchanged word the other point also has elsewhere is reordering, not a sibling
  const has = (ws: Token[], w: Token) => ws.some((x) => x.lemma === w.lemma);
  const real = pairs.filter(([x, y]) => !has(b, x) && !has(a, y));
  return real.length > 0 && real.length <= 2 ? real : undefined;
}

/** How many content words on either side of a word are its context. */
const CONTEXT = 3;

/**
 * The answer's word that names a sibling of a word of the point where the point has it (after a word the point has
 * before it: "conservation of energy" for "conservation of charge"; or, for a point's first word, before a word the
 * point has after it: "First law" for "second law"), in the sentences the point was credited from, where those
 * sentences never name the point's own word: [the point's word, the answer's word]. Undefined when there is none.
 * ("… diffuses from the presynaptic neuron and binds to receptors" names "presynaptic" in another place than the
 * point's "receptors on the postsynaptic neuron": it is not said instead.)
 */
export function siblingInstead(
  wordings: string[],
  answer: AnalysedText,
  sentences: Set<number>,
  siblings: [string, string][],
): [string, string] | undefined {
  const said = answer.content.filter((i) => sentences.has(answer.tokens[i].sentence) && !answer.tokens[i].isNumber);
  const texts = wordings.map((w) => analyseText(toPlainText(w)));
  // a word any wording of the point has is the point's own ("RNA has no hydrogen bonds" accepted for a point about DNA)
  const ownWords = texts.flatMap((text) => text.content.map((i) => text.tokens[i]));
  for (const text of texts) {
    const own = text.content.filter((i) => !text.tokens[i].isNumber);
    for (let k = 0; k < own.length; k++) {
      const w = text.tokens[own[k]];
      if (said.some((i) => sameWord(answer.tokens[i], w))) continue;
      const before = own.slice(Math.max(0, k - CONTEXT), k).map((i) => text.tokens[i]);
      const after = own.slice(k + 1, k + 1 + CONTEXT).map((i) => text.tokens[i]);
      for (let m = 0; m < said.length; m++) {
        const t = answer.tokens[said[m]];
        if (ownWords.some((o) => sameWord(t, o))) continue;
        const sibling = siblings.some(([x, y]) => x === w.lemma && (t.lemma === y || t.stem === y || t.lower === y));
        if (!sibling && !contrastingTerms(w, t)) continue;
        const near = (from: number, to: number) =>
          said
            .slice(Math.max(0, from), Math.max(0, to))
            .map((i) => answer.tokens[i])
            .filter((x) => x.sentence === t.sentence);
        const inPlace =
          before.length > 0
            ? near(m - CONTEXT, m).some((x) => before.some((b) => sameWord(x, b)))
            : near(m + 1, m + 1 + CONTEXT).some((x) => after.some((b) => sameWord(x, b)));
        if (inPlace) return [w.text, t.text];
      }
    }
  }
  return undefined;
}
