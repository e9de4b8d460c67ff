import { ASSIGNMENT_TEXT } from '../../shared/assignment-text';
import type { AssignmentSettingsInput } from '../../shared/assignments';
import { httpError } from '../http-error';
import type { AssignmentRow } from './assignment-rules';

type SettingsColumns = Pick<AssignmentRow, 'dueAt' | 'lateWork' | 'timeLimitMinutes' | 'attemptsAllowed' | 'counts' | 'feedback'>;

/**
 * An assignment's settings (issue 30) from a create or PATCH request, over the stored ones (null: a new assignment,
 * whose defaults are the spec's: no due date, late work flagged, no limit, unlimited attempts, the last counts,
 * feedback at once). A due date set now must be in the future; feedback after the due date needs one.
 */
export function checkedSettings(
  input: { dueAt?: string | null } & AssignmentSettingsInput,
  stored: SettingsColumns | null,
  now: Date = new Date(),
): SettingsColumns {
  const dueAt = input.dueAt === undefined ? (stored?.dueAt ?? null) : input.dueAt === null ? null : new Date(input.dueAt);
  // a new due date must be in the future; the stored one sent back unchanged (a form saving every field) is fine
  const unchanged = dueAt !== null && stored?.dueAt?.getTime() === dueAt.getTime();
  if (input.dueAt && dueAt && !unchanged && dueAt.getTime() <= now.getTime()) throw httpError(400, ASSIGNMENT_TEXT.dueInPast);
  const settings: SettingsColumns = {
    dueAt,
    lateWork: input.lateWork ?? stored?.lateWork ?? 'flag',
    timeLimitMinutes: input.timeLimitMinutes === undefined ? (stored?.timeLimitMinutes ?? null) : input.timeLimitMinutes,
    attemptsAllowed: input.attempts === undefined ? (stored?.attemptsAllowed ?? null) : input.attempts,
    counts: input.counts ?? stored?.counts ?? 'last',
    feedback: input.feedback ?? stored?.feedback ?? 'immediate',
  };
  if (settings.feedback === 'after_due' && !settings.dueAt) throw httpError(400, ASSIGNMENT_TEXT.afterDueNeedsDate);
  return settings;
}
