import { randomInt } from 'node:crypto';
import { COURSE_TITLE_SUFFIX, QUESTION_COUNT } from '../../../shared/practice-text';
import { engineError, type Engine, type GeneratedPaper } from '../engine';
import { drawPaper } from './bank/draw-paper';
import { findSubject, findTopic, listSubjects, listTopics } from './bank/load-bank';
import { toGeneratedPaper } from './bank/to-generated-paper';
import { answerFromDocument } from './documents/answer-from-document';
import { questionsFromDocument } from './documents/questions-from-document';
import { readPdfPages } from '../documents/read-pdf';
import { findQuestion, searchBank } from './grading/find-question';
import { exportForCourse, importForCourse } from './bank/import-for-course';
import { gradeHandwritten } from './grading/grade-handwritten';
import { readSheets } from './ocr/read-sheets';
import { prepareWordVectors } from './marker/embeddings';
import { markAnswer, warmUpMarker } from './marker/mark-answer';
import { renderPracticePaper } from '../render-practice-paper';
import { builtinTutorReply } from './tutor/tutor-reply';

export const BUILTIN_LABEL = 'the built-in marker';
const BANK_LABEL = 'the built-in question bank';

function joinNames(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

/** In a student's words: which subjects work without an AI provider, and what other subjects need. */
function unsupportedSubject(subject: string): Error {
  return engineError(
    'UNSUPPORTED_SUBJECT',
    `"${subject}" is not in the offline question bank yet. Markwell can write ${joinNames(listSubjects())} questions by itself; other subjects need your school to connect an AI provider.`,
  );
}

/** The bank's topics for a subject (its canonical name found as the generators find it); [] for one it lacks. */
export function topicsOf(subject: string): string[] {
  const canonical = findSubject(subject)?.name;
  return canonical ? listTopics(canonical) : [];
}

/** A paper's topic that matches none of the subject's: refused, never swapped for another (issue 13). */
function unknownTopic(subject: string, topic: string): Error {
  const asked = topic.length > 40 ? `${topic.slice(0, 40)}…` : topic;
  const topics = listTopics(subject);
  // Kept under 300 characters: the topics that fit, then how many more there are.
  let shown = topics.length;
  const say = (n: number) =>
    `No questions on '${asked}' yet. Topics available: ${topics.slice(0, n).join(', ')}${n < topics.length ? ` and ${topics.length - n} more` : ''}.`;
  while (shown > 1 && say(shown).length > 290) shown--;
  return engineError('UNSUPPORTED_SUBJECT', say(shown));
}

function paperFromBank(input: {
  subject: string;
  topic?: string | null;
  difficulty: string;
  count: number;
  seed?: number;
  topics?: string[];
  skills?: string[];
}): GeneratedPaper {
  const subject = findSubject(input.subject)?.name;
  if (!subject) throw unsupportedSubject(input.subject);
  const drawn = drawPaper({
    subject,
    topic: input.topic ?? undefined,
    difficulty: input.difficulty,
    count: input.count,
    seed: input.seed ?? randomInt(2 ** 31),
    topics: input.topics,
    skills: input.skills,
  });
  return toGeneratedPaper(drawn, BANK_LABEL);
}

/** The default engine: offline, no keys, deterministic given a seed. */
export function createBuiltinEngine(): Engine {
  return {
    /**
     * Loads the word vectors and the marker's model, so that the first student is not kept waiting. The
     * vectors are read (or, once per install, converted) without blocking the event loop.
     */
    async warmUp() {
      await prepareWordVectors();
      warmUpMarker();
    },
    info: { kind: 'builtin', model: 'builtin', label: BUILTIN_LABEL },

    async generateCourse({ subject, seed }) {
      const canonical = findSubject(subject)?.name;
      if (!canonical) throw unsupportedSubject(subject);
      const paper = paperFromBank({ subject: canonical, difficulty: 'medium', count: QUESTION_COUNT.default, seed });
      return { title: `${canonical}${COURSE_TITLE_SUFFIX}`, subject: canonical, paper };
    },

    async generatePaper(input) {
      const subject = findSubject(input.subject)?.name;
      const topic = input.topic?.trim();
      if (subject && topic && !findTopic(subject, topic)) throw unknownTopic(subject, topic);
      return paperFromBank(input);
    },

    async listTopics(subject) {
      return topicsOf(subject);
    },

    async evaluateAnswer({ question, answer }) {
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
      return builtinTutorReply(input);
    },

    async answerFromDocument(input) {
      return answerFromDocument(input);
    },

    async questionsFromDocument(input) {
      return questionsFromDocument({ ...input, seed: input.seed ?? randomInt(2 ** 31) });
    },

    async gradeHandwritten(input) {
      return gradeHandwritten(input);
    },

    async practicePaper(input) {
      const paper = paperFromBank({
        subject: input.subject,
        topic: input.topic,
        difficulty: input.difficultyLevel,
        count: input.questionCount,
      });
      return { ...renderPracticePaper(paper, { ...input, subject: findSubject(input.subject)?.name ?? input.subject }), paper };
    },

    async readSheets(input) {
      return readSheets(input.images);
    },

    async findQuestion(input) {
      return findQuestion(input);
    },

    async searchBank(input) {
      return searchBank(input.query, input.limit);
    },

    async importQuestions(input) {
      return importForCourse(input);
    },

    async exportQuestions(input) {
      return exportForCourse(input);
    },

    async readPdf(data) {
      return readPdfPages(data);
    },
  };
}
