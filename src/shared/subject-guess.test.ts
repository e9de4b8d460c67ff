import { describe, expect, it } from 'vitest';
import { guessSubject, tutorGreeting } from './subject-guess';

describe('guessSubject', () => {
  it.each([
    ['<p>A trolley accelerates uniformly from rest to 4.0 m s<sup>-1</sup> in 2.5 s. Calculate its acceleration.</p>', 'physics'],
    ['<p>A ball of mass 0.50 kg is dropped from 12 m. Calculate its speed as it lands.</p>', 'physics'],
    ['<p>Calculate the resistance of the resistor when the current through it is 0.20 A.</p>', 'physics'],
    ['<p>Calculate the enthalpy change of combustion of methanol.</p>', 'chemistry'],
    ['<p>Explain why water, H<sub>2</sub>O, has a higher boiling point than H<sub>2</sub>S.</p>', 'chemistry'],
    ['<p>Hydrochloric acid is titrated against sodium hydroxide.</p>', 'chemistry'],
    ['<p>Write pseudocode for a binary search on a sorted array.</p>', 'programming'],
    ['<p>Explain why recursion can cause a stack overflow.</p>', 'programming'],
    ['<p>Differentiate \\( y = x^3 - 4x \\) and find the stationary point.</p>', 'mathematics'],
    ['<p>Prove that the sum of two odd integers is even.</p>', 'mathematics'],
    ['<p>The line \\( l \\) passes through \\( A(1, 2) \\) and \\( B(3, 8) \\).</p>', 'mathematics'],
    ['<p>Explain how the shape of an enzyme&#39;s active site makes it specific.</p>', 'biology'],
    ['<p>Describe how amino acids are joined to form a polypeptide.</p>', 'biology'],
    ['<p>Explain why enzymes lower the activation energy of a reaction.</p>', 'biology'],
    ['<p>Describe the sequence of bases in DNA.</p>', 'biology'],
    ['<p>Calculate the mean rate of water uptake by the plant.</p>', 'biology'],
    ['<p>Discuss the causes of the First World War.</p>', 'academic'],
    ['<p>Evaluate the main themes of the novel.</p>', 'academic'],
  ])('%s → %s', (text, subject) => {
    expect(guessSubject(text)).toBe(subject);
  });

  it('checks subjects in the order physics, chemistry, programming, mathematics, biology', () => {
    // Keywords of two subjects: the earlier subject in the order wins.
    expect(guessSubject('<p>A current passes through the solution during electrolysis.</p>')).toBe('physics');
    expect(guessSubject('<p>Write an algorithm to calculate the moles of acid.</p>')).toBe('chemistry');
    expect(guessSubject('<p>Write a Python program to differentiate a polynomial.</p>')).toBe('programming');
    expect(guessSubject('<p>Use a quadratic to model the growth of bacteria cells.</p>')).toBe('mathematics');
  });

  it('reads keywords from HTML, not from tag names or attributes', () => {
    expect(guessSubject('<p class="cell current">Discuss the causes of the war.</p>')).toBe('academic');
    expect(guessSubject('<p>The <strong>enzyme</strong> is denatured.</p>')).toBe('biology');
  });

  it('does not match keywords inside other words', () => {
    // 'excellent' contains 'cell', 'solvent' contains 'vent', 'logic' contains 'log'.
    expect(guessSubject('<p>Write an excellent essay on logic.</p>')).toBe('academic');
  });
});

describe('tutorGreeting', () => {
  it('names the guessed subject', () => {
    expect(tutorGreeting('<p>Calculate the enthalpy change of neutralisation.</p>')).toMatch(/^Hi! I'm your chemistry tutor\./);
    expect(tutorGreeting('<p>Explain how mitosis produces two identical cells.</p>')).toContain('your biology tutor');
    expect(tutorGreeting('<p>Discuss the causes of the war.</p>')).toContain('your academic tutor');
  });

  it('is plain text that is safe as HTML', () => {
    expect(tutorGreeting('<p>What is 2 &lt; 3?</p>')).not.toMatch(/[<>&]/);
  });
});
