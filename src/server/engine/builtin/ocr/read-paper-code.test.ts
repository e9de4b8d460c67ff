import { describe, expect, it } from 'vitest';
import { paperQrPayload, parsePaperQr } from '../../paper-identity';
import { readPaperQr, readQrPaperCode } from './read-paper-code';
import { makeSheet, PHOTO_CONDITIONS } from './testing/make-sheet';

const STUDENT = '3f2a9c1e-7b4d-4e8a-9f01-23456789abcd';

describe('the QR code of a printed page (issue 26: a class set adds the student and the page)', () => {
  it('writes a class set page as the paper code with the student and page as extra fields, in QR alphanumerics', () => {
    const payload = paperQrPayload({ paperCode: 'MW-7K3QXP', studentId: STUDENT, page: 2 });
    expect(payload).toBe('MW-7K3QXP/S:3F2A9C1E7B4D4E8A9F0123456789ABCD/P:2');
    expect(payload).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
    expect(paperQrPayload({ paperCode: 'MW-7K3QXP' })).toBe('MW-7K3QXP');
  });

  it('reads back both forms: the code alone (every printed paper) and code, student and page (a class set)', () => {
    expect(parsePaperQr('MW-7K3QXP')).toEqual({ paperCode: 'MW-7K3QXP' });
    expect(parsePaperQr('mw7k3qxp')).toEqual({ paperCode: 'MW-7K3QXP' });
    expect(parsePaperQr(paperQrPayload({ paperCode: 'MW-7K3QXP', studentId: STUDENT, page: 3 }))).toEqual({
      paperCode: 'MW-7K3QXP',
      studentId: STUDENT,
      page: 3,
    });
    expect(parsePaperQr('https://example.com/MW-7K3QXP')).toBeNull();
    expect(parsePaperQr('MW-7K3QXP/S:NOTHEX/P:2')).toBeNull();
    // a field it cannot read is left out, the code is still the paper's
    expect(parsePaperQr('MW-7K3QXP/S:ABC/P:2')).toEqual({ paperCode: 'MW-7K3QXP', page: 2 });
  });

  it('the photo grader reads a class set page: paper, student and page from a photographed sheet', async () => {
    const payload = paperQrPayload({ paperCode: 'MW-7K3QXP', studentId: STUDENT, page: 2 });
    for (const condition of PHOTO_CONDITIONS.slice(0, 2)) {
      const sheet = await makeSheet({
        lines: ['Question 1', 'The enzyme is denatured.'],
        code: payload,
        rotate: condition.rotate,
        blur: condition.blur,
        jpegQuality: condition.jpegQuality,
      });
      expect(await readPaperQr(sheet), condition.name).toEqual({ paperCode: 'MW-7K3QXP', studentId: STUDENT, page: 2 });
      // the code alone, as the grader asked before, still comes out of the longer payload
      expect(await readQrPaperCode(sheet), condition.name).toBe('MW-7K3QXP');
    }
  });

  it('still reads the code alone from an ordinary printed paper', async () => {
    const sheet = await makeSheet({ lines: ['Question 1'], code: 'MW-7K3QXP' });
    expect(await readPaperQr(sheet)).toEqual({ paperCode: 'MW-7K3QXP' });
  });
});
