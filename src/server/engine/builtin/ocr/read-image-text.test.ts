import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readImageText, stopImageReader } from './read-image-text';

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

afterAll(() => stopImageReader());

describe('readImageText', () => {
  it('reads a photographed answer sheet offline with the packaged English data', async () => {
    const { text, confidence } = await readImageText(fixture('answer-sheet.png'));
    expect(text.toLowerCase()).toContain('condensation reaction');
    expect(text.toLowerCase()).toMatch(/carboxyl group/);
    expect(confidence).toBeGreaterThan(60);
  }, 60_000);
});
