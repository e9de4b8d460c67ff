import type { Feedback } from '../../../shared/mark-scheme';
import type { GradedPages, GradedQuestion, GradePagesInput, PagesRead, PagesScheme, QuestionForMarking, SheetReading } from '../engine';
import { answerParts } from './printed-text';

/** What the pipeline needs of an engine: a reader of photographed pages and a marker of answers. */
export interface PageReaderAndMarker {
  /** Each image as read, in order (OCR and QR code). */
  read(images: Buffer[]): Promise<SheetReading[]>;
  /** Each answer marked against its question's scheme, in order (§3 Feedback, marked_by set). */
  mark(answers: { question: QuestionForMarking; answer: string }[]): Promise<Feedback[]>;
}

/** A teacher's corrected transcript as the one page read. */
const TRANSCRIPT_READER = 'transcript corrected by the teacher';

/**
 * The grading pipeline, for a reader and a marker: pages in → each page's text and paper code (QR or printed) →
 * the scheme (the one given, else the caller's lookup from what was read) → each question's answer region (a printed
 * paper's own print left out, issue 26) → marked against that question's scheme → a structured result per question.
 * The built-in engine runs it with OCR and its marker; the LLM engine with the built-in reader when its vision model
 * is not used or fails.
 */
export async function gradeReadPages(input: GradePagesInput, engine: PageReaderAndMarker): Promise<GradedPages> {
  let read: PagesRead;
  if ('transcript' in input.pages) {
    read = { pages: [{ text: input.pages.transcript, confidence: 100, paperCode: null, readBy: TRANSCRIPT_READER }], question: null };
  } else if ('read' in input.pages) {
    // pages this pipeline read before (a class set's, one by one to match them to their students): not read again
    read = { pages: input.pages.read, question: null };
  } else {
    const images = input.questionImage ? [...input.pages, input.questionImage] : input.pages;
    const readings = await engine.read(images);
    read = { pages: readings.slice(0, input.pages.length), question: input.questionImage ? (readings[input.pages.length] ?? null) : null };
  }
  const answerText = read.pages.map((p) => p.text).join('\n');
  const confidence = read.pages.length ? Math.min(...read.pages.map((p) => p.confidence)) : 0;
  const readBy = 'transcript' in input.pages ? TRANSCRIPT_READER : `OCR by ${read.pages[0]?.readBy ?? 'Tesseract'}`;
  const base = {
    answerText,
    questionText: read.question?.text ?? '',
    confidence,
    readBy,
    pages: 'transcript' in input.pages ? [] : read.pages,
  };
  // Nothing written: nothing to look a scheme up by or to mark.
  if (!answerText.trim()) return { ...base, scheme: input.scheme ?? null, questions: [] };
  const scheme = (input.schemeFor ? await input.schemeFor(read) : input.scheme) ?? null;
  if (!scheme) return { ...base, scheme: null, questions: [] };
  return { ...base, scheme, questions: await markRegions(scheme, answerText, engine.mark) };
}

/**
 * Each question's answer region of `answerText` (cut by the questions as printed, when the scheme says how they were),
 * marked; a question with none is not marked (feedback null).
 */
export async function markRegions(scheme: PagesScheme, answerText: string, mark: PageReaderAndMarker['mark']): Promise<GradedQuestion[]> {
  const parts = answerParts(answerText, scheme.printedQuestions ?? scheme.questions, scheme.printed);
  const answered = scheme.questions
    .map((question) => ({ question, answer: (parts.get(question.number) ?? '').trim() }))
    .filter((q) => q.answer);
  const feedback = answered.length ? await mark(answered) : [];
  return scheme.questions.map((question) => {
    const i = answered.findIndex((a) => a.question === question);
    return i < 0
      ? { number: question.number, answer: '', feedback: null }
      : { number: question.number, answer: answered[i].answer, feedback: feedback[i] };
  });
}
