/**
 * §2 Tutor chat: the subject a question belongs to, guessed from keywords in its (HTML) text, and the
 * tutor's opening message. Pure functions with no I/O, used by the tutor service.
 *
 * The rule: every subject has weighted clues — words and phrases of its vocabulary, and a little
 * notation (calculus and KaTeX for mathematics, chemical formulae and state symbols for chemistry).
 * Each clue that occurs in the text counts once, with its weight:
 *   3  a term of the subject's own vocabulary (enthalpy, quark, mitosis, polynomial, pseudocode);
 *   2  a term typical of the subject but heard elsewhere too (moles, voltage, plant, triangle);
 *   1  a word shared between subjects (cell, species, velocity, electrons, population, mean,
 *      'current' without an electrical context).
 * The subject with the highest score wins, ties going to the earlier subject in the spec's order —
 * physics, chemistry, programming, mathematics, biology. A subject needs a score of at least 2, so a
 * shared word never decides on its own. With no subject at 2, maths written in KaTeX says
 * 'mathematics'; otherwise the guess is 'academic'.
 */

import { htmlToText } from '../engine/text/html-to-text';

export type GuessedSubject = 'physics' | 'chemistry' | 'programming' | 'mathematics' | 'biology' | 'academic';

type Subject = Exclude<GuessedSubject, 'academic'>;

/** The spec's order, which also breaks ties. */
const ORDER: Subject[] = ['physics', 'chemistry', 'programming', 'mathematics', 'biology'];

/** A score a subject needs before it is guessed: one typical term, or two shared words. */
const DECIDES = 2;

type Weighted = Partial<Record<1 | 2 | 3, string[]>>;

/**
 * Vocabulary as regular-expression sources, matched against lower-case text with dashes as '-' and
 * apostrophes as "'"; each source matches whole words only. One source counts once however often it
 * occurs, so variants of one word share a source ('oscillat(ion|ions|es|ing)').
 */
