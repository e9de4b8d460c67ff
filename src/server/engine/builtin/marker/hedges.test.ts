import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { findHedges } from './claims';
import { markAnswer } from './mark-answer';
import { analyseText } from './text';

const hedged = (text: string) => {
  const a = analyseText(text);
  return findHedges(a).map((h) => `${a.tokens[h.first].text} / ${a.tokens[h.second].text}`);
};

describe('hedges: a claim stated both ways at once', () => {
  it('finds opposite words joined by "or": directions, listed opposites, a negating prefix, a repeated modifier', () => {
    expect(hedged('The bonds could be stronger or weaker than before.')).toEqual(['stronger / weaker']);
    expect(hedged('The mutation may activate or inactivate the gene.')).toEqual(['activate / inactivate']);
    expect(hedged('The gene is permanently on or permanently off.')).toEqual(['on / off']);
    expect(hedged('The rate increases or decreases with pH.')).toEqual(['increases / decreases']);
  });

  it('finds two opposite words set either side of a slash, not a ratio of quantities', () => {
    expect(hedged('The rate increases/decreases with temperature.')).toEqual(['increases / decreases']);
    expect(hedged('The gene is switched on/off.')).toEqual(['on / off']);
    expect(hedged('speed = distance/time')).toEqual([]);
    expect(hedged('Killers are organised/disorganised types.')).toEqual([]);
  });

  it('reads two opposite names of a classification as its categories, not a claim said both ways', () => {
    expect(hedged('The FBI classified killers as organised or disorganised.')).toEqual([]);
    expect(hedged('Killers are sorted into organised or disorganised types.')).toEqual([]);
    expect(hedged('The offender was organised or disorganised.')).toEqual(['organised / disorganised']);
  });

  it('reads options set out after a word of choice as options, not a claim said both ways', () => {
    expect(
      hedged(
        'If average costs fall the chain has a choice: cut its prices to win customers, or keep prices the same and take a bigger margin.',
      ),
    ).toEqual([]);
    expect(hedged('The firm can choose to raise output or to lower it.')).toEqual([]);
    // a choice word after the two is no choice set out
    expect(hedged('The rate could increase or decrease, you choose.')).toEqual(['increase / decrease']);
  });

  it('finds the other way round said as a phrase of its own after "or"', () => {
    expect(hedged('It accelerates towards the centre of the Earth, or away from it in places.')).toEqual(['towards / away']);
    expect(hedged('The current goes up when it is warm, or maybe down.')).toEqual(['up / down']);
    // not across another alternative
    expect(hedged('The ball moves towards the wall and back, or it stops.')).toEqual([]);
    // the claim's subject said again after "or"
    expect(hedged('Water enters the cell by osmosis, or water leaves the cell by osmosis.')).toEqual(['enters / leaves']);
    expect(hedged('The cell becomes turgid or flaccid.')).toEqual(['turgid / flaccid']);
    // another subject is another claim
    expect(hedged('Water enters the root hair cell, or minerals leave the soil.')).toEqual([]);
  });

  it('finds a claim said with its own denial, but not "whether or not"', () => {
    expect(hedged('The rate may or may not increase.')).toEqual(['The / not']);
    expect(hedged("The shape does or doesn't change.")).toEqual(["The / n't"]);
    expect(hedged('The resistance increases or not, depending on the wire.')).toEqual(['The / not']);
    expect(hedged('The active site might change shape or it might not.')).toEqual(['The / not']);
    expect(hedged('Oxygen is more soluble in cold water, or it might not be.')).toEqual([]);
    expect(hedged('Oxygen is more soluble in cold water, or it is not.')).toEqual(['Oxygen / not']);
    expect(hedged('It depends on whether or not the gene is expressed.')).toEqual([]);
    // "or vice versa", "or the other way round", "or the opposite" turn the claim round
    expect(hedged('Water enters the cell by osmosis, or vice versa.')).toEqual(['Water / versa']);
    expect(hedged('Water enters the cell by osmosis, or the other way round.')).toEqual(['Water / round']);
    expect(hedged('The cell becomes turgid, or maybe the opposite.')).toEqual(['The / opposite']);
    expect(hedged('The force on the electron is in the opposite direction.')).toEqual([]);
    // a bare "or not" denies the clause it follows, not the whole sentence
    expect(hedged('The wall stops it bursting and the cell becomes turgid or not.')).toEqual(['the / not']);
    expect(hedged('Heat it or it will not react.')).toEqual([]);
    expect(hedged('Beyond the limit there is little or no increase in stress.')).toEqual([]);
  });

  it('finds a claim taken back by "but … also" about the same thing, and a claim\'s own verb denied after "or"', () => {
    expect(hedged('Enzyme activity rises as the substrate is added, but more substrate also lowers enzyme activity.')).toEqual([
      'rises / lowers',
    ]);
    expect(hedged('The method has high reliability, but it also has low reliability because of the small sample.')).toEqual(['high / low']);
    expect(hedged('Shoppers switched brands in most weeks, or they hardly switched at all.')).toEqual(['Shoppers / hardly']);
    // a filler of doubt before the denial takes nothing away from it
    expect(hedged('The hydrogen bonds break, or maybe they do not break.')).toEqual(['The / not']);
    expect(hedged('The carrier protein changes shape, or perhaps it does not.')).toEqual(['The / not']);
    // another thing, or a condition that makes both true, takes nothing back
    expect(hedged('Higher interest rates reduce consumption but also increase saving.')).toEqual([]);
    expect(hedged('The rate rises with temperature, but the rate also falls above the optimum.')).toEqual([]);
    expect(hedged('Shoppers switched brands in most weeks, or they switched shops.')).toEqual([]);
  });

  it('finds a statement said again with one word turned round, in another sentence or after "and", "or", ";"', () => {
    expect(hedged('Water enters the cell by osmosis. Water also leaves the cell by osmosis.')).toEqual(['enters / leaves']);
    expect(hedged('Water moves into the cell by osmosis and water moves out of the cell by osmosis.')).toEqual(['into / out']);
    expect(hedged('Water enters the cell by osmosis; alternatively water leaves the cell.')).toEqual(['enters / leaves']);
    expect(hedged('The cell becomes turgid, or it becomes flaccid.')).toEqual(['turgid / flaccid']);
  });

  it('finds the restatement after a condition the claim alone names, and after "on the other hand", "then again", "it is possible that"', () => {
    expect(hedged('When it gets hotter more electrons are freed. It is also possible that fewer electrons are freed.')).toEqual([
      'more / fewer',
    ]);
    expect(hedged('As the temperature rises more electrons are released. On the other hand fewer electrons could be released.')).toEqual([
      'more / fewer',
    ]);
    // the thing turned said again with the turned word is enough: "more current … the current could drop"
    expect(hedged('More current flows for the same pd, but then again the current could drop.')).toEqual(['More / drop']);
    expect(hedged('The lattice vibrates more so more current flows. Less current might flow too.')).toEqual(['more / Less']);
    expect(hedged('Higher interest rates cut private investment. Private investment could also rise.')).toEqual(['cut / rise']);
  });

  it('finds a claim whose own verb a concession says the other way ("…, but it can still fit", "…, although they don\'t disrupt them")', () => {
    expect(hedged('So the substrate no longer fits the active site, but it can still fit and form complexes.')).toEqual(['So / fit']);
    expect(hedged("The H+ ions disrupt the ionic and hydrogen bonds, although really they don't disrupt them much.")).toEqual([
      'The / disrupt',
    ]);
    // a condition that makes both true, another subject, and a new claim are not taken back
    expect(hedged("The rate increases, but it doesn't increase above the optimum.")).toEqual([]);
    expect(hedged('The enzyme changes shape, but the substrate does not change.')).toEqual([]);
    expect(hedged('Enzymes are not used up, but they can still be denatured.')).toEqual([]);
    expect(hedged('Immigration may slightly reduce wages for some low-skilled workers, but it does not reduce wages in general.')).toEqual(
      [],
    );
  });

  it('leaves alone a restatement that adds its own condition or a change over time', () => {
    expect(hedged('When the temperature rises the rate increases. Above the optimum the rate decreases.')).toEqual([]);
    expect(hedged('The current is large at the start. The current gets smaller.')).toEqual([]);
    expect(hedged('More current flows in the thermistor. Less current flows in the wire.')).toEqual([]);
    // two items of a list, and two names made with opposite words
    expect(hedged('Conservative replication would give one heavy band and one light band.')).toEqual([]);
    expect(hedged('There are three stores: the sensory register, short-term memory and long-term memory.')).toEqual([]);
    // two things compared: the restatement names another thing of the claim beside the turned word
    expect(hedged('Structural isomers are compounds with the same molecular formula but a different structural formula.')).toEqual([]);
  });

  it('leaves alone a comparison, another point, a condition and a new detail', () => {
    // two words turned: a comparison of two things
    expect(
      hedged(
        'Oxidation is the loss of electrons and the oxidation state increases. Reduction is the gain of electrons and the oxidation state decreases.',
      ),
    ).toEqual([]);
    // other numbers: another stationary point
    expect(hedged('At x = 2, d²y/dx² = 12 > 0, so (2, -4) is a minimum. At x = -2, d²y/dx² = -12 < 0, so (-2, 28) is a maximum.')).toEqual(
      [],
    );
    // a condition that makes both true, and something new said
    expect(hedged('The rate increases with temperature. Above the optimum the rate decreases.')).toEqual([]);
    expect(hedged('Water enters the root hair cell. Water leaves the leaf through the stomata.')).toEqual([]);
    // a denial agrees rather than contradicts
    expect(hedged('The cell becomes turgid. The cell does not become flaccid.')).toEqual([]);
  });

  it('leaves alone a choice between different things and "more or less the same"', () => {
    expect(hedged('Use a light gate or a video camera.')).toEqual([]);
    expect(hedged('The two readings are more or less the same.')).toEqual([]);
  });
});

