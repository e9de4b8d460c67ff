import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { markPointSchema, schemeMaxMarks } from '../../../shared/mark-scheme';
import type { GeneratedPaper, PracticePaperInput, QuestionForMarking } from '../engine';
import { isEngineError } from '../engine';
import { escapeHtml } from '../text/html-entities';
import { createBuiltinEngine } from './builtin-engine';
import { findTopic, listSubjects, listTopics } from './bank/bank';
import { findQuestion } from './grading/find-question';
import { stopImageReader } from './ocr/read-image-text';

const engine = createBuiltinEngine();
const subjects = listSubjects();
const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'ocr/fixtures', name));

afterAll(() => stopImageReader());

function expectSchemesAddUp(paper: GeneratedPaper) {
  for (const q of paper.questions) {
    expect(q.markScheme.length, q.text).toBeGreaterThan(0);
    // the points' marks with each "max N" group capped, or the top level's marks for a levels-marked question
    expect(schemeMaxMarks(q.markScheme, q.schemeRules), q.text).toBe(q.totalMarks);
  }
}

/** The section of the printed paper after `heading`, up to the next section. */
function teacherSection(html: string, heading: string): string {
  const start = html.indexOf(`<h2>${heading}</h2>`);
  if (start === -1) return '';
  const end = html.indexOf('</section>', start);
  return html.slice(start, end);
}