const VOCABULARY: Record<Subject, Weighted> = {
  physics: {
    3: [
      'physics', 'resistors?', 'resistivity', 'internal resistance', 'capacitors?', 'capacitance', 'potential difference',
      'p\\.d\\.', 'e\\.m\\.f\\.?', 'voltmeters?', 'ammeters?', 'galvanometers?', "ohm's law", "kirchhoff('s)?", 'superconduct\\w*',
      'thermistors?', 'diodes?', 'transformers?', 'solenoids?', 'magnetic (field|flux)\\w*', 'flux (density|linkage)',
      'electric fields?', 'electromagnetic induction', 'induced (emf|e\\.m\\.f|current)', "faraday's law", "lenz('s)?",
      'electrostatic', "coulomb's law", 'permittivity', 'gravitational', 'geostationary', 'orbital (speed|period|radius|velocity)',
      'escape velocity', 'wavelengths?', 'diffraction', 'refraction', 'refractive index', 'total internal reflection',
      'critical angle', 'optical fib(re|er)s?', 'connected in (series|parallel)|in (series|parallel) with',
      'plane[- ]polari[sz]\\w*|polari[sz](ed|ing) (light|filters?|waves?)|polari[sz]ation of (light|waves?)|unpolari[sz]ed|polaroid',
      'superposition', 'stationary waves?|standing waves?', 'progressive waves?',
      '(longitudinal|transverse) (waves?|vibrations?|oscillations?)',
      'antinodes?', 'simple harmonic', 'harmonic oscillators?', 'phase difference', 'path difference', 'double[- ]slits?',
      "young's (slits|double)", 'photons?', 'photoelectr\\w*', 'threshold frequency', 'work function', 'electronvolts?',
      'de broglie', 'wave[- ]particle duality', 'emission spectr\\w*|absorption spectr\\w*|line spectr\\w*', 'quarks?|antiquarks?',
      'leptons?', 'hadrons?', 'baryons?', 'mesons?', 'kaons?', 'pions?', 'muons?', 'neutrinos?|antineutrinos?', 'positrons?',
      'antiparticles?|antimatter', 'pair production', 'exchange particles?', '(strong|weak) (nuclear )?(interaction|force)',
      'bosons?|gluons?', 'strangeness', 'specific charge', 'radioactiv\\w*', 'decay constant', 'count rates?',
      'background radiation', 'geiger', '(alpha|beta|gamma)[- ](particles?|radiation|rays?|decay|sources?|emitters?|emission)',
      'ionising radiation|ionizing radiation', 'nucleons?', 'nuclides?', 'binding energy', 'mass defect', '(?<!binary )fission',
      'rutherford', 'gravitational potential', 'elastic (strain|potential) energy', 'terminal velocity', 'centripetal',
      'angular (speed|velocity|frequency|displacement)', 'circular motion', 'oscillat(ion|ions|or|ors|es|ing|ed)', 'pendulums?',
      'spring constant', "hooke('s)?", 'resonance|resonant frequenc(y|ies)', 'damping|damped|undamped', 'natural frequency',
      'driving frequenc(y|ies)', "young('s)? modulus", 'tensile', 'stress-strain', 'ductile', 'elastic limit',
      'limit of proportionality', 'plastic deformation', 'upthrust', 'torque', 'principle of moments', 'kelvin', 'absolute zero',
      'absolute temperature', 'ideal gas(es)?', 'kinetic theory', 'internal energy', 'specific heat capacity',
      'specific latent heat|latent heat', "boyle('s)?", "charles'?s? law", 'pressure law', 'root[- ]mean[- ]square|r\\.m\\.s\\.?',
      'brownian', 'si (base )?units?|base units?', '(percentage|absolute|fractional|relative) uncertaint(y|ies)|uncertaint(y|ies) in',
      'systematic errors?', 'random errors?', 'zero errors?', 'micrometers?', 'vernier', 'screw gauge', 'scalar(?! product)',
      '(scalar|vector) quantit(y|ies)', 'converging lens|diverging lens', 'focal length', 'red[- ]?shift', 'hubble',
      'black[- ]body', 'electromagnetic (radiation|waves?|spectrum)', 'stopping distance|braking distance|thinking distance',
    ],
    2: [
      '(electric|electrical|alternating|direct|induced|conventional|a\\.?c\\.?|d\\.?c\\.?) currents?|currents? (through|in|flows?|passes|of \\d)',
      'voltages?', 'volts?', 'amps?|amperes?', 'ohms?', 'circuits?', 'coils?', 'magnets?', 'emf',
      'electric(al|ity)? (power|energy|charge|motor|heater)', 'satellites?', 'orbits?', 'amplitude', 'coherent (sources?|light|waves?)',
      'monochromatic', 'harmonics?', 'fundamental (frequency|mode)', 'lenses?', 'lasers?', 'kinetic energy', 'potential energy',
      'work done', 'air resistance', 'projectiles?', 'recoil', '(?<!(gain|gains|gained|gaining|lose|loses|lost|losing) )momentum',
      'circular (path|track|bend|orbit)s?', 'ionising|ionizing', 'annihilation', 'reactors?|control rods?',
      'nuclear(?! (charge|envelope|membrane|pores?|division|weapons?|arms|war|bombs?|deterrents?|deterrence|famil(y|ies)|threat))',
      'fusion', 'half-life', 'thermal (energy|equilibrium|conductivity)', 'fixed mass of (gas|air)', 'error bars?',
      'repeatab\\w*|reproducib\\w*', 'calipers|callipers', 'brittle', 'heaters?', 'telescopes?', 'diffraction gratings?',
    ],
    1: [
      '(ac|de)celerat\\w*', 'velocit(y|ies)', 'speeds?', 'displacement', 'kg', 'm ?s-?[12]|m/s2?', 'newtons?(?!-raphson)',
      'forces?', 'weight', 'friction(al)?', 'gravity', 'g ?= ?9\\.81', 'frequenc(y|ies)', 'electrons?', 'protons?', 'neutrons?',
      'charged?|charges', 'electric(al|ity)?', 'energy levels?', 'isotopes?', 'nucle(us|i)', 'atomic number|proton number',
      'molecules?', 'pressures?', 'k?pa', 'constant (volume|pressure|temperature)', 'melt(s|ing|ed)?|freez(e|es|ing)|boil(s|ing)',
      'energy (supplied|transferred|released|stored)', 'power', 'joules?', 'watts?|kilowatts?', 'density', 'extension',
      'moments?', 'centre of (mass|gravity)', 'tension', 'precis(e|ion)', 'accura(te|cy)', 'resolution', 'readings?',
      'true value', 'homogeneous', 'vectors?', 'infrared|ultraviolet|x-rays?|microwaves?', 'magnification', 'mirrors?',
      'projected', 'pulleys?', 'inclined', 'resistances?', 'metal surface', 'activit(y|ies)', 'currents?(?! (account|affairs))',
      'waves?', 'drag', 'efficien(t|cy)', 'interference', 'stress|strain', 'collid(e|es|ed)|collisions?', 'fringes?', 'coherent',
      'in (series|parallel)', 'uncertaint(y|ies)', 'impulses?(?<!nerve impulses?)', 'longitudinal', 'transverse', 'polari[sz]\\w*',
      'avogadro', 'resonant',
    ],
  },
  chemistry: {
    3: [
      'chemistry', 'enthalp(y|ies)', 'entropy', 'exothermic', 'endothermic', 'le chatelier', 'equilibrium constant',
      'dynamic equilibrium', 'pk[aw]', 'titrat\\w*', 'titres?', 'burettes?', 'strong acids?|weak acids?', 'conjugate (acid|base)s?',
      'proton (donor|acceptor)s?', 'buffer solutions?', 'mol ?dm-?3', 'aqueous', 'state symbols?', 'ionic', 'cations?|anions?',
      'dative', 'metallic bond\\w*', 'bond angles?', 'intermolecular', 'van der waals', 'london forces', 'permanent dipoles?',
      'electronegativ\\w*', 'lone pairs?', 'electron[- ]pair repulsion', 'tetrahedral|trigonal|pyramidal|octahedral',
      'giant (covalent|ionic|metallic|lattice)', 'allotropes?', 'atomic radi(us|i)', 'relative (atomic|molecular|formula|isotopic) mass',
      'mass spectr\\w*', 'electrospray', 'ionisation energ(y|ies)|ionization energ(y|ies)',
      'electron(ic)? (configuration|structure|arrangement)s?', 'sub-?shells?', 'periodic table', 'halogens?|halides?',
      'noble gas(es)?', 'transition (metals?|elements?)', 'alkali metals?', 'group [0-8] (metals?|elements?|compounds?)',
      'collision theory', 'maxwell-boltzmann', '(zero|first|second)[ -]order', 'orders? (of (the )?reaction|with respect to)',
      'rate (equation|constant|determining)', 'half-equations?', 'oxidation (states?|numbers?)', 'redox', 'reducing agents?',
      'oxidising agents?|oxidizing agents?', 'electrode potentials?', 'half-cells?', 'salt bridge', 'electrochemical', 'fuel cells?',
      'disproportionation', 'electroly(sis|te|tes|tic)', 'hydrocarbons?', 'alkanes?|alkenes?|alkynes?', 'alcohols?', 'aldehydes?',
      'ketones?', 'carboxylic', 'esters?|esterification', 'amines?|amides?|nitriles?', 'haloalkanes?', 'arenes?|benzene|phenol',
      '(meth|eth|prop|but|pent|hex|hept|oct)(ane|ene|yne|anol|anal|anone|anoic|anoate|anoyl|yl|anamide|ylamine)s?',
      '(meth|eth|prop|but|pent|hex)(an|en)?-\\d(,\\d)*-(ene|ol|one|al|yne|amine|diol)', 'functional groups?', 'homologous series',
      '\\w*isomer\\w*', 'chiral\\w*', 'enantiomers?', 'nucleophil\\w*', 'electrophil\\w*', 'free radicals?', 'addition polymers?',
      'cracking of|(catalytic|thermal) cracking', 'infrared spectr\\w*|ir spectr\\w*', 'nmr', "tollens'?", "fehling'?s?", 'hydrides?',
      'hydrogencarbonates?', '(hydrochloric|sulfuric|sulphuric|nitric|ethanoic) acid', 'empirical formula', 'molecular formula',
      'atom economy', 'percentage yield',
    ],
    2: [
      'moles?|mol', 'concentrations? of (acid|alkali|the solution|ions)', 'gibbs|free energy',
      'acids?(?<!(amino|nucleic|fatty|lactic|ribonucleic|deoxyribonucleic|abscisic|pyruvic|stomach|bile) acids?)', 'acidic',
      'alkalis?|alkaline', 'neutralis\\w*|neutraliz\\w*', 'catalysts?(?! for)', 'reactants?', 'covalent', 'dipoles?',
      'delocalised|delocalized', 'graphite', 'diamond', 'lattice', 'ammonia', 'ammonium', 'oxidis\\w*|oxidiz\\w*|oxidation',
      'electrodes?', 'orbitals?(?! (speed|period|radius|velocity))', 'period [1-7]', 'down the group|across (the|a) period',
      'compounds?(?! interest)', 'precipitat\\w*', 'combustion', 'chemical (equations?|reactions?|formulae?|changes?|bonds?)',
      'equations? for the reaction', 'sulfides?|sulphides?', 'chlorides?', 'bromides?', 'iodides?', 'oxides?', 'sulfates?|sulphates?',
      'nitrates?', 'carbonates?', 'hydroxides?', 'volatile', 'gas syringe', 'solub(le|ility)|insoluble', 'boiling points?',
      'melting points?', 'pipettes?', 'time[- ]of[- ]flight', 'polar bonds?|polar molecules?', 'hydrogen bond(s|ing)?', 'avogadro',
    ],
    1: [
      'reacts?|reactions?(?! (forces?|times?))(?<!(normal|nuclear|chain) reactions?)', 'bonds?|bonding|bonded', 'shapes?',
      'molecules?|molecular', 'atoms?', 'ions?', 'electrons?', 'protons?', 'neutrons?', 'isotopes?', 'atomic number',
      'energy levels?', 'species', 'substances?', 'solutions?', 'concentrations?', 'rates? of (a |the )?reactions?|reaction rates?',
      'activation energy', 'catalysed|catalyzed', 'equilibrium', 'metals?', 'mechanisms?', 'hydrolysis', 'fermentation',
      'polymers?|monomers?', 'condensation', 'chromatography', 'reagents?', 'bases?', 'ionisation|ionization', 'pressures?',
      'sodium', 'potassium', 'chlorine', 'bromine', 'iodine', 'fluorine', 'magnesium', 'calcium', 'lithium', 'aluminium|aluminum',
      'zinc', 'copper', 'iron', 'silver', 'barium', 'strontium', 'sulfur|sulphur', 'phosphorus', 'nitrogen', 'hydrogen', 'oxygen',
      'carbon', 'steam', 'fuels?', 'anodes?|cathodes?', 'molar', 'chemicals?', 'salts?', 'indicators?', 'organic',
      'reactive|reactivity', 'cracking', 'diffusion',
    ],
  },
  programming: {
    3: [
      'programming', 'programmers?', 'write a (\\w+ )?program|computer programs?', 'algorithms?', 'pseudo-?code', 'python',
      'java(script)?', 'c\\+\\+', 'c#', 'sql', 'source code', 'compilers?', 'recursion', 'linked lists?', 'binary search',
      'bubble sort', 'merge sort', 'insertion sort', 'quicksort', 'sorting algorithms?', 'big o', 'time complexity', 'hexadecimal',
      "two's complement", 'subroutines?', 'boolean', 'object-oriented', 'encapsulation', 'polymorphism', 'variable declarations?',
      'for loops?', 'while loops?', 'if statements?', 'data types?', 'string variables?', 'operating systems?', 'database',
      'ip address(es)?', 'tcp', 'computer science', 'software', 'html', 'css', 'stack overflow',
    ],
    2: [
      'programs?', 'recursive', 'arrays?', 'interpreters?', 'cpu', 'processors?', 'computers?', 'computing',
      '(?<!(genetic|triplet|dress|highway|post|zip|area|bar|morse) )code', 'binary(?! fission)', 'hardware', 'bits|bytes', 'api',
    ],
    1: ['functions?', 'iterat\\w*', 'integers?', 'variables?', 'inputs?|outputs?', 'memory', 'stacks?', 'queues?', 'loops?', 'compil(ed|ation|ing)'],
  },
  mathematics: {
    3: [
      'mathematics', 'maths?', 'differentiat(e|ing|ion)(?! (into|between))(?<!cells? differentiat(e|ing|ion))', 'derivatives?',
      'integration by (parts|substitution)|integrate with respect to|integrat(e|ion) of', 'integrals?', 'prove that|proof',
      'counter-?examples?', 'irrational numbers?|is irrational', 'prime numbers?',
      'equations? of (the|a) (line|curve|tangent|normal|circle)',
      'bisectors?', 'parametric\\w*', 'cartesian (equation|coordinates?|form|plane)s?', 'asymptotes?', 'quadratics?', 'polynomials?',
      'discriminant', 'simultaneous equations', 'solve (the |this |each )?inequalit(y|ies)|inequalit(y|ies) \\\\\\(',
      'factoris\\w*|factoriz\\w*',
      'factor theorem', 'partial fractions', 'complet(e|ing) the square', 'binomial(?! (name|names|nomenclature|system))',
      'logarithm\\w*', 'trigonometr\\w*', 'sine rule|cosine rule', 'pythagoras', 'radians?',
      '(sin|cos|tan|cosec)(\\^?-?1)? ?\\(?(\\d*[a-zθ]|\\d+)\\)?', 'arithmetic (sequence|series|progression)',
      'geometric (sequence|series|progression)', 'common (ratio|difference)', 'sum to infinity', 'sigma notation',
      'recurrence relations?', 'position vectors?', 'scalar product|dot product', 'normal distribution', 'normally distributed',
      'hypothesis tests?|hypothesis testing', 'outliers?', 'medians?', 'quartiles?|interquartile', 'tree diagram|venn diagram',
      'coefficient of friction', 'inextensible',
      'limiting (friction|equilibrium)|about to slip|on the point of (slipping|sliding|moving|tilting)',
      'newton-raphson', 'trapezium rule', 'change of sign|sign change', 'numerical methods?',
      'real roots?|square roots?|(positive|negative|repeated|distinct|equal|complex) roots?|roots? of (the|this|an) equation',
      'inverse functions?|composite functions?', 'stationary points?', 'a particle|the particle(?! (nature|physics|accelerator|model))',
      'compound interest',
    ],
    2: [
      'tangents?', 'gradient of (the|a) (line|curve|tangent|chord)', 'integers?', 'arc length',
      '(area|perimeter) of (the|a) sector|sector of (a|the) circle',
      'midpoint', 'coordinates?', 'series(?! of)(?<!(in|homologous) series)',
      'sequences?(?! of (bases|amino|nucleotides|events|steps))(?<!(base|amino acid|dna) sequences?)', 'nth term|\\d+(th|st|nd|rd) term',
      'exponential\\w*', 'matri(x|ces)(?<!(mitochondrial|extracellular) matri(x|ces))', 'unit vectors?', 'significance level',
      'critical (value|region)s?', 'p-values?', 'standard deviation', 'variance',
      'random (sample|variable)s?|randomly (chosen|selected)|at random',
      'histograms?|box plots?|cumulative frequency|stem and leaf', 'dice|spinners?', 'permutations?', 'triangles?',
      '(?<!ball )bearings?', 'laminas?|laminae', 'projected (from|with|vertically|horizontally|up|upwards|into)',
      'smooth (plane|surface|pulley|peg|ring|table|horizontal|inclined|vertical|wall|floor|bead|rod|wire|sphere|hemisphere|slope|track|ground|string|hinge)s?',
      'rough (plane|surface|horizontal|inclined|ground|floor|table|slope|track)s?', 'light (inextensible )?(strings?|rods?|ropes?)',
      'normal reaction',
      'modell?ed (as|by|using)|modell?ing (assumptions?|the|it|this|each)|the model (predicts|assumes|suggests|gives)|mathematical models?|to model|model (the|this|it)',
      'iterat\\w*', 'solve (the )?(equation|inequality)', 'exact (value|answer)s?', 'ascending powers|to the power',
      "(?<!young('s)? )modulus", 'algebra(ic)?', 'arithmetic', 'geometric', 'mutually exclusive|independent events', 'probabilit(y|ies)',
      'cubic(?! (metres?|meters?|centimetres?|decimetres?))',
    ],
    1: [
      'circles?', 'radius', 'perpendicular', 'straight lines?', 'x-axis|y-axis', 'intercepts?', 'gradients?', 'expan(d|sion)',
      'coefficients?', 'angles?', 'mean', 'data set|set of data', 'correlation|regression', 'biased|unbiased', 'hypothesis',
      'chi-?squared?', 'functions?', 'rational', 'area', 'pulleys?', 'inclined', 'g ?= ?9\\.8(?!\\d)', 'expected', 'magnitude',
      'domain', 'graphs?', 'uniform (beam|rod|plank|ladder)s?', 'prove', 'chords?', 'first term', '(converg|diverg)\\w*(?! lens)',
      'coins?', 'combinations?', 'projected', 'smooth(?! (muscle|endoplasmic|er))', 'rough(?!ly)', 'ladders?', 'roots?',
      'vectors?(?! quantit)', 'turning points?', 'irrational', 'cartesian', 'inequalit(y|ies)', 'integrat(e|ion)',
    ],
  },
  biology: {
    3: [
      'biology', 'biological', 'enzymes?',
      'catalase|amylase|lipase|protease|pepsin|trypsin|maltase|lactase|sucrase|helicase|ligase|lysozyme|rubisco',
      'dna polymerase|atp synthase', 'dna|rna|mrna|trna', 'genes?', 'genetic\\w*', 'genomes?', 'genotypes?|phenotypes?', 'alleles?',
      'homozygous|heterozygous', 'recessive', 'codominan\\w*', 'chromosom\\w*', 'chromatids?', 'centromeres?', 'mito(sis|tic)',
      'meio(sis|tic)', 'gametes?', 'zygotes?', 'fertilis(ation|ed)|fertiliz(ation|ed)', 'photosynth\\w*', 'respiration|respiratory',
      'aerobic|anaerobic', 'glycolysis', 'krebs', 'calvin cycle', 'link reaction', 'light[- ](in)?dependent', 'photolysis',
      'chlorophyll', 'chloroplasts?', 'mitochondri\\w*', 'ribosom\\w*', 'organelles?', 'golgi', 'endoplasmic', 'lysosom\\w*',
      'cytoplasm', 'nucleolus', 'vacuoles?', 'prokaryot\\w*', 'eukaryot\\w*', 'plasmids?', 'bacteri(a|um|al)', 'virus(es)?',
      'pathogens?', 'antibod(y|ies)', 'antigens?', 'immune (system|response|cells?)|immunis\\w*|immuniz\\w*|immunolog\\w*',
      'lymphocytes?', 'phagocyt\\w*', 'vaccin\\w*', 'antibiotics?', 'hormones?', 'insulin', 'glucagon', 'adrenaline', 'homeostasis',
      'neurones?|neurons?', 'axons?', 'dendrites?', 'synap(se|ses|tic)', 'myelin\\w*', 'action potentials?', 'resting potential',
      'depolaris\\w*|depolariz\\w*|repolaris\\w*|hyperpolaris\\w*', 'refractory period', 'nerve impulses?',
      'neurotransmitters?|acetylcholine|cholinergic',
      '(autonomic|central|peripheral|sympathetic|parasympathetic) nervous|nervous system', 'sarcomeres?', 'actin|myosin|tropomyosin',
      'cardiac', 'haemoglobin|hemoglobin',
      'arter(y|ies)|capillar(y|ies)', 'nephrons?', 'alveol(i|us)', 'trachea', 'bronch\\w*', 'tidal volume', 'pulmonary', 'gills?',
      'gas exchange', 'digesti(on|ve)', 'osmosis', 'water potential', 'facilitated diffusion', 'active transport', 'transpiration',
      'xylem', 'phloem', 'translocation', 'stomata', 'guard cells?', 'root hairs?', 'germinat\\w*', 'pollen|pollination',
      'tropisms?|phototropism|gravitropism', 'auxins?', 'microorganisms?|micro-organisms?', 'speciation', 'natural selection',
      'biodiversity', 'index of diversity|species diversity|genetic diversity', 'climax communit(y|ies)', 'food (chains?|webs?)',
      'trophic', 'biomass', 'decomposers?|saprobionts?',
      'nitrogen[- ]fixing|nitrification|denitrification|(nitrogen|phosphorus|carbon) cycle',
      'taxonom\\w*', 'phylogen\\w*', 'binomial (name|names|nomenclature|system)', 'binary fission', 'stem cells?', 'amino acids?',
      'polypeptides?', 'peptides?', 'glycosidic', 'lipids?|phospholipids?|triglycerides?', 'carbohydrates?', '(mono|di|poly)saccharides?',
      'starch', 'cellulose', 'glycogen', 'nucleotides?', 'codons?|anticodons?', 'transcription', 'reducing sugars?', "benedict'?s?",
      'biuret', 'atp', 'nadp?h?', 'cell (membranes?|walls?|cycles?|division|surface)', 'substrates?', 'active sites?', 'denatur\\w*',
      'lock and key|induced fit', 'fluid mosaic', 'cytokinesis|interphase|prophase|metaphase|anaphase|telophase',
      'electron microscopes?|light microscopes?', 'mammals?', 'placenta', 'organisms?', 'single-celled|unicellular|multicellular',
      'hiv', '[tb][- ](helper |killer |memory )?cells?', 'mark-release-recapture|capture-recapture', 'hardy-weinberg',
    ],
    2: [
      'proteins?', 'plants?', 'seeds?', 'shoots?', 'flowers?', 'leaf', 'mutations?', 'tissues?', 'organs?', 'muscles?', 'blood', 'kidneys?',
      'liver', 'lungs?', 'breath(e|es|ed|ing)?|breaths', 'ventilation', 'fish', 'diffusion', 'membranes?', 'inhibitors?', 'glucose',
      'sucrose|lactose|maltose|fructose|galactose', 'microscop\\w*', '\\w*receptors?|effectors?', 'reflex(es)?',
      'heart (rate|beat)s?|heartbeats?', 'stomach', 'intestines?',
      'infect(s|ed|ion|ions|ious)?', 'ecolog\\w*', 'ecosystems?', 'habitats?', 'viral',
    ],
    1: [
      'cells?', 'nucle(us|i)', 'species', 'populations?', 'communit(y|ies)', 'roots?', 'leaves', 'variation', 'inherit\\w*',
      'chi-?squared?', 'hypothesis', 'activation energy', 'catalysed|catalyzed', 'hydrolysis', 'fermentation', 'polymers?|monomers?',
      'condensation', 'chromatography', 'hydrogen bonds?', 'contract(s|ion|ed)?', 'magnification', 'ions?', 'sugars?', 'oxygen',
      'carbon dioxide', 'bases?', 'translation', 'standard deviation', 'significance level', 'correlation', 'slides?',
      'activit(y|ies)', 'impulses?', 'heart', 'animals?', 'evolution', 'adaptations?', 'succession', 'diversity', 'stain(ed|ing|s)?',
      'diseases?', 'classification', 'kingdoms?', 'niches?', 'immun\\w*',
    ],
  },
};