describe('the marker on a hedged point', () => {
  const scheme: MarkPointInput[] = [
    { id: 'p1', text: 'oxygen is more soluble in cold water' },
    { id: 'p2', text: 'fish in warm water get less oxygen' },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Explain why fish in a warm pond may be short of oxygen.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer,
    });

  it('gives no mark for a point stated with its opposite ("more or less soluble")', () => {
    const fb = mark('Oxygen is more or less soluble in cold water depending on the day, so fish in warm water get less oxygen.');
    expect(fb.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0, rule: 'contradiction' });
    expect(fb.markscheme_evaluation[0].justification).toContain('"more or less soluble"');
  });

  it('loses only the point whose claim is denied, not another point of the same sentence', () => {
    const scheme: MarkPointInput[] = [
      { id: 'p2', text: 'the ion binds to the carrier protein on one side of the membrane' },
      { id: 'p3', text: 'the carrier protein changes shape' },
    ];
    const fb = markAnswer({
      questionText: 'Explain how a carrier protein moves an ion across a membrane.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer:
        'The ion binds to the carrier protein on one side of the membrane. The carrier changes shape, or it might not, and the ion is released on the other side.',
    });
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'CONTRADICTED']);
  });

  it('gives no mark for a point said with its denial ("…, or it might not"), and leaves the other points alone', () => {
    for (const said of [
      'Oxygen might be more soluble in cold water, or it might not.',
      'Oxygen may or may not be more soluble in cold water.',
      'Oxygen is more soluble in cold water, or maybe it is not.',
    ]) {
      const fb = mark(`${said} Fish in warm water get less oxygen.`);
      expect(fb.markscheme_evaluation[0], said).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0 });
      expect(fb.markscheme_evaluation[1], said).toMatchObject({ status: 'COVERED', marks_awarded: 1 });
    }
  });

  it('gives nothing for each point stated with its opposite, the subject said again after "or"', () => {
    const points: MarkPointInput[] = [
      { id: 'p1', text: 'water enters the cell by osmosis' },
      { id: 'p2', text: 'the cell wall stops the cell from bursting' },
      { id: 'p3', text: 'the cell becomes turgid' },
    ];
    const run = (answer: string) =>
      markAnswer({
        questionText: 'A plant cell is put in pure water. Explain what happens to the cell.',
        type: 'short_answer',
        totalMarks: 3,
        markScheme: points,
        answer,
      });
    const both = run(
      'Water enters the cell by osmosis, or water leaves the cell by osmosis. The cell wall stops the cell from bursting. The cell becomes turgid or flaccid.',
    );
    expect(both.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([0, 1, 0]);
    const oneWay = run('Water enters the cell by osmosis. The cell wall stops the cell from bursting, so the cell becomes turgid.');
    expect(oneWay.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 1, 1]);
  });

  it('still gives the mark when the point is stated one way', () => {
    const fb = mark('Oxygen is more soluble in cold water, so fish in warm water get less oxygen.');
    expect(fb.markscheme_evaluation[0]).toMatchObject({ status: 'COVERED', marks_awarded: 1 });
  });
});

