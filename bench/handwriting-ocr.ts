/**
 * The built-in OCR on handwriting-style answer sheets: `npm run bench:handwriting-ocr -- [count]`.
 *
 * Each sheet is a bank question's model answer written in a handwriting font shipped in an npm package
 * (Kalam and Caveat from @fontsource, OFL), rendered by Chromium (/usr/bin/chromium: librsvg cannot load web
 * fonts) in dark blue "ink" on off-white paper, each line nudged a little up or down, left or right and turned
 * by under a degree, as a hand writes; then sharp turns the page a few degrees, blurs it and JPEG-compresses it
 * like a phone photo. Tesseract (the built-in OCR) reads it; the bench prints characters right
 * (1 − edit distance / length, after folding case and spaces) and how often the built-in marker gives the OCR'd
 * text the same marks as the true text.
 *
 * A handwriting font is still regular: every "a" is the same "a", the letters never touch or run off the line.
 * Real handwriting is worse, and these numbers are an upper bound for it.
 *
 * `--fixture <file.jpg>` writes one sheet (the first answer, Kalam, the "photo" condition) and stops: the
 * image src/server/engine/builtin/ocr/fixtures/handwriting-photo.jpg used by the tests was made so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { loadBank } from '../src/server/engine/builtin/bank/bank';
import { markAnswer } from '../src/server/engine/builtin/marker/mark-answer';
import { readImageText, stopImageReader } from '../src/server/engine/builtin/ocr/read-image-text';
import { PHOTO_CONDITIONS, wrapLines } from '../src/server/engine/builtin/ocr/testing/make-sheet';
import { escapeHtml } from '../src/server/engine/text/html-entities';
import { editDistance } from '../src/server/engine/text/edit-distance';
import { htmlToText } from '../src/server/engine/text/html-to-text';

const require = createRequire(import.meta.url);
const fixtureAt = process.argv.indexOf('--fixture');
const fixturePath = fixtureAt >= 0 ? process.argv[fixtureAt + 1] : undefined;
const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10);

const fonts = [
  { name: 'Kalam', file: '@fontsource/kalam/files/kalam-latin-400-normal.woff2', size: 34 },
  { name: 'Caveat', file: '@fontsource/caveat/files/caveat-latin-400-normal.woff2', size: 40 },
];
const conditions = PHOTO_CONDITIONS;

/** A small deterministic generator, so every run writes the same pages. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One page of handwriting-font text rendered by Chromium, as a PNG. */
async function writePage(browser: Browser, font: (typeof fonts)[number], lines: string[], seed: number): Promise<Buffer> {
  const woff2 = readFileSync(require.resolve(font.file)).toString('base64');
  const random = seeded(seed);
  const lineHeight = Math.round(font.size * 1.7);
  const body = lines
    .map((line, i) => {
      const dx = Math.round((random() - 0.5) * 24);
      const dy = Math.round((random() - 0.5) * 8);
      const turn = ((random() - 0.5) * 1.6).toFixed(2);
      return `<div style="position:absolute;left:${80 + dx}px;top:${80 + i * lineHeight + dy}px;transform:rotate(${turn}deg);transform-origin:left center">${escapeHtml(line)}</div>`;
    })
    .join('');
  const height = Math.max(900, 160 + lines.length * lineHeight);
  const html = `<!doctype html><html><head><style>
@font-face { font-family: 'Hand'; src: url(data:font/woff2;base64,${woff2}) format('woff2'); }
html, body { margin: 0; background: #fbfaf5; }
body { position: relative; width: 1240px; height: ${height}px; font-family: 'Hand'; font-size: ${font.size}px; color: #1d2a6b; white-space: nowrap; }
</style></head><body>${body}</body></html>`;
  const page = await browser.newPage({ viewport: { width: 1240, height } });
  try {
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() => document.fonts.check("16px 'Hand'"));
    if (!loaded) throw new Error(`the ${font.name} font did not load`);
    return await page.screenshot({ type: 'png', fullPage: true });
  } finally {
    await page.close();
  }
}

/** What a phone does to the page: turned, out of focus, compressed. */
async function photograph(png: Buffer, condition: (typeof conditions)[number]): Promise<Buffer> {
  let image = sharp(png).flatten({ background: '#fbfaf5' });
  if (condition.rotate) image = image.rotate(condition.rotate, { background: '#fbfaf5' });
  if (condition.blur) image = image.blur(condition.blur);
  return condition.jpegQuality ? image.jpeg({ quality: condition.jpegQuality }).toBuffer() : image.png().toBuffer();
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const questions = [...loadBank().byId.values()]
  .map((e) => e.question)
  .filter((q) => q.type !== 'multiple_choice' && !q.template)
  .slice(0, count);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--font-render-hinting=none'] });
try {
  if (fixturePath) {
    const truth = htmlToText(questions[0]!.modelAnswer);
    const png = await writePage(browser, fonts[0]!, wrapLines(truth, 52), 1);
    writeFileSync(fixturePath, await photograph(png, conditions[1]!));
    console.log(`wrote ${fixturePath} (${fonts[0]!.name}, ${conditions[1]!.name}): ${questions[0]!.id}`);
  } else {
    console.log(
      `${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}, ${questions.length} model answers`,
    );
    for (const font of fonts) {
      const pages = await Promise.all(
        questions.map(async (q, i) => ({
          q,
          truth: htmlToText(q.modelAnswer),
          png: await writePage(browser, font, wrapLines(htmlToText(q.modelAnswer), 52), i + 1),
        })),
      );
      for (const condition of conditions) {
        let chars = 0;
        let errors = 0;
        let marksSame = 0;
        let trueMarks = 0;
        let ocrMarks = 0;
        const started = Date.now();
        for (const { q, truth, png } of pages) {
          const read = await readImageText(await photograph(png, condition));
          chars += truth.length;
          errors += Math.min(truth.length, editDistance(normalise(read.text), normalise(truth)));
          const mark = (answer: string) =>
            markAnswer({ questionText: q.text, type: q.type, totalMarks: q.marks, markScheme: q.markScheme, answer }).marks_awarded;
          const [fromOcr, fromTruth] = [mark(read.text), mark(truth)];
          if (fromOcr === fromTruth) marksSame++;
          trueMarks += fromTruth;
          ocrMarks += fromOcr;
        }
        console.log(
          `${font.name}, ${condition.name}: characters right ${(100 * (1 - errors / chars)).toFixed(1)}%, marks equal to the true text's ${marksSame}/${pages.length}, marks ${ocrMarks} of the true text's ${trueMarks}, ${((Date.now() - started) / pages.length / 1000).toFixed(1)} s a sheet`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await stopImageReader();
}
