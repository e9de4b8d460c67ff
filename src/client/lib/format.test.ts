import { describe, expect, it } from 'vitest';
import { formatElapsed, formatQuestionType, formatShortDate, parseOptions, previewText } from './format';

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
  it('writes dates in US short form', () => {
    expect(formatShortDate('2026-03-04T10:00:00Z')).toBe('3/4/2026');
    expect(formatShortDate(null)).toBe('');
  });
  it('parses multiple-choice options given as a map or as a JSON string', () => {
    expect(parseOptions({ A: 'one', B: 'two' })).toEqual({ A: 'one', B: 'two' });
    expect(parseOptions('{"A":"one","B":"two"}')).toEqual({ A: 'one', B: 'two' });
    expect(parseOptions('not json')).toEqual({});
    expect(parseOptions(null)).toEqual({});
  });
});
