// Plain constants (no zod) of practice.ts: the signed-in screens import these without pulling in the contract's schemas.

/** §9 constants of the practice loop. */
export const QUESTION_COUNT = { min: 5, max: 20, step: 1, default: 10 } as const;
/** One set of difficulty names on every screen (issue 27): the course page, the papers list and the practice-paper dialog. */
export const DIFFICULTY_CHOICES = ['easy', 'medium', 'hard'] as const;
/**
 * What POST /api/question-papers/generate accepts: the choices, and the spec's older course-page names 'challenging'
 * and 'difficult' (both read as hard), so that the spec's payloads stay valid.
 */
export const ALL_DIFFICULTIES = ['easy', 'medium', 'hard', 'challenging', 'difficult'] as const;
export const DEFAULT_DIFFICULTY = 'medium' as const;
export const DEFAULT_SUBJECT = 'Physics';
export const COURSE_TITLE_SUFFIX = ' A-Level Practice';

/** The exam screen's title without a paper: '{course title} Practice', not doubled for a course already called '… Practice'. */
export function practiceTitle(courseTitle: string): string {
  const title = courseTitle.trim();
  return /\bpractice$/i.test(title) ? title : `${title} Practice`;
}
export const QUESTION_TEXT_CUT = 150;
export const ANSWER_MAX_LENGTH = 20_000;
/** Typing debounce, then autosave (§9). */
export const ANSWER_DEBOUNCE_MS = 800;
export const AUTOSAVE_DELAY_MS = 1000;

export const PRACTICE_TEXT = {
  /** A question imported without a mark scheme (questions.needs_scheme): nothing marks it until one is written. */
  needsScheme: 'This question has no mark scheme yet: your teacher needs to write one before it can be marked.',
  needsSchemeNote: 'Not marked: this question has no mark scheme yet, so it is left out of the total.',
  subjectRequiredTitle: 'Subject required',
  subjectRequired: 'Please enter a subject to generate a course.',
  topicRequiredTitle: 'Topic required',
  topicRequired: (subject: string) => `Please enter a ${subject.trim().toLowerCase() || 'biology'} topic to generate questions`,
  answerRequired: 'Please enter an answer before submitting',
  messageRequired: 'Please enter a message for the tutor.',
  courseNotFound: 'Course not found',
  courseNotFoundDetail: "The course you're looking for doesn't exist or you don't have access to it.",
  paperNotFound: 'Question paper not found',
  paperNotFoundDetail: "This question paper doesn't exist or you don't have access to it.",
  questionNotFound: 'Question not found',
  questionNotFoundDetail: "This question isn't part of the paper, or you don't have access to it.",
  questionsLoadFailed: 'The questions could not be loaded. Please try again.',
} as const;

/** The subject to use where one is needed and the course's is blank (§9). */
export function subjectOrDefault(subject: string | null | undefined): string {
  return subject?.trim() || DEFAULT_SUBJECT;
}

/** What the exam screen says when the server holds other text than the one a save was based on. */
export const ANSWER_CONFLICT_NOTICE = 'This answer was changed in another tab';

/** POST /api/tutor/message/stream: the `error` event's message when the reply broke off after it began. */
export const TUTOR_STREAM_FAILED = 'The tutor stopped before finishing its reply. Please send your message again.';
