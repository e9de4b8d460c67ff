import { markLabel, type Feedback } from '../../../shared/mark-scheme';
import type { GradingQuestion } from '../../../shared/teacher';
import type { GradedQuestion, GradingBreakdown } from '../engine';
import { scoreSentence } from '../feedback-words';
import { escapeHtml } from '../text/html-entities';
import { htmlToText } from '../text/html-to-text';

/** A graded set of pages in the words a teacher reads: the marks, a section per point, the summary and who marked it. */
export interface PresentedGrading {
  marksAwarded: number;
  totalMarks: number;
  detailedBreakdown: GradingBreakdown[];
  /** HTML. */
  feedback: string;
  /** e.g. 'the built-in marker (OCR by Tesseract)'. */
  markedBy: string;
}

function pointText(text: string): string {
  return htmlToText(text).replace(/\s+/g, ' ').trim();
}

/** The sections of one question's breakdown: its level (levels of response), else one per scheme point. */
function sectionsFor(question: GradingQuestion, feedback: Feedback, prefix: string): GradingBreakdown[] {
  if (feedback.level) {
    const covered = feedback.markscheme_evaluation.filter((e) => e.status === 'COVERED').map((e) => pointText(e.text));
    return [
      {
        section: `${prefix}Level ${feedback.level.level} of response`,
        marksAwarded: feedback.marks_awarded,
        maxMarks: feedback.total_marks,
        comments: `<p>${escapeHtml(feedback.level.descriptor)}</p>${covered.length ? `<p>Indicative content seen: ${escapeHtml(covered.join('; '))}</p>` : ''}`,
      },
    ];
  }
  return question.markScheme.map((point) => {
    const e = feedback.markscheme_evaluation.find((x) => x.point_id === point.id);
    const marks = e?.marks ?? point.marks;
    const awarded = e?.marks_awarded ?? (e?.status === 'COVERED' ? point.marks : 0);
    const note = e?.note ? ` (${e.note})` : '';
    return {
      section: `${prefix}${markLabel(point)}: ${pointText(point.text)}`.slice(0, 300),
      marksAwarded: awarded,
      maxMarks: marks,
      comments: `<p>${escapeHtml((e?.justification ?? 'Not assessed.') + note)}</p>`,
    };
  });
}

/**
 * One question's summary, written from the marker's decisions (never from its sentences): the score, then the level
 * reached, or the points credited, contradicted and not seen.
 */
function summaryOf(feedback: Feedback): string {
  const sentences = [scoreSentence(feedback.marks_awarded, feedback.total_marks)];
  if (feedback.level) {
    sentences.push(
      feedback.level.level > 0 ? `Level ${feedback.level.level}: ${feedback.level.descriptor}` : 'No level of response was reached.',
    );
  } else {
    const points = (status: (s: string) => boolean) =>
      feedback.markscheme_evaluation.filter((e) => status(e.status)).map((e) => pointText(e.text));
    const credited = points((s) => s === 'COVERED');
    const contradicted = points((s) => s === 'CONTRADICTED');
    const missing = points((s) => s !== 'COVERED' && s !== 'CONTRADICTED');
    if (credited.length) sentences.push(`Credited: ${credited.join('; ')}.`);
    if (contradicted.length) sentences.push(`Contradicted: ${contradicted.join('; ')}.`);
    if (missing.length) sentences.push(`Not seen: ${missing.join('; ')}.`);
  }
  return sentences.join(' ');
}

/**
 * The one presenter of photo grading (issue 26): the structured result per question and point (GradedQuestion) as
 * the marks, breakdown and feedback the teacher reads. The marks are the scheme's own: a 3-mark question is out of 3
 * whatever the form's "Maximum Marks" says. `source` names the scheme; `readBy` what read the pages.
 */
export function presentGrading(input: {
  questions: GradingQuestion[];
  graded: GradedQuestion[];
  source: string;
  readBy: string;
  lowConfidence: boolean;
  /** Who marked, when no question had an answer to mark (the engine's label). */
  engineLabel: string;
}): PresentedGrading {
  const multi = input.questions.length > 1;
  let detailedBreakdown: GradingBreakdown[] = [];
  let marksAwarded = 0;
  let totalMarks = 0;
  const summaries: string[] = [];
  let markedBy = '';
  for (const question of input.questions) {
    const feedback = input.graded.find((g) => g.number === question.number)?.feedback ?? null;
    const prefix = multi ? `Q${question.number} · ` : '';
    if (!feedback) {
      totalMarks += question.totalMarks;
      detailedBreakdown.push({
        section: `${prefix}no answer found`,
        marksAwarded: 0,
        maxMarks: question.totalMarks,
        comments: '<p>No answer to this question was found on the sheet.</p>',
      });
      continue;
    }
    markedBy ||= feedback.marked_by ?? '';
    detailedBreakdown = detailedBreakdown.concat(sectionsFor(question, feedback, prefix));
    marksAwarded += feedback.marks_awarded;
    totalMarks += feedback.total_marks;
    summaries.push(`${multi ? `Question ${question.number}: ` : ''}${summaryOf(feedback)}`);
  }
  const feedback = [
    ...summaries.map((s) => `<p>${escapeHtml(s)}</p>`),
    input.lowConfidence
      ? '<p><strong>Check the reading:</strong> parts of the sheet were hard to read, so some words may be wrong. Correct the transcript and mark again.</p>'
      : '',
    `<p>Marked against: ${escapeHtml(input.source)}.</p>`,
  ].join('');
  return { marksAwarded, totalMarks, detailedBreakdown, feedback, markedBy: `${markedBy || input.engineLabel} (${input.readBy})` };
}
