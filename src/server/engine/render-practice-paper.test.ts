import { describe, expect, it } from 'vitest';
import { markPointSchema, type MarkPointInput } from '../../shared/mark-scheme';
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
          kind: 'B',
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

describe('the printed mark scheme', () => {
  const withScheme = { ...input, includeMarkScheme: true };
  const scheme = (html: string) => html.slice(html.indexOf('Mark scheme (for teachers)'));
  const q = (overrides: Partial<GeneratedPaper['questions'][number]>): GeneratedPaper['questions'][number] => ({
    text: '<p>Question.</p>',
    type: 'short_answer',
    totalMarks: 1,
    hints: [],
    markScheme: [],
    ...overrides,
  });
  const pt = (input: MarkPointInput) => markPointSchema.parse(input);

  it('labels points M1 / A1 / B2, with dependency, ECF and guidance, and states the final-answer rule', () => {
    const calculation = q({
      totalMarks: 4,
      markScheme: [
        pt({ id: 'm1', text: 'q = mcΔT = 50 × 4.18 × 6.0', kind: 'M' }),
        pt({
          id: 'a1',
          text: 'ΔH = −50.2 kJ mol⁻¹',
          kind: 'A',
          depends_on: 'm1',
          ecf: true,
          accept: ['−50 kJ mol⁻¹'],
          numeric: { value: -50.2, unit: 'kJ mol^-1', sigFigs: 3 },
        }),
        pt({ id: 'b1', text: 'sign & "exothermic" <explained>', marks: 2 }),
      ],
      schemeRules: { final_answer_full_marks: true },
    });
    const html = scheme(renderPracticePaper(paper({ questions: [calculation] }), withScheme).html);
    expect(html).toContain('<h3>Question 1 [4 marks]</h3>');
    expect(html).toContain('<th>Mark</th><th>Answer</th><th>Guidance</th>');
    expect(html).toContain('<tr><td class="mark">M1</td><td>q = mcΔT = 50 × 4.18 × 6.0</td><td></td></tr>');
    expect(html).toContain(
      '<tr><td class="mark">A1</td><td>ΔH = −50.2 kJ mol⁻¹</td><td>dep. on M1 (m1); <strong>ECF</strong>; value -50.2 kJ mol^-1 to 3 s.f.; accept: −50 kJ mol⁻¹</td></tr>',
    );
    expect(html).toContain('<td class="mark">B2</td><td>sign &amp; &quot;exothermic&quot; &lt;explained&gt;</td>');
    expect(html).toContain('A correct final answer scores full marks (4 marks), whatever working is shown.');
    expect(html).not.toContain('<explained>');
  });

  it('prints "max N" after a group', () => {
    const grouped = q({
      totalMarks: 3,
      markScheme: [
        pt({ id: 'p1', text: 'heat lost to the surroundings', group: 'g' }),
        pt({ id: 'p2', text: 'incomplete combustion', group: 'g' }),
        pt({ id: 'p3', text: 'non-standard conditions', group: 'g' }),
        pt({ id: 'p4', text: 'use a lid' }),
      ],
      schemeRules: { groups: [{ id: 'g', max: 2 }] },
    });
    const html = scheme(renderPracticePaper(paper({ questions: [grouped] }), withScheme).html);
    const max = '<tr class="max"><td class="mark">max 2</td><td colspan="2">max 2 marks from B1 (p1), B1 (p2), B1 (p3)</td></tr>';
    expect(html).toContain(max);
    expect(html.indexOf(max)).toBeGreaterThan(html.indexOf('non-standard conditions'));
    expect(html.indexOf(max)).toBeLessThan(html.indexOf('use a lid'));
    expect(html.match(/class="max"/g)).toHaveLength(1);
  });

  it('prints levels of response as a table, highest first, with the points as indicative content', () => {
    const essay = q({
      type: 'essay',
      totalMarks: 6,
      markScheme: [pt({ id: 'p1', text: 'averages over many compounds' }), pt({ id: 'p2', text: 'depends on the <molecule>' })],
      schemeRules: {
        levels: [
          { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Simple statements' },
          { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Linked reasoning' },
          { level: 3, min_marks: 5, max_marks: 6, descriptor: 'Balanced evaluation & conclusion' },
        ],
      },
    });
    const html = scheme(renderPracticePaper(paper({ questions: [essay] }), withScheme).html);
    expect(html).toContain('<th>Level</th><th>Marks</th><th>Descriptor</th>');
    expect(html).toContain('<tr><td class="mark">3</td><td class="mark">5–6</td><td>Balanced evaluation &amp; conclusion</td></tr>');
    expect(html.indexOf('Balanced evaluation')).toBeLessThan(html.indexOf('Simple statements'));
    expect(html).toContain('Indicative content:</p><ul><li>averages over many compounds</li><li>depends on the &lt;molecule&gt;</li></ul>');
    expect(html).not.toContain('<td class="mark">B1</td>');
  });

  it('prints nothing of the scheme when it is not asked for', () => {
    const { html } = renderPracticePaper(paper(), input);
    expect(html).not.toContain('Mark scheme (for teachers)');
    expect(html).not.toContain('<table class="scheme">');
  });
});
