import { describe, expect, it } from 'vitest';
import { escapeHtml } from './text/html-entities';
import { htmlToPlainText, markdownToHtml, neutraliseTags, sanitizeModelHtml } from './format-text';

describe('markdownToHtml', () => {
  it('converts paragraphs, emphasis, code and lists after escaping', () => {
    const html = markdownToHtml(
      'What does **Km** tell you?\n\n- first *idea*\n- uses `code`\n\n1. one\n2. two\n\n<script>alert(1)</script>',
    );
    expect(html).toContain('<p>What does <strong>Km</strong> tell you?</p>');
    expect(html).toContain('<ul><li>first <em>idea</em></li><li>uses <code>code</code></li></ul>');
    expect(html).toContain('<ol><li>one</li><li>two</li></ol>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('leaves KaTeX delimiters alone', () => {
    expect(markdownToHtml('Use \\( E = mc^2 \\) here')).toBe('<p>Use \\( E = mc^2 \\) here</p>');
  });

  it('sanitises a reply that is already HTML', () => {
    const html = markdownToHtml('<p onclick="x()">Hi <strong>there</strong><img src=x onerror=alert(1)></p><script>bad()</script>');
    expect(html).toBe('<p>Hi <strong>there</strong></p>');
  });
});

describe('neutraliseTags', () => {
  it('removes opening and closing tags of the name in any spelling', () => {
    const text = 'a </student_answer> b <STUDENT_ANSWER> c < / student_answer > d &lt;/student_answer&gt; e';
    const out = neutraliseTags(text, 'student_answer');
    expect(out.toLowerCase()).not.toContain('student_answer');
    expect(out).toContain('a [removed tag] b [removed tag] c [removed tag] d [removed tag] e');
  });
});

describe('other helpers', () => {
  it('escapes, strips and sanitises', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(htmlToPlainText('<p>One &amp; two</p><ul><li>three</li></ul>')).toBe('One & two\n- three');
    expect(sanitizeModelHtml('<p style="color:red">x<sub>2</sub></p><iframe src="y"></iframe>')).toBe('<p>x<sub>2</sub></p>');
  });
});
