/**
 * Sentences every engine's feedback shares, written in one place: the marker returns marks and decisions as data, and
 * whoever shows a score (the feedback panel, teacher grading with its scaled maximum) writes it with these words rather
 * than rewriting the marker's English.
 */

/** "You scored 3 out of 4." */
export function scoreSentence(marks: number, total: number): string {
  return `You scored ${marks} out of ${total}.`;
}
