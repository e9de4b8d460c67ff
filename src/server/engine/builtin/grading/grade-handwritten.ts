import { engineError, type GradingResult } from '../../engine';
import { escapeHtml } from '../../text/html-entities';
import { fitBreakdownToTotal } from '../../grading/fit-breakdown';
import { summaryWithScore } from '../../feedback-words';
import { loadBank } from '../bank/bank';
import { tokenise } from '../bank/match-text';
import type { BankQuestion } from '../bank/schema';
import { markAnswer } from '../marker/mark-answer';
import { readImageText } from '../ocr/read-image-text';

export const BUILTIN_GRADER_LABEL = 'the built-in marker (OCR by Tesseract)';
/** Share of the bank question's words that the photographed question must contain to count as the same. */
const MATCH_THRESHOLD = 0.6;

/** The bank question whose words the photographed question text covers best (templates excluded). */
export function findBankQuestion(questionText: string): { question: BankQuestion; score: number } | null {
  const read = new Set(tokenise(questionText));
  let best: { question: BankQuestion; score: number } | null = null;
  for (const { question } of loadBank().byId.values()) {
    if (question.template) continue;
    const words = [...new Set(tokenise(question.text))];
    if (words.length < 3) continue;
    const score = words.filter((w) => read.has(w)).length / words.length;
    if (!best || score > best.score) best = { question, score };
  }
  return best && best.score >= MATCH_THRESHOLD ? best : null;
}

/**
 * Offline grading of a photographed answer: Tesseract reads both sheets, the question is found in the
 * built-in bank for its mark scheme, the answer is marked point by point, and marks are scaled to the
 * teacher's maximum. A question outside the bank cannot be graded offline, and the error says so.
 */
export async function gradeHandwritten(input: { questionImage: Buffer; answerImage: Buffer; maxMarks: number }): Promise<GradingResult> {
  const questionRead = await readImageText(input.questionImage);
  const answerRead = await readImageText(input.answerImage);
  if (!answerRead.text.trim()) {
    throw engineError('BAD_INPUT', 'No writing could be read on the answer sheet. Try a sharper, well-lit photo taken straight on.');
  }
  const match = findBankQuestion(questionRead.text);
  if (!match) {
    const preview = questionRead.text.replace(/\s+/g, ' ').slice(0, 160);
    throw engineError(
      'UNSUPPORTED_SUBJECT',
      `The question (read as “${preview || 'nothing legible'}”) is not in the built-in question bank, so there is no mark scheme to grade it against offline. Configure an AI provider to grade any question.`,
    );
  }
  const q = match.question;
  const marked = markAnswer({
    questionText: q.text,
    type: q.type,
    totalMarks: q.marks,
    markScheme: q.markScheme,
    answer: answerRead.text,
    options: q.options,
    correctAnswer: q.correctAnswer,
  });
  // One section per mark-scheme point, weighted by its marks and scaled to the teacher's maximum.
  const { detailedBreakdown, marksAwarded } = fitBreakdownToTotal(
    q.markScheme.map((point, i) => {
      const evaluation = marked.markscheme_evaluation.find((e) => e.point_id === point.id);
      return {
        section: `Point ${i + 1}: ${point.text}`,
        marksAwarded: evaluation?.status === 'COVERED' ? point.marks : 0,
        maxMarks: point.marks,
        comments: `<p>${escapeHtml(evaluation?.justification ?? 'Not assessed.')}</p>`,
      };
    }),
    input.maxMarks,
  );
  const lowConfidence =
    answerRead.confidence < 60
      ? '<p><strong>Check the reading:</strong> parts of the sheet were hard to read, so some words may be wrong.</p>'
      : '';
  // The marker speaks in the bank question's marks; the teacher sees the scaled ones, so the feedback does too.
  const summary = summaryWithScore(marked, marksAwarded, input.maxMarks);
  const feedback = [
    `<p>${escapeHtml(summary)}</p>`,
    lowConfidence,
    `<p>Marked against the mark scheme of bank question <code>${escapeHtml(q.id)}</code> (${q.marks} marks, scaled to ${input.maxMarks}).</p>`,
    `<p>Read from the answer sheet:</p><blockquote>${escapeHtml(answerRead.text)}</blockquote>`,
  ].join('');
  return {
    marksAwarded,
    totalMarks: input.maxMarks,
    feedback,
    detailedBreakdown,
    questionText: questionRead.text,
    answerText: answerRead.text,
    by: BUILTIN_GRADER_LABEL,
  };
}
