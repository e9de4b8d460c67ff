import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isEngineError } from '../engine';
import { DOCUMENT_TEXT } from '../../../shared/documents-text';
import { buildPdf, buildPdfBomb, buildPdfWithStreams, pdfLines } from '../builtin/documents/testing/build-pdf';
import { inflatesWithin } from './pdf-inflated-size';
import { noPagesMessage, notAPdfMessage, noTextMessage, passwordProtectedMessage, piecesToText, readPdfPages } from './read-pdf';

async function readError(data: Uint8Array): Promise<unknown> {
  return readPdfPages(data).then(
    () => expect.fail('expected readPdfPages to throw'),
    (error: unknown) => error,
  );
}

describe('readPdfPages', () => {
  it('returns the text of each page, in order, with normalised whitespace', async () => {
    const pdf = buildPdf(
      [
        pdfLines('Enzymes are biological catalysts.', 'They   lower the activation    energy (Ea).'),
        '', // a page with nothing drawn on it
        [
          'BT /F1 14 Tf 72 770 Td (Photosynthesis) Tj ET',
          // One line built from several pieces, with kerning (TJ) and a gap the reader must turn into a space.
          'BT /F1 12 Tf 72 740 Td [(Chloro) -20 (phyll absorbs)] TJ ( light) Tj 150 0 Td (energy.) Tj ET',
          // WinAnsi accented letter (\\351 = é) and a second paragraph further down.
          'BT /F1 12 Tf 72 700 Td (The prot\\351ines are denatured above 40 C.) Tj ET',
        ].join('\n'),
      ],
      { compress: true },
    );

    const pages = await readPdfPages(pdf);

    expect(pages).toHaveLength(3);
    expect(pages[0]).toBe('Enzymes are biological catalysts.\nThey lower the activation energy (Ea).');
    expect(pages[1]).toBe('');
    expect(pages[2]).toBe('Photosynthesis\nChlorophyll absorbs light energy.\nThe protéines are denatured above 40 C.');
  });

  it('reads a Node Buffer and leaves the caller’s bytes intact', async () => {
    const bytes = buildPdf([pdfLines('Page one.'), pdfLines('Page two.')]);
    const buffer = Buffer.from(bytes);
    expect(await readPdfPages(buffer)).toEqual(['Page one.', 'Page two.']);
    expect(buffer.byteLength).toBe(bytes.byteLength);
    expect(await readPdfPages(buffer)).toEqual(['Page one.', 'Page two.']); // still readable a second time
  });

  const notPdfs: [string, Uint8Array][] = [
    ['no bytes', new Uint8Array()],
    ['plain text', new TextEncoder().encode('These are my revision notes, not a PDF.')],
    ['an HTML page', new TextEncoder().encode('<!doctype html><title>Not a PDF</title>')],
    ['a PNG image', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['a PDF header followed by junk', new TextEncoder().encode('%PDF-1.7\n' + 'garbage '.repeat(50))],
    ['a PDF cut off after its header', buildPdf([pdfLines('Cut off.')]).slice(0, 20)],
  ];
  it.each(notPdfs)('rejects %s as not a readable PDF', async (_name, data) => {
    const error = await readError(data);
    expect(isEngineError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: notAPdfMessage });
  });

  it('says when a PDF needs a password', async () => {
    const error = await readError(buildPdf([pdfLines('Secret answers.')], { encrypted: true }));
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: passwordProtectedMessage });
  });

  it('says when a PDF has no pages', async () => {
    const error = await readError(buildPdf([]));
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: noPagesMessage });
  });

  it('says when no page has any text (e.g. a scan)', async () => {
    const error = await readError(buildPdf(['', '0 0 1 rg 72 72 200 200 re f'], { compress: true }));
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: noTextMessage });
  });
});

describe('a PDF whose streams inflate to far more than the file (a "PDF bomb")', () => {
  it('is refused with a message before pdf.js inflates it', async () => {
    const bomb = buildPdfBomb(3); // 192 MiB of zeros in about 200 KB, over the 128 MiB limit
    expect(bomb.byteLength).toBeLessThan(300_000);
    const error = await readError(bomb);
    expect(isEngineError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: DOCUMENT_TEXT.inflatedTooLarge });
    expect(DOCUMENT_TEXT.inflatedTooLarge).toContain('more than 128MB');
  });

  it('is refused when its streams are deflated twice ([/FlateDecode /FlateDecode]), a few hundred bytes a page', async () => {
    const bomb = buildPdfBomb(3, { twice: true });
    expect(bomb.byteLength).toBeLessThan(3_000);
    expect(await readError(bomb)).toMatchObject({ code: 'BAD_INPUT', message: DOCUMENT_TEXT.inflatedTooLarge });
  });

  it('counts every Flate stream of the file against one limit, and only Flate streams', async () => {
    const mib = 1024 * 1024;
    const deflated = (bytes: number) => deflateSync(Buffer.alloc(bytes, 0x20));
    const twoPages = buildPdfWithStreams([
      { data: deflated(mib), filter: '/Filter /FlateDecode' },
      { data: deflated(mib), filter: '/Filter /FlateDecode' },
    ]);
    expect(await inflatesWithin(twoPages, 2 * mib)).toBe(true);
    expect(await inflatesWithin(twoPages, 2 * mib - 1)).toBe(false);
    const plain = buildPdfWithStreams([{ data: Buffer.alloc(mib, 0x20), filter: '' }]);
    expect(await inflatesWithin(plain, 1024)).toBe(true);
    // An ordinary compressed PDF reads as before (the first test of readPdfPages), and measures its few bytes.
    expect(await inflatesWithin(buildPdf([pdfLines('Enzymes are catalysts.')], { compress: true }), 1024)).toBe(true);
  });
});

describe('piecesToText', () => {
  it('keeps line ends, collapses other whitespace and drops invisible characters', () => {
    expect(
      piecesToText([
        { str: '  Mito\u00adchondria\u00a0 are ', hasEOL: false },
        { str: '\tthe site', hasEOL: false },
        { str: ' of respiration.', hasEOL: true },
        { str: '', hasEOL: true },
        {}, // a marked-content marker
        { str: 'ATP\u200b is\u0000made.', hasEOL: false },
      ]),
    ).toBe('Mitochondria are the site of respiration.\nATP is made.');
  });
});