describe('an accepted wording in a sentence that turns the point round', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Prove by contradiction that √3 is irrational.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        { id: 'a1', text: 'contradiction: a and b share the factor 3, so √3 is irrational', accept: ['contradicts', 'contradiction'] },
      ],
      answer,
    });

  it('loses the point where the conclusion is the other way round', () => {
    const fb = mark('This contradicts a and b having no common factors, so √3 is rational.');
    expect(fb.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', marks_awarded: 0, rule: 'direction' });
    expect(fb.markscheme_evaluation[0].justification).toContain('"rational" where the mark scheme has "irrational"');
  });

  it('keeps it where the conclusion is right, and where the point itself names both words', () => {
    expect(mark('This contradicts a and b having no common factors, so √3 is irrational.').marks_awarded).toBe(1);
    const fission = markAnswer({
      questionText: 'Describe how fission happens in a reactor.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p1',
          text: 'a nucleus absorbs a neutron and splits, releasing energy and neutrons',
          accept: ['absorbs a neutron and splits'],
        },
      ],
      answer: 'U-235 absorbs a neutron and splits into two nuclei.',
    });
    expect(fission.marks_awarded).toBe(1);
  });
});

describe('the marker on a claim taken back, and on two values given for one', () => {
  it('loses a point whose own sentence takes it back ("but … also …"), and keeps a point earned elsewhere', () => {
    const fb = markAnswer({
      questionText: 'Describe how the size of a group affects conformity, and give one finding.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'p1', text: 'conformity increases as the group gets larger' },
        { id: 'p2', text: 'participants conformed on about a third of trials' },
      ],
      answer:
        'Participants conformed on about a third of trials. Conformity increased as the group got larger, but larger groups also reduced conformity.',
    });
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['CONTRADICTED', 'COVERED']);
    expect(fb.marks_awarded).toBe(1);
  });

  it('takes back only the clause that is turned round: a cause earlier in the sentence keeps its point', () => {
    const fb = markAnswer({
      questionText: 'Explain why the resistance of a filament lamp changes as the current through it increases.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'p1', text: 'the temperature of the filament increases' },
        { id: 'p2', text: 'so the resistance increases' },
      ],
      answer: 'The filament gets hotter, so its resistance increases, but a hotter filament also lowers the resistance.',
    });
    expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'CONTRADICTED']);
    expect(fb.marks_awarded).toBe(1);
  });

  it('gives no accuracy mark to the right value offered beside another ("either 28.6% or 71.4%")', () => {
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'A shop cut its price from £35 to £25. Calculate the percentage decrease in price.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: [
          { id: 'm1', text: 'decrease = 35 − 25 = 10', kind: 'M', numeric: { value: 10 } },
          {
            id: 'a1',
            text: 'percentage decrease = 10 / 35 × 100 = 28.6%',
            kind: 'A',
            depends_on: 'm1',
            numeric: { value: 28.6, unit: '%' },
          },
        ],
        answer,
      });
    const hedged = mark('35 - 25 = 10, and 10 / 35 x 100 gives either 28.6% or 71.4%');
    expect(hedged.markscheme_evaluation[1]).toMatchObject({ status: 'CONTRADICTED', rule: 'contradiction', marks_awarded: 0 });
    expect(hedged.marks_awarded).toBe(1);
    expect(mark('35 - 25 = 10, and 10 / 35 x 100 = 28.6%').marks_awarded).toBe(2);
    // a second value for something else is not an alternative
    expect(mark('35 - 25 = 10 so the decrease is 28.6%, or £10 a unit').marks_awarded).toBe(2);
  });

  it('reads an alternative worked out to its own result, whatever numbers of the scheme its working uses', () => {
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'A 2.42 g sample of the acid was dissolved to make 250 cm³; 25.0 cm³ needed 0.00177 mol of NaOH. Calculate Mr.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: [
          { id: 'm1', text: 'moles of acid in 250 cm³ = 10 × 0.00177 = 0.0177', kind: 'M', numeric: { value: 0.0177 } },
          { id: 'a1', text: 'Mr = 2.42 / 0.0177 = 137', kind: 'A', depends_on: 'm1', numeric: { value: 137 } },
        ],
        answer,
      });
    const two = mark('n = 10 × 0.00177 = 0.0177\nMr = 2.42/0.0177 = 137, or 2.42/0.00177 = 1370');
    expect(two.markscheme_evaluation[1]).toMatchObject({ status: 'CONTRADICTED', rule: 'contradiction' });
    expect(mark('n = 10 × 0.00177 = 0.0177\nMr = 2.42/0.0177 = 137').marks_awarded).toBe(2);
  });
});

