import type { ImportReport } from '../../../shared/question-import';
import type { ImportFormat } from '../../../shared/question-import-text';
import type { BankQuestionSummary, FindQuestionInput, FoundQuestion, GeneratedQuestion, QuestionForMarking, SheetReading } from '../engine';

/**
 * The work that is not AI (docs/decisions/018-engine-tools.md, 019): reading a PDF's text, a teacher's question files in
 * and out, finding questions in the built-in bank, and reading photographed sheets (OCR and QR codes). The same for
 * every engine, so not Engine methods: services (and the engines' grading pipelines) call them through a ToolRunner,
 * which runs them in the worker pool when the app has one (they can be heavy: a large PDF, a long question file, the
 * whole bank, a page of OCR) and in this thread otherwise.
 */

export interface ImportQuestionsInput {
  format: ImportFormat;
  source: string;
  subject: string;
  strict?: boolean;
  seed?: number;
}

/** A teacher's own question file (Moodle GIFT or XML, Markwell JSON) as questions, with a report question by question. */
export interface ImportedQuestions {
  questions: GeneratedQuestion[];
  report: ImportReport;
}

export interface ExportQuestionsInput {
  format: ImportFormat;
  subject: string;
  topic: string;
  description: string;
  difficulty: string;
  /** `name`: the question's own name (from an imported file), written as its Moodle name; `shuffleOptions` as shuffleanswers. */
  questions: (QuestionForMarking & { id: string; name?: string | null; shuffleOptions?: boolean })[];
  /**
   * GIFT and Moodle XML: one category per question topic (in order of first appearance, `topic` for a question
   * without one) instead of one for the whole file, e.g. a whole course. JSON stays one topic file.
   */
  byTopic?: boolean;
}

/** Stored questions as a file to take elsewhere (GIFT or Moodle XML for Moodle, or the bank's JSON). */
export interface QuestionFile {
  content: string;
  contentType: string;
  extension: string;
}

/** Each tool by name: its one (structured-cloneable) input and what it resolves to. */
export interface ToolCalls {
  /** The text of an uploaded PDF, one string per page (documents/read-pdf.ts). */
  readPdf: { input: Uint8Array; output: string[] };
  /** A question file as questions for a course; nothing is stored here. */
  importQuestions: { input: ImportQuestionsInput; output: ImportedQuestions };
  exportQuestions: { input: ExportQuestionsInput; output: QuestionFile };
  /** Bank questions whose words best match `query`, best first. */
  searchBank: { input: { query: string; limit: number }; output: BankQuestionSummary[] };
  /** A question with its scheme, by bank id or by the text read from a photo; null when none is close enough. */
  findQuestion: { input: FindQuestionInput; output: FoundQuestion | null };
  /**
   * Photographed or scanned sheets read offline (Tesseract and the QR code, builtin/ocr/read-sheets.ts), one reading
   * each in order: text, confidence, the paper code and a class set page's student and page. The grading pipeline's
   * first step (Engine.gradePages): the built-in engine reads with it, and so does the LLM engine without its model.
   */
  readSheets: { input: { images: Uint8Array[] }; output: SheetReading[] };
}

export type ToolName = keyof ToolCalls;
export type ToolInput<K extends ToolName> = ToolCalls[K]['input'];
export type ToolOutput<K extends ToolName> = ToolCalls[K]['output'];

/** Runs a tool: in a worker of the pool (the pooled engine's `tools`), or in this thread (run-tool.ts toolsInThisThread). */
export interface ToolRunner {
  run<K extends ToolName>(call: K, input: ToolInput<K>): Promise<ToolOutput<K>>;
}
