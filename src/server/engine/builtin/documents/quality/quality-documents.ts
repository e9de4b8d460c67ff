/**
 * The document-question quality set: ten revision documents in seven subjects written for these tests (original text),
 * each several pages with a running header, page numbers, headings, lists, figure captions, words
 * hyphenated across line ends and paragraphs repeated, as real notes exported to PDF have. Each page
 * is a list of blocks; '¦' forces a line break where the text must break (a hyphenated word).
 */

export interface QualityDocument {
  name: string;
  subject: string;
  header: string;
  pages: string[][];
  /** Words that a line break split and must come back whole, and hyphenated words that must keep their hyphen. */
  mustJoin: string[];
  mustKeepHyphen: string[];
  /**
   * What an examiner would ask about: the document's main concepts, most important first ('|' between
   * ways of naming one concept). A paper covers them before minor ones.
   */
  mainConcepts: string[];
  /** Sentences that read "X is …" without saying what X is ("… is the currently accepted model"): never a definition's scheme. */
  notDefinitions?: string[];
  /** Facts no examiner would ask for (a procedure's timings, a study's dates or sample size). */
  trivia?: string[];
}

const osmosis =
  'Osmosis is the net movement of water molecules from a region of higher water potential to a region of lower water potential across a partially permeable membrane.';
const activeTransport =
  'Active transport is the movement of molecules or ions against a concentration gradient, using energy from the hydrolysis of ATP.';

