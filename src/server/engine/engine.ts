import type { Feedback, MarkPoint, QuestionType, SchemeRules } from '../../shared/mark-scheme';
import type { GradingQuestion } from '../../shared/teacher';
import type { TopicMatch } from '../../shared/topics';
import type { BoardId } from '../../shared/specification';

/**
 * What the product needs from "AI", in the product's own terms. Two implementations: the built-in
 * offline engine (builtin/) and the LLM engine (llm/), which falls back to the built-in one.
 * Every result says which engine and model produced it. Work that is not AI (reading a PDF's text, question
 * files in and out, finding questions in the bank, reading a sheet's text and QR code) is not here: services and
 * the engines' grading pipelines call it as tools (tools/tool-calls.ts).
 */

/** Who produced a result, as the UI shows it: 'Marked by <label>'. */
export interface EngineInfo {
  kind: 'builtin' | 'llm';
  /** e.g. 'builtin', 'gpt-4o-mini', 'gemini-2.0-flash', 'llama3.1'. */
  model: string;
  /** e.g. 'the built-in marker', 'gpt-4o-mini (OpenAI)'. */
  label: string;
}

export type Difficulty = 'easy' | 'medium' | 'hard' | 'challenging' | 'difficult';

/** A question as the engine writes it, before it is stored. */
export interface GeneratedQuestion {
  text: string; // HTML, KaTeX maths in \( \) and \[ \]
  type: QuestionType;
  totalMarks: number;
  options?: Record<string, string>;
  correctAnswer?: string;
  markScheme: MarkPoint[];
  /** Groups, levels and the final-answer rule, when the scheme has them. */
  schemeRules?: SchemeRules;
  modelAnswer?: string;
  hints: string[];
  topic?: string;
  /** The bank question it came from, when it came from the built-in bank. */
  sourceId?: string;
  /** Imported without a mark scheme (an essay with none in the file): stored flagged, not marked until its owner writes one. */
  needsScheme?: boolean;
  /** Its own name in the file it was imported from (Moodle's <name>, GIFT's ::title::), written back on export. */
  name?: string;
  /** Multiple choice: options shown in an order of each student's own, the same on every visit (Moodle's shuffleanswers). */
  shuffleOptions?: boolean;
}

export interface GeneratedPaper {
  title: string;
  description: string;
  topic: string | null;
  difficultyLevel: string;
  questions: GeneratedQuestion[];
  /** EngineInfo.label of what wrote it. */
  generatedBy: string;
  /** Anything the student should know, e.g. 'The bank has 7 questions on this topic; all are included.' */
  note?: string;
}

/** A stored question with everything a marker or tutor needs. */
export interface QuestionForMarking {
  text: string;
  type: QuestionType;
  totalMarks: number;
  markScheme: MarkPoint[];
  schemeRules?: SchemeRules | null;
  options?: Record<string, string> | null;
  correctAnswer?: string | null;
  modelAnswer?: string | null;
  hints?: string[] | null;
  subject?: string | null;
  topic?: string | null;
}

export interface TutorTurn {
  role: 'assistant' | 'user';
  content: string;
}

export interface TutorInput {
  question: QuestionForMarking;
  /** The student's current answer, if any. */
  answer?: string | null;
  /** The latest feedback on that answer, if it was marked. */
  feedback?: Feedback | null;
  /** Earlier turns of this conversation, oldest first (the greeting included). */
  history: TutorTurn[];
  message: string;
}

export interface TutorReply {
  /** HTML; sanitised by the client before it is shown. */
  content: string;
  by: string;
}

export interface DocumentAnswer {
  /** HTML or plain text quoting the best passages with their page numbers. */
  response: string;
  citations: { page: number; text: string }[];
  by: string;
}

export interface GradingBreakdown {
  section: string;
  marksAwarded: number;
  maxMarks: number;
  comments: string; // HTML
}

export interface GradingResult {
  marksAwarded: number;
  totalMarks: number;
  feedback: string; // HTML
  detailedBreakdown: GradingBreakdown[];
  /** What was read from the images. */
  questionText: string;
  answerText: string;
  by: string;
}

/** What was read from one photographed sheet. */
export interface SheetReading {
  text: string;
  /** The reader's mean confidence, 0–100. */
  confidence: number;
  /** A practice paper's code found on the sheet (its QR code, else the printed words), normalised, or null. */
  paperCode: string | null;
  /** A class set's page (issue 26): the student whose copy it is and the page within the copy, from its QR code. */
  studentId?: string | null;
  page?: number | null;
  /** What read it, e.g. 'Tesseract'. */
  readBy: string;
}

