import { describe, expect, it } from 'vitest';
import type { GeneratedPaper, PracticePaperInput } from './engine';
import { renderPracticePaper } from './render-practice-paper';

const input: PracticePaperInput = {
  subject: 'Physics',
  topic: 'Nonexistent topic xyz',
  questionCount: 5,
  difficultyLevel: 'medium',
  includeAnswers: false,
  includeMarkScheme: false,
};

const paper = (overrides: Partial<GeneratedPaper> = {}): GeneratedPaper => ({
  title: 'Physics mixed practice (Medium)',
  description: 'Questions from across Physics.',
  topic: null,
  difficultyLevel: 'medium',
  generatedBy: 'the built-in question bank',
  questions: [
    {
      text: '<p>State Newton’s first law.</p>',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [
        {
          id: 'p1',
          text: 'stays at rest or moves uniformly unless a resultant force acts',
          marks: 1,
          kind: 'content',
          accept: [],
          reject: [],
          ignore: [],
          required: [],
        },
      ],
      hints: [],
    },
  ],
  ...overrides,
});

const header = (html: string) => /<header>[\s\S]*<\/header>/.exec(html)?.[0] ?? '';

describe('renderPracticePaper', () => {
  it("titles the paper with the topic it is on, not the one asked for, and prints the engine's note", () => {
    const note = 'The bank has no Physics topic matching "Nonexistent topic xyz", so the questions come from across Physics.';
    const { filename, html } = renderPracticePaper(paper({ note }), input);
    expect(html).toContain('<h1>Physics: mixed topics</h1>');
    expect(html).toContain('<title>Physics: mixed topics practice paper</title>');
    expect(html).not.toContain('<h1>Physics: Nonexistent topic xyz</h1>');
    expect(header(html)).toContain(
      '<p class="note">The bank has no Physics topic matching &quot;Nonexistent topic xyz&quot;, so the questions come from across Physics.</p>',
    );
    expect(filename).toBe('physics-mixed-topics-practice-paper.html');
  });

  it("uses the paper's own topic when it has one", () => {
    const { filename, html } = renderPracticePaper(paper({ topic: 'Further mechanics' }), { ...input, topic: 'circular motion' });
    expect(html).toContain('<h1>Physics: Further mechanics</h1>');
    expect(filename).toBe('physics-further-mechanics-practice-paper.html');
    expect(html).not.toContain('class="note"');
  });

  it('escapes the note', () => {
    const { html } = renderPracticePaper(paper({ note: 'Fewer questions <script>alert(1)</script> & more' }), input);
    expect(header(html)).toContain('<p class="note">Fewer questions &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>');
    expect(html).not.toContain('<script>');
  });
});
