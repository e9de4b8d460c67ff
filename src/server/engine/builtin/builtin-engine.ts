import { randomInt } from 'node:crypto';
import type { Engine } from '../engine';
import { gradeReadPages, type PageReaderAndMarker } from '../grading/grade-pages';
import { toolsInThisThread } from '../tools/run-tool';

export const BUILTIN_LABEL = 'the built-in marker';

/**
 * Each part of the engine is loaded on its first call, once per thread: a pool worker that only reads PDFs never
 * loads mathjs, the question bank, wink-nlp's model, pdfkit or Tesseract (each engine thread would otherwise hold
 * all of them, about 200 MB, whatever it is asked to do). Later calls reuse the loaded module.
 */
function loader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed load (e.g. a file being replaced) is tried again by the next call
      throw error;
    });
    return loading;
  };
}

const bankPapers = loader(() => import('./bank-papers'));
const bankTopics = loader(() => import('./bank-topics'));
const marker = loader(() => import('./marker/mark-answer'));
const wordVectors = loader(() => import('./marker/embeddings'));
const tutor = loader(() => import('./tutor/tutor-reply'));
const documentAnswers = loader(() => import('./documents/answer-from-document'));
const documentQuestions = loader(() => import('./documents/questions-from-document'));
const practicePrint = loader(() => import('../render-practice-paper'));

/** Sheets read by the readSheets tool (Tesseract and the QR code), in this thread. */
const readHere: PageReaderAndMarker['read'] = (images) => toolsInThisThread.run('readSheets', { images });

/**
 * The default engine: offline, no keys, deterministic given a seed. `readSheets` is the grading pipeline's reader
 * (default: the readSheets tool in this thread); a test gives a reader of its own.
 */
export function createBuiltinEngine(options: { readSheets?: PageReaderAndMarker['read'] } = {}): Engine {
  const readSheets = options.readSheets ?? readHere;
  return {
    /**
     * Loads the marker, its word vectors and its model, so that the first student is not kept waiting. The
     * vectors are read (or, once per install, converted) without blocking the event loop.
     */
    async warmUp() {
      const [{ prepareWordVectors }, { warmUpMarker }] = await Promise.all([wordVectors(), marker()]);
      await prepareWordVectors();
      warmUpMarker();
    },
    info: { kind: 'builtin', model: 'builtin', label: BUILTIN_LABEL },

    async generateCourse(input) {
      return (await bankPapers()).courseFromBank(input);
    },

    async generatePaper(input) {
      return (await bankPapers()).topicPaperFromBank(input);
    },

    async listTopics(subject) {
      return (await bankTopics()).topicsOf(subject);
    },

    async matchTopic(subject, topic) {
      return (await bankTopics()).matchTopic(subject, topic);
    },

    async offlineSubjects() {
      return (await bankTopics()).offlineSubjects();
    },

    async evaluateAnswer({ question, answer }) {
      const { markAnswer } = await marker();
      return markAnswer({
        questionText: question.text,
        type: question.type,
        totalMarks: question.totalMarks,
        markScheme: question.markScheme,
        answer,
        options: question.options ?? undefined,
        correctAnswer: question.correctAnswer ?? undefined,
        rules: question.schemeRules,
      });
    },

    async tutorReply(input) {
      return (await tutor()).builtinTutorReply(input);
    },

    async answerFromDocument(input) {
      return (await documentAnswers()).answerFromDocument(input);
    },

    async questionsFromDocument(input) {
      return (await documentQuestions()).questionsFromDocument({ ...input, seed: input.seed ?? randomInt(2 ** 31) });
    },

    /**
     * The grading pipeline with the sheet reader (Tesseract and the QR code) and the marker: the marker is this
     * engine's evaluateAnswer, called on the engine it is called on (`this`), so an engine built on this one with its
     * own marker (a test's) grades with that.
     */
    async gradePages(input) {
      return gradeReadPages(input, {
        read: readSheets,
        mark: async (answers) => {
          const marked = [];
          for (const answer of answers) marked.push(await this.evaluateAnswer(answer));
          return marked;
        },
      });
    },

    async practicePaper(input) {
      const [{ topicPaperFromBank, canonicalSubject }, { renderPracticePaper }] = await Promise.all([bankPapers(), practicePrint()]);
      // A topic the bank lacks is refused, as on the course page (issue 27), never printed as another topic's paper.
      const paper = topicPaperFromBank({
        subject: input.subject,
        topic: input.topic,
        difficulty: input.difficultyLevel,
        count: input.questionCount,
      });
      return { ...renderPracticePaper(paper, { ...input, subject: canonicalSubject(input.subject) }), paper };
    },
  };
}