describe('a denial that agrees with a point saying something is missing', () => {
  it('does not call "you can\'t generalise the results" the opposite of "the results lack generalisability"', () => {
    const fb = markAnswer({
      questionText: 'Give one limitation of a case study.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'the results lack generalisability because only one person is studied' }],
      answer: "You can't generalise the results because only one person is studied.",
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('CONTRADICTED');
  });

  it('reads "misses out on some economies of scale" as saying they are missing, and denies no word merely near another', () => {
    const mes = (answer: string) =>
      markAnswer({
        questionText: 'Explain why a firm producing well below minimum efficient scale may struggle to compete.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [
          {
            id: 'p2',
            text: 'below MES the firm misses out on some economies of scale, so its average cost is higher than that of firms producing at MES',
            required: ['higher|above|greater|misses out'],
            accept: [
              "below MES the firm misses out on economies of scale, so its average cost is higher than its rivals'",
              'below MES the firm has higher average costs than bigger firms',
              'a small firm misses out on economies of scale, so its cost per unit is above that of firms at MES',
            ],
          },
        ],
        answer,
      }).markscheme_evaluation[0].status;
    // "doesn't get" the economies agrees with "misses out on" them; "cannot compete" does not deny "rivals"
    expect(mes("A firm well below it doesn't get the economies of scale, so its average costs are higher than bigger firms.")).toBe(
      'COVERED',
    );
    expect(
      mes(
        "A firm well below it doesn't get the economies of scale, so its average costs are higher than bigger firms, so it cannot compete on price.",
      ),
    ).toBe('COVERED');
    expect(mes('A firm well below MES gets more economies of scale, so its average costs are lower than its rivals.')).not.toBe('COVERED');
    const undercut = markAnswer({
      questionText: 'Explain why a firm producing well below minimum efficient scale may struggle to compete.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p3',
          text: 'so it must charge a higher price or accept a lower profit margin, and can be undercut by larger rivals',
          required: ['price|prices|profit|undercut|margin|loss'],
          accept: [
            'so it must charge a higher price or accept a lower profit margin than larger rivals',
            'it has to charge higher prices than bigger firms',
            'larger firms can undercut its price and still make a profit, so it may be forced out of the market',
            'it cannot match the low prices of firms at MES without making a loss',
          ],
        },
      ],
      answer: 'Its average costs are higher than bigger firms, so it cannot compete on price.',
    }).markscheme_evaluation[0];
    expect(undercut.status).not.toBe('CONTRADICTED');
  });
});

