import { describe, expect, it } from 'vitest';
import { loadBank } from './builtin/bank/bank';
import { pdfText } from './pdf-text';

describe('pdfText: question HTML as the text the server PDF prints', () => {
  it.each([
    ['\\(\\alpha\\)-glucose and \\(\\beta\\)-glucose', 'α-glucose and β-glucose'],
    ['H<sub>2</sub>O, m s<sup>-1</sup>, m s<sup>&minus;2</sup>', 'H₂O, m s⁻¹, m s⁻²'],
    ['\\(x^2 + y^{-1} = e^{x+1}\\)', 'x² + y⁻¹ = e^(x+1)'],
    ['\\(\\frac{\\pi}{2}\\) and \\(\\sqrt{\\frac{a}{b}}\\)', 'π/2 and √(a/b)'],
    ['\\(30^\\circ\\), \\(\\sin\\theta \\le 1\\), \\(x \\ge 0\\), \\(x \\ne 2\\)', '30°, sin θ ≤ 1, x ≥ 0, x ≠ 2'],
    ['\\(x_1, x_{n+1}, a_{ij}\\)', 'x₁, xₙ₊₁, a_(ij)'],
    ['\\(x &lt; 3\\) and \\(\\int_0^1 x\\,dx\\)', 'x < 3 and ∫₀¹ x dx'],
    ['\\(\\lambda = 500\\text{ nm}\\), \\(\\mathbf{v} = 3\\mathbf{i}\\)', 'λ = 500 nm, v = 3i'],
    ['N₂ + 3H₂ \\(\\rightleftharpoons\\) 2NH₃', 'N₂ + 3H₂ ⇌ 2NH₃'],
    ['\\(\\overrightarrow{AB}\\)', 'vector AB'],
    [
      'a = 2.5 m s^-2; solve 3x^2 - 3 = 0; 10^-19 J; x = log_2 7; u_20 = a + 19d; S_n',
      'a = 2.5 m s⁻²; solve 3x² - 3 = 0; 10⁻¹⁹ J; x = log₂ 7; u₂₀ = a + 19d; Sₙ',
    ],
    ['e^x, 2^0.5, snake_case', 'e^x, 2^0.5, snake_case'],
  ])('%s → %s', (html, text) => {
    expect(pdfText(html)).toBe(text);
  });

  it('leaves no Greek letter or relation of the bank spelt out as a KaTeX command', () => {
    const spelt =
      /\b(alpha|beta|gamma|delta|Delta|epsilon|varepsilon|theta|lambda|mu|pi|rho|sigma|phi|omega|Omega|le|ge|ne|approx|equiv|infty|circ|to)\b/;
    const problems: string[] = [];
    for (const { question: q } of loadBank().byId.values()) {
      const texts = [q.text, q.modelAnswer ?? '', ...Object.values(q.options ?? {}), ...q.markScheme.map((p) => p.text)];
      for (const html of texts) {
        const commands = [...html.matchAll(/\\([a-zA-Z]+)/g)].map((m) => m[1]!).filter((name) => spelt.test(name));
        const printed = pdfText(html);
        for (const name of commands) {
          // "to" is also an English word ("the chord from P to Q"): \to must have become an arrow, one for each
          const spelled =
            name === 'to'
              ? (printed.match(/→/g) ?? []).length < commands.filter((c) => c === 'to').length
              : new RegExp(`\\b${name}\\b`).test(printed);
          if (spelled) problems.push(`${q.id}: ${name} in "${printed.slice(0, 80)}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