/** Element symbols, for telling a chemical formula (NH3, [Cu(H2O)6]2+) from other capitals. */
const ELEMENT = '(?:H|He|Li|Be|B|C|N|O|F|Ne|Na|Mg|Al|Si|P|S|Cl|Ar|K|Ca|Cr|Mn|Fe|Co|Ni|Cu|Zn|Br|Ag|Sn|I|Ba|Pt|Au|Hg|Pb)';
/** Formulae as common in biology as in chemistry, which on their own say nothing. */
const SHARED_FORMULAE = new Set(['H2O', 'CO2']);

/** Notation, matched against the text with its case kept (tags removed, sub- and superscripts run in). */
const NOTATION: { subject: Subject; weight: number; test: (plain: string) => boolean }[] = [
  // Calculus, trigonometric and logarithmic functions, function notation, probability distributions, vectors.
  { subject: 'mathematics', weight: 3, test: (t) => /\\d?frac\{d|\\d?frac\{\s*d|dy\/dx|\\int|\\iint|[a-z]'\(x\)/.test(t) },
  { subject: 'mathematics', weight: 3, test: (t) => /\\(sin|cos|tan|sec|csc|cosec|cot|arcsin|arccos|arctan|ln|log|lim)(?![a-z])/.test(t) },
  { subject: 'mathematics', weight: 3, test: (t) => /(?<![A-Za-z])[fghp]{1,2}(\^\{?-1\}?)?\(\s?x\s?\)/.test(t) },
  { subject: 'mathematics', weight: 3, test: (t) => /\\sim\s*(B|N|Po)\(|(?<![A-Za-z])P\([A-Z](\s|\)|\\)/.test(t) },
  { subject: 'mathematics', weight: 2, test: (t) => /\\sum|\\mathbf\{[ijk]\}|\\begin\{pmatrix\}|\\overrightarrow/.test(t) },
  // Maths written in KaTeX: a little is a hint, a lot (three or more pieces) is typical of mathematics.
  { subject: 'mathematics', weight: 1, test: (t) => /\\\(|\\\[/.test(t) },
  { subject: 'mathematics', weight: 1, test: (t) => (t.match(/\\\(|\\\[/g) ?? []).length >= 3 },
  // Chemistry: equilibrium arrows, state symbols, acid and equilibrium constants, formulae, ions and complexes.
  { subject: 'chemistry', weight: 3, test: (t) => /⇌|\(aq\)|[0-9A-Za-z)\]]\((s|l|g)\)(?![A-Za-z])/.test(t) },
  { subject: 'chemistry', weight: 3, test: (t) => /(?<![A-Za-z])(p?K(a|c|p|w|sp)|pH)(?![A-Za-z])|\]\d*[+-]/.test(t) },
  { subject: 'chemistry', weight: 2, test: (t) => chemicalFormula(t) },
  { subject: 'chemistry', weight: 2, test: (t) => /(?<![A-Za-z])E\s?(°|⦵|⊖)/.test(t) },
  // Physics: units with a number in front.
  { subject: 'physics', weight: 2, test: (t) => /\d\s?(k|M|m|μ|n)?(V|Ω|W|Hz|Pa|Bq|eV)(?![A-Za-z])|\d\s?(μ|n|p)(F|C)(?![A-Za-z])/.test(t) },
  { subject: 'physics', weight: 1, test: (t) => /\d\s?(k|M)?N(?![A-Za-z])/.test(t) },
  // Programming: code set as code.
  { subject: 'programming', weight: 3, test: (t) => /\u0000code\u0000/.test(t) },
];

/** A formula of two or more elements with a count (NH3, CH3CH2OH, BF3) or an ion with its charge (Cu2+, S2-). */
function chemicalFormula(text: string): boolean {
  const formula = new RegExp(`(?<![A-Za-z])(?:${ELEMENT}\\d*|\\((?:${ELEMENT}\\d*)+\\)\\d*)+(?![A-Za-z])`, 'g');
  for (const [found] of text.matchAll(formula)) {
    const symbols = found.match(new RegExp(ELEMENT, 'g')) ?? [];
    if (symbols.length >= 2 && /\d/.test(found) && !SHARED_FORMULAE.has(found)) return true;
  }
  return new RegExp(`(?<![A-Za-z])${ELEMENT}\\d*[+-](?![A-Za-z0-9])`).test(text);
}

const WORD_CLUES: { subject: Subject; weight: number; pattern: RegExp }[] = ORDER.flatMap((subject) =>
  ([3, 2, 1] as const).flatMap((weight) =>
    (VOCABULARY[subject][weight] ?? []).map((source) => ({
      subject,
      weight,
      pattern: new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`),
    })),
  ),
);

/**
 * Question text without tags or entities, maths left in. Sub- and superscripts run into the text
 * before them (H<sub>2</sub>O → H2O, m s<sup>-1</sup> → m s-1), other tags become spaces, and a
 * code element leaves a marker. Dashes and minus signs become '-', curly apostrophes "'".
 */
function plainText(html: string): string {
  return htmlToText(html.replace(/<(code|pre)\b[^>]*>/gi, ' \u0000code\u0000 '));
}

/** Each subject's score: the sum of the weights of its clues found in the question (exported for tests). */
export function subjectScores(questionText: string): Record<Subject, number> {
  const plain = plainText(questionText);
  const text = plain.toLowerCase();
  const scores: Record<Subject, number> = { physics: 0, chemistry: 0, programming: 0, mathematics: 0, biology: 0 };
  for (const { subject, weight, pattern } of WORD_CLUES) if (pattern.test(text)) scores[subject] += weight;
  for (const { subject, weight, test } of NOTATION) if (test(plain)) scores[subject] += weight;
  return scores;
}

/** The subject of a question from keywords in its text: the best-scoring subject, ties in the spec's order. */
export function guessSubject(questionText: string): GuessedSubject {
  const scores = subjectScores(questionText);
  let best: Subject = ORDER[0];
  for (const subject of ORDER) if (scores[subject] > scores[best]) best = subject;
  if (scores[best] >= DECIDES) return best;
  // Maths written in KaTeX with no other clue is most likely a mathematics question.
  if (/\\\(|\\\[/.test(questionText)) return 'mathematics';
  return 'academic';
}

/** The assistant's opening message in the tutor chat, naming the guessed subject. */
export function tutorGreeting(questionText: string): string {
  const subject = guessSubject(questionText);
  return (
    `Hi! I'm your ${subject} tutor. I'll help you work through this question one step at a time, using what the mark scheme looks for. ` +
    `Tell me your thinking, ask for a hint, or ask what the mark scheme wants.`
  );
}