export const qualityDocuments: QualityDocument[] = [
  {
    name: 'membranes-and-transport.pdf',
    subject: 'Biology',
    header: 'AS Biology revision notes - Topic 2',
    mustJoin: ['membrane', 'phospholipid'],
    mustKeepHyphen: ['enzyme-substrate'],
    mainConcepts: ['osmosis', 'diffusion', 'active transport', 'water potential', 'facilitated diffusion', 'phospholipid|bilayer'],
    pages: [
      [
        '# Cell membranes',
        'The cell-surface membrane is made of a phospholipid bilayer with proteins embedded in it. Each phos-¦pholipid has a hydrophilic phosphate head and two hydrophobic fatty acid tails.',
        'Cholesterol binds to the hydrophobic tails of phospholipids and, as the notes on page 3 explain, reduces the fluidity of the mem-¦brane at higher temperatures.',
        '# Osmosis',
        osmosis,
        'Water potential is the tendency of water molecules to move, measured in kilopascals. Pure water has a water potential of 0 kPa.',
        'Figure 2.1 Red blood cells placed in solutions of different water potential',
      ],
      [
        '# Diffusion',
        'Diffusion is the net movement of particles from a region of higher concentration to a region of lower concentration. It is a passive process.',
        'Facilitated diffusion is the diffusion of molecules across a membrane through channel proteins or carrier proteins.',
        'The rate of diffusion is affected by several factors:',
        '- the concentration gradient',
        '- the surface area of the membrane',
        '- the thickness of the exchange surface',
        'Increasing the temperature increases the rate of diffusion.',
        '# Osmosis',
        osmosis,
      ],
      [
        '# Active transport',
        activeTransport,
        'Root hair cells absorb mineral ions quickly because they have many mitochondria and a large surface area.',
        'Enzymes inside the cell work by forming an enzyme-¦substrate complex, which lowers the activation energy of the reaction.',
        'About 40% of the energy released in respiration is used for active transport in some cells.',
        activeTransport,
        'Figure 2.4 A carrier protein changing shape during active transport',
      ],
    ],
  },
  {
    name: 'enzymes.pdf',
    subject: 'Biology',
    header: 'Biological molecules: enzymes',
    mustJoin: ['temperature', 'inhibitor'],
    mustKeepHyphen: ['enzyme-substrate', 'non-competitive'],
    trivia: ['2.4 cm3'],
    mainConcepts: [
      'enzyme',
      'active site',
      'denaturation|denatured',
      'competitive inhibitor',
      'non-competitive inhibitor',
      'temperature|optimum',
    ],
    pages: [
      [
        '# What enzymes are',
        'An enzyme is a globular protein that acts as a biological catalyst by lowering the activation energy of a reaction.',
        'The active site is the region of an enzyme with a specific tertiary structure that is complementary to its substrate.',
        'When a substrate collides with the active site, an enzyme-¦substrate complex forms.',
        '# Temperature',
        'Increasing the temperature increases the rate of an enzyme-controlled reaction up to the optimum. Above the optimum the rate falls because hydrogen bonds in the tertiary structure break and the enzyme is denatured.',
        'Denaturation is a permanent change in the shape of the active site, so the substrate no longer fits.',
      ],
      [
        '# Inhibitors',
        'A competitive inhibitor is a molecule with a similar shape to the substrate that binds to the active site.',
        'A non-¦competitive inhibitor is a molecule that binds to the enzyme at a site other than the active site, changing the shape of the active site.',
        'Increasing the substrate concentration reduces the effect of a competitive inhi-¦bitor because substrate molecules are more likely to collide with the active sites.',
        'Figure 3.2 The effect of inhibitors on the rate of reaction',
        '# What enzymes are',
        'An enzyme is a globular protein that acts as a biological catalyst by lowering the activation energy of a reaction.',
      ],
      [
        '# Measuring rates',
        'The initial rate of reaction is found by drawing a tangent to the curve at time zero.',
        'In one experiment the rate of reaction rose to 2.4 cm3 of oxygen per minute at 37 degrees.',
        'Lowering the pH reduces the rate of reaction because ionic bonds in the tertiary structure are disrupted.',
      ],
    ],
  },
  {
    name: 'reaction-rates.pdf',
    subject: 'Chemistry',
    header: 'A-Level Chemistry - Kinetics',
    mustJoin: ['concentration', 'collisions'],
    mustKeepHyphen: ['Maxwell-Boltzmann'],
    mainConcepts: [
      'activation energy',
      'catalyst',
      'collision|collisions',
      'concentration',
      'temperature',
      'rate constant',
      'order of reaction',
    ],
    trivia: ['25 s'],
    pages: [
      [
        '# Collision theory',
        'The activation energy is the minimum energy that colliding particles need for a reaction to happen.',
        'A successful collision is a collision between particles with at least the activation energy and the correct orientation.',
        'Increasing the con-¦centration increases the rate of reaction because there are more particles in the same volume, so there are more frequent collisions.',
        '# The Maxwell-Boltzmann distribution',
        'The Maxwell-¦Boltzmann distribution is a graph showing the number of molecules with each kinetic energy in a sample of gas.',
        'Figure 4.1 The Maxwell-Boltzmann distribution at two temperatures',
      ],
      [
        '# Catalysts',
        'A catalyst is a substance that increases the rate of a reaction by providing an alternative reaction route with a lower activation energy.',
        'A homogeneous catalyst is a catalyst in the same phase as the reactants.',
        'A heterogeneous catalyst is a catalyst in a different phase from the reactants.',
        'Increasing the temperature increases the rate of reaction because more col-¦lisions have energy greater than the activation energy.',
        '# Collision theory',
        'The activation energy is the minimum energy that colliding particles need for a reaction to happen.',
      ],
      [
        '# Rate equations',
        'The rate constant is the constant of proportionality in a rate equation, and its value changes with temperature.',
        'The order of reaction with respect to a reactant is the power to which its concentration is raised in the rate equation.',
        'For a first-order reaction the half-life was 25 s at room temperature.',
        'Steps in a clock reaction experiment:',
        '1. Mix the reactants in a conical flask.',
        '2. Start the timer.',
        '3. Stop the timer when the colour changes.',
      ],
    ],
  },
  {
    name: 'electric-circuits.pdf',
    subject: 'Physics',
    header: 'Physics revision guide: electricity',
    mustJoin: ['resistance', 'potential'],
    mustKeepHyphen: ['light-dependent'],
    trivia: ['1.5 V', '0.8 ohms'],
    mainConcepts: ['resistance', 'current', 'potential difference', 'internal resistance', 'electromotive force|emf', 'thermistor'],
    pages: [
      [
        '# Current and charge',
        'Electric current is the rate of flow of charge, measured in amperes.',
        'Potential difference is the energy transferred per unit charge between two points in a circuit.',
        'The electromotive force is the energy transferred to electrical energy per unit charge by a source.',
        '# Resistance',
        'Resistance is the potential difference across a component divided by the current through it.',
        'Increasing the length of a wire increases the resis-¦tance of the wire.',
      ],
      [
        '# Components',
        'A thermistor is a resistor whose resistance falls as its temperature rises.',
        'A light-¦dependent resistor is a resistor whose resistance falls as the light intensity increases.',
        'A superconductor is a material with zero resistivity below its critical temperature.',
        'Figure 5.3 Current against potential difference for a filament lamp',
        '# Resistance',
        'Resistance is the potential difference across a component divided by the current through it.',
      ],
      [
        '# Internal resistance',
        'Internal resistance is the resistance inside a source of electrical energy.',
        'The terminal potential difference falls as the current increases because more energy is transferred in the internal resistance.',
        'In the experiment the cell had an emf of 1.5 V and an internal resistance of 0.8 ohms.',
        'Increasing the current increases the lost volts in the cell. The lost volts is the difference between the emf and the terminal ',
        'potential difference.',
      ],
    ],
  },
  {
    name: 'bonding.pdf',
    subject: 'Chemistry',
    header: 'Chemistry notes - Bonding and structure',
    mustJoin: ['electronegativity', 'intermolecular'],
    mustKeepHyphen: ['dipole-dipole'],
    mainConcepts: ['electronegativity', 'covalent bond', 'ionic bond', 'hydrogen bond', 'intermolecular forces', 'lone pair'],
    pages: [
      [
        '# Ionic and covalent bonding',
        'An ionic bond is the electrostatic attraction between oppositely charged ions.',
        'A covalent bond is a shared pair of electrons between two atoms.',
        'A dative covalent bond is a covalent bond in which both electrons come from the same atom.',
        '# Electronegativity',
        'Electronegativity is the power of an atom to attract the pair of electrons in a covalent bond.',
        'Electro-¦negativity increases across a period because the nuclear charge increases while the shielding stays about the same.',
      ],
      [
        '# Intermolecular forces',
        'Intermolecular forces are the forces between molecules, which are much weaker than covalent bonds.',
        'A hydrogen bond is an attraction between a lone pair on a very electronegative atom and a hydrogen atom bonded to N, O or F.',
        'Permanent dipole-¦dipole forces are attractions between molecules with permanent dipoles.',
        'Water has a higher boiling point than hydrogen sulfide because water molecules form hydrogen bonds with each other.',
        'Figure 6.2 Hydrogen bonds between water molecules',
        '# Electronegativity',
        'Electronegativity is the power of an atom to attract the pair of electrons in a covalent bond.',
      ],
      [
        '# Shapes of molecules',
        'A lone pair is a pair of outer electrons that is not used in bonding.',
        'Each lone pair reduces the bond angle by about 2.5 degrees.',
        'Methane is a tetrahedral molecule with bond angles of 109.5 degrees.',
        'Inter-¦molecular forces in a simple molecular substance are overcome when it melts.',
      ],
    ],
  },
  {
    name: 'enzyme-action.pdf',
    subject: 'Biology',
    header: 'GCSE Biology - enzyme action notes',
    mustJoin: ['specificity', 'substrate'],
    mustKeepHyphen: ['lock-and-key'],
    mainConcepts: ['specificity|specific', 'lock-and-key', 'induced fit', 'denaturation|denatured', 'inhibitor', 'active site', 'optimum'],
    notDefinitions: ['The induced fit model is the currently accepted model of enzyme action.'],
    trivia: ['every 30 seconds', '1894', '1958'],
    pages: [
      [
        '# Enzymes and specificity',
        'Enzymes are biological catalysts that speed up reactions in cells without being used up.',
        'The active site is the part of an enzyme where the substrate binds.',
        'Specificity is the ability of an enzyme to catalyse only one reaction, because only one substrate fits its active site.',
        'Enzyme specificity depends on the shape of the active site, which is set by the folding of the protein chain.',
        '# The lock-and-key model',
        'The lock-and-key model is the idea that the substrate fits the active site exactly, like a key in a lock.',
        'Emil Fischer proposed the lock-and-key model in 1894.',
        'Figure 1.1 The lock-and-key model of enzyme action',
      ],
      [
        '# The induced fit model',
        'The induced fit model is the currently accepted model of enzyme action.',
        'Induced fit is the change in shape of the active site as the substrate binds, so that the active site moulds around the substrate.',
        'The induced fit model was put forward by Daniel Koshland in 1958.',
        '# Key terms',
        '- Cofactor: a non-protein substance that an enzyme needs in order to work.',
        '- Denaturation: a permanent change in the shape of the active site, so the substrate no longer fits.',
        '- Inhibitor: a substance that slows down or stops an enzyme-controlled reaction.',
        'Specificity, denaturation and inhibition all depend on the shape of the active site.',
      ],
      [
        '# Factors affecting enzymes',
        'Enzymes are denatured at high temperatures because the bonds holding the active site in shape break.',
        'The optimum temperature is the temperature at which an enzyme works fastest.',
        'A competitive inhibitor blocks the active site because it has a similar shape to the substrate.',
        'In the practical, the volume of oxygen was recorded every 30 seconds for five minutes.',
        'Denaturation is not reversed by cooling, so a denatured enzyme stays inactive.',
        'An inhibitor lowers the rate of reaction because fewer substrate molecules can reach the active sites.',
        'Figure 1.4 Rate of reaction against temperature, showing the optimum and denaturation',
        'Summary A coenzyme is an organic cofactor that carries atoms or electrons from one enzyme to another.',
      ],
    ],
  },
  {
    name: 'supply-and-demand.pdf',
    subject: 'Economics',
    header: 'Economics Unit 1 - markets',
    mustJoin: ['equilibrium', 'elasticity'],
    mustKeepHyphen: ['price-elastic'],
    mainConcepts: ['demand', 'supply', 'equilibrium', 'elasticity|elastic', 'excess demand|shortage', 'subsidy'],
    notDefinitions: ['A market is the main place where economic decisions are made.'],
    trivia: ['2019', '350 households'],
    pages: [
      [
        '# Demand',
        'Demand is the quantity of a good that consumers are willing and able to buy at each price in a given time period.',
        'A market is the main place where economic decisions are made.',
        'A rise in consumer incomes increases the demand for normal goods.',
        '# Supply',
        'Supply is the quantity of a good that producers are willing and able to sell at each price in a given time period.',
        'A subsidy is a payment from the government to producers that lowers their costs of production.',
        'Figure 1.2 A demand curve and a supply curve',
      ],
      [
        '# Equilibrium',
        'The equilibrium price is the price at which the quantity demanded equals the quantity supplied.',
        'Excess demand is the amount by which the quantity demanded exceeds the quantity supplied at a given price.',
        'The price rises when there is excess demand because consumers compete for the goods that are available.',
        'A survey in 2019 asked 350 households how much bread they bought each week.',
        '# Equilibrium',
        'The equilibrium price is the price at which the quantity demanded equals the quantity supplied.',
      ],
      [
        '# Elasticity',
        'Price elasticity of demand is the responsiveness of the quantity demanded to a change in the price of the good.',
        'Demand for a good is price-¦elastic when the percentage change in quantity demanded is larger than the percentage change in price.',
        'Demand for petrol is inelastic because there are few close substitutes.',
        'A subsidy increases the supply of a good, so the equilibrium price falls.',
        'Elasticity matters to firms because it shows how revenue changes when they change price.',
      ],
    ],
  },
  {
    name: 'memory.pdf',
    subject: 'Psychology',
    header: 'Psychology revision - Memory',
    mustJoin: ['rehearsal', 'capacity'],
    mustKeepHyphen: ['multi-store', 'long-term'],
    mainConcepts: [
      'multi-store model',
      'short-term memory',
      'long-term memory',
      'capacity',
      'rehearsal',
      'working memory model',
      'interference',
    ],
    notDefinitions: ['The multi-store model is the best known model of memory.'],
    trivia: ['1968', '30 participants', '1974'],
    pages: [
      [
        '# The multi-store model',
        'The multi-store model is the best known model of memory.',
        'The multi-store model is a model of memory in which information passes from the sensory register to short-term memory and then to long-term memory.',
        'Atkinson and Shiffrin published the multi-¦store model in 1968.',
        'Short-term memory is the memory store that holds a small amount of information for up to about 30 seconds.',
        'Long-term memory is the memory store that holds information for a long time, with almost unlimited capacity.',
      ],
      [
        '# Capacity and duration',
        'Capacity is the amount of information that a memory store can hold.',
        'Rehearsal is the repetition of information, which keeps it in short-term memory and transfers it to long-term memory.',
        'Information in short-term memory is lost quickly because it is displaced by new information.',
        'In one study 30 participants were shown lists of letters for two seconds each.',
        'Figure 2.1 The multi-store model of memory',
        '# The multi-store model',
        'The multi-store model is a model of memory in which information passes from the sensory register to short-term memory and then to long-term memory.',
      ],
      [
        '# The working memory model',
        'The working memory model is a model of short-term memory with several parts, including the central executive and the phonological loop.',
        'Baddeley and Hitch proposed the working memory model in 1974.',
        'The central executive is the part of working memory that directs attention to the other parts.',
        'Interference is forgetting that happens when one memory disrupts the recall of another.',
        'Two verbal tasks done together are harder than one verbal and one visual task because both use the phonological loop.',
      ],
    ],
  },
  {
    name: 'algorithms.pdf',
    subject: 'Computer Science',
    header: 'Computer Science - searching and sorting',
    mustJoin: ['algorithm', 'comparison'],
    mustKeepHyphen: ['divide-and-conquer'],
    mainConcepts: ['algorithm', 'linear search', 'binary search', 'bubble sort', 'merge sort', 'decomposition|abstraction'],
    notDefinitions: ['Binary search is the most popular search in exam questions.'],
    trivia: ['1945', '1,000 items', '10 comparisons'],
    pages: [
      [
        '# Algorithms',
        'An algorithm is a sequence of steps that solves a problem or completes a task.',
        'Decomposition is breaking a problem down into smaller problems that are easier to solve.',
        'Abstraction is removing unnecessary detail from a problem so that only the important parts remain.',
        '# Searching',
        'A linear search is an algorithm that checks each item of a list in turn until the item is found.',
        'Binary search is the most popular search in exam questions.',
      ],
      [
        '# Binary search',
        'A binary search is an algorithm that repeatedly halves a sorted list, comparing the middle item with the target.',
        'A binary search needs fewer comparisons than a linear search because half of the remaining items are discarded at each step.',
        'In a test with 1,000 items the program made 10 comparisons.',
        'Figure 3.1 A binary search for the number 42',
        '# Algorithms',
        'An algorithm is a sequence of steps that solves a problem or completes a task.',
      ],
      [
        '# Sorting',
        'A bubble sort is an algorithm that repeatedly compares adjacent items and swaps them if they are in the wrong order.',
        'A merge sort is a divide-and-conquer algorithm that splits a list into single items and then merges them back in order.',
        'John von Neumann described the merge sort in 1945.',
        'A merge sort is faster than a bubble sort on long lists because it makes far fewer compar-¦isons.',
        'A bubble sort is easy to program but slow on long lists.',
      ],
    ],
  },
  {
    name: 'rivers.pdf',
    subject: 'Geography',
    header: 'Geography - river landscapes',
    mustJoin: ['meander', 'erosion'],
    mustKeepHyphen: ['ox-bow'],
    mainConcepts: ['erosion', 'deposition', 'meander', 'ox-bow lake', 'flood plain', 'waterfall', 'discharge'],
    notDefinitions: ['The River Severn is the longest river in the United Kingdom.'],
    trivia: ['2007', 'every 15 minutes'],
    pages: [
      [
        '# Erosion',
        'Erosion is the wearing away of rock and soil by the flowing water of a river.',
        'Hydraulic action is the force of the water hitting the river bed and banks.',
        'Abrasion is the wearing away of the bed and banks by material carried in the river.',
        'The River Severn is the longest river in the United Kingdom.',
        '# Waterfalls',
        'A waterfall forms where a band of hard rock lies on top of softer rock, so the soft rock is eroded faster.',
        'A waterfall retreats upstream because the hard rock overhang collapses into the plunge pool.',
      ],
      [
        '# Meanders',
        'A meander is a bend in a river formed by erosion on the outside of the bend and deposition on the inside.',
        'Deposition is the dropping of material carried by a river when it loses energy.',
        'The outer bank of a meander is eroded faster because the water flows faster there.',
        'An ox-¦bow lake is a horseshoe-shaped lake left behind when a meander is cut off from the river.',
        'Figure 4.3 The formation of an ox-bow lake',
        '# Erosion',
        'Erosion is the wearing away of rock and soil by the flowing water of a river.',
      ],
      [
        '# Flooding',
        'Discharge is the volume of water passing a point in a river each second.',
        'A flood plain is the flat land beside a river that is covered with water when the river floods.',
        'Urban areas flood more quickly because rain cannot soak into concrete and runs straight into drains.',
        'During the floods of 2007 the river level was measured every 15 minutes.',
        'Deforestation increases the risk of flooding because fewer trees intercept the rain.',
      ],
    ],
  },
];

/** A document's pages as lines: a running header, each block wrapped at about 70 characters, the page number. */
export function documentLines(doc: QualityDocument): string[][] {
  return doc.pages.map((blocks, i) => {
    const lines = [doc.header];
    for (const block of blocks) {
      const text = block.replace(/^# /, '');
      for (const forced of text.split('¦')) {
        let line = '';
        for (const word of forced.split(/\s+/).filter(Boolean)) {
          if (line && line.length + 1 + word.length > 70) {
            lines.push(line);
            line = word;
          } else line = line ? `${line} ${word}` : word;
        }
        if (line) lines.push(line);
      }
    }
    lines.push(`Page ${i + 1}`);
    return lines;
  });
}