describe('a required word the point itself says is missing', () => {
  it('is met by the answer denying it ("no air resistance" for "air resistance is negligible"), and not otherwise', () => {
    const mark = (text: string, answer: string) =>
      markAnswer({
        questionText: 'State one assumption made in modelling the ball as a projectile.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [{ id: 'b1', text, required: ['air resistance'] }],
        answer,
      }).markscheme_evaluation[0];
    expect(mark('air resistance is negligible', 'We assume there is no air resistance on the ball.')).toMatchObject({
      status: 'COVERED',
    });
    expect(mark('air resistance is negligible', 'Air resistance is tiny, so we ignore it.').status).toBe('COVERED');
    // naming the thing is not saying it is negligible
    expect(mark('air resistance is negligible', 'Air resistance acts on the ball.').status).toBe('NOT_COVERED');
    expect(mark('air resistance is negligible', 'Air resistance is large and slows the ball down.').status).not.toBe('COVERED');
    // the point says it acts: a denial does not meet the required word
    expect(mark('air resistance acts against the motion', 'There is no air resistance on the ball.').justification).toContain(
      'needs the word',
    );
  });
});

describe('a change taken back by meaning: "…, or it stays the same"', () => {
  it('finds a statement that something changes, differs or moves, then that the same thing stays as it was', () => {
    expect(hedged('The layers of atoms slide past one another, or the layers stay where they are.')).toEqual(['slide / stay']);
    expect(hedged('The shape of the enzyme changes, or maybe its shape stays the same.')).toContain('changes / stays');
    expect(hedged('The shape of the enzyme changes, or its shape stays the same.')).toEqual(['changes / stays']);
    expect(hedged('Heat disrupts the hydrogen bonds in the protein, although the bonds are not affected.')).toEqual([
      'disrupts / affected',
    ]);
    expect(hedged('The charges sit in different positions, or they are in the same positions.')).toEqual(['different / same']);
    // and the other way round
    expect(hedged('The total momentum stays constant, but the momentum could change.')).toHaveLength(1);
  });

  it('does not take two things for one, nor the doer of a change for what changes, nor a statement under a condition', () => {
    expect(hedged('A catalyst changes the rate of reaction but the catalyst itself remains unchanged.')).toEqual([]);
    expect(hedged('The number of protons stays the same but the number of neutrons changes.')).toEqual([]);
    expect(hedged('The mass number stays the same, but the atomic number changes.')).toEqual([]);
    expect(hedged('The wavelength changes but the frequency stays the same.')).toEqual([]);
    expect(hedged('The gas expands as it is heated, but when the piston is locked the gas stays at the same volume.')).toEqual([]);
    expect(hedged('The water level stays constant. The temperature changes.')).toEqual([]);
    // two things compared, each with its own subject; a fact conceded beside the claim; "keep" with its own object
    expect(hedged('Binary fission gives identical cells but sexual reproduction gives different cells.')).toEqual([]);
    expect(hedged('The direction changes even though the speed stays constant.')).toEqual([]);
    expect(hedged('In a competitive market costs fall and prices fall, but a monopolist keeps the saving as profit.')).toEqual([]);
  });

  it('loses the point it takes back and keeps one said cleanly', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p1',
        text: 'the tertiary structure changes so the active site changes shape',
        marks: 1,
        accept: ['the active site changes shape'],
      },
      {
        id: 'p2',
        text: 'the substrate can no longer bind to the active site',
        marks: 1,
        accept: ['substrate no longer fits the active site'],
      },
    ];
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'Explain why the enzyme stops working at 70 °C.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      });
    const hedgedAnswer = mark(
      'The active site changes shape, or perhaps the active site keeps its shape. So the substrate no longer fits the active site.',
    );
    expect(hedgedAnswer.markscheme_evaluation.map((e) => e.status)).toEqual(['CONTRADICTED', 'COVERED']);
    const clean = mark('The active site changes shape. So the substrate no longer fits the active site.');
    expect(clean.marks_awarded).toBe(2);
  });
});

