/**
 * Sentences every engine's feedback shares, written in one place: the marker returns marks and decisions as data, and
 * whoever shows a score (the feedback panel, teacher grading with its scaled maximum) writes it with these words rather
 * than rewriting the marker's English.
 */

/** "You scored 3 out of 4." */
export function scoreSentence(marks: number, total: number): string {
  return `You scored ${marks} out of ${total}.`;
}

/** A feedback summary with its score written for the marks shown (scaled or not): the score sentence, then the marker's comments. */
export function summaryWithScore(feedback: { qualitative_feedback: string; comments?: string }, marks: number, total: number): string {
  return feedback.comments === undefined ? feedback.qualitative_feedback : `${scoreSentence(marks, total)} ${feedback.comments}`.trim();
}
