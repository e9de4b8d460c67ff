/**
 * §2 Tutor chat: the subject a question belongs to, guessed from keywords in its (HTML) text, and the
 * tutor's opening message. Subjects are checked in the spec's order — physics, chemistry, programming,
 * mathematics, biology — and the first with a keyword wins; otherwise 'academic'. Keywords are chosen
 * so that words shared between subjects (energy, reaction, frequency, cell, code, function) do not decide.
 * Pure functions, used by the server and the client.
 */

export type GuessedSubject = 'physics' | 'chemistry' | 'programming' | 'mathematics' | 'biology' | 'academic';

const KEYWORDS: [Exclude<GuessedSubject, 'academic'>, string[]][] = [
  [
    'physics',
    [
      'velocity', 'acceleration', 'accelerates', 'momentum', 'newton', 'newtons', 'kinetic energy', 'potential energy',
      'gravitational', 'projectile', 'resistor', 'resistivity', 'resistance of', 'electrical resistance', 'current',
      'voltage', 'potential difference', 'p\\.d\\.', 'emf', 'e\\.m\\.f', 'circuit', 'capacitor', 'capacitance',
      'wavelength', 'refraction', 'refractive', 'diffraction', 'interference', 'photon', 'converging lens', 'diverging lens', 'focal length', 'nuclear fission', 'nuclear fusion', 'nuclear decay', 'nuclear radius', 'photoelectric',
      'magnetic field', 'magnetic flux', 'electric field', 'charged particle', 'oscillation', 'oscillates',
      'simple harmonic', 'pendulum', 'spring constant', 'hooke', 'young modulus', "young's modulus", 'tensile',
      'radioactive', 'radioactivity', 'half-life', 'nucleon', 'nuclide', 'alpha particle', 'beta particle',
      'gamma ray', 'quantum', 'projectile', 'speed of light', 'terminal velocity', 'friction', 'torque', 'moment of',
      'centripetal', 'orbit', 'orbital speed', 'specific latent heat',
      'thermal energy', 'work done', 'ohm', 'ohms', 'watt', 'watts', 'joule', 'joules', 'volt', 'volts',
      'ampere', 'amps', 'm s\\^-1', 'm s\\^-2', 'm/s', 'm s\\}?\\^\\{?-[12]', 'speed', 'kg', 'air resistance', 'drag', 'physics',
    ],
  ],
  [
    'chemistry',
    [
      'mole', 'moles', 'mol', 'molar', 'enthalpy', 'entropy', 'equilibrium constant', 'le chatelier', 'redox', '(?<!amino |nucleic |fatty |lactic |ribonucleic |deoxyribonucleic |abscisic |pyruvic |stomach )acids?', 'acidic',
      'oxidation', 'oxidised', 'oxidized', 'oxidising agent', 'reducing agent', 'alkali',
      'alkaline', 'alkane', 'alkanes', 'alkene', 'alkenes', 'alcohol', 'alcohols', 'aldehyde', 'ketone', 'carboxylic',
      'ester', 'esters', 'amine', 'haloalkane', 'benzene', 'arene', 'isomer', 'isomers', 'isomerism', 'nucleophile',
      'nucleophilic', 'electrophile', 'electrophilic', 'organic', 'hydrocarbon', 'ionic bond', 'ionic bonding',
      'covalent', 'metallic bonding', 'electronegativity', 'ionisation energy', 'ionization energy',
      'electron configuration', 'electronic configuration', 'periodic table', 'titration', 'titre', 'burette',
      'electrolysis', 'avogadro', 'relative atomic mass', 'relative formula mass', 'mass spectrometry',
      'atom economy', 'percentage yield', 'oxidation state', 'kc', 'kp', 'ka', 'buffer', 'ligand', 'transition metal',
      'boiling point', 'melting point', 'intermolecular', 'electronegative', 'dipole', 'van der waals', 'london forces', 'sulfide', 'sulphide', 'chloride', 'bromide', 'iodide', 'oxide', 'sulfate', 'sulphate', 'nitrate', 'carbonate', 'hydroxide', 'halide', 'halogen', 'halogens', 'ethanol', 'methanol', 'methane', 'ethane', 'propane', 'butane', 'combustion', 'rate constant', 'rate equation', 'chemistry', 'chemical equation', '\\\\ce',
    ],
  ],
  [
    'programming',
    [
      'algorithm', 'algorithms', 'pseudocode', 'pseudo-code', 'python', 'java', 'javascript', 'c\\+\\+', 'c#', 'sql',
      'program', 'programs', 'programming', 'programmer', 'source code', 'the code', 'this code', 'code below',
      'array', 'arrays', 'linked list', 'stack', 'queue', 'recursion', 'recursive', 'boolean', 'binary search',
      'bubble sort', 'merge sort', 'insertion sort', 'quicksort', 'sorting algorithm', 'big o', 'time complexity',
      'hexadecimal', 'two\'s complement', 'compiler', 'interpreter', 'syntax', 'subroutine', 'variable declaration',
      'for loop', 'while loop', 'if statement', 'data type', 'string variable', 'object-oriented',
      'encapsulation', 'cpu', 'processor', 'operating system', 'database', 'tcp', 'ip address',
      'computer science', 'computing', 'bits', 'bytes',
    ],
  ],
  [
    'mathematics',
    [
      'differentiate', 'differentiation', 'derivative', 'integrate', 'integration', 'integral', 'dy/dx', '\\\\frac\\{d',
      '\\\\int', 'tangent', 'gradient of the (line|curve|tangent|chord)', 'prove that', 'proof by', 'integer', 'integers', 'circle', 'radius', 'matrix [a-z]', 'position vector', 'arithmetic', 'geometric', 'sequence u', 'series', 'sigma notation', 'sum to infinity', '\\\\sum', 'normal to', 'stationary point', 'turning point', 'quadratic', 'cubic',
      'polynomial', 'discriminant', 'simultaneous equations', 'inequality', 'inequalities', 'factorise', 'factorize',
      'logarithm', 'logarithms', '\\\\ln', '\\\\log', 'trigonometric',
      'trigonometry', '\\\\sin', '\\\\cos', '\\\\tan', 'radians', 'binomial', 'arithmetic sequence',
      'geometric sequence', 'arithmetic series', 'geometric series', 'prove',
      'coordinates', 'straight line', 'equation of the line',
      'normal distribution', 'hypothesis test',
      'f\\(x\\)', 'g\\(x\\)', 'mathematics',
      'maths', 'math',
    ],
  ],
  [
    'biology',
    [
      'cell', 'cells', 'enzyme', 'enzymes', 'protein', 'proteins', 'dna', 'rna', 'mrna', 'trna', 'gene', 'genes',
      'genetic', 'allele', 'alleles', 'chromosome', 'chromosomes', 'mitosis', 'meiosis', 'photosynthesis',
      'respiration', 'atp', 'membrane', 'organism', 'organisms', 'species', 'evolution', 'natural selection',
      'ecosystem', 'mitochondria', 'mitochondrion', 'chloroplast', 'chloroplasts', 'nucleus', 'ribosome', 'ribosomes',
      'antibody', 'antibodies', 'antigen', 'antigens', 'immune', 'pathogen', 'pathogens', 'bacteria', 'bacterium',
      'virus', 'viruses', 'hormone', 'hormones', 'insulin', 'glucose', 'neurone', 'neurons', 'neuron', 'synapse',
      'heart', 'blood', 'haemoglobin', 'hemoglobin', 'kidney', 'osmosis', 'diffusion', 'transpiration', 'xylem',
      'phloem', 'substrate', 'active site', 'inhibitor', 'biological', 'tissue', 'tissues', 'organ', 'organs',
      'biology', 'plant', 'plants', 'animal', 'animals', 'leaf', 'leaves', 'stomata', 'lungs', 'alveoli',
      'homeostasis', 'amino acids?', 'polypeptides?', 'peptide', 'lipids?', 'carbohydrates?', 'starch', 'cellulose', 'nucleotides?', 'codons?', 'transcription', 'vaccine', 'vaccination', 'biodiversity', 'population', 'mutation',
    ],
  ],
];

const PATTERNS: [Exclude<GuessedSubject, 'academic'>, RegExp][] = KEYWORDS.map(([subject, words]) => [
  subject,
  new RegExp(`(^|[^a-z0-9])(${words.join('|')})(?![a-z0-9])`, 'i'),
]);

/** Question text without tags or entities, maths left in (\\frac and \\int say 'mathematics'). */
function readableText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .toLowerCase();
}

/** The subject of a question from keywords in its text, checked in order physics, chemistry, programming, mathematics, biology. */
export function guessSubject(questionText: string): GuessedSubject {
  const text = readableText(questionText);
  for (const [subject, pattern] of PATTERNS) if (pattern.test(text)) return subject;
  // Maths written in KaTeX with no other clue is most likely a mathematics question.
  if (/\\\(|\\\[/.test(text)) return 'mathematics';
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
