import { expect, test, type Page } from '@playwright/test';
import { buildPdf } from '../../src/server/engine/builtin/documents/testing/build-pdf';
import { signUpThroughUi } from './fixtures';

/** A "photographed" sheet: the text rendered in the browser and captured as a PNG. */
async function sheet(page: Page, text: string): Promise<Buffer> {
  const renderer = await page.context().newPage();
  await renderer.setViewportSize({ width: 1000, height: 420 });
  await renderer.setContent(
    `<body style="margin:0;background:#fffef8;font:30px/1.6 'DejaVu Sans',sans-serif;color:#1a2a6c;padding:40px">${text}</body>`,
  );
  const png = await renderer.screenshot();
  await renderer.close();
  return png;
}

const notes = [
  [
    'Xylem is the tissue that carries water and mineral ions upwards from the roots.',
    'Transpiration is the loss of water vapour from the leaves by evaporation through the stomata.',
    'Wind increases the rate of transpiration because it removes the humid air around the leaf,',
    'which keeps the water vapour concentration gradient steep.',
  ],
  [
    'Root hair cells have a large surface area, which increases the rate of absorption of water by osmosis.',
    'Phloem is the tissue that transports sucrose and amino acids in both directions.',
    'Cohesion is the attraction between water molecules, caused by hydrogen bonds.',
    'Translocation is the movement of sucrose through the phloem from sources to sinks.',
  ],
];
const notesPdf = Buffer.from(
  buildPdf(notes.map((lines) => lines.map((l, i) => `BT /F1 11 Tf 50 ${780 - i * 18} Td (${l}) Tj ET`).join('\n'))),
);

test('a teacher grades a photographed answer: both sheets read offline, marked point by point', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page);
  await page.getByRole('link', { name: 'Teacher Grading' }).first().click();
  await expect(page.getByText('No Results Yet')).toBeVisible();

  // Both images are required.
  await page.getByRole('button', { name: 'Grade Answer with AI' }).click();
  await expect(page.getByText('Missing Images', { exact: true })).toBeVisible();

  const files = page.locator('input[type=file]');
  await files.nth(0).setInputFiles({
    name: 'question.png',
    mimeType: 'image/png',
    buffer: await sheet(page, 'Q3. Describe how a peptide bond is formed between two amino acids. (4 marks)'),
  });
  await files.nth(1).setInputFiles({
    name: 'answer.png',
    mimeType: 'image/png',
    buffer: await sheet(
      page,
      'A condensation reaction happens. The OH from the carboxyl group of one amino acid and an H from the amine group of the other are removed, so water is released and a peptide bond forms.',
    ),
  });
  await expect(page.getByText('answer.png', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Grade Answer with AI' }).click();
  await expect(page.getByRole('button', { name: 'Grading Answer...' })).toBeDisabled();
  await expect(page.getByText('Grading Complete', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Detailed Breakdown')).toBeVisible();
  await expect(page.getByText(/condensation reaction/).first()).toBeVisible();
  await expect(page.getByText(/Marked by the built-in marker/)).toBeVisible();
  await expect(page.getByText('No Results Yet')).toHaveCount(0);
});

test('a student asks a PDF a question and turns it into a question paper', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page);
  await page.getByRole('link', { name: 'PDF Documents' }).first().click();
  await expect(page.getByText('No PDF Document').first()).toBeVisible();
  await expect(page.getByText(/20MB/).first()).toBeVisible();

  // Not a PDF: refused with the spec's texts.
  const input = page.locator('input[type=file]').first();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please upload a PDF file').first()).toBeVisible();
  await expect(page.getByText('Click to try again with a different file')).toBeVisible();

  await input.setInputFiles({ name: 'transport.pdf', mimeType: 'application/pdf', buffer: notesPdf });
  await expect(page.getByText('PDF Uploaded', { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: /question/i }).fill('Why does wind increase transpiration?');
  await page.getByRole('button', { name: 'Get Answer' }).click();
  // The answer quotes the whole sentence, across the PDF's line break, with its page.
  await expect(
    page.getByText(
      /Wind increases the rate of transpiration because it removes the humid air around the leaf, which keeps the water vapour concentration gradient steep\./,
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Generate Paper' }).click();
  await page.getByRole('textbox', { name: /subject/i }).fill('Biology');
  await page.getByRole('button', { name: 'Generate Questions' }).click();
  await expect(page.getByText('Questions Generated', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'View Question Paper' }).click();
  await expect(page).toHaveURL(/\/question-papers\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/questions from transport/i).first()).toBeVisible();
});

test('a teacher prints a practice paper with answer keys from the home page', async ({ page }) => {
  await signUpThroughUi(page);
  await page.getByRole('button', { name: /Practice paper PDF/ }).click();
  const generate = page.getByRole('button', { name: 'Generate PDF' });
  await expect(generate).toBeDisabled();
  await page.getByLabel('Subject').fill('Physics');
  await page.getByLabel('Topic', { exact: true }).fill('Electricity');
  await page.getByLabel('Include answer keys (for teachers)').check();
  await page.getByLabel('Include mark schemes (for teachers)').check();
  const popupOpened = page.waitForEvent('popup');
  await generate.click();
  const paper = await popupOpened;
  await expect(paper.getByText(/Electricity/i).first()).toBeVisible({ timeout: 30_000 });
  await expect(paper.getByText(/mark scheme/i).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
