import { QUESTION_TEXT_CUT } from '../../shared/practice-text';
import { browserLocales } from './locale';

/**
 * Dates, times and numbers in the reader's own locale (Intl): `locale` undefined means the browser's, so a
 * British browser reads 04/03/2026 and an American one 3/4/2026. Tests pass a locale to pin the form. The
 * words around a date (e.g. 'Due ...') belong to the caller, never to these functions. Every date, time and
 * number the app shows goes through this module.
 */
type DateInput = string | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One formatter per locale and options, made when first asked for: making an Intl formatter costs far more than
 * using one (the results page, which writes a few dozen marks and times, spent most of its first render's own time
 * making them on a phone).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locales = locale ?? browserLocales();
  const key = JSON.stringify([locales, options]);
  let formatter = dateFormats.get(key);
  if (!formatter) dateFormats.set(key, (formatter = new Intl.DateTimeFormat(locales, options)));
  return formatter;
}

function numberFormat(locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locales = locale ?? browserLocales();
  const key = JSON.stringify([locales, options]);
  let formatter = numberFormats.get(key);
  if (!formatter) numberFormats.set(key, (formatter = new Intl.NumberFormat(locales, options)));
  return formatter;
}

function formatWith(value: DateInput, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(value);
  return date ? dateFormat(locale, options).format(date) : '';
}

const SHORT_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'numeric', year: 'numeric' };
const MEDIUM_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** §9 Dates, short and numeric in the reader's locale: 3/4/2026 (en-US), 04/03/2026 (en-GB). */
export function formatShortDate(value: DateInput, locale?: string): string {
  return formatWith(value, locale, SHORT_DATE);
}

/** A date with the month's short name: Mar 4, 2026 (en-US), 4 Mar 2026 (en-GB). */
export function formatDate(value: DateInput, locale?: string): string {
  return formatWith(value, locale, MEDIUM_DATE);
}

/** A date and a time: Mar 4, 2026, 5:05 PM (en-US), 4 Mar 2026, 17:05 (en-GB). */
export function formatDateTime(value: DateInput, locale?: string): string {
  return formatWith(value, locale, { ...MEDIUM_DATE, ...TIME });
}

/** A time of day: 5:05 PM (en-US), 17:05 (en-GB). */
export function formatTime(value: DateInput, locale?: string): string {
  return formatWith(value, locale, TIME);
}

/** A month's short name: Mar. */
export function formatMonth(value: DateInput, locale?: string): string {
  return formatWith(value, locale, { month: 'short' });
}

/** A day and month, short and numeric, for a chart's axis: 3/4 (en-US), 04/03 (en-GB). */
export function formatDayMonth(value: DateInput, locale?: string): string {
  return formatWith(value, locale, { day: 'numeric', month: 'numeric' });
}

/** A day written in full: Wednesday, March 4, 2026 (en-US), Wednesday, 4 March 2026 (en-GB). */
export function formatLongDate(value: DateInput, locale?: string): string {
  return formatWith(value, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** A count with the locale's grouping: 12,345 (en-GB), 12.345 (de-DE). */
export function formatNumber(n: number, locale?: string): string {
  return numberFormat(locale).format(n);
}

/** A number to exactly `digits` decimals, the locale's decimal sign: 1.5 (en-GB), 1,5 (de-DE). */
export function formatDecimal(n: number, digits: number, locale?: string): string {
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/** A percentage of 0-100 to `digits` decimals, as the locale writes one: 72.5% (en-GB), 72,5 % (de-DE). */
export function formatPercent(value: number, digits = 1, locale?: string): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value / 100);
}

/**
 * A percentage as it is given (whole, or to one decimal where the server rounded it so), as the locale writes one:
 * 67% and 66.7% (en-GB), 66,7 % (de-DE).
 */
export function formatPercentAsGiven(value: number, locale?: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
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

/** A countdown: 'mm:ss' under an hour, else 'h:mm:ss'. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const rest = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return h > 0 ? `${h}:${rest}` : rest;
}
