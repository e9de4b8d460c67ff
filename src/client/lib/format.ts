import { QUESTION_TEXT_CUT } from '../../shared/practice-text';

/** §9 Dates: US short form, e.g. 11/22/2026. */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US');
}

/** hh:mm:ss for the exam timer. */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Plain text of an HTML string, cut to 150 characters followed by '...' in lists. */
export function previewText(html: string, limit = QUESTION_TEXT_CUT): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/** 'multiple_choice' → 'multiple choice'. */
export function formatQuestionType(type: string): string {
  return type.replace(/_/g, ' ');
}

/** §3: multiple-choice options are a map of letter to text, but may arrive as a JSON string. */
export function parseOptions(options: unknown): Record<string, string> {
  let value = options;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const BRITISH_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A date in British form, e.g. 3 Dec 2026 (issue 30's screens: attempts, overrides, due dates). */
export function formatBritishDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', BRITISH_DATE);
}

/** A date and time in British form, e.g. 3 Dec 2026, 17:05. */
export function formatBritishDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `${date.toLocaleDateString('en-GB', BRITISH_DATE)}, ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
}

/** A countdown: 'mm:ss' under an hour, else 'h:mm:ss'. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const rest = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return h > 0 ? `${h}:${rest}` : rest;
}