describe('a statement said again and denied: "X, but X not"', () => {
  const claims = (text: string) => {
    const a = analyseText(text);
    return findHedges(a)
      .filter((h) => h.claim)
      .map((h) => a.text.slice(a.tokens[h.claim![0]].start, a.tokens[h.claim![1] - 1].end));
  };

  it('finds the same words said and denied, in either order, in one sentence or two; the claim is the one not denied', () => {
    expect(claims('Sucrose is actively loaded at the source, but sucrose is not actively loaded at the source.')).toEqual([
      'Sucrose is actively loaded at the source',
    ]);
    expect(claims('The wave is transverse. The wave is not transverse.')).toEqual(['The wave is transverse']);
    expect(claims('Sucrose is not actively loaded at the source, but sucrose is actively loaded at the source.')).toEqual([
      'sucrose is actively loaded at the source',
    ]);
  });

  it('finds nothing where the two say different things, one is a question, one adds a condition, or "not only" adds', () => {
    expect(claims('Sucrose is not passively loaded at the source, but sucrose is actively loaded at the source.')).toEqual([]);
    expect(claims('Is the wave transverse? The wave is not transverse.')).toEqual([]);
    expect(claims('The enzyme is active. The enzyme is not active above the optimum temperature.')).toEqual([]);
    expect(claims('The enzyme is active. The enzyme is not only active.')).toEqual([]);
    expect(claims('The wave is transverse. The wave is transverse.')).toEqual([]);
  });

  it('loses the point so contradicted, says so in the feedback, and keeps one said once', () => {
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'Describe how sucrose is moved from a source to a sink in the phloem.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: [
          { id: 'p1', text: 'sucrose is actively loaded into the sieve tubes at the source', accept: ['active loading of sucrose'] },
          { id: 'p2', text: 'water enters the sieve tubes by osmosis' },
        ],
        answer,
      });
    for (const both of [
      'Sucrose is actively loaded at the source, but sucrose is not actively loaded at the source. Water enters the sieve tubes by osmosis.',
      'Sucrose is actively loaded at the source. Sucrose is not actively loaded at the source. Water enters the sieve tubes by osmosis.',
      'Sucrose is not actively loaded at the source, but sucrose is actively loaded at the source. Water enters the sieve tubes by osmosis.',
    ]) {
      const fb = mark(both);
      expect(fb.markscheme_evaluation.map((e) => e.status)).toEqual(['CONTRADICTED', 'COVERED']);
      expect(fb.markscheme_evaluation[0].rule).toBe('contradiction');
      expect(fb.qualitative_feedback).toContain('which says it both ways');
    }
    expect(mark('Sucrose is actively loaded at the source. Water enters the sieve tubes by osmosis.').marks_awarded).toBe(2);
  });
});

