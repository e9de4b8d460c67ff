import {
  ASSIGNMENT_TEXT,
  MAX_ATTEMPTS,
  MAX_TIME_LIMIT_MINUTES,
  type AttemptCounted,
  type FeedbackRelease,
  type LateWork,
} from '../../../shared/assignment-text';
import type { Assignment, CreateAssignmentRequest, UpdateAssignmentRequest } from '../../../shared/classes';
import { CLASSES_TEXT } from '../../../shared/classes-text';
import { isApiError, serverMessageOf } from '../../lib/api-request';

/** The settings form as the teacher fills it in: text fields as typed, 'unlimited' or a number of attempts. */
export interface SettingsFormValues {
  /** 'YYYY-MM-DD' or '' (no due date). */
  due: string;
  lateWork: LateWork;
  /** Minutes as typed, '' for no limit. */
  timeLimit: string;
  /** 'unlimited' or '1'..'20'. */
  attempts: string;
  counts: AttemptCounted;
  feedback: FeedbackRelease;
}

export type SettingsField = 'due' | 'lateWork' | 'timeLimit' | 'attempts' | 'counts' | 'feedback';
export type SettingsErrors = Partial<Record<SettingsField | 'form', string>>;

/** A new assignment: the server's defaults (late work flagged, no limit, unlimited attempts, the last counts, feedback at once). */
export const DEFAULT_SETTINGS: SettingsFormValues = {
  due: '',
  lateWork: 'flag',
  timeLimit: '',
  attempts: 'unlimited',
  counts: 'last',
  feedback: 'immediate',
};

export const ATTEMPT_CHOICES = ['unlimited', ...Array.from({ length: MAX_ATTEMPTS }, (_, i) => String(i + 1))];

/** A date picked in the form ('2026-12-01') as the end of that day where the teacher is, in ISO form. */
export function dueAtFromDate(date: string): string | undefined {
  if (!date) return undefined;
  const end = new Date(`${date}T23:59:00`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

/** An ISO due date as the form's date field shows it, in the teacher's own time zone. */
export function dateOfDueAt(dueAt: string | null): string {
  if (!dueAt) return '';
  const d = new Date(dueAt);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** An assignment's stored settings as the form's values (Edit settings). */
export function formValuesOf(a: Pick<Assignment, 'dueAt' | 'settings'>): SettingsFormValues {
  return {
    due: dateOfDueAt(a.dueAt),
    lateWork: a.settings.lateWork,
    timeLimit: a.settings.timeLimitMinutes === null ? '' : String(a.settings.timeLimitMinutes),
    attempts: a.settings.attempts === null ? 'unlimited' : String(a.settings.attempts),
    counts: a.settings.counts,
    feedback: a.settings.feedback,
  };
}

/** The same rules as the server's, checked before sending; each message is the server's own, by field. */
export function validateSettings(values: SettingsFormValues, opts: { dueChanged: boolean; now?: Date }): SettingsErrors {
  const errors: SettingsErrors = {};
  if (values.timeLimit.trim()) {
    const minutes = Number(values.timeLimit);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TIME_LIMIT_MINUTES) errors.timeLimit = ASSIGNMENT_TEXT.timeLimitInvalid;
  }
  if (values.attempts !== 'unlimited') {
    const attempts = Number(values.attempts);
    if (!Number.isInteger(attempts) || attempts < 1 || attempts > MAX_ATTEMPTS) errors.attempts = ASSIGNMENT_TEXT.attemptsInvalid;
  }
  if (values.due && opts.dueChanged) {
    const dueAt = dueAtFromDate(values.due);
    if (!dueAt) errors.due = CLASSES_TEXT.dueAtInvalid;
    else if (Date.parse(dueAt) <= (opts.now ?? new Date()).getTime()) errors.due = ASSIGNMENT_TEXT.dueInPast;
  }
  if (values.feedback === 'after_due' && !values.due) errors.feedback = ASSIGNMENT_TEXT.afterDueNeedsDate;
  return errors;
}

/** The settings as the API takes them (the due date separately: a PATCH sends it only when it changed). */
export function settingsRequest(values: SettingsFormValues): Omit<UpdateAssignmentRequest, 'dueAt'> {
  return {
    lateWork: values.lateWork,
    timeLimitMinutes: values.timeLimit.trim() ? Number(values.timeLimit) : null,
    attempts: values.attempts === 'unlimited' ? null : Number(values.attempts),
    counts: values.counts,
    feedback: values.feedback,
  };
}

/** POST /api/classes/{id}/assignments. */
export function createRequest(paperId: string, values: SettingsFormValues): CreateAssignmentRequest {
  const dueAt = dueAtFromDate(values.due);
  return { paperId, ...(dueAt ? { dueAt } : {}), ...settingsRequest(values) };
}

/** PATCH …/assignments/{id}: the due date only when the teacher changed it (null: taken away). */
export function updateRequest(values: SettingsFormValues, initial: SettingsFormValues): UpdateAssignmentRequest {
  const request: UpdateAssignmentRequest = settingsRequest(values);
  if (values.due !== initial.due) request.dueAt = dueAtFromDate(values.due) ?? null;
  return request;
}

/** Which field a message of the server's is about (a 400's {message}), so it is shown beside that field. */
export function fieldOfServerMessage(message: string): SettingsField | 'form' {
  if (message === ASSIGNMENT_TEXT.dueInPast || message === CLASSES_TEXT.dueAtInvalid) return 'due';
  if (message === ASSIGNMENT_TEXT.timeLimitInvalid) return 'timeLimit';
  if (message === ASSIGNMENT_TEXT.attemptsInvalid) return 'attempts';
  if (message === ASSIGNMENT_TEXT.afterDueNeedsDate || message === ASSIGNMENT_TEXT.feedbackInvalid) return 'feedback';
  if (message === ASSIGNMENT_TEXT.lateWorkInvalid) return 'lateWork';
  if (message === ASSIGNMENT_TEXT.countsInvalid) return 'counts';
  return 'form';
}

/** A failed save: a 400's message beside the field it is about; anything else for the whole form. */
export function settingsErrorsOf(error: unknown, fallback: string): SettingsErrors {
  const message = serverMessageOf(error, fallback);
  const field = isApiError(error) && error.status === 400 ? fieldOfServerMessage(message) : 'form';
  return { [field]: message };
}
