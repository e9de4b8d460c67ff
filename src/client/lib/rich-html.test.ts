// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderRichHtml } from './rich-html';

describe('renderRichHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = renderRichHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('<p>Hi');
  });

  it('renders inline and display maths with KaTeX', () => {
    const out = renderRichHtml('<p>Solve \\( x^2 - 4 = 0 \\) and show \\[ E = mc^2 \\]</p>');
    expect(out).toContain('class="katex"');
    expect(out).toContain('katex-display');
    expect(out).not.toContain('\\(');
  });

  it('decodes entities inside maths and keeps chemistry notation', () => {
    expect(renderRichHtml('\\( a &lt; b \\)')).toContain('&lt;');
    expect(renderRichHtml('\\( \\ce{H2O} \\)')).toContain('class="katex"');
  });

  it('leaves broken maths as written rather than failing', () => {
    expect(renderRichHtml('<p>\\( \\frac{1 \\)</p>')).toContain('\\frac{1');
  });
});