describe('a second answer offered in doubt, or a claim conceded away', () => {
  it('takes back the claim before "or maybe", "or was it", "or really", "or else" and a phrase', () => {
    expect(hedged('The ice sheet melted fastest in the north, or maybe in the south.')).toEqual(['The / south']);
    expect(hedged('Older children scored higher, or was it the younger ones.')).toEqual(['Older / younger']);
    expect(hedged('The enzyme binds to the substrate, or else to the product.')).toEqual(['The / product']);
    // "or else" before a clause of its own is "otherwise"
    expect(hedged('Keep the cells cold, or else the enzymes will break them down.')).toEqual([]);
    // plain alternatives are a list, not doubt
    expect(hedged('Water can be lost by evaporation or by transpiration.')).toEqual([]);
  });

  it('takes back the claim before "or it could …" and "but it can also …", not two things listed with "they may"', () => {
    expect(hedged('Water moves out of the cells by osmosis, or it could move into the cells.')).toHaveLength(1);
    expect(hedged('People conform because they want to be right, but it can also be because they want to be liked.')).toHaveLength(1);
    expect(hedged('The minority grows as people join, though it can also mean the minority gets smaller.')).toHaveLength(1);
    // "or she might actually …": the subject's own doubt
    expect(hedged('The memory was distorted to fit her schema, or she might actually remember it accurately.')).toHaveLength(1);
    // two order effects listed, each possible: not doubt about one claim
    expect(hedged('They may have improved through practice, or they may be tired or bored.')).toEqual([]);
  });

  it('takes back the claim before a concession that says "really", "actually", "you could argue", "in practice"', () => {
    expect(hedged('The market sets the price, though really the government decides it.')).toEqual(['The / government']);
    expect(hedged('Her confidence grows, although you could argue it shrinks.')).toHaveLength(1);
    expect(hedged('Taxes reduce spending, though in practice people spend the same.')).toHaveLength(1);
    expect(hedged('He picks the toy car, but he could just as easily pick the doll.')).toHaveLength(1);
    // "not really" is the claim's own denial, not doubt
    expect(hedged('Compliance is going along with the majority in public but not really agreeing in private.')).toEqual([]);
    // an ordinary concession evaluates, it does not take back
    expect(hedged('The study showed high obedience, although it lacked ecological validity.')).toEqual([]);
  });

  it('takes back only its own sentence, where the tagger keeps a full stop on a word ("λ = h/p. Only …")', () => {
    const a = analyseText('It has a wavelength λ = h/p. Only some energies are allowed, although in practice any energy is allowed.');
    const h = findHedges(a).find((x) => x.claim);
    expect(h && a.tokens[h.claim![0]].text).toBe('Only');
  });

  it('reads a line of working as a statement of its own', () => {
    const [h] = findHedges(analyseText('y = 12 at x = 2\nso (2, -4) is a minimum, or it could be a maximum'));
    expect(h?.claim).toBeDefined();
    const a = analyseText('y = 12 at x = 2\nso (2, -4) is a minimum, or it could be a maximum');
    expect(a.tokens[h.claim![0]].text).toBe('so');
  });

  it('loses the point whose claim is offered in doubt, and keeps the rest', () => {
    const scheme: MarkPointInput[] = [
      {
        id: 'p1',
        text: 'biodiversity is greatest at the climax community',
        marks: 1,
        accept: ['the climax community has the most species'],
      },
      {
        id: 'p2',
        text: 'soil depth and nutrients increase at each stage',
        marks: 1,
        accept: ['the soil gets deeper and richer in nutrients'],
      },
    ];
    const out = markAnswer({
      questionText: 'Describe how an ecosystem changes during succession.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer:
        'The soil gets deeper and richer in nutrients. Biodiversity is greatest at the climax community, or maybe at the pioneer stage.',
    });
    expect(out.markscheme_evaluation.map((e) => e.status)).toEqual(['CONTRADICTED', 'COVERED']);
  });
});

