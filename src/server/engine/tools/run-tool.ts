import type { ToolInput, ToolName, ToolOutput, ToolRunner } from './tool-calls';

/**
 * Each tool, done in the thread that calls it. Every module is loaded on its first call (pdf.js, the question bank, the
 * file parsers and Tesseract stay out of a thread that never needs them, issue 29). The pool's workers answer the
 * tools' calls with these same handlers (builtin/pool/engine-worker.ts).
 */
export const toolHandlers: { [K in ToolName]: (input: ToolInput<K>) => Promise<ToolOutput<K>> } = {
  readPdf: async (data) => (await import('../documents/read-pdf')).readPdfPages(data),
  importQuestions: async (input) => (await import('../builtin/bank/import-for-course')).importForCourse(input),
  exportQuestions: async (input) => (await import('../builtin/bank/import-for-course')).exportForCourse(input),
  searchBank: async (input) => (await import('../builtin/grading/find-question')).searchBank(input.query, input.limit),
  findQuestion: async (input) => (await import('../builtin/grading/find-question')).findQuestion(input),
  readSheets: async (input) => (await import('../builtin/ocr/read-sheets')).readSheets(input.images),
};

function runHere<K extends ToolName>(call: K, input: ToolInput<K>): Promise<ToolOutput<K>> {
  return toolHandlers[call](input);
}

/** The tools run in this thread: the default of an app without a worker pool (ENGINE_WORKERS=0, tests). */
export const toolsInThisThread: ToolRunner = { run: runHere };
