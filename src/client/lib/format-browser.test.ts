// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { setBrowserLanguages } from '../testing/browser-languages';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDecimal,
  formatNumber,
  formatPercent,
  formatShortDate,
  formatTime,
} from './format';

/** 4 March 2026, 17:05 on the machine's clock. */
const AT = new Date(2026, 2, 4, 17, 5);

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("lib/format with no locale given: the browser's preferred languages", () => {
  it('a British reader reads day first, a 24-hour clock', () => {
    restore = setBrowserLanguages(['en-GB', 'en']);
    expect(formatShortDate(AT)).toBe('04/03/2026');
    expect(formatDate(AT)).toBe('4 Mar 2026');
    expect(formatDateTime(AT)).toBe('4 Mar 2026, 17:05');
    expect(formatTime(AT)).toBe('17:05');
    expect(formatDayMonth(AT)).toBe('04/03');
  });
  it('an American reader reads month first, a 12-hour clock', () => {
    restore = setBrowserLanguages(['en-US']);
    expect(formatShortDate(AT)).toBe('3/4/2026');
    expect(formatDateTime(AT)).toBe('Mar 4, 2026, 5:05 PM');
    expect(formatDayMonth(AT)).toBe('3/4');
  });
  it("a German reader's numbers: grouping and decimal sign", () => {
    restore = setBrowserLanguages(['de-DE', 'en']);
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatDecimal(1.5, 1)).toBe('1,5');
    expect(formatPercent(72.456)).toBe('72,5\u00a0%');
  });
});
