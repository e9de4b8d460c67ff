import { randomInt } from 'node:crypto';
import { COURSE_TITLE_SUFFIX, QUESTION_COUNT } from '../../../shared/practice';
import { engineError, type Engine, type GeneratedPaper } from '../engine';
import { drawPaper } from './bank/draw-paper';
import { findSubject, listSubjects } from './bank/load-bank';
import { toGeneratedPaper } from './bank/to-generated-paper';
import { answerFromDocument } from './documents/answer-from-document';
import { questionsFromDocument } from './documents/questions-from-document';
import { readPdfPages } from '../documents/read-pdf';
import { gradeHandwritten } from './grading/grade-handwritten';
import { markAnswer, warmUpMarker } from './marker/mark-answer';
import { renderPracticePaper } from '../render-practice-paper';
import { builtinTutorReply } from './tutor/tutor-reply';

export const BUILTIN_LABEL = 'the built-in marker';
const BANK_LABEL = 'the built-in question bank';

function unsupportedSubject(subject: string): Error {
  const available = listSubjects();
  const names = available.length > 1 ? `${available.slice(0, -1).join(', ')} and ${available.at(-1)}` : available.join('');
  return engineError(
    'UNSUPPORTED_SUBJECT',
    `"${subject}" is not in the offline question bank. Subjects available offline: ${names}. Other subjects need an AI provider (set AI_PROVIDER; see the README).`,
  );
}

function paperFromBank(input: {
  subject: string;
  topic?: string | null;
  difficulty: string;
  count: number;
  seed?: number;
}): GeneratedPaper {
  const subject = findSubject(input.subject)?.name;
  if (!subject) throw unsupportedSubject(input.subject);
  const drawn = drawPaper({
    subject,
    topic: input.topic ?? undefined,
    difficulty: input.difficulty,
    count: input.count,
    seed: input.seed ?? randomInt(2 ** 31),
  });
  return toGeneratedPaper(drawn, BANK_LABEL);
}

/** The default engine: offline, no keys, deterministic given a seed. */
export function createBuiltinEngine(): Engine {
  return {
    /** Loads the word vectors and the marker's model, so that the first student is not kept waiting. */
    async warmUp() {
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
      return paperFromBank(input);
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
      return renderPracticePaper(paper, { ...input, subject: findSubject(input.subject)?.name ?? input.subject });
    },

    async readPdf(data) {
      return readPdfPages(data);
    },
  };
}
