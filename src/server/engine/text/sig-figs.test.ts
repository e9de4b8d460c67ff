import { describe, expect, it } from 'vitest';
import { countSigFigs, schemeSigFigs, sigFigsOfValue, writeExactNumber, writeNumber, writeSchemeValue, writtenSigFigs } from './sig-figs';

describe('writeNumber: a value written for a person', () => {
  it.each([
    // no s.f. given: 3, never more than the value has, whole numbers below standard form kept whole
    [-51.59314285714285, undefined, '-51.6'],
    [51.59314285714285, undefined, '51.6'],
    [0.1 + 0.2, undefined, '0.3'],
    [42, undefined, '42'],
    [0.5, undefined, '0.5'],
    [2.0714285714, undefined, '2.07'],
    [6494, undefined, '6494'],
    [6494.3, undefined, '6494'],
    [9.996, undefined, '10.0'],
    [0.00123, undefined, '0.00123'],
    [0.000123, undefined, '1.23 × 10^-4'],
    [0.00012345678, undefined, '1.23 × 10^-4'],
    [-0.000123, undefined, '-1.23 × 10^-4'],
    [1.0e6, undefined, '1 × 10^6'],
    [6.02214076e23, undefined, '6.02 × 10^23'],
    [1.602176634e-19, undefined, '1.60 × 10^-19'],
    [0, undefined, '0'],
    // s.f. given: exactly that many, padded with zeros where the value has fewer
    [-51.59314285714285, 3, '-51.6'],
    [-51.59314285714285, 4, '-51.59'],
    [1.0e6, 2, '1.0 × 10^6'],
    [1.2, 3, '1.20'],
    [2.5, 3, '2.50'],
    [12345, 3, '12300'],
    [0.0012345, 3, '0.00123'],
    [0.000123, 2, '1.2 × 10^-4'],
    [-0.04567, 2, '-0.046'],
    [6494, 2, '6500'],
    [3.316e-19, 3, '3.32 × 10^-19'],
  ] as [number, number | undefined, string][])('%d to %s s.f. → %s', (value, sigFigs, expected) => {
    expect(writeNumber(value, sigFigs)).toBe(expected);
  });

  it('never writes float noise or "e" notation, and no more than 3 s.f. beyond a whole number\'s digits', () => {
    for (let i = 0; i < 2000; i++) {
      const value = ((Math.sin(i * 12.9898) * 43758.5453) % 1) * 10 ** ((i % 40) - 20);
      const text = writeNumber(value);
      expect(text, String(value)).not.toMatch(/\de[-+]?\d/);
      const [mantissa, power] = text.split(' × 10^');
      const whole = power === undefined ? mantissa.replace(/^-/, '').split('.')[0].replace(/^0+/, '').length : 0;
      expect(countSigFigs(mantissa)[0], `${value} → ${text}`).toBeLessThanOrEqual(Math.max(3, whole));
      expect(Math.abs(Number(mantissa) * 10 ** Number(power ?? 0) - value), `${value} → ${text}`).toBeLessThanOrEqual(
        Math.abs(value) * 0.005 + Number.EPSILON,
      );
    }
  });

  it('counts the significant figures a value has', () => {
    expect([42, 0.5, 6490, 1e6, 113.05, 0.1 + 0.2, -0.00012].map(sigFigsOfValue)).toEqual([2, 1, 3, 1, 5, 1, 2]);
  });
});

describe('writeExactNumber: a number a machine reads', () => {
  it('keeps full precision, drops float noise and writes a notation parsers read', () => {
    expect(writeExactNumber(-51.59314285714285)).toBe('-51.5931428571429');
    expect(writeExactNumber(0.1 + 0.2)).toBe('0.3');
    expect(writeExactNumber(1.6e-19)).toBe('1.6e-19');
    expect(Number(writeExactNumber(6.02214076e23))).toBe(6.02214076e23);
  });
});

describe('the precision a scheme writes its value with', () => {
  it('reads it from the text: signs, commas, standard form and superscript powers, not a unit power', () => {
    expect(writtenSigFigs('ΔH = −51.6 kJ mol⁻¹', -51.59314285714285)).toBe(3);
    expect(writtenSigFigs('ΔH = -51.59 kJ mol^-1', -51.59314285714285)).toBe(4);
    expect(writtenSigFigs('51.6 kJ of heat released', -51.59314285714285)).toBe(3);
    expect(writtenSigFigs('[H+] = 1.50 × 10^-4 mol dm^-3', 0.00015)).toBe(3);
    expect(writtenSigFigs('[H⁺] = 1.5×10⁻⁴ mol dm⁻³', 0.00015)).toBe(2);
    expect(writtenSigFigs('n = 1.5e-4 mol', 0.00015)).toBe(2);
    expect(writtenSigFigs('bonds broken = 6,494 kJ mol^-1', 6494)).toBe(4);
    expect(writtenSigFigs('E = 6490 J', 6490.2)).toBe(3);
    expect(writtenSigFigs('v = 3 m s^-1', 1)).toBeUndefined();
    expect(writtenSigFigs('uses F = ma', 12.5)).toBeUndefined();
  });

  it("takes the point's sigFigs first, then its text, else nothing (the default applies)", () => {
    const value = -51.59314285714285;
    expect(schemeSigFigs({ text: 'ΔH = −51.6 kJ mol⁻¹', numeric: { value, sigFigs: 2 } })).toBe(2);
    expect(schemeSigFigs({ text: 'ΔH = −51.59 kJ mol⁻¹', numeric: { value } })).toBe(4);
    expect(schemeSigFigs({ text: 'the enthalpy change', numeric: { value } })).toBeUndefined();
    expect(writeSchemeValue({ text: 'ΔH = −51.59 kJ mol⁻¹', numeric: { value } })).toBe('-51.59');
    expect(writeSchemeValue({ text: 'the enthalpy change', numeric: { value } })).toBe('-51.6');
    expect(writeSchemeValue({ text: 'the enthalpy change', numeric: { value, sigFigs: 2 } })).toBe('-52');
    expect(writeSchemeValue({ text: 'x = 2.50', numeric: { value: 2.5 } })).toBe('2.50');
    expect(writeSchemeValue({ text: 'a template value', numeric: { value: 'q / n' } })).toBe('q / n');
    expect(writeSchemeValue({ text: 'no value' })).toBe('');
  });
});
