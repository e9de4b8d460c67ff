/**
 * Small hand-written lexicons the marker needs beyond word vectors: word vectors put antonyms
 * ("increase"/"decrease") close together, so opposites are listed explicitly; a few synonym sets
 * catch paraphrases vectors miss. Entries are lemmas (lower case); lookups also try Porter stems.
 */

/** Groups of mutually opposite terms; any two words from different sides of a row are opposites. */
const OPPOSITES: [string[], string[]][] = [
  [
    [
      'increase',
      'rise',
      'raise',
      'grow',
      'gain',
      'more',
      'greater',
      'higher',
      'larger',
      'bigger',
      'up',
      'increasing',
      'increased',
      'boost',
    ],
    [
      'decrease',
      'fall',
      'drop',
      'reduce',
      'decline',
      'shrink',
      'lose',
      'less',
      'fewer',
      'lower',
      'smaller',
      'down',
      'decreasing',
      'decreased',
      'reduced',
      'cut',
    ],
  ],
  [
    ['high', 'large', 'big', 'long', 'tall', 'many', 'much', 'maximum', 'most'],
    ['low', 'small', 'little', 'short', 'few', 'minimum', 'least'],
  ],
  [
    ['fast', 'faster', 'quick', 'quicker', 'rapid', 'speed'],
    ['slow', 'slower', 'slowly'],
  ],
  [
    ['strong', 'stronger'],
    ['weak', 'weaker'],
  ],
  [['positive'], ['negative']],
  [
    ['average', 'averaged', 'typical', 'approximate', 'approximately', 'general'],
    ['exact', 'exactly', 'specific', 'particular', 'precise', 'precisely'],
  ],
  [
    ['open', 'opened', 'incomplete', 'broken', 'break', 'gap'],
    ['closed', 'close', 'complete', 'intact', 'unbroken'],
  ],
  [['on'], ['off']],
  [['series'], ['parallel']],
  [
    ['connect', 'connected', 'join', 'joined', 'attached', 'linked'],
    ['disconnect', 'disconnected', 'separate', 'separated', 'unconnected', 'detached', 'isolated'],
  ],
  [
    ['same', 'equal', 'identical', 'similar', 'constant', 'unchanged'],
    ['different', 'unequal', 'differ', 'change', 'changed', 'vary', 'varies', 'variable'],
  ],
  [
    ['conductor', 'conduct', 'conductive'],
    ['insulator', 'insulate', 'insulating'],
  ],
  [
    ['attract', 'attraction'],
    ['repel', 'repulsion'],
  ],
  [
    ['excitatory', 'excite', 'excitation'],
    ['inhibitory', 'inhibit', 'inhibition'],
  ],
  [
    ['absorb', 'absorbed', 'absorption', 'take'],
    ['release', 'released', 'emit', 'emitted', 'give'],
  ],
  [
    ['gain', 'gained'],
    ['lose', 'lost', 'loss'],
  ],
  [
    ['hot', 'warm', 'hotter', 'warmer', 'heat', 'heated'],
    ['cold', 'cool', 'colder', 'cooler', 'cooled'],
  ],
  [
    ['expand', 'expansion'],
    ['contract', 'contraction'],
  ],
  [
    ['inside', 'internal', 'within'],
    ['outside', 'external'],
  ],
  [
    ['before', 'earlier'],
    ['after', 'later'],
  ],
  [['always'], ['never']],
  [
    ['true', 'yes', 'correct', 'right'],
    ['false', 'no', 'incorrect', 'wrong'],
  ],
  [
    ['light', 'lighter'],
    ['heavy', 'heavier'],
  ],
  [
    ['bright', 'brighter', 'light'],
    ['dim', 'dimmer', 'dark', 'darker'],
  ],
  [['wet'], ['dry']],
  [
    ['alive', 'living', 'live'],
    ['dead', 'nonliving'],
  ],
  [['visible'], ['invisible']],
  [['soluble', 'dissolve', 'dissolves'], ['insoluble']],
  [
    ['acid', 'acidic'],
    ['alkali', 'alkaline', 'base', 'basic'],
  ],
  [
    ['oxidation', 'oxidise', 'oxidize', 'oxidised', 'oxidized'],
    ['reduction', 'reduce', 'reduced'],
  ],
  [['exothermic'], ['endothermic']],
  [
    ['top', 'above', 'over', 'upper'],
    ['bottom', 'below', 'under', 'beneath', 'lower'],
  ],
  [['push'], ['pull']],
  [
    ['start', 'begin'],
    ['stop', 'end', 'finish'],
  ],
  [
    ['add', 'added'],
    ['remove', 'removed'],
  ],
  [
    ['thick', 'wide', 'deep'],
    ['thin', 'narrow', 'shallow'],
  ],
  [
    ['loud', 'louder'],
    ['quiet', 'quieter', 'soft', 'softer'],
  ],
  [['north'], ['south']],
  [['left'], ['right']],
  [
    ['forward', 'forwards'],
    ['backward', 'backwards'],
  ],
  [
    ['direct', 'directly'],
    ['inverse', 'inversely', 'indirect'],
  ],
  [['solid'], ['liquid', 'gas']],
  [['liquid'], ['gas', 'solid']],
  [['aerobic'], ['anaerobic']],
  [['active'], ['inactive', 'passive']],
  [['efficient'], ['inefficient']],
  [['stable'], ['unstable']],
  [['saturated'], ['unsaturated']],
  [['permeable'], ['impermeable']],
  [['possible'], ['impossible']],
  [['damaged', 'damage'], ['undamaged']],
  [
    ['present', 'contain', 'contains'],
    ['absent', 'lack', 'lacks'],
  ],
  [
    ['all', 'every', 'both'],
    ['none', 'neither'],
  ],
  [['first'], ['last']],
  [
    ['towards', 'toward', 'inward', 'inwards'],
    ['away', 'outward', 'outwards'],
  ],
  [['proportional'], ['inversely']],
  [
    ['accelerate', 'acceleration'],
    ['decelerate', 'deceleration'],
  ],
  [['dominant'], ['recessive']],
  [['voluntary'], ['involuntary']],
  [
    ['dilate', 'dilation', 'widen'],
    ['constrict', 'constriction', 'narrow'],
  ],
  [
    ['enter', 'influx'],
    ['leave', 'exit', 'efflux'],
  ],
  [['turgid'], ['flaccid', 'plasmolysed', 'plasmolyzed']],
  [['profit'], ['loss']],
  [
    ['hypertonic', 'concentrated'],
    ['hypotonic', 'dilute'],
  ],
  // pairs an A-Level answer turns round, one subject at a time
  [
    ['upward', 'upwards'],
    ['downward', 'downwards'],
  ],
  [
    ['strengthen', 'strengthens'],
    ['weaken', 'weakens'],
  ],
  [['clockwise'], ['anticlockwise', 'counterclockwise']],
  [
    ['converge', 'converging', 'convergent'],
    ['diverge', 'diverging', 'divergent'],
  ],
  [['convex'], ['concave']],
  [['constructive'], ['destructive']],
  [['coherent'], ['incoherent']],
  [['transverse'], ['longitudinal']],
  [
    ['compression', 'compressions'],
    ['rarefaction', 'rarefactions'],
  ],
  [['fusion'], ['fission']],
  [['ductile'], ['brittle']],
  [['rational'], ['irrational']],
  [['even'], ['odd']],
  [['significant'], ['insignificant']],
  [['sufficient'], ['insufficient']],
  [['haploid'], ['diploid']],
  [['homozygous'], ['heterozygous']],
  [['oxygenated'], ['deoxygenated']],
  [
    ['inhale', 'inhalation'],
    ['exhale', 'exhalation'],
  ],
  [['hydrophilic'], ['hydrophobic']],
  [['anabolic'], ['catabolic']],
  [['sympathetic'], ['parasympathetic']],
  [
    ['prokaryotic', 'prokaryote', 'prokaryotes'],
    ['eukaryotic', 'eukaryote', 'eukaryotes'],
  ],
  [
    ['endotherm', 'endotherms'],
    ['ectotherm', 'ectotherms'],
  ],
  [
    ['depolarisation', 'depolarise', 'depolarization', 'depolarize'],
    ['hyperpolarisation', 'hyperpolarise', 'hyperpolarization', 'hyperpolarize'],
  ],
  [
    ['donate', 'donates', 'donor'],
    ['accept', 'accepts', 'acceptor'],
  ],
  [
    ['nucleophile', 'nucleophilic'],
    ['electrophile', 'electrophilic'],
  ],
  [['reversible'], ['irreversible']],
  // "free rotation" is not "restricted rotation"
  [
    ['restricted', 'restrict', 'restriction', 'hindered'],
    ['free', 'freely', 'unrestricted'],
  ],
  [['homolytic'], ['heterolytic']],
  [
    ['cheap', 'cheaper'],
    ['expensive', 'dearer'],
  ],
  [['surplus'], ['deficit']],
  [
    ['appreciate', 'appreciation'],
    ['depreciate', 'depreciation'],
  ],
  [
    ['inflation', 'inflationary'],
    ['deflation', 'deflationary'],
  ],
  [['elastic'], ['inelastic']],
  [['expansionary'], ['contractionary']],
  [['progressive'], ['regressive']],
  [
    ['lender', 'lenders', 'creditor', 'creditors'],
    ['borrower', 'borrowers', 'debtor', 'debtors'],
  ],
  [['overvalued'], ['undervalued']],
  [['boom'], ['recession', 'slump']],
  [
    ['obey', 'obedient', 'obedience'],
    ['disobey', 'disobedient', 'disobedience'],
  ],
  [['valid'], ['invalid']],
  [['reliable'], ['unreliable']],
  [['ethical'], ['unethical']],
  [['conscious'], ['unconscious']],
  [['overt'], ['covert']],
  [['biased'], ['unbiased']],
  [['quantitative'], ['qualitative']],
  [['secure'], ['insecure']],
];

