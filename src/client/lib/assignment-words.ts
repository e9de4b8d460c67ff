import type { AssignmentSettings } from '../../shared/assignments';
import { ASSIGNMENT_TEXT, type AttemptCounted, type FeedbackRelease, type LateWork } from '../../shared/assignment-text';
import { formatDate, formatDateTime } from './format';

/**
 * What a student or teacher reads in place of marks not yet released: after the due date, the due date and time in
 * the browser's locale and time zone (the shared text's own form, UTC in en-GB, is for the server's messages).
 */
export function withheldWords(feedback: FeedbackRelease, dueAt: string | null): string {
  if (feedback === 'after_due' && dueAt) return `Submitted. Marks and feedback are shown after the due date (${formatDateTime(dueAt)}).`;
  return ASSIGNMENT_TEXT.withheld;
}

/**
 * A server's message about an assignment with its due date in the browser's locale and time zone. The server writes
 * the two that carry the date (marks held until after the due date; late work refused) in en-GB and UTC; this
 * paper's due date is known here, so those two are written again in the reader's form. Other messages pass unchanged.
 */
export function localAssignmentMessage(message: string, dueAt: string | null | undefined): string {
  if (!dueAt) return message;
  if (message === ASSIGNMENT_TEXT.withheldAfterDue(dueAt)) return withheldWords('after_due', dueAt);
  if (message === ASSIGNMENT_TEXT.pastDue(dueAt)) {
    return `This assignment was due on ${formatDateTime(dueAt)} and your teacher is not accepting late work. Your answer is kept as a draft.`;
  }
  return message;
}

/** '1 attempt', '3 attempts', 'Unlimited attempts'. */
export function attemptsWords(attempts: number | null): string {
  if (attempts === null) return 'Unlimited attempts';
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

const COUNTS_WORDS: Record<AttemptCounted, string> = { first: 'first counts', best: 'best counts', last: 'last counts' };

const LATE_WORDS: Record<LateWork, string> = { refuse: 'late work refused', flag: 'late work accepted and flagged' };

function feedbackWords(
  feedback: FeedbackRelease,
  settings: Pick<AssignmentSettings, 'released' | 'releasedAt'>,
  audience: 'teacher' | 'student',
): string {
  if (settings.releasedAt) return `feedback released ${formatDate(settings.releasedAt)}`;
  if (feedback === 'immediate') return 'feedback after each submission';
  if (feedback === 'after_due') return 'feedback after the due date';
  return audience === 'teacher' ? 'feedback when you release it' : 'feedback when your teacher releases it';
}

/**
 * An assignment's settings in one line, as a teacher or a student reads them: "1 attempt, best counts, feedback
 * after the due date, 45-minute time limit, late work refused". Late work is named only when something can be late.
 */
export function settingsInWords(settings: AssignmentSettings, opts: { audience: 'teacher' | 'student'; hasDueDate: boolean }): string {
  const parts = [
    attemptsWords(settings.attempts),
    COUNTS_WORDS[settings.counts],
    feedbackWords(settings.feedback, settings, opts.audience),
  ];
  if (settings.timeLimitMinutes !== null) parts.push(`${settings.timeLimitMinutes}-minute time limit`);
  if (opts.hasDueDate || settings.timeLimitMinutes !== null) parts.push(LATE_WORDS[settings.lateWork]);
  return parts.join(', ');
}
