import { describe, expect, it } from 'vitest';
import { markPointSchema } from '../../../../../shared/mark-scheme';
import type { GeneratedPaper } from '../../../engine';
import { readPdfPages } from '../../../documents/read-pdf';
import { buildPdf, pdfLines } from '../testing/build-pdf';
import { questionsFromDocument } from '../questions-from-document';
import { checkDocumentPaper } from './check-document-questions';
import { measureDocumentPaper } from './measure-document-questions';
import { documentLines, qualityDocuments } from './quality-documents';

describe('questions from documents: the quality set', () => {
  it('has at least ten multi-page documents in several subjects, each with what an examiner would ask', () => {
    expect(qualityDocuments.length).toBeGreaterThanOrEqual(10);
    expect(new Set(qualityDocuments.map((d) => d.subject)).size).toBeGreaterThanOrEqual(5);
    for (const doc of qualityDocuments) {
      expect(doc.pages.length).toBeGreaterThanOrEqual(3);
      expect(doc.mainConcepts.length).toBeGreaterThanOrEqual(5);
    }
  });

  // Measured 2026-11-27 over the set with seeds 1-5 (docs/benchmarks.md "Questions from documents"): 350 questions,
  // 0 on a concept already asked, 350 whose scheme answers them, 275/320 main concepts examined. Floors at those.
  const ANSWERED_FLOOR = 1;
  const COVERAGE_FLOOR = 0.85;

  it('no concept asked twice, every scheme answers its question, no trivia or headings, the main concepts covered', async () => {
    let questions = 0;
    let answered = 0;
    let covered = 0;
    let concepts = 0;
    const problems: string[] = [];
    for (const doc of qualityDocuments) {
      const pages = await readPdfPages(
        buildPdf(
          documentLines(doc).map((lines) => pdfLines(...lines)),
          { compress: true },
        ),
      );
      for (const seed of [1, 2, 3, 4, 5]) {
        const paper = questionsFromDocument({ name: doc.name, pages, subject: doc.subject, count: 10, seed });
        const report = measureDocumentPaper(doc, pages, paper);
        questions += report.questions.length;
        answered += report.answered;
        covered += report.covered.length;
        concepts += doc.mainConcepts.length;
        for (const q of report.questions) for (const p of q.problems) problems.push(`${doc.name} seed ${seed} “${q.text}”: ${p}`);
      }
    }
    expect(problems.filter((p) => /duplicate concept|leak|trivia/.test(p))).toEqual([]);
    expect(answered / questions, problems.join('\n')).toBeGreaterThanOrEqual(ANSWERED_FLOOR);
    expect(covered / concepts).toBeGreaterThanOrEqual(COVERAGE_FLOOR);
  });

  it('the measure catches a definition that is not one, a heading in an option, trivia, a cut point and concepts asked twice', () => {
    const doc = qualityDocuments.find((d) => d.name === 'enzyme-action.pdf')!;
    const pages = [
      [
        'Key terms',
        'The induced fit model is the currently accepted model of enzyme action.',
        'Induced fit is the change in shape of the active site as the substrate binds.',
        'In the practical, the volume of oxygen was recorded every 30 seconds for five minutes.',
        'Specificity is the ability of an enzyme to catalyse only one reaction.',
      ].join('\n'),
    ];
    const q = (text: string, markScheme: string[], extra: object = {}) => ({
      text,
      type: 'short_answer' as const,
      totalMarks: markScheme.length,
      markScheme: markScheme.map((t, i) => markPointSchema.parse({ id: `p${i + 1}`, text: t })),
      hints: [],
      modelAnswer: 'x (page 1 of x)',
      ...extra,
    });
    const paper: GeneratedPaper = {
      title: 't',
      description: 'd',
      topic: 't',
      difficultyLevel: 'medium',
      generatedBy: 'x',
      questions: [
        q('<p>What is meant by <strong>induced fit model</strong>?</p>', ['the currently accepted model of enzyme action']),
        q('<p>What is meant by <strong>Induced fit</strong>?</p>', ['the change in shape of the active site as the']),
        q('<p>Complete the statement: the volume of oxygen was recorded every ______ seconds.</p>', ['30']),
        q(
          '<p>Which term is described below?</p><p>The ability of an enzyme to catalyse only one reaction.</p>',
          ['A: Key terms A cofactor'],
          {
            type: 'multiple_choice',
            options: { A: 'Key terms A cofactor', B: 'Specificity', C: 'Induced fit', D: 'Inhibitor' },
            correctAnswer: 'B',
          },
        ),
        q('<p>Explain why specificity depends on the shape of the active site.</p>', ['only one substrate fits']),
      ],
    };
    const report = measureDocumentPaper(doc, pages, paper);
    const all = report.questions.map((x) => x.problems.join('; '));
    expect(all[0]).toContain('not a definition');
    expect(all[1]).toContain('point cut mid-phrase');
    expect(all[2]).toContain('trivia');
    expect(all[3]).toContain('leak: heading “Key terms”');
    expect(all[4]).toContain('duplicate concept');
    expect(all[1]).toContain('duplicate concept “induced fit”');
    expect(report.duplicates).toBe(2);
    expect(report.answered).toBe(2);
  });

  it.each(qualityDocuments.map((d) => [d.name, d] as const))(
    '%s: every question reads as an exam question, none repeated',
    async (_name, doc) => {
      const pages = await readPdfPages(
        buildPdf(
          documentLines(doc).map((lines) => pdfLines(...lines)),
          { compress: true },
        ),
      );
      expect(pages).toHaveLength(doc.pages.length);
      for (const seed of [1, 2]) {
        const paper = questionsFromDocument({ name: doc.name, pages, subject: doc.subject, count: 10, seed });
        expect(checkDocumentPaper(doc, pages, paper)).toEqual([]);
      }
    },
  );

  it('the checks catch the defects they are for', () => {
    const doc = qualityDocuments[0];
    const pages = ['Osmosis is the movement of water. Enzymes form an enzyme-substrate complex.'];
    const broken: GeneratedPaper = {
      title: 't',
      description: 'd',
      topic: 't',
      difficultyLevel: 'medium',
      generatedBy: 'x',
      questions: [
        {
          text: '<p>What is meant by Osmosis Osmosis?</p>',
          type: 'short_answer' as const,
          totalMarks: 1,
          markScheme: [],
          hints: [],
          modelAnswer: 'an enzymesubstrate complex (page 1 of x)',
        },
        {
          text: '<p>What is meant by Osmosis Osmosis?</p>',
          type: 'short_answer' as const,
          totalMarks: 1,
          markScheme: [],
          hints: [],
          modelAnswer: 'x (page 1 of x)',
        },
        {
          text: '<p>Which is right?</p>',
          type: 'multiple_choice' as const,
          totalMarks: 1,
          options: { A: 'binds to the hydrophobic tails of phospholipids and,', B: 'b', C: 'c', D: 'd' },
          markScheme: [],
          hints: [],
          modelAnswer: 'A (page 1 of x)',
        },
      ],
    };
    const failures = checkDocumentPaper(doc, pages, broken).join('\n');
    expect(failures).toContain('doubled word');
    expect(failures).toContain('lost its hyphen');
    expect(failures).toContain('the same as Q1');
    expect(failures).toContain('is not a term of the document');
  });
});
