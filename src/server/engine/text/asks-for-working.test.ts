import { describe, expect, it } from 'vitest';
import { markAnswer } from '../builtin/marker/mark-answer';
import { asksForWorking } from './asks-for-working';

describe('a question that asks for the working', () => {
  it('is one that names the method to use, as well as "show that" and "show your working"', () => {
    expect(asksForWorking('Show that x = 2 is a root.')).toBe(true);
    expect(asksForWorking('Use the substitution u = x^2 to find the integral of 2x e^(x^2) from 0 to 2.')).toBe(true);
    expect(asksForWorking('Use integration by parts to find the integral of x e^x from 0 to 1.')).toBe(true);
    expect(asksForWorking('Find the integral of 2x e^(x^2) from 0 to 2.')).toBe(false);
  });

  it('so a bare final value earns no method mark there, and every mark where the method is not asked for', () => {
    const scheme = [
      { id: 'm1', text: 'du = 2x dx, so the integral becomes ∫ e^u du from 0 to 4', kind: 'M' as const },
      { id: 'a1', text: '= 53.6', kind: 'A' as const, depends_on: 'm1', numeric: { value: 53.598, tolerance: 0.001 } },
    ];
    const mark = (questionText: string) =>
      markAnswer({ questionText, type: 'short_answer', totalMarks: 2, markScheme: scheme, answer: '53.6' }).marks_awarded;
    expect(mark('Use the substitution u = x^2 to find the integral of 2x e^(x^2) from 0 to 2, to 3 significant figures.')).toBe(0);
    expect(mark('Find the integral of 2x e^(x^2) from 0 to 2, to 3 significant figures.')).toBe(2);
  });
});
