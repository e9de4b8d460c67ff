import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDecimal,
  formatPercent,
  formatPercentAsGiven,
  formatElapsed,
  formatLongDate,
  formatMonth,
  formatNumber,
  formatQuestionType,
  formatShortDate,
  formatTime,
  parseOptions,
  previewText,
} from './format';

/** 4 March 2026, 17:05 on the machine's clock: the same day and time in every time zone the tests run in. */
const AT = new Date(2026, 2, 4, 17, 5);

describe('format', () => {
  it('formats the exam timer as hh:mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(3725)).toBe('01:02:05');
  });
  it('cuts question text to 150 characters followed by ...', () => {
    const long = `<p>${'a'.repeat(200)}</p>`;
    expect(previewText(long)).toBe(`${'a'.repeat(150)}...`);
    expect(previewText('<p>Short &amp; <b>sweet</b></p>')).toBe('Short & sweet');
  });
  it('replaces underscores in question types with spaces', () => {
    expect(formatQuestionType('multiple_choice')).toBe('multiple choice');
  });
  it("writes dates in the locale it is given, the browser's when none is", () => {
    expect(formatShortDate(AT, 'en-US')).toBe('3/4/2026');
    expect(formatShortDate(AT, 'en-GB')).toBe('04/03/2026');
    expect(formatShortDate(AT.toISOString(), 'en-GB')).toBe('04/03/2026');
    expect(formatShortDate(AT)).toBe(AT.toLocaleDateString());
    expect(formatDate(AT, 'en-US')).toBe('Mar 4, 2026');
    expect(formatDate(AT, 'en-GB')).toBe('4 Mar 2026');
    expect(formatLongDate(AT, 'en-US')).toBe('Wednesday, March 4, 2026');
    expect(formatLongDate(AT, 'en-GB')).toBe('Wednesday, 4 March 2026');
    expect(formatMonth(AT, 'en-GB')).toBe('Mar');
    expect(formatDayMonth(AT, 'en-GB')).toBe('04/03');
    expect(formatDayMonth(AT, 'en-US')).toBe('3/4');
  });
  it('writes times in the locale it is given: 12-hour or 24-hour as the locale writes them', () => {
    expect(formatTime(AT, 'en-US')).toBe('5:05 PM');
    expect(formatTime(AT, 'en-GB')).toBe('17:05');
    expect(formatDateTime(AT, 'en-US')).toBe('Mar 4, 2026, 5:05 PM');
    expect(formatDateTime(AT, 'en-GB')).toBe('4 Mar 2026, 17:05');
  });
  it('writes nothing for a missing or unreadable date', () => {
    for (const format of [formatShortDate, formatDate, formatDateTime, formatTime, formatMonth, formatLongDate]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('not a date')).toBe('');
    }
  });
  it('groups numbers as the locale does', () => {
    expect(formatNumber(12345, 'en-GB')).toBe('12,345');
    expect(formatNumber(12345, 'de-DE')).toBe('12.345');
  });
  it("writes decimals and percentages with the locale's decimal sign, to the digits asked", () => {
    expect(formatDecimal(1.5, 1, 'en-GB')).toBe('1.5');
    expect(formatDecimal(0, 1, 'en-GB')).toBe('0.0');
    expect(formatDecimal(1.5, 1, 'de-DE')).toBe('1,5');
    expect(formatDecimal(-2.04, 1, 'en-GB')).toBe('-2.0');
    expect(formatPercent(72.456, 1, 'en-GB')).toBe('72.5%');
    expect(formatPercent(72.456, 0, 'en-GB')).toBe('72%');
    expect(formatPercent(72.456, 1, 'de-DE')).toBe('72,5\u00a0%');
    // as given: whole numbers stay whole, a server's one decimal is kept
    expect(formatPercentAsGiven(67, 'en-GB')).toBe('67%');
    expect(formatPercentAsGiven(66.7, 'en-GB')).toBe('66.7%');
    expect(formatPercentAsGiven(100, 'en-GB')).toBe('100%');
    expect(formatPercentAsGiven(66.7, 'de-DE')).toBe('66,7\u00a0%');
  });
  it('parses multiple-choice options given as a map or as a JSON string', () => {
    expect(parseOptions({ A: 'one', B: 'two' })).toEqual({ A: 'one', B: 'two' });
    expect(parseOptions('{"A":"one","B":"two"}')).toEqual({ A: 'one', B: 'two' });
    expect(parseOptions('not json')).toEqual({});
    expect(parseOptions(null)).toEqual({});
  });
});
