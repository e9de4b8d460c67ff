import { afterAll, describe, expect, it } from 'vitest';
import { paperQrPayload } from '../../paper-identity';
import { readImageText, stopImageReader } from './read-image-text';
import { readSheets } from './read-sheets';
import { makeSheet, PHOTO_CONDITIONS } from './testing/make-sheet';

const STUDENT = '3f2a9c1e-7b4d-4e8a-9f01-23456789abcd';
const WRITTEN = ['Question 1', 'Answer: D', 'Question 2', 'The enzyme is denatured by the heat.'];
const writtenWords = new Set(
  WRITTEN.join(' ')
    .toLowerCase()
    .match(/[a-z0-9]+/g),
);

/** The lines of a transcript with no word of what was written on the page: what OCR made of something else. */
const strayLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !(l.toLowerCase().match(/[a-z0-9]+/g) ?? []).some((w) => writtenWords.has(w)));

afterAll(async () => {
  await stopImageReader();
});

describe('readSheets on a class set page (issue 26)', () => {
  it('reads the QR code and the written text, but not the QR code as text: its modules are no stray lines of the answer', async () => {
    for (const condition of PHOTO_CONDITIONS.slice(0, 2)) {
      const sheet = await makeSheet({
        lines: WRITTEN,
        code: paperQrPayload({ paperCode: 'MW-7K3QXP', studentId: STUDENT, page: 2 }),
        fontSize: 34,
        rotate: condition.rotate,
        blur: condition.blur,
        jpegQuality: condition.jpegQuality,
      });
      // the photo as it is: OCR makes characters of the QR code (what this test guards against)
      expect(strayLines((await readImageText(sheet)).text).length, condition.name).toBeGreaterThan(0);
      const [reading] = await readSheets([sheet]);
      expect(reading.paperCode, condition.name).toBe('MW-7K3QXP');
      expect(reading.studentId, condition.name).toBe(STUDENT);
      expect(reading.page, condition.name).toBe(2);
      expect(reading.text, condition.name).toMatch(/Answer: D/);
      expect(reading.text, condition.name).toMatch(/enzyme is denatured/);
      expect(strayLines(reading.text), condition.name).toEqual([]);
    }
  }, 60_000);

  it('reads a page without a QR code as it is', async () => {
    const [reading] = await readSheets([await makeSheet({ lines: WRITTEN, fontSize: 34 })]);
    expect(reading.paperCode).toBeNull();
    expect(reading.studentId).toBeNull();
    expect(reading.text).toMatch(/enzyme is denatured/);
  }, 60_000);
});
