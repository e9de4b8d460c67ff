import { describe, expect, it } from 'vitest';
import { markPointSchema, type Feedback } from '../../../shared/mark-scheme';
import type { GradingQuestion } from '../../../shared/teacher';
import type { PagesRead, QuestionForMarking, SheetReading } from '../engine';
import { gradeReadPages, type PageReaderAndMarker } from './grade-pages';

const question = (number: number, text: string, point: string): GradingQuestion => ({
  number,
  ref: `q${number}`,
  text,
  type: 'short_answer',
  totalMarks: 1,
  markScheme: [markPointSchema.parse({ id: `p${number}`, text: point })],
});
const q1 = question(1, 'Name the bond formed between amino acids.', 'peptide bond');
const q2 = question(2, 'Name the reaction that forms it.', 'condensation');
const q3 = question(3, 'What is released?', 'water');

/** A reader that reads each image as the text it holds, and a marker that records what it was asked to mark. */
function fakeEngine(texts: Map<Buffer, string>, codes = new Map<Buffer, string>()) {
  const reads: Buffer[][] = [];
  const marked: { question: QuestionForMarking; answer: string }[][] = [];
  const engine: PageReaderAndMarker = {
    async read(images) {
      reads.push(images);
      return images.map((image): SheetReading => ({
        text: texts.get(image) ?? '',
        confidence: 80,
        paperCode: codes.get(image) ?? null,
        readBy: 'the test reader',
      }));
    },
    async mark(answers) {
      marked.push(answers);
      return answers.map(({ question: q, answer }): Feedback => ({
        marks_awarded: answer.includes(q.markScheme[0].text) ? 1 : 0,
        total_marks: 1,
        qualitative_feedback: '',
        markscheme_evaluation: [],
        marked_by: 'the test marker',
      }));
    },
  };
  return { engine, reads, marked };
}

describe('gradeReadPages: the grading pipeline for a reader and a marker', () => {
  it('reads the pages and the question paper in one call, looks the scheme up from what was read, and marks each answer region', async () => {
    const page = Buffer.from('page');
    const questionPaper = Buffer.from('question paper');
    const { engine, reads, marked } = fakeEngine(
      new Map([
        [page, '1. a peptide bond\n3. water is released'],
        [questionPaper, 'Name the bond formed between amino acids.'],
      ]),
      new Map([[page, 'MW-ABC123']]),
    );
    const lookups: PagesRead[] = [];
    const graded = await gradeReadPages(
      {
        pages: [page],
        questionImage: questionPaper,
        schemeFor: async (read) => {
          lookups.push(read);
          return { questions: [q1, q2, q3], printed: null };
        },
      },
      engine,
    );
    expect(reads).toEqual([[page, questionPaper]]);
    // the question paper is read for its text and code, never as an answer
    expect(lookups[0].pages.map((p) => p.paperCode)).toEqual(['MW-ABC123']);
    expect(lookups[0].question?.text).toBe('Name the bond formed between amino acids.');
    expect(graded).toMatchObject({
      answerText: '1. a peptide bond\n3. water is released',
      questionText: 'Name the bond formed between amino acids.',
      confidence: 80,
      readBy: 'OCR by the test reader',
    });
    // one marking call, for the two questions answered; question 2 has no answer and is not marked
    expect(marked).toHaveLength(1);
    expect(marked[0].map((m) => [m.question, m.answer])).toEqual([
      [q1, 'a peptide bond'],
      [q3, 'water is released'],
    ]);
    expect(graded.questions.map((q) => [q.number, q.answer, q.feedback?.marks_awarded ?? null])).toEqual([
      [1, 'a peptide bond', 1],
      [2, '', null],
      [3, 'water is released', 1],
    ]);
  });

  it("leaves a printed paper's own print out of the answers", async () => {
    const page = Buffer.from('printed page');
    const { engine, marked } = fakeEngine(new Map([[page, 'Biology: proteins\nName the bond formed between amino acids.\npeptide bond']]));
    const graded = await gradeReadPages({ pages: [page], scheme: { questions: [q1], printed: ['Biology: proteins'] } }, engine);
    expect(marked[0][0].answer).toBe('peptide bond');
    expect(graded.scheme?.questions).toEqual([q1]);
  });

  it('marks a corrected transcript without reading anything', async () => {
    const { engine, reads } = fakeEngine(new Map());
    const graded = await gradeReadPages({ pages: { transcript: 'condensation' }, scheme: { questions: [q2], printed: null } }, engine);
    expect(reads).toHaveLength(0);
    expect(graded.readBy).toBe('transcript corrected by the teacher');
    expect(graded.pages).toEqual([]);
    expect(graded.questions[0]).toMatchObject({ answer: 'condensation', feedback: { marks_awarded: 1 } });
  });

  it('looks nothing up and marks nothing when nothing is written, or when no scheme is found', async () => {
    const blank = Buffer.from('blank');
    const written = Buffer.from('written');
    const { engine, marked } = fakeEngine(new Map([[written, 'peptide bond']]));
    let asked = 0;
    const schemeFor = async () => {
      asked += 1;
      return null;
    };
    const none = await gradeReadPages({ pages: [blank], schemeFor }, engine);
    expect(asked).toBe(0);
    expect(none).toMatchObject({ answerText: '', scheme: null, questions: [] });
    const unknown = await gradeReadPages({ pages: [written], schemeFor }, engine);
    expect(asked).toBe(1);
    expect(unknown).toMatchObject({ answerText: 'peptide bond', scheme: null, questions: [] });
    expect(marked).toHaveLength(0);
  });
});
