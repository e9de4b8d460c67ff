import { describe, expect, it } from 'vitest';
import type { GeneratedPaper } from '../../../engine';
import { readPdfPages } from '../../../documents/read-pdf';
import { buildPdf, pdfLines } from '../testing/build-pdf';
import { questionsFromDocument } from '../questions-from-document';
import { checkDocumentPaper } from './check-document-questions';
import { documentLines, qualityDocuments } from './quality-documents';

describe('questions from documents: the quality set', () => {
  it('has at least five multi-page documents', () => {
    expect(qualityDocuments.length).toBeGreaterThanOrEqual(5);
    for (const doc of qualityDocuments) expect(doc.pages.length).toBeGreaterThanOrEqual(3);
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
