/**
 * The document-question quality set: five revision documents written for these tests (original text),
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