describe('the built-in engine', () => {
  it('names itself', () => {
    expect(engine.info).toEqual({ kind: 'builtin', model: 'builtin', label: 'the built-in marker' });
    expect(subjects).toEqual(expect.arrayContaining(['Biology', 'Chemistry', 'Mathematics', 'Physics']));
  });

  it.each(subjects)(
    'writes a %s course: the spec title and a first paper of 10 questions with mark schemes that add up',
    async (subject) => {
      const course = await engine.generateCourse({ subject: subject.toLowerCase(), seed: 7 });
      expect(course.title).toBe(`${subject} A-Level Practice`);
      expect(course.subject).toBe(subject);
      expect(course.paper.questions).toHaveLength(10);
      expectSchemesAddUp(course.paper);
      expect(course.paper.generatedBy).toBe('the built-in question bank');
    },
  );

  it('refuses a subject outside the offline bank, naming the subjects it has and saying others need an AI provider', async () => {
    const error = await engine.generateCourse({ subject: 'Latin' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isEngineError(error) && error.code).toBe('UNSUPPORTED_SUBJECT');
    const message = (error as Error).message;
    expect(message).toContain('"Latin" is not in the offline question bank');
    for (const subject of subjects) expect(message).toContain(subject);
    expect(message).toMatch(/other subjects need your school to connect an AI provider/);
    expect(message).not.toMatch(/AI_PROVIDER|README/);
    await expect(engine.generatePaper({ subject: 'Latin', difficulty: 'easy', count: 5 })).rejects.toThrow(
      /Markwell can write .* questions by itself; other subjects need your school to connect an AI provider/,
    );
  });

  it('refuses a paper topic that matches none of the subject’s, listing the topics there are (never swapping it)', async () => {
    const error = await engine.generatePaper({ subject: 'Physics', topic: 'Quantum tunnelling', difficulty: 'medium', count: 5 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isEngineError(error) && error.code).toBe('UNSUPPORTED_SUBJECT');
    expect((error as Error).message).toMatch(/^No questions on 'Quantum tunnelling' yet\. Topics available: .*Electricity.*Waves\.$/);
    const paper = await engine.generatePaper({ subject: 'Physics', topic: 'electricity', difficulty: 'medium', count: 5 });
    expect(paper.topic).toBe('Electricity');
  });

  it('writes papers of the requested size, on the requested topic', async () => {
    const topic = listTopics('Biology')[1];
    const five = await engine.generatePaper({ subject: 'Biology', topic, difficulty: 'medium', count: 5, seed: 1 });
    expect(five.questions).toHaveLength(5);
    expect(five.topic).toBe(topic);
    expect(five.questions.every((q) => q.topic === topic)).toBe(true);
    expectSchemesAddUp(five);

    const twenty = await engine.generatePaper({ subject: 'Physics', difficulty: 'hard', count: 20, seed: 2 });
    expect(twenty.questions).toHaveLength(20);
    expect(twenty.topic).toBeNull();
    expect(new Set(twenty.questions.map((q) => q.sourceId)).size).toBe(20);
    expectSchemesAddUp(twenty);
    expect(twenty.generatedBy).toBe('the built-in question bank');
  });

  describe('printable practice paper', () => {
    const topic = 'Cells';
    const bankTopic = findTopic('Biology', topic)!;
    const input: PracticePaperInput = {
      subject: 'biology',
      topic,
      questionCount: 20,
      difficultyLevel: 'medium',
      includeAnswers: true,
      includeMarkScheme: true,
    };
    const fixedQuestions = bankTopic.questions.filter((q) => !q.template);

    it('with answers and mark schemes on, has the answer key and a mark scheme for every question on it', async () => {
      // the topic holds more than 20 questions since the bank grew (issue 31): the paper has 20 of them
      expect(bankTopic.questions.length).toBeGreaterThan(20);
      const { filename, html } = await engine.practicePaper(input);
      expect(filename).toBe('biology-cells-practice-paper.html');
      expect(html).toContain('<h1>Biology: Cells</h1>');
      expect(html).toContain('written by the built-in question bank');

      const key = teacherSection(html, 'Answer key (for teachers)');
      expect(key.match(/<li>/g)).toHaveLength(20);
      const scheme = teacherSection(html, 'Mark scheme (for teachers)');
      const headings = [...scheme.matchAll(/<h3>Question \d+ \[(\d+) marks?\]<\/h3>/g)];
      expect(headings).toHaveLength(20);
      const totalMarks = Number(/· (\d+) marks ·/.exec(html)?.[1]);
      const schemeMarks = headings.reduce((n, m) => n + Number(m[1]), 0);
      expect(schemeMarks).toBe(totalMarks);
    });

    it('with them off, has neither', async () => {
      const { html } = await engine.practicePaper({ ...input, includeAnswers: false, includeMarkScheme: false });
      expect(html).toContain('Question 1');
      expect(html).not.toContain('Answer key');
      expect(html).not.toContain('Mark scheme');
      expect(html).not.toContain('class="teacher"');
      for (const q of fixedQuestions) for (const p of q.markScheme) expect(html).not.toContain(`${escapeHtml(p.text)} [${p.marks}]`);
    });

    it('refuses a topic the subject lacks, as the course page does, naming the topics there are (issue 27)', async () => {
      await expect(
        engine.practicePaper({ ...input, subject: 'Physics', topic: 'Nonexistent topic xyz', questionCount: 5 }),
      ).rejects.toThrow("No questions on 'Nonexistent topic xyz' yet. Topics available: Electricity,");
    });
  });

  it('names the built-in engine in every result', async () => {
    const question: QuestionForMarking = {
      text: '<p>What is the function of the nucleus? (1 mark)</p>',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [markPointSchema.parse({ id: 'p1', text: 'contains the genetic material', accept: ['contains DNA'] })],
      subject: 'Biology',
    };
    const feedback = await engine.evaluateAnswer({ question, answer: 'It contains the DNA of the cell.' });
    expect(feedback.marked_by).toBe('the built-in marker');
    expect((await engine.tutorReply({ question, history: [], message: 'Can I have a hint?' })).by).toBe('the built-in tutor');
    const pages = ['The nucleus contains the genetic material of the cell.', 'Mitochondria are the site of aerobic respiration.'];
    const answer = await engine.answerFromDocument({ name: 'cells.pdf', pages, question: 'What does the nucleus contain?' });
    expect(answer.by).toBe('the built-in document reader');
    expect(answer.citations[0].page).toBe(1);
    const notes = [
      'Osmosis is the movement of water molecules across a partially permeable membrane, from a dilute solution to a concentrated solution. ' +
        'Diffusion is the net movement of particles from a region of higher concentration to a region of lower concentration.',
    ];
    expect(
      (await engine.questionsFromDocument({ name: 'notes.pdf', pages: notes, subject: 'Biology', count: 2, seed: 1 })).generatedBy,
    ).toBe('the built-in question writer');
    // the grading pipeline: the question found in the bank from the photographed question's text, the answer marked
    const grading = await engine.gradePages({
      pages: [fixture('answer-sheet.png')],
      questionImage: fixture('question-sheet.png'),
      schemeFor: async (read) => {
        const found = findQuestion({ text: read.question?.text ?? '' });
        return found && { questions: [{ ...found.question, number: 1 }], printed: null };
      },
    });
    expect(grading.readBy).toBe('OCR by Tesseract');
    expect(grading.scheme?.questions).toHaveLength(1);
    expect(grading.questions[0].feedback?.marked_by).toBe('the built-in marker');
    expect(grading.questions[0].feedback!.marks_awarded).toBeGreaterThan(0);
  }, 90_000);
});