/** The scheme pages are marked against: its questions with their numbers on the pages. */
export interface PagesScheme {
  questions: GradingQuestion[];
  /** A printed paper of ours: the lines it carries beside its questions (its print is never an answer); null otherwise. */
  printed: string[] | null;
  /**
   * The questions as the pages print them, when that is not `questions` (a class set printed before a question was
   * edited, marked against the scheme as it is now): what the pages are cut into answers by and whose print is left
   * out. Default: `questions`.
   */
  printedQuestions?: { number: number; text: string; options?: Record<string, string> | null }[];
}

/** What was read from the pages, before any marking: what a scheme is looked up by (codes, the question's text). */
export interface PagesRead {
  /** Each answer page as read: its text, its paper code and, on a class set's page, its student and page. */
  pages: SheetReading[];
  /** The question paper as read, or null without one. */
  question: SheetReading | null;
}

/**
 * Engine.gradePages (issue 26): pages in → each page's text and paper code (QR or printed) → each question's answer
 * region → marked against that question's scheme. The scheme is the teacher's choice when known before reading
 * (`scheme`), else the caller's lookup from what was read (`schemeFor`: paper code, question text); with neither, or
 * when the lookup finds none, nothing is marked.
 */
export interface GradePagesInput {
  /**
   * The answer pages in order (photographs or a scan's pages); or a transcript already read (a teacher's correction);
   * or pages already read by this pipeline (`read`: a class set's pages, each read alone to match it to its student).
   */
  pages: Buffer[] | { transcript: string } | { read: SheetReading[] };
  /** A photograph of the question paper: read for its text and code, never marked. */
  questionImage?: Buffer | null;
  /** The scheme chosen before reading, if any: a vision model judges its points as it reads the pages. */
  scheme?: PagesScheme | null;
  /**
   * The caller's lookup from what was read (a chosen scheme completed by it, a paper code, the question's text): when
   * given, it decides the scheme pages read by the built-in reader are marked against. Runs in the caller's thread:
   * ownership and storage stay with the service.
   */
  schemeFor?: (read: PagesRead) => Promise<PagesScheme | null>;
}

/** One question of the scheme as graded: its answer region and the marker's decisions (data, not words). */
export interface GradedQuestion {
  number: number;
  /** The part of the pages that answers it ('' when none). */
  answer: string;
  /** §3 Feedback: each point's status, marks, evidence, rule and confidence, marked_by set; null: no answer found. */
  feedback: Feedback | null;
}

/** The pages graded: what was read, the scheme used, and a structured result per question and point. */
export interface GradedPages {
  /** The answer pages' text, in order. */
  answerText: string;
  /** The question paper as read, or '' without one. */
  questionText: string;
  /** The reader's mean confidence, 0–100. */
  confidence: number;
  /** e.g. 'OCR by Tesseract', 'photo read by gpt-4o', 'transcript corrected by the teacher'. */
  readBy: string;
  /** What each answer page carried (paper code, student, page), as read; [] for a transcript. */
  pages: SheetReading[];
  /** The scheme marked against (given or looked up), or null: nothing was marked. */
  scheme: PagesScheme | null;
  /** Each scheme question, in the scheme's order. */
  questions: GradedQuestion[];
}

/** A question whose scheme the grader can mark against, without its number on the sheet. */
export type SchemeQuestion = Omit<GradingQuestion, 'number'>;

export interface FindQuestionInput {
  /** A bank question's id. */
  id?: string;
  /** Text read from a photographed question: matched to `candidates` and to the bank (templates included). */
  text?: string;
  /** The teacher's own questions, tried before the bank. */
  candidates?: SchemeQuestion[];
}

export interface FoundQuestion {
  question: SchemeQuestion;
  /** In words, e.g. 'bank question biology-enzymes-03' or the candidate's ref. */
  label: string;
  /** Share of the question's words found in the text (1 for a lookup by id). */
  score: number;
}

/** A bank question in a search listing. */
export interface BankQuestionSummary {
  id: string;
  /** Plain text, cut to 200 characters. */
  text: string;
  marks: number;
  subject: string;
  topic: string;
}

export interface PracticePaperInput {
  subject: string;
  topic: string;
  questionCount: number;
  difficultyLevel: Difficulty;
  includeAnswers: boolean;
  includeMarkScheme: boolean;
}

/** A teacher's own question to draft a mark scheme for (Engine.draftMarkScheme). */
export interface SchemeDraftInput {
  question: Pick<QuestionForMarking, 'text' | 'type' | 'modelAnswer' | 'hints' | 'topic'>;
  subject: string | null;
  /** The marks the scheme must give, or null when the question has none yet (the drafter chooses). */
  totalMarks: number | null;
}

/** A drafted mark scheme, checked like any scheme but not stored: the teacher edits and saves it. */
export interface SchemeDraft {
  points: MarkPoint[];
  rules: SchemeRules;
  totalMarks: number;
  /** EngineInfo.label of what drafted it. */
  by: string;
}

