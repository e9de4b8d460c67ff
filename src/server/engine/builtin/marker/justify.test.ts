import { describe, expect, it } from 'vitest';
import { lowerFirst } from './justify';

describe('a scheme point quoted inside a sentence', () => {
  it('starts in lower case where its first word is an ordinary word, and keeps names and symbols', () => {
    expect(lowerFirst('The rate increases.')).toBe('the rate increases');
    expect(lowerFirst('Uses F = ma')).toBe('uses F = ma');
    expect(lowerFirst('Adorno proposed the authoritarian personality')).toBe('Adorno proposed the authoritarian personality');
    expect(lowerFirst("Newton's second law")).toBe("Newton's second law");
    expect(lowerFirst('Kp = 4.2')).toBe('Kp = 4.2');
  });
});