describe('a zero error is a thing, not a nil', () => {
  it('is denied by "do not check for a zero error"', () => {
    const fb = markAnswer({
      questionText: 'Describe how to measure the diameter of a wire with a micrometer.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'check for a zero error and correct the readings for it', marks: 1 }],
      answer: 'Do not check for a zero error. Measure the diameter.',
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('COVERED');
  });
});

describe('an opposite word denied agrees with the word', () => {
  it('does not call "disobeys" the opposite of "refuses to obey"', () => {
    const fb = markAnswer({
      questionText: 'Explain how a disobedient peer can reduce obedience.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p1',
          text: 'a disobedient peer is a model',
          marks: 1,
          accept: ['if someone else refuses to obey, the person can copy them'],
        },
      ],
      answer: 'If another participant disobeys, the person can copy them.',
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('CONTRADICTED');
  });
});

describe('a point with a denial of its own, its other clause denied', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Explain why the enzyme stops working at low pH.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'the active site changes shape and is no longer complementary to the substrate', marks: 1 }],
      answer,
    }).markscheme_evaluation[0];

  it('is not earned by "not" put in the clause that has none', () => {
    expect(mark('The active site does not change shape and it is still complementary to the substrate.').status).not.toBe('COVERED');
  });

  it('is not denied where the point says the word both ways, or the answer denies what the point denies', () => {
    const fb = markAnswer({
      questionText: 'Explain why heavy stable nuclei have more neutrons than protons.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'extra neutrons add attraction but no repulsion', marks: 1 }],
      answer: 'Neutrons provide strong-force attraction without adding electrostatic repulsion.',
    });
    expect(fb.markscheme_evaluation[0].status).not.toBe('CONTRADICTED');
  });

  it('is earned where the answer denies what the point denies', () => {
    expect(mark('The active site changes shape so it is no longer complementary to the substrate.').status).toBe('COVERED');
  });
});

describe('a denial of the reason, not the deed', () => {
  const JUDGEMENT: MarkPointInput = {
    id: 'p8',
    text: 'judgement: growth is worthwhile only if the economies outweigh the diseconomies and demand supports it',
    marks: 1,
    accept: ['overall the chain should grow only if the economies of scale outweigh the diseconomies and there is enough demand'],
  };
  const QUESTION =
    'A regional chain of gyms is considering opening many more sites. Evaluate whether the firm should grow to exploit economies of scale.';
  const mark = (answer: string) =>
    markAnswer({ questionText: QUESTION, type: 'short_answer', totalMarks: 1, markScheme: [JUDGEMENT], answer }).markscheme_evaluation[0];

  it('does not turn "grow" round in "should not grow just to get economies of scale"', () => {
    const point = mark(
      'Overall, the chain should not grow just to get economies of scale, because they are small here. It makes sense to grow only if demand is there and the economies outweigh the diseconomies.',
    );
    expect(point.status).toBe('COVERED');
  });

  it('still turns it round where the denial is of the deed itself', () => {
    const point = mark(
      'Overall, the chain should not grow at all, whatever the economies of scale, because the diseconomies always outweigh them.',
    );
    expect(point.status).not.toBe('COVERED');
  });
});

describe("a hedge in other words on the point's own axis", () => {
  const POINT: MarkPointInput = {
    id: 'p1',
    text: 'sweat conducts electricity, so skin conductance rises when the person is stressed',
    marks: 1,
  };
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Describe how skin conductance response is used to measure stress.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [POINT],
      answer,
    }).markscheme_evaluation[0];

  it('gives nothing for "goes up or down" where the point says the same thing rises', () => {
    expect(mark('Sweat conducts electricity, so skin conductance goes up or down with stress.').status).toBe('CONTRADICTED');
    expect(mark('Sweat conducts electricity, so skin conductance goes up with stress.').status).toBe('COVERED');
  });

  it('keeps the point where the hedge is about another thing', () => {
    expect(
      mark('Your heart rate can go up or down, but sweat conducts electricity so skin conductance rises when you are stressed.').status,
    ).toBe('COVERED');
  });
});

describe('a point that says a thing is restricted', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Explain why but-2-ene has E and Z isomers.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'there is restricted rotation about the C=C double bond', marks: 1, required: ['rotation|rotate'] }],
      answer,
    }).markscheme_evaluation[0].status;

  it('is made by a denial of the thing ("the C=C bond can\'t rotate"), and not by its opposite ("free rotation")', () => {
    expect(mark("The C=C double bond can't rotate.")).toBe('COVERED');
    expect(mark('There is free rotation about the C=C double bond.')).not.toBe('COVERED');
    expect(mark('The C=C bond can rotate freely.')).not.toBe('COVERED');
  });
});