/** Points of one board's specification chosen for a paper, with their titles for its heading. */
export interface SpecPointsChoice {
  board: BoardId;
  /** e.g. 'AQA'. */
  boardName: string;
  points: { ref: string; title: string }[];
}

export interface Engine {
  info: EngineInfo;
  /** Optional: load models ahead of the first request (called once the server is listening). */
  warmUp?(): Promise<void>;
  /** A course for a subject: its title and an initial question paper. */
  generateCourse(input: { subject: string; seed?: number }): Promise<{ title: string; subject: string; paper: GeneratedPaper }>;
  generatePaper(input: {
    subject: string;
    topic?: string | null;
    difficulty: Difficulty;
    count: number;
    seed?: number;
    /** Optional (weak points): topics to draw from when `topic` is not given. */
    topics?: string[];
    /** Optional (weak points): prefer questions with mark-scheme points of these skills (src/shared/mark-scheme.ts SKILLS). */
    skills?: string[];
    /** Optional (issue 31): only bank questions tagged with these points of a board's specification (`topic` is ignored). */
    spec?: SpecPointsChoice;
    /** Optional (issue 31): bank question ids the student has had already, drawn only when nothing new is left. */
    seen?: string[];
  }): Promise<GeneratedPaper>;
  /**
   * Optional: the topics the engine can write papers on offline for a subject (the built-in bank's), for the
   * generators' suggestions; [] for a subject it does not cover. An engine that writes on any topic leaves it out.
   */
  listTopics?(subject: string): Promise<string[]>;
  /**
   * Optional: what a typed topic will be taken as before a paper is generated (issue 27): a topic as named, a near
   * one (misspelt, or part of a topic) with the topic the paper will be on, or none. Left out by an engine that
   * writes on any topic.
   */
  matchTopic?(subject: string, topic: string): Promise<TopicMatch>;
  /** Optional: the subjects that work offline (the built-in bank's), for the New Course card. */
  offlineSubjects?(): Promise<string[]>;
  /** §3 Feedback, with marked_by set. */
  evaluateAnswer(input: { question: QuestionForMarking; answer: string }): Promise<Feedback>;
  tutorReply(input: TutorInput): Promise<TutorReply>;
  /**
   * Optional: the tutor's reply streamed as it is written (`onText` gets each piece of raw text); resolves to
   * the whole reply (HTML, checked), which replaces what was streamed. Engines without it answer whole.
   */
  streamTutorReply?(input: TutorInput, onText: (text: string) => void): Promise<TutorReply>;
  answerFromDocument(input: { name: string; pages: string[]; question: string }): Promise<DocumentAnswer>;
  questionsFromDocument(input: { name: string; pages: string[]; subject: string; count?: number; seed?: number }): Promise<GeneratedPaper>;
  /**
   * Optional (LLM): with no scheme to mark against, a model reads the question itself and splits the teacher's maximum
   * into sections of its own. The built-in engine has no such judgement: it grades against a scheme only (gradePages).
   */
  gradeHandwritten?(input: { questionImage: Buffer; answerImage: Buffer; maxMarks: number }): Promise<GradingResult>;
  /**
   * The one grading pipeline (GradePagesInput): the built-in engine reads with OCR and marks with its marker; the LLM
   * engine reads and judges a chosen scheme's points with a vision model (marks computed from the scheme in code),
   * falling back to the built-in reader and marker, labelled. The result is data: the service's presenter
   * (grading/present-grading.ts) writes the words.
   */
  gradePages(input: GradePagesInput): Promise<GradedPages>;
  /** A printable HTML document (§7 {filename, html}) and the paper it prints, for keeping and marking. */
  practicePaper(input: PracticePaperInput): Promise<{ filename: string; html: string; paper?: GeneratedPaper }>;
  /**
   * Optional (LLM): a draft mark scheme for a teacher's own question (points with marks, levels for an extended
   * answer), checked against the marks it must give; an unusable draft or a failed call is an 'UNAVAILABLE'
   * error, never a fallback. The built-in engine cannot write one: without this method drafting is offered to no one.
   */
  draftMarkScheme?(input: SchemeDraftInput): Promise<SchemeDraft>;
}

/** An error the engine means the student to read, e.g. a subject the offline bank does not cover. */
export type EngineError = Error & { engineError: true; code: 'UNSUPPORTED_SUBJECT' | 'UNAVAILABLE' | 'BAD_INPUT' };

export function engineError(code: EngineError['code'], message: string): EngineError {
  return Object.assign(new Error(message), { engineError: true as const, code });
}

export function isEngineError(error: unknown): error is EngineError {
  return error instanceof Error && (error as Partial<EngineError>).engineError === true;
}
