import { decodeEntities } from './text/html-entities';
import { htmlToText, mathsToText } from './text/html-to-text';

/**
 * Question HTML as the text the server PDF prints (its font, DejaVu Sans, has every sign used here).
 * The print window shows maths as MathML; a PDF written with pdfkit has only text, so the maths is
 * written the way a person would type it in Unicode: \alpha → α, \le → ≤, x^{2} → x², H<sub>2</sub>O → H₂O,
 * \sqrt{x} → √(x), \frac{a}{b} → a/b, ^\circ → °, \rightleftharpoons → ⇌. What has no Unicode form is left
 * to mathsToText (a command by its name, braces gone).
 */

// prettier-ignore
const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
  '+': '⁺', '-': '⁻', '\u2212': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', n: 'ⁿ', i: 'ⁱ',
};
// prettier-ignore
const SUBSCRIPT: Record<string, string> = {
  '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
  '+': '₊', '-': '₋', '\u2212': '₋', '=': '₌', '(': '₍', ')': '₎',
  a: 'ₐ', e: 'ₑ', o: 'ₒ', x: 'ₓ', h: 'ₕ', k: 'ₖ', l: 'ₗ', m: 'ₘ', n: 'ₙ', p: 'ₚ', s: 'ₛ', t: 'ₜ',
};

// prettier-ignore
const SYMBOLS: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  vartheta: 'θ', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ',
  phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ',
  Pi: 'Π', Sigma: 'Σ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', approx: '≈', sim: '~', equiv: '≡', propto: '∝',
  to: '→', rightarrow: '→', leftarrow: '←', Rightarrow: '⇒', rightleftharpoons: '⇌', infty: '∞', pm: '±', mp: '∓',
  div: '÷', times: '×', cdot: '·', int: '∫', sum: '∑', prod: '∏', cap: '∩', cup: '∪', in: '∈', subset: '⊂',
  mid: '|', dots: '…', ldots: '…', cdots: '⋯', partial: '∂', nabla: '∇', angle: '∠', perp: '⊥', parallel: '∥',
  therefore: '∴', degree: '°', circ: '∘', prime: '′',
};

/** `text` in super- or subscript characters, or null when one of its characters has none. */
function shift(text: string, table: Record<string, string>): string | null {
  const chars = [...text.replace(/\s+/g, '')];
  if (!chars.length || chars.some((c) => !(c in table))) return null;
  return chars.map((c) => table[c]).join('');
}

/** One KaTeX expression (without its delimiters) as Unicode text. */
export function mathsToUnicode(tex: string): string {
  let s = tex
    .replace(/\^\s*\{?\s*\\circ\s*\}?/g, '°')
    .replace(/\\(?:(?:left|right|displaystyle|quad|qquad)(?![a-zA-Z])|[,;!])/g, ' ')
    .replace(/\\(?:mathbf|mathrm|text|rm|operatorname|ce|boldsymbol)\s*\{([^{}]*)\}/g, '$1')
    // sin θ, not sinθ: a function name keeps a space before the letter it applies to.
    .replace(/\\(sin|cos|tan|sec|cosec|csc|cot|arcsin|arccos|arctan|sinh|cosh|tanh|ln|log|exp|lim|max|min)\s*(?=[\p{L}\\])/gu, '$1 ')
    .replace(/\\([a-zA-Z]+)/g, (whole, name: string) => SYMBOLS[name] ?? whole);
  // Innermost groups first, until nothing changes: fractions, roots, vectors, powers and indices.
  for (let pass = 0; pass < 8; pass++) {
    const before = s;
    s = s
      .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a: string, b: string) => `${group(a)}/${group(b)}`)
      .replace(/\\binom\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, n: string, r: string) => `C(${n.trim()}, ${r.trim()})`)
      .replace(/\\sqrt\s*\[\s*3\s*\]\s*\{([^{}]*)\}/g, (_, a: string) => `∛${group(a)}`)
      .replace(/\\sqrt\s*\{([^{}]*)\}/g, (_, a: string) => `√${group(a)}`)
      .replace(/\\(?:overrightarrow|vec)\s*\{([^{}]*)\}/g, (_, a: string) => `vector ${a.trim()}`)
      .replace(/\\bar\s*\{([^{}]*)\}/g, (_, a: string) => `${a.trim()}\u0304`)
      .replace(/\^\s*\{([^{}]*)\}|\^\s*([^\s{}\\])/g, (_, a?: string, b?: string) =>
        power(a ?? b ?? '', SUPERSCRIPT, CARET, b !== undefined),
      )
      .replace(/_\s*\{([^{}]*)\}|_\s*([^\s{}\\])/g, (_, a?: string, b?: string) =>
        power(a ?? b ?? '', SUBSCRIPT, UNDERSCORE, b !== undefined),
      );
    if (s === before) break;
  }
  return s.replaceAll(CARET, '^').replaceAll(UNDERSCORE, '_');
}

/** A fraction's or root's part: bare when it is one term, else in brackets. */
function group(term: string): string {
  const t = term.trim();
  return /^[\w.′²³⁻¹⁰⁴⁵⁶⁷⁸⁹πθλμ]+$/u.test(t) ? t : `(${t})`;
}

/** Stand-ins for ^ and _ kept as written, so that a later pass does not read them again. */
const CARET = '\uE000';
const UNDERSCORE = '\uE001';

function power(content: string, table: Record<string, string>, sign: string, single: boolean): string {
  const shifted = shift(content, table);
  if (shifted) return shifted;
  // Not shiftable (e^{x+1}): keep the sign, bracket a group, so the meaning survives on paper.
  return single ? `${sign}${content}` : `${sign}(${content.trim()})`;
}

/** HTML <sub>/<sup> with characters that have Unicode forms, as those forms (m s<sup>-1</sup> → m s⁻¹). */
function shiftTags(html: string): string {
  return html
    .replace(/<sup>([^<]*)<\/sup>/gi, (whole, inner: string) => shift(decodeEntities(inner), SUPERSCRIPT) ?? whole)
    .replace(/<sub>([^<]*)<\/sub>/gi, (whole, inner: string) => shift(decodeEntities(inner), SUBSCRIPT) ?? whole);
}

/** Question, option, answer or mark-scheme HTML (with KaTeX in \( \) and \[ \]) as the text the PDF prints. */
export function pdfText(html: string): string {
  const withMaths = shiftTags(html).replace(/\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g, (_, inline?: string, display?: string) =>
    mathsToUnicode(inline ?? display ?? ''),
  );
  return plainPowers(mathsToText(htmlToText(withMaths)));
}

/**
 * Powers and indices typed as plain text, as in mark-scheme points and units (m s^-2, 3x^2, u_20, log_2 7, S_n),
 * in super- and subscript characters. Only a number, or one letter after a letter, is shifted.
 */
export function plainPowers(text: string): string {
  return text
    .replace(/\^([-\u2212]?\d+(?:\.\d+)?)(?![\d.]*[A-Za-z])/g, (whole, p: string) =>
      p.includes('.') ? whole : (shift(p, SUPERSCRIPT) ?? whole),
    )
    .replace(/(?<=[A-Za-z\d)])\^([A-Za-z])(?![A-Za-z])/g, (whole, p: string) => shift(p, SUPERSCRIPT) ?? whole)
    .replace(/(?<=[A-Za-z])_(\d+|[A-Za-z](?![A-Za-z\d]))/g, (whole, p: string) => shift(p, SUBSCRIPT) ?? whole);
}
