import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findRepoRoot } from '../../repo-root';
import { ocrWorkerOptions, readImageText, stopImageReader } from './read-image-text';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => fs.readFileSync(path.join(here, 'fixtures', name));
const nodeModules = path.join(findRepoRoot(), 'node_modules');

afterAll(() => stopImageReader());

/** A local path (not a URL) inside `dir`. */
function expectLocalPathInside(file: string, dir: string) {
  expect(file).not.toMatch(/^[a-z][a-z0-9+.-]*:\/\//i);
  expect(path.isAbsolute(file)).toBe(true);
  const relative = path.relative(dir, file);
  expect(relative.startsWith('..') || path.isAbsolute(relative)).toBe(false);
  expect(fs.existsSync(file)).toBe(true);
}

describe('readImageText', () => {
  it('refuses a corrupt or cut-off image with a clear message, and keeps working afterwards', async () => {
    const png = fixture('answer-sheet.png');
    for (const bad of [Buffer.from('definitely not an image'), png.subarray(0, Math.floor(png.length / 2))]) {
      await expect(readImageText(bad)).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('could not be read') });
    }
    const { text } = await readImageText(png);
    expect(text.toLowerCase()).toContain('condensation reaction');
  }, 60_000);

  it('reads a photographed answer sheet offline with the packaged English data', async () => {
    const { text, confidence } = await readImageText(fixture('answer-sheet.png'));
    expect(text.toLowerCase()).toContain('condensation reaction');
    expect(text.toLowerCase()).toMatch(/carboxyl group/);
    expect(confidence).toBeGreaterThan(60);
  }, 60_000);

  it('loads the language data, worker and core from local files in node_modules, never from a URL', () => {
    expectLocalPathInside(ocrWorkerOptions.langPath, path.join(nodeModules, '@tesseract.js-data', 'eng'));
    expect(fs.existsSync(path.join(ocrWorkerOptions.langPath, `eng.traineddata${ocrWorkerOptions.gzip ? '.gz' : ''}`))).toBe(true);
    expectLocalPathInside(ocrWorkerOptions.workerPath, path.join(nodeModules, 'tesseract.js'));
    expectLocalPathInside(ocrWorkerOptions.corePath, path.join(nodeModules, 'tesseract.js-core'));
  });

  it('creates its Tesseract worker with exactly those local paths', async () => {
    vi.resetModules();
    const createWorker = vi.fn(async () => ({
      recognize: async () => ({ data: { text: 'read  \nlocally', confidence: 91.6 } }),
      terminate: async () => undefined,
    }));
    vi.doMock('tesseract.js', () => ({ createWorker }));
    try {
      const reader = await import('./read-image-text');
      expect(await reader.readImageText(Buffer.from('image'))).toEqual({ text: 'read\nlocally', confidence: 92 });
      await reader.stopImageReader();
      expect(createWorker).toHaveBeenCalledTimes(1);
      const [language, , options] = createWorker.mock.calls[0] as unknown as [string, number, Record<string, unknown>];
      expect(language).toBe('eng');
      expect(options).toMatchObject({
        langPath: ocrWorkerOptions.langPath,
        workerPath: ocrWorkerOptions.workerPath,
        corePath: ocrWorkerOptions.corePath,
        cacheMethod: 'none',
      });
      for (const key of ['langPath', 'workerPath', 'corePath']) expect(String(options[key])).not.toMatch(/^(https?|data|blob):/i);
    } finally {
      vi.doUnmock('tesseract.js');
      vi.resetModules();
    }
  });
});
