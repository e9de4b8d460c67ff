import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MarkPoint } from '../../shared/mark-scheme';
import type { GeneratedPaper, GeneratedQuestion } from './engine';
import { pdfPageLines } from '../testing/pdf-page-lines';
import { renderPracticePaperPdf } from './render-practice-paper-pdf';

const input = { subject: 'Chemistry', difficultyLevel: 'medium', includeAnswers: true, includeMarkScheme: true } as const;

function point(id: string, text: string, marks = 1): MarkPoint {
  return { id, text, marks, kind: 'B', accept: [], reject: [], ignore: [] } as unknown as MarkPoint;
}

function question(text: string, points: MarkPoint[], type: GeneratedQuestion['type'] = 'short_answer'): GeneratedQuestion {
  return {
    text,
    type,
    totalMarks: points.reduce((n, p) => n + p.marks, 0),
    markScheme: points,
    modelAnswer: points.map((p) => p.text).join(' '),
    hints: [],
  };
}

function paper(questions: GeneratedQuestion[]): GeneratedPaper {
  return {
    title: 'Practice',
    description: '',
    topic: 'Equilibria',
    difficultyLevel: 'standard',
    questions,
    generatedBy: 'the built-in bank',
  };
}

/** Every character above ASCII in the built-in question bank's files (content/). */
function bankCharacters(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.json')) for (const ch of readFileSync(file, 'utf8')) if (ch.codePointAt(0)! > 0x7e) found.add(ch);
    }
  };
  walk(path.resolve(import.meta.dirname, '../../../content'));
  return [...found];
}

describe('the server PDF of a practice paper', () => {
  it('prints Greek letters and maths signs (the embedded font has them): they read back from the file', async () => {
    const chars = bankCharacters();
    // Guard the guard: the bank does use these.
    for (const ch of ['α', 'β', '≤', '≥', '°', 'µ', '⇌', '→', '²', '₂']) expect(chars).toContain(ch);
    // A combining mark prints on the letter before it; dashes and the minus sign are printed as '-' (htmlToText).
    const shown = chars.filter((ch) => !/\p{M}/u.test(ch) && !/[\u2010-\u2015\u2212]/.test(ch));
    const pdf = await renderPracticePaperPdf(
      paper([
        question('α-glucose and β-glucose; 0 ≤ x ≥ 1; 25 °C; 5 µm; N₂ + 3H₂ ⇌ 2NH₃; A → B; m s⁻²', [point('p1', 'ΔH = −92 kJ mol⁻¹')]),
        question(`Every sign in the bank: ${shown.join(' ')}`, [point('p1', shown.join(''))]),
        question(
          'Find \\(\\theta\\) when \\(\\sin\\theta \\le \\frac{1}{2}\\) and \\(x^{2} \\ge 30^\\circ\\); H<sub>2</sub>O; m s<sup>-1</sup>',
          [point('p1', '\\(\\lambda = 500\\text{ nm}\\)')],
        ),
      ]),
      input,
      'MW-ABC123',
    );
    const text = (await pdfPageLines(pdf))
      .flat()
      .map((l) => l.text)
      .join('\n');
    expect(text).toContain('α-glucose and β-glucose; 0 ≤ x ≥ 1; 25 °C');
    expect(text).toContain('N₂ + 3H₂ ⇌ 2NH₃; A → B; m s⁻²');
    expect(text).toContain('ΔH = -92 kJ mol⁻¹');
    expect(text).toContain('Find θ when sin θ ≤ 1/2 and x² ≥ 30°; H₂O; m s⁻¹');
    expect(text).toContain('λ = 500 nm');
    expect(text).not.toMatch(/ı-glucose|\\/);
    // µ (micro) and μ (mu) are one glyph in the font, read back as μ.
    const missing = shown.filter((ch) => !text.includes(ch) && !(ch === 'µ' && text.includes('μ')));
    expect(missing).toEqual([]);
  });

  it('never leaves a heading alone at the foot of a page: a question heading moves on with its first lines', async () => {
    const words =
      'Explain how the position of equilibrium shifts when the pressure is raised at constant temperature and why the yield of ammonia changes'.split(
        ' ',
      );
    const say = (n: number) => Array.from({ length: n }, (_, k) => words[k % words.length]).join(' ') + '.';
    const headings = /^(Question \d+|Answer key \(for teachers\)|Mark scheme \(for teachers\)|Levels of response)/;
    let pagesSeen = 0;
    // Papers whose stems and scheme points differ in length word by word, so that headings fall at every height of a page.
    for (let variant = 0; variant < 30; variant++) {
      // Half with long stems and schemes, half with many short questions of one- or two-line points (a heading every few lines).
      const long = variant % 2 === 0;
      let seed = variant + 1;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const questions = Array.from({ length: long ? 6 : 24 }, () => {
        const points = Array.from({ length: 1 + random(long ? 5 : 3) }, (_, p) =>
          point(`p${p + 1}`, say(long ? 4 + random(40) : 3 + random(20))),
        );
        return question(say(long ? 6 + random(90) : 4 + random(30)), points);
      });
      const pages = await pdfPageLines(await renderPracticePaperPdf(paper(questions), input, 'MW-ABC123'));
      pagesSeen += pages.length;
      pages.forEach((lines, p) => {
        // The footer (page number, paper code) sits in the bottom margin, below 100 pt.
        const body = lines.filter((l) => l.y > 100);
        const last = body.at(-1)?.text ?? '';
        expect(headings.test(last), `variant ${variant}, page ${p + 1} ends with "${last}"`).toBe(false);
      });
    }
    expect(pagesSeen).toBeGreaterThan(40);
  });
});
