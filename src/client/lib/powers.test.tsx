// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitiseHtml } from './sanitise';
import { powerParts, powersInHtml, superscriptOf, WithPowers } from './powers';

afterEach(cleanup);

const shown = (text: string) => {
  const { container } = render(
    <p>
      <WithPowers text={text} />
    </p>,
  );
  return container.firstElementChild!;
};

describe('powers written with a caret, raised as they are shown', () => {
  it('shows whole powers as Unicode superscripts: 10⁻⁷, m s⁻¹, x², 2ⁿ', () => {
    expect(shown('λ = 4.5 × 10^-7 m').textContent).toBe('λ = 4.5 × 10⁻⁷ m');
    expect(shown('a = 2.80 m s^-2; v = 3 m s^-1').textContent).toBe('a = 2.80 m s⁻²; v = 3 m s⁻¹');
    expect(shown('kJ mol^-1 and mol dm^−3').textContent).toBe('kJ mol⁻¹ and mol dm⁻³');
    expect(shown('(x + 1)^2 ≥ 0 and 12000 × 1.08^10 and 2^n').textContent).toBe('(x + 1)² ≥ 0 and 12000 × 1.08¹⁰ and 2ⁿ');
    expect(shown('finds x = sin^-1(0.45)').textContent).toBe('finds x = sin⁻¹(0.45)');
    expect(shown('2.22 × 10^+7').textContent).toBe('2.22 × 10⁺⁷');
  });

  it('raises other powers in a <sup>, without their brackets: e^(0.3x), e^x, 10^0.5', () => {
    const p = shown('y = 3e^(0.3x), e^x = 3x, 10^0.5 and V0 e^{-t/RC}');
    expect(p.textContent).toBe('y = 3e0.3x, ex = 3x, 100.5 and V0 e-t/RC');
    expect([...p.querySelectorAll('sup')].map((s) => s.textContent)).toEqual(['0.3x', 'x', '0.5', '-t/RC']);
    expect(p.textContent).not.toContain('^');
  });

  it('leaves text without a power, and a caret with a space before it (a formula), as written', () => {
    expect(shown('power = mgh / t ≈ 500 W').innerHTML).toBe('power = mgh / t ≈ 500 W');
    expect(shown('0.44 ^ 2 / m').textContent).toBe('0.44 ^ 2 / m');
    expect(shown('a lone ^ caret').textContent).toBe('a lone ^ caret');
  });

  it('makes no HTML of the text: a tag in a scheme point stays text', () => {
    const p = shown('<img src=x onerror=alert(1)> 10^-7 <b>m</b>');
    expect(p.querySelector('img, b')).toBeNull();
    expect(p.textContent).toBe('<img src=x onerror=alert(1)> 10⁻⁷ <b>m</b>');
  });

  it('maps only signs and digits (and n) to superscript characters', () => {
    expect(superscriptOf('-7')).toBe('⁻⁷');
    expect(superscriptOf('−36')).toBe('⁻³⁶');
    expect(superscriptOf('0.5')).toBeNull();
    expect(superscriptOf('x')).toBeNull();
    expect(powerParts('10^-7 m')).toEqual([{ text: '10' }, { text: '-7', power: true }, { text: ' m' }]);
  });
});

describe('powersInHtml (the marker’s qualitative feedback)', () => {
  it('raises the powers of the text between tags', () => {
    expect(powersInHtml('<p>add: mgh ≈ 2 × 10^3 J; a = 2.80 m s^-2</p>')).toBe('<p>add: mgh ≈ 2 × 10³ J; a = 2.80 m s⁻²</p>');
    expect(powersInHtml('<p>y = 3e^(0.3x)</p>')).toBe('<p>y = 3e<sup>0.3x</sup></p>');
  });

  it('leaves maths for KaTeX and tags with their attributes alone', () => {
    const html = '<p title="x^2">\\( y = 2x^2 - 2x \\) and $$\\int_1^3 x^2$$ but 10^-7</p>';
    expect(powersInHtml(html)).toBe('<p title="x^2">\\( y = 2x^2 - 2x \\) and $$\\int_1^3 x^2$$ but 10⁻⁷</p>');
  });

  it('makes nothing the sanitiser does not already remove', () => {
    const out = sanitiseHtml(powersInHtml('<p>e^(x)<img src=x onerror="alert(1)"> s^-1</p>'));
    expect(out).not.toContain('onerror');
    expect(out).toContain('e<sup>x</sup>');
    expect(out).toContain('s⁻¹');
  });
});
