import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPointSchema } from '../../shared/mark-scheme';
import type { GeneratedPaper, GeneratedQuestion, PracticePaperInput } from './engine';
import { pdfPageLines } from '../testing/pdf-page-lines';
import { renderPracticePaper } from './render-practice-paper';

/**
 * The print window's paper as Chromium prints it (the same engine as the browser's print dialog, with the
 * print stylesheet): page by page, no page may end with a heading whose question continues on the next.
 */

const input: PracticePaperInput = {
  subject: 'Chemistry',
  topic: 'Equilibria',
  questionCount: 20,
  difficultyLevel: 'medium',
  includeAnswers: true,
  includeMarkScheme: true,
};

const words =
  'Explain how the position of equilibrium shifts when the pressure is raised at constant temperature and why the yield of ammonia changes'.split(
    ' ',
  );
const say = (n: number) => `${Array.from({ length: n }, (_, k) => words[k % words.length]).join(' ')}.`;

function paper(variant: number): GeneratedPaper {
  let seed = variant + 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const questions = Array.from({ length: 14 }, (): GeneratedQuestion => {
    const markScheme = Array.from({ length: 1 + random(4) }, (_, p) =>
      markPointSchema.parse({ id: `p${p + 1}`, text: say(3 + random(30)), marks: 1 }),
    );
    return {
      text: `<p>${say(6 + random(120))}</p>`,
      type: 'short_answer',
      totalMarks: markScheme.length,
      markScheme,
      modelAnswer: say(10 + random(40)),
      hints: [],
    };
  });
  return {
    title: 'Practice',
    description: '',
    topic: 'Equilibria',
    difficultyLevel: 'medium',
    questions,
    generatedBy: 'the built-in bank',
  };
}

/** Each printed page's lines, top to bottom, spaces squeezed. */
async function printedPages(pdf: Uint8Array): Promise<string[][]> {
  return (await pdfPageLines(pdf)).map((lines) => lines.map((l) => l.text.replace(/\s+/g, ' ').trim()));
}

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
});
afterAll(async () => {
  await browser?.close();
});

describe('the printed practice paper (print window)', () => {
  it('keeps every question heading with its first lines: no printed page ends with a heading', async () => {
    const heading = /^(Question \d+( \[\d+ marks?\])?|Answer key \(for teachers\)|Mark scheme \(for teachers\)|Mark Answer Guidance)$/;
    const page = await browser.newPage();
    let pagesSeen = 0;
    try {
      for (let variant = 0; variant < 4; variant++) {
        await page.setContent(renderPracticePaper(paper(variant), input).html);
        const pages = await printedPages(await page.pdf({ format: 'A4' }));
        pagesSeen += pages.length;
        pages.forEach((lines, p) => {
          const last = lines.at(-1) ?? '';
          expect(heading.test(last), `variant ${variant}, page ${p + 1} of ${pages.length} ends with "${last}"`).toBe(false);
        });
      }
    } finally {
      await page.close();
    }
    expect(pagesSeen).toBeGreaterThan(20);
  });
});
