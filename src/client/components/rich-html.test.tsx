// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hasMaths, markPendingMaths } from '../lib/maths-markup';
import { RichHtml } from './rich-html';

afterEach(cleanup);

describe('hasMaths / markPendingMaths', () => {
  it('finds inline and display maths, and nothing in plain text', () => {
    expect(hasMaths('<p>Explain osmosis.</p>')).toBe(false);
    expect(hasMaths('<p>It costs $5 and $6.</p>')).toBe(false);
    expect(hasMaths('Solve \\( x^2 = 4 \\)')).toBe(true);
    expect(hasMaths('\\[ E = mc^2 \\]')).toBe(true);
    expect(hasMaths('$$ a + b $$')).toBe(true);
    // The same answer twice in a row (the global pattern keeps no state between calls).
    expect(hasMaths('\\( y \\)')).toBe(true);
  });

  it('keeps the maths as written, display maths marked for its own line', () => {
    expect(markPendingMaths('a \\( x \\) b \\[ y \\]')).toBe(
      'a <span class="maths-pending">\\( x \\)</span> b <span class="maths-pending maths-pending-display">\\[ y \\]</span>',
    );
  });
});

describe('RichHtml', () => {
  it('renders text without maths at once, sanitised, without KaTeX', () => {
    const { container } = render(<RichHtml html={'<p onclick="steal()">Explain osmosis.<script>alert(1)</script></p>'} />);
    const box = container.firstElementChild!;
    expect(box.innerHTML).toBe('<p>Explain osmosis.</p>');
    expect(box.getAttribute('aria-busy')).toBeNull();
  });

  it('shows maths as written at once, then typesets it with KaTeX; sanitised before and after', async () => {
    const html = '<p>Solve \\( x^2 - 4 = 0 \\)<img src=x onerror="alert(1)"></p>';
    const { container } = render(<RichHtml html={html} />);
    const box = container.firstElementChild!;
    expect(box.textContent).toContain('\\( x^2 - 4 = 0 \\)');
    expect(box.innerHTML).not.toMatch(/onerror/);
    expect(box.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(box.querySelector('.katex')).not.toBeNull());
    expect(box.textContent).not.toContain('\\(');
    expect(box.innerHTML).not.toMatch(/onerror/);
    expect(box.getAttribute('aria-busy')).toBeNull();

    // KaTeX is loaded now: the next maths is typeset in the first render.
    cleanup();
    const again = render(<RichHtml html={'\\[ E = mc^2 \\]'} />).container.firstElementChild!;
    expect(again.querySelector('.katex-display')).not.toBeNull();
  });
});