/** Sets of words that mean the same in marking (beyond inflection). */
const SYNONYMS: string[][] = [
  ['increase', 'rise', 'raise', 'grow', 'go up', 'goes up', 'higher', 'greater', 'more', 'bigger', 'larger'],
  ['decrease', 'fall', 'drop', 'reduce', 'decline', 'go down', 'goes down', 'lower', 'less', 'smaller', 'fewer'],
  ['bulb', 'lamp', 'light'],
  ['battery', 'cell'],
  ['wire', 'lead', 'conductor'],
  ['denature', 'denatured', 'destroy', 'destroyed', 'unfold'],
  ['shape', 'form', 'structure', 'conformation'],
  ['complementary', 'fit', 'fits', 'match'],
  ['energy', 'work'],
  ['heat', 'thermal'],
  ['speed', 'velocity', 'rate'],
  ['gap', 'break', 'opening'],
  ['separate', 'separated', 'apart', 'disconnected', 'isolated'],
  ['connect', 'connected', 'join', 'joined', 'link', 'linked', 'attached'],
  ['vibrate', 'vibration', 'oscillate', 'oscillation'],
  ['evaporate', 'evaporation', 'vaporise', 'vaporize', 'boil'],
  ['dissolve', 'dissolved', 'soluble'],
  ['big', 'large', 'huge'],
  ['small', 'little', 'tiny'],
  ['because', 'since', 'as', 'due'],
  ['same', 'equal', 'identical'],
  ['different', 'differ', 'unequal'],
  ['make', 'produce', 'create', 'generate', 'form'],
  ['use', 'need', 'require'],
  ['kill', 'destroy'],
  ['stop', 'prevent', 'block'],
  ['show', 'indicate', 'demonstrate'],
  ['measure', 'reading', 'read'],
  ['current', 'flow', 'electricity'],
  ['voltage', 'potential', 'pd'],
  ['resistance', 'opposition'],
  ['temperature', 'heat'],
  ['substrate', 'reactant'],
  ['enzyme', 'catalyst'],
];

const oppositeMap = new Map<string, Set<string>>();
for (const [a, b] of OPPOSITES) {
  for (const x of a)
    for (const y of b) {
      if (x === y) continue;
      if (!oppositeMap.has(x)) oppositeMap.set(x, new Set());
      if (!oppositeMap.has(y)) oppositeMap.set(y, new Set());
      oppositeMap.get(x)!.add(y);
      oppositeMap.get(y)!.add(x);
    }
}

const synonymMap = new Map<string, Set<string>>();
for (const group of SYNONYMS) {
  for (const x of group) {
    if (!synonymMap.has(x)) synonymMap.set(x, new Set());
    for (const y of group) if (y !== x) synonymMap.get(x)!.add(y);
  }
}

/**
 * Words that make less of what follows them, or put it out of a place: "reduces evaporation", "less like individuals",
 * "outside the steep part". A denial of the word after one agrees with it ("water doesn't evaporate"), it does not turn it
 * round.
 */
export const LESSENING =
  /^(less|fewer|lower|little|reduce|reduces|reduced|reducing|prevent|prevents|prevented|preventing|stop|stops|stopped|stopping|block|blocks|blocked|limit|limits|limited|lessen|lessens|minimise|minimises|minimize|minimizes|inhibit|inhibits|avoid|avoids|restrict|restricts|outside)$/;

/** True when the two (lemma or stem) words are listed as opposites. */
export function areOpposites(a: string, b: string): boolean {
  return oppositeMap.get(a)?.has(b) ?? false;
}

/** True when the (lemma or stem) word has a listed opposite: a word of direction or state ("up", "bigger", "off"). */
export function hasOpposite(word: string): boolean {
  return oppositeMap.has(word);
}

/** True when the two words are listed as synonyms. */
export function areSynonyms(a: string, b: string): boolean {
  return synonymMap.get(a)?.has(b) ?? false;
}

/** Words that negate what follows them. */
export const NEGATORS = new Set([
  'not',
  "n't",
  'no',
  'never',
  'none',
  'nothing',
  'neither',
  'nor',
  'cannot',
  'without',
  'nobody',
  'nowhere',
]);

/**
 * Function words that carry meaning in a mark scheme and so are kept as content words even though
 * general-purpose stop lists drop them ("on"/"off", "more"/"less", "same").
 */
export const MEANINGFUL_FUNCTION_WORDS = new Set([
  'more',
  'less',
  'fewer',
  'most',
  'least',
  'up',
  'down',
  'on',
  'off',
  'same',
  'different',
  'above',
  'below',
  'before',
  'after',
  'over',
  'under',
  'inside',
  'outside',
  'between',
  'through',
  'against',
  'both',
  'all',
  'each',
  'only',
  'first',
  'last',
  'again',
  'same',
  'other',
  'out',
  'into',
  'away',
  'back',
  'together',
  'apart',
  'always',
  'never',
  'higher',
  'lower',
  'greater',
  'smaller',
  'larger',
  'bigger',
  'faster',
  'slower',
]);
